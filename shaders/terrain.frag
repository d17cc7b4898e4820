#version 330
// Column mesh: tops from the per-cell texture (fog and tints baked in) with grid lines, walls by height
// with a line at every level, fogged per pixel (terrain_common.glsl). Compiled eight times (client/render/gl_terrain_pass.py):
// PART_TOPS or not (walls and the slab), OVERLAYS or not, HAZE (first person) or not; each chunk's
// tops and walls are drawn with the variant they need, so no pixel pays for code it does not use. Four more for
// square columns: NO_SLATE, the plain tops and the walls of a chunk none of whose cells is hidden (no slate).
#include terrain_common.glsl
in vec3 v_pos;
flat in vec3 v_normal;
flat in int v_face;
#ifdef HEX
// hex boards (terrain_hex.vert): the cell comes with the vertex; u_hex_origin is the world
// centre (x, z) of array cell (0, 0) (client/render/hex_layout.py)
flat in ivec2 v_cell;
uniform vec2 u_hex_origin;
#endif
#ifndef HEX
flat in uint v_word;          // the quad's cell's word (terrain.vert)
#endif
out vec4 f_color;

// the words of a cell a pixel reads: all of u_tint for the tops of the OVERLAYS variant (drawn only for the rows that
// hold a fill or a pattern), else the cell's word alone: from the vertex on square columns (no fetch: the fetch was
// a fifth of the close-up's terrain pass on llvmpipe), from u_cell on hex columns
uvec4 cell_words(ivec2 cell) {
#if defined(OVERLAYS) && defined(PART_TOPS)
    return texelFetch(u_tint, cell, 0);
#elif defined(HEX)
    return uvec4(texelFetch(u_cell, cell, 0).x, 0u, 0u, 0u);
#else
    return uvec4(v_word, 0u, 0u, 0u);
#endif
}

void main() {
#ifdef CONSTANT_COLOUR
    // bench.render's lower bound only (issue 27): the same triangles, depth test and pixels, no shading
    f_color = vec4(0.45, 0.5, 0.35, 1.0);
    return;
#endif
    vec3 n = v_normal;
    vec2 own = v_pos.xz - n.xz * 0.25;          // a point inside the owning cell
#ifdef HEX
    ivec2 cell = v_cell;
    vec2 p = own - (u_hex_origin + vec2(float(cell.x) + 0.5 * float(cell.y), 0.8660254 * float(cell.y)));
    float e = 0.5 - max(abs(p.x), max(abs(dot(p, vec2(0.5, -0.8660254))), abs(dot(p, vec2(0.5, 0.8660254)))));
#else
    ivec2 cell = ivec2(floor(own));
    float e = square_edge(fract(own));
#endif
    uvec4 t = cell_words(cell);
    vec3 col;
#ifdef PART_TOPS
#ifdef HEX
    col = top_colour(t, hex_grid_factor(e, v_pos.xz), e, v_pos.xz);
#elif defined(NO_SLATE) && !defined(OVERLAYS)
    // a chunk with no hidden top: top_colour without the slate (its mix with hidden = 0 leaves the grid factor)
    col = rgb8(t.x) * grid_factor(v_pos.xz);
#else
    col = top_colour(t, grid_factor(v_pos.xz), e, v_pos.xz);
#endif
#else
    float level = v_pos.y / u_yscale;
    if (v_pos.y < -0.001) {
        col = vec3(0.16, 0.13, 0.10);   // the base slab
    } else {
        col = palette(floor(level) / u_hmax) * 0.92;
        vec3 L = normalize(vec3(-0.45, 0.8, 0.55));
        col *= 0.55 + 0.45 * max(dot(n, L), 0.0);
        // gridline(level, w, 1) with one reciprocal: 1 - smoothstep(w / 2, 3 w / 2, d)
        float inv = 1.0 / max(fwidth(level), 1e-4);
        float r = clamp(abs(fract(level + 0.5) - 0.5) * inv - 0.5, 0.0, 1.0);
        col *= 1.0 - 0.35 * (1.0 - r * r * (3.0 - 2.0 * r)) * smoothstep(3.0, 8.0, inv);
    }
    col = wall_colour(col, t.x >> 24, e);
#endif
#ifdef HAZE
    // first person: distance haze towards the sky colour (the strategy view's variants leave it out:
    // with u_haze = 0 it changed nothing, and it cost a fifth of a close-up frame on llvmpipe)
    float dist = length(v_pos - u_eye);
    col = mix(col, u_sky, u_haze * smoothstep(u_haze_near, u_haze_far, dist));
#endif
    f_color = vec4(col, 1.0);
}
