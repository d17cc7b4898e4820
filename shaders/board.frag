#version 330
uniform sampler2D u_board;   // row 0 of the board at v = 0
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = vec4(texture(u_board, v_uv).rgb, 1.0);
}
