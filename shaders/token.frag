#version 330
uniform float u_alpha;
in vec3 v_normal;
in vec3 v_local;
in vec3 v_color;
in vec4 v_ring;
out vec4 f_color;
void main() {
    vec3 n = normalize(v_normal);
    vec3 L = normalize(vec3(-0.45, 0.8, 0.55));
    vec3 c = v_color * (0.55 + 0.45 * max(dot(n, L), 0.0));
    float r = length(v_local.xz);
    if (n.y > 0.5) {
        c = mix(c, v_ring.rgb, v_ring.a * step(0.62, r));   // top ring: the unit's state
        c *= 1.0 - 0.25 * (1.0 - step(0.93, r)) * step(0.88, r);
    } else if (n.y > -0.5) {
        c *= 1.0 - 0.35 * smoothstep(0.75, 1.0, 1.0 - v_local.y); // darker rim at each token's base
    }
    f_color = vec4(c, u_alpha);
}
