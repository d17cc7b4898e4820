#version 330
// Coordinate labels, terrain icons, cell labels and track numbers lying on the board plane (client/render/gl_board.py).
uniform mat4 u_mvp;
in vec3 in_pos;
in vec2 in_uv;
in vec3 in_color;
out vec2 v_uv;
out vec3 v_color;
void main() {
    v_uv = in_uv;
    v_color = in_color;
    gl_Position = u_mvp * vec4(in_pos, 1.0);
}
