#version 330
// The far view's board impostor: the whole board as one quad at y = u_y, textured with the
// board picture the far terrain shader rendered in board space (cached until it changes).
uniform mat4 u_mvp;
uniform vec2 u_size;
uniform float u_y;
in vec2 in_corner;
out vec2 v_uv;
void main() {
    v_uv = in_corner;
    vec2 xz = in_corner * u_size;
    gl_Position = u_mvp * vec4(xz.x, u_y, xz.y, 1.0);
}
