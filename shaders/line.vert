#version 330
// Thick lines built on the CPU as quads already in clip space.
in vec4 in_clip;
in vec4 in_color;
out vec4 v_color;
void main() {
    v_color = in_color;
    gl_Position = in_clip;
}
