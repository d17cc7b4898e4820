#version 330
// A rect of the window (pixels, top-left origin) at the near plane: GLRenderer.draw's "covered" rects,
// where opaque UI replaces the picture, get depth 0 so no depth-tested pass shades them.
uniform vec2 u_viewport;
uniform vec4 u_rect;  // x, y, w, h in pixels, top-left origin
in vec2 in_corner;    // 0..1
void main() {
    vec2 p = u_rect.xy + in_corner * u_rect.zw;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, -1.0, 1.0);
}
