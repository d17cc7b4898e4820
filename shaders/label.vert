#version 330
// Screen-space text and 2D quads: positions in pixels (top-left origin).
uniform vec2 u_viewport;
in vec2 in_pos;
in vec2 in_uv;
in vec4 in_color;
in vec4 in_outline;
out vec2 v_uv;
out vec4 v_color;
out vec4 v_outline;
void main() {
    v_uv = in_uv;
    v_color = in_color;
    v_outline = in_outline;
    vec2 ndc = vec2(in_pos.x / u_viewport.x * 2.0 - 1.0, 1.0 - in_pos.y / u_viewport.y * 2.0);
    gl_Position = vec4(ndc, 0.0, 1.0);
}
