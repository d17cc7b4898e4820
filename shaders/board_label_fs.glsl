#version 330
uniform sampler2D u_atlas;
uniform vec3 u_color;
in vec2 v_uv;
out vec4 f_color;
void main() {
    float a = texture(u_atlas, v_uv).r;
    if (a < 0.02) discard;
    f_color = vec4(u_color, a);
}
