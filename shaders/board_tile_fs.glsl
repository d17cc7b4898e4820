#version 330
in vec3 v_normal;
in vec3 v_color;
out vec4 f_color;
void main() {
    vec3 n = normalize(v_normal);
    vec3 L = normalize(vec3(-0.45, 0.8, 0.55));
    float k = n.y > 0.99 ? 1.0 : 0.55 + 0.45 * max(dot(n, L), 0.0);
    f_color = vec4(v_color * k, 1.0);
}
