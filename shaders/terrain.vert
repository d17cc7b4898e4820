#version 330
// Terrain columns: one merged mesh of top quads and side walls (client/render/gl_terrain.py).
// in_v = (x, y, z, face): face 0 top, 1 +x, 2 -x, 3 +z, 4 -z, 5 bottom; in_word: the owner cell's colour and
// flags (the u_cell word of terrain_common.glsl, without the patterns' flags), so a pixel fetches no texel.
uniform mat4 u_mvp;
in vec4 in_v;
in uint in_word;
out vec3 v_pos;
flat out uint v_word;
flat out vec3 v_normal;
flat out int v_face;
void main() {
    v_pos = in_v.xyz;
    v_word = in_word;
    int f = int(in_v.w + 0.5);
    v_face = f;
    v_normal = f == 0 ? vec3(0, 1, 0) : f == 1 ? vec3(1, 0, 0) : f == 2 ? vec3(-1, 0, 0)
             : f == 3 ? vec3(0, 0, 1) : f == 4 ? vec3(0, 0, -1) : vec3(0, -1, 0);
    gl_Position = u_mvp * vec4(in_v.xyz, 1.0);
}
