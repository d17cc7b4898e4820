#version 330
uniform sampler2D u_atlas;
uniform vec2 u_right;     // screen right on the ground (x, z): names read upright for the viewer
uniform vec2 u_ring;      // ring band (inner, outer) as fractions of the radius
uniform float u_glyph;    // half size of the name square as a fraction of the radius
in vec3 v_normal;
in vec2 v_local;
in float v_y;
flat in vec3 v_body;
flat in vec3 v_ink;
flat in vec3 v_ring;
flat in vec4 v_glyph;
flat in float v_shape;
out vec4 f_color;
void main() {
    vec3 n = normalize(v_normal);
    vec3 L = normalize(vec3(-0.45, 0.8, 0.55));
    vec3 c = v_body;
    // distance from the centre: round for tokens, square (Chebyshev) for counters
    float r = v_shape > 0.5 ? max(abs(v_local.x), abs(v_local.y)) : length(v_local);
    if (n.y > 0.5) {
        c = mix(c, v_ring, step(u_ring.x, r) * (1.0 - step(u_ring.y, r)));
        if (v_glyph.z > 0.0) {
            vec2 up = vec2(u_right.y, -u_right.x);
            vec2 g = vec2(dot(v_local, u_right), -dot(v_local, up)) / (2.0 * u_glyph) + 0.5;
            if (all(greaterThanEqual(g, vec2(0.0))) && all(lessThanEqual(g, vec2(1.0)))) {
                // a finer mip level than the default: small glyphs on far tokens stay legible
                float cov = texture(u_atlas, v_glyph.xy + g * v_glyph.zw, -0.6).r;
                c = mix(c, v_ink, cov);
            }
        }
        c *= 1.0 - 0.18 * smoothstep(0.9, 1.0, r);   // bevel at the edge
    } else {
        c *= (0.50 + 0.40 * max(dot(n, L), 0.0)) * (0.75 + 0.25 * v_y);
    }
    f_color = vec4(c, 1.0);
}
