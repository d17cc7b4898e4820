#version 330
// Board tiles and the slab under them (client/render/gl_board.py): world position, normal, colour.
uniform mat4 u_mvp;
in vec3 in_pos;
in vec3 in_normal;
in vec3 in_color;
out vec3 v_normal;
out vec3 v_color;
void main() {
    v_normal = in_normal;
    v_color = in_color;
    gl_Position = u_mvp * vec4(in_pos, 1.0);
}
