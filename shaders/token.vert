#version 330
// Soldier tokens: one instanced disc per soldier (client/render/gl_units.py).
uniform mat4 u_mvp;
in vec3 in_pos;      // token mesh, radius 1, height 1, base at y = 0
in vec3 in_normal;
in vec4 in_inst;     // centre x, base y, centre z, radius
in float in_height;  // token height
in vec3 in_color;
in vec4 in_ring;     // top ring colour and strength
out vec3 v_normal;
out vec3 v_local;
out vec3 v_color;
out vec4 v_ring;
void main() {
    vec3 p = vec3(in_pos.x * in_inst.w, in_pos.y * in_height, in_pos.z * in_inst.w) + in_inst.xyz;
    v_normal = in_normal;
    v_local = in_pos;
    v_color = in_color;
    v_ring = in_ring;
    gl_Position = u_mvp * vec4(p, 1.0);
}
