#version 330
// Far level of detail: the whole board as one quad at y = u_y (used when cells are a few
// pixels wide and the view is near top-down, where walls cannot be seen).
uniform mat4 u_mvp;
uniform vec2 u_size;
uniform float u_y;
in vec2 in_corner;
out vec2 v_xz;
void main() {
    v_xz = in_corner * u_size;
    gl_Position = u_mvp * vec4(v_xz.x, u_y, v_xz.y, 1.0);
}
