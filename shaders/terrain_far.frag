#version 330
// Far level of detail: heights from a texture; the columns' edges are shaded like the
// walls a near view would show (lit from the north-west, shadowed to the south-east).
#include terrain_common.glsl
uniform sampler2D u_height;   // RG32F: level, rim code (1 above west, 2 above north, 4 above east, 8 above south)
in vec2 v_xz;
out vec4 f_color;
void main() {
    vec2 cellf = floor(v_xz);
    ivec2 c = ivec2(cellf);
    vec2 hr = texelFetch(u_height, c, 0).rg;   // level, rim code (see gl.py: rim_codes)
    float h = hr.r;
    int code = int(hr.g + 0.5);
    uvec4 t = texelFetch(u_tint, c, 0);   // all the words (the board picture is redrawn only on changes)
    vec2 f = v_xz - cellf;
    // relief: a light rim where the cell stands above its north/west neighbour,
    // a dark rim where it stands above its south/east neighbour
    float rim = 0.14;
    float lit = step(f.x, rim) * float(code & 1) + step(f.y, rim) * float((code >> 1) & 1);
    float shade = step(1.0 - rim, f.x) * float((code >> 2) & 1) + step(1.0 - rim, f.y) * float((code >> 3) & 1);
    float relief = 1.0 + 0.18 * min(lit, 1.0) - 0.30 * min(shade, 1.0);
    vec3 col = top_colour(t, grid_factor(v_xz) * relief, square_edge(f), v_xz);
    f_color = vec4(col, 1.0);
}
