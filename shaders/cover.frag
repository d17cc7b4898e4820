#version 330
// Depth only (the colour mask is off while cover.vert's rects are drawn).
out vec4 f_color;
void main() {
    f_color = vec4(0.0);
}
