// Shared by terrain.frag (column mesh) and terrain_far.frag (far level of detail):
// per-cell colours, grid lines, fog of war and rule overlays. Included by
// client/render/gl.py in place of the line "#include terrain_common.glsl".
//
// Texture fetches are what llvmpipe pays most for, so a typical pixel makes one: the
// per-cell texture (top colour + overlay and fog flags); fill and ring colours are
// fetched only on cells whose flags say they have one.
uniform vec2 u_size;          // board (cols, rows)
uniform float u_yscale;       // world height of one level
uniform float u_hmax;         // height that maps to the top of the palette
uniform usampler2D u_cell;    // R32UI per cell, baked on the CPU (client/render/gl_terrain_pass.py: bake_cells): the top's
                              // own colour with the fog, the fill's dimming and the darkening applied
                              // (r | g << 8 | b << 16) | flags (FLAG_*) << 24 (square columns carry it as a vertex
                              // attribute instead; hex columns fetch it)
uniform usampler2D u_tint;    // RGBA32UI per cell, read (instead of u_cell) only by the tops of the OVERLAYS variant,
                              // drawn where a fill or a pattern is: x the u_cell word;
                              // y: the fill's added colour (a top is own * p + fill, p the per-pixel grid factor)
                              //    | the hatch's weight of its orange << 24 (what fill and darkening leave of it)
                              // z: the inner ring's colour (darkening applied) | its strength << 24
uniform float u_grid;         // grid line strength
uniform vec3 u_eye;           // camera position (first-person haze)
uniform vec3 u_sky;           // sky / haze colour
uniform float u_haze;         // 0: no haze (strategy view), 1: first person
uniform float u_haze_near;    // haze starts (world units)
uniform float u_haze_far;     // full haze

const uint FLAG_HATCH = 1u;     // attack range (a per-pixel pattern)
const uint FLAG_DOTS = 2u;      // ghost vision (a per-pixel pattern)
const uint FLAG_RING = 4u;      // an inner ring (colour in word z)
const uint FLAG_HIDDEN = 8u;    // never seen or height unknown: the dark slate
const uint FLAG_DARK = 16u;     // outside a vision preview: darker (baked into the colours; walls read it)
const uint FLAG_EXPLORED = 64u; // fog: explored (or in sight)
const uint FLAG_VISIBLE = 128u; // fog: in sight (walls dim the rest per pixel; tops have it baked)
const vec3 SLATE = vec3(0.15, 0.16, 0.19);
const float DARK = 1.0 - 120.0 / 255.0;

vec3 palette(float t) {
    // green lowland -> dry grass -> tan -> brown rock -> grey -> snow (branch-free);
    // the same colours as client/render/gl_terrain_pass.py: palette()
    // written as the first colour plus a clamped ramp towards each next one (the same colours as mixing them in
    // turn: below a ramp's start the later ramps are 0, past its end it is whole), one multiply-add a channel a ramp
    t = clamp(t, 0.0, 1.0) * 5.0;
    vec3 c = vec3(0.30, 0.52, 0.26) + vec3(0.25, 0.12, 0.07) * clamp(t, 0.0, 1.0);
    c += vec3(0.21, 0.02, 0.09) * clamp(t - 1.0, 0.0, 1.0);
    c += vec3(-0.18, -0.22, -0.12) * clamp(t - 2.0, 0.0, 1.0);
    c += vec3(0.02, 0.14, 0.26) * clamp(t - 3.0, 0.0, 1.0);
    return c + vec3(0.35, 0.37, 0.41) * clamp(t - 4.0, 0.0, 1.0);
}

float gridline(float v, float w, float width) {
    // 1 on an integer line, 0 away from it; w = fwidth(v) (pixels per unit = 1/w)
    float d = abs(fract(v + 0.5) - 0.5);
    return 1.0 - smoothstep(w * width * 0.5, w * (width * 0.5 + 1.0), d);
}

// the factor of a top's colour under the grid lines (1 away from them)
float grid_factor(vec2 xz) {
    // per axis 1 - smoothstep(w / 2, 3 w / 2, d) (gridline), d the distance to the nearest line, w = fwidth: the
    // larger of the two axes' is 1 - smoothstep of the smaller ramp, so one smoothstep, and one reciprocal per axis
    vec2 inv = 1.0 / max(fwidth(xz), vec2(1e-4));
    vec2 r = abs(fract(xz + 0.5) - 0.5) * inv - 0.5;
    float t = clamp(min(r.x, r.y), 0.0, 1.0);
    float g = 1.0 - t * t * (3.0 - 2.0 * t);
    return 1.0 - u_grid * g * 0.45 * smoothstep(4.0, 12.0, min(inv.x, inv.y));
}

// the distance (world units, 0 on a side .. 0.5 in the middle) from a point f (0..1) of a square
// cell to the cell's nearest side
float square_edge(vec2 f) {
    return min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y));
}

// grid lines of a hex board's tops: e = distance to the cell's nearest side (terrain.frag, HEX)
float hex_grid_factor(float e, vec2 xz) {
    vec2 w = fwidth(xz);
    float px = 1.0 / max(max(w.x, w.y), 1e-4);
    float we = fwidth(e);
    float g = 1.0 - smoothstep(we * 0.5, we * 1.5, e);
    return 1.0 - u_grid * g * 0.45 * smoothstep(4.0, 12.0, px);
}

vec3 rgb8(uint v) {
    return vec3(float(v & 255u), float((v >> 8) & 255u), float((v >> 16) & 255u)) * (1.0 / 255.0);
}

// the dark slate of hidden cells: faint cell lines (e: distance to the cell's nearest side, 0..0.5)
float slate_factor(float e) {
    return 0.82 + 0.18 * smoothstep(0.02, 0.06, e);
}

// a top's colour at a point of its cell: t the cell's words (terrain.frag: cell_words), p the per-pixel factor of the cell's own
// colour (grid lines, relief), e the distance to the cell's nearest side, xz the world point. The fog, the fill
// and the darkening are baked into the words (the same picture as applying them here per pixel, up to rounding
// to 8 bits): own colour * p, and in the OVERLAYS variant + fill, then the per-pixel patterns (hatch, dots, ring).
vec3 top_colour(uvec4 t, float p, float e, vec2 xz) {
    uint flags = t.x >> 24;
    // a fetch outside the board (a pixel on its very edge) gives 0: the slate, as a hidden cell
    bool outside = (flags & (FLAG_HIDDEN | FLAG_EXPLORED)) == 0u;
    float hidden = float(outside || (flags & FLAG_HIDDEN) != 0u);
    vec3 col = (outside ? SLATE : rgb8(t.x)) * mix(p, slate_factor(e), hidden);
#ifdef OVERLAYS
    // (llvmpipe runs both sides of a branch for a whole block of pixels, and pays for every fetch, so the renderer
    // uses this variant only for the rows of chunks that hold a fill or a pattern; the others skip the code)
    vec3 fill = rgb8(t.y);
    col += fill;
    float dark = (flags & FLAG_DARK) != 0u ? DARK : 1.0;
    float hatch = float((flags & FLAG_HATCH) != 0u) * step(0.5, fract((xz.x + xz.y) * 3.0));
    // under the fill: own colour * 0.45 + orange * 0.55, the fill added as before
    col = mix(col, float(t.y >> 24) * (1.0 / 255.0) * vec3(1.0, 0.55, 0.10) + fill, 0.55 * hatch);
    vec2 q = fract(xz * 3.0) - 0.5;
    col = mix(col, dark * vec3(0.85, 0.80, 1.0), float((flags & FLAG_DOTS) != 0u) * step(length(q), 0.18));
    col = mix(col, rgb8(t.z), float(t.z >> 24) * (1.0 / 255.0) * (1.0 - smoothstep(0.10, 0.13, e)));
#endif
    return col;
}

// a wall's colour: ``col`` its lit colour, dimmed by the fog where the cell is not in sight, the slate where it
// is hidden, darker outside a vision preview (overlays are drawn on tops only)
vec3 wall_colour(vec3 col, uint flags, float e) {
    float grey = dot(col, vec3(0.299, 0.587, 0.114));
    vec3 dim = mix(vec3(grey), col, 0.25) * 0.45;
    col = mix(dim, col, float((flags & FLAG_VISIBLE) != 0u));
#ifndef NO_SLATE
    // (left out for the walls of a chunk none of whose cells is hidden: there the mix leaves the colour as it is)
    col = mix(col, SLATE * slate_factor(e), float((flags & (FLAG_HIDDEN | FLAG_EXPLORED)) != FLAG_EXPLORED));
#endif
    return col * ((flags & FLAG_DARK) != 0u ? DARK : 1.0);
}
