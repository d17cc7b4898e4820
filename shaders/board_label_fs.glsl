#version 330
uniform sampler2D u_atlas;
in vec2 v_uv;
in vec3 v_color;
out vec4 f_color;
void main() {
    float a = texture(u_atlas, v_uv).r;
    if (a < 0.02) discard;
    f_color = vec4(v_color, a);
}
