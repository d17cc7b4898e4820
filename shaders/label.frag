#version 330
// Glyph atlas: r = glyph coverage, g = coverage of the glyph grown by a few pixels (outline).
uniform sampler2D u_atlas;
in vec2 v_uv;
in vec4 v_color;
in vec4 v_outline;
out vec4 f_color;
void main() {
    vec2 t = texture(u_atlas, v_uv).rg;
    float a = max(t.r * v_color.a, t.g * v_outline.a);
    vec3 c = mix(v_outline.rgb, v_color.rgb, t.r);
    if (a < 0.004) discard;
    f_color = vec4(c, a);
}
