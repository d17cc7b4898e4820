#version 330
// Far level of detail: heights from a texture; the columns' edges are shaded like the
// walls a near view would show (lit from the north-west, shadowed to the south-east).
#include terrain_common.glsl
uniform sampler2D u_height;   // R32F levels, nearest
in vec2 v_xz;
out vec4 f_color;
void main() {
    vec2 cellf = floor(v_xz);
    ivec2 c = ivec2(cellf);
    ivec2 lim = ivec2(u_size) - 1;
    float h = texelFetch(u_height, c, 0).r;
    float hw = texelFetch(u_height, ivec2(max(c.x - 1, 0), c.y), 0).r;
    float he = texelFetch(u_height, ivec2(min(c.x + 1, lim.x), c.y), 0).r;
    float hn = texelFetch(u_height, ivec2(c.x, max(c.y - 1, 0)), 0).r;
    float hs = texelFetch(u_height, ivec2(c.x, min(c.y + 1, lim.y)), 0).r;
    vec3 col = top_colour(h, v_xz);
    vec2 f = v_xz - cellf;
    // relief: a light rim where the cell stands above its north/west neighbour,
    // a dark rim where it stands above its south/east neighbour
    float rim = 0.14;
    float lit = step(f.x, rim) * step(hw + 0.5, h) + step(f.y, rim) * step(hn + 0.5, h);
    float shade = step(1.0 - rim, f.x) * step(he + 0.5, h) + step(1.0 - rim, f.y) * step(hs + 0.5, h);
    col *= 1.0 + 0.18 * min(lit, 1.0) - 0.30 * min(shade, 1.0);
    vec2 uv = (cellf + 0.5) / u_size;
    col = finish(col, uv, v_xz / u_size, f, v_xz, true);
    f_color = vec4(col, 1.0);
}
