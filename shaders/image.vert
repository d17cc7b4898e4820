#version 330
// A textured rectangle in pixels (HUD surfaces composited over the 3D picture).
uniform vec2 u_viewport;
uniform vec4 u_rect;  // x, y, w, h in pixels, top-left origin
uniform int u_flip;   // 1: the texture's first row is the bottom (a framebuffer texture)
in vec2 in_corner;    // 0..1
out vec2 v_uv;
void main() {
    v_uv = vec2(in_corner.x, u_flip == 1 ? 1.0 - in_corner.y : in_corner.y);
    vec2 p = u_rect.xy + in_corner * u_rect.zw;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
