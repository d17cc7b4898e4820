#version 330
// Straight (non-premultiplied) RGBA, first texture row = top of the image.
uniform sampler2D u_image;
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = texture(u_image, v_uv);
}
