#version 330
// Hex columns (client/render/gl_terrain.py: build_hex_mesh), drawn by terrain.frag with HEX.
// in_v = (x, y, z, code): code = face + 8 * (row * cols + col); face 0 top, 1..6 the wall
// towards hex direction 0..5 (E, NE, NW, W, SW, SE), 7 the bottom of the base slab.
uniform mat4 u_mvp;
uniform vec2 u_size;          // board (cols, rows) of the array the cells live in
in vec4 in_v;
out vec3 v_pos;
flat out vec3 v_normal;
flat out int v_face;
flat out ivec2 v_cell;
const vec3 NORMALS[8] = vec3[8](vec3(0, 1, 0), vec3(1, 0, 0), vec3(0.5, 0, -0.8660254),
                                vec3(-0.5, 0, -0.8660254), vec3(-1, 0, 0), vec3(-0.5, 0, 0.8660254),
                                vec3(0.5, 0, 0.8660254), vec3(0, -1, 0));
void main() {
    v_pos = in_v.xyz;
    int code = int(in_v.w + 0.5);
    int f = code & 7;
    int id = code >> 3;
    int cols = int(u_size.x + 0.5);
    v_face = f;
    v_cell = ivec2(id % cols, id / cols);   // texel (col, row)
    v_normal = NORMALS[f];
    gl_Position = u_mvp * vec4(in_v.xyz, 1.0);
}
