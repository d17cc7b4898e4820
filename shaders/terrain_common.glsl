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
uniform sampler2D u_cell;     // rgb: top colour of the cell (palette by height, alternate levels);
                              // a: overlay flags (FLAG_*, client/render/gl_terrain_pass.py: cell_flags)
                              // and the fog (FLAG_EXPLORED, FLAG_VISIBLE: fog_flags)
uniform sampler2D u_fill;     // overlay fill colour (rgb) and strength (a), nearest
uniform sampler2D u_edge;     // overlay inner ring colour and strength, nearest
uniform float u_grid;         // grid line strength
uniform vec3 u_eye;           // camera position (first-person haze)
uniform vec3 u_sky;           // sky / haze colour
uniform float u_haze;         // 0: no haze (strategy view), 1: first person
uniform float u_haze_near;    // haze starts (world units)
uniform float u_haze_far;     // full haze

const int FLAG_HATCH = 1;     // attack range
const int FLAG_DOTS = 2;      // ghost vision
const int FLAG_RING = 4;      // an inner ring (u_edge)
const int FLAG_UNKNOWN = 8;   // height unknown: dark slate
const int FLAG_DARK = 16;     // outside a vision preview: darker
const int FLAG_FILL = 32;     // a fill colour (u_fill)
const int FLAG_EXPLORED = 64; // fog: explored (or in sight)
const int FLAG_VISIBLE = 128; // fog: in sight

vec3 palette(float t) {
    // green lowland -> dry grass -> tan -> brown rock -> grey -> snow (branch-free);
    // the same formula as client/render/gl.py: palette()
    t = clamp(t, 0.0, 1.0) * 5.0;
    vec3 c = mix(vec3(0.30, 0.52, 0.26), vec3(0.55, 0.64, 0.33), clamp(t, 0.0, 1.0));
    c = mix(c, vec3(0.76, 0.66, 0.42), clamp(t - 1.0, 0.0, 1.0));
    c = mix(c, vec3(0.58, 0.44, 0.30), clamp(t - 2.0, 0.0, 1.0));
    c = mix(c, vec3(0.60, 0.58, 0.56), clamp(t - 3.0, 0.0, 1.0));
    return mix(c, vec3(0.95, 0.95, 0.97), clamp(t - 4.0, 0.0, 1.0));
}

float gridline(float v, float w, float width) {
    // 1 on an integer line, 0 away from it; w = fwidth(v) (pixels per unit = 1/w)
    float d = abs(fract(v + 0.5) - 0.5);
    return 1.0 - smoothstep(w * width * 0.5, w * (width * 0.5 + 1.0), d);
}

vec3 with_grid(vec3 col, vec2 xz) {
    vec2 w = fwidth(xz);
    float px = 1.0 / max(max(w.x, w.y), 1e-4);
    float g = max(gridline(xz.x, w.x, 1.0), gridline(xz.y, w.y, 1.0));
    return col * (1.0 - u_grid * g * 0.45 * smoothstep(4.0, 12.0, px));
}

// the distance (world units, 0 on a side .. 0.5 in the middle) from a point f (0..1) of a square
// cell to the cell's nearest side
float square_edge(vec2 f) {
    return min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y));
}

// grid lines of a hex board's tops: e = distance to the cell's nearest side (terrain.frag, HEX)
vec3 with_hex_grid(vec3 col, float e, vec2 xz) {
    vec2 w = fwidth(xz);
    float px = 1.0 / max(max(w.x, w.y), 1e-4);
    float we = fwidth(e);
    float g = 1.0 - smoothstep(we * 0.5, we * 1.5, e);
    return col * (1.0 - u_grid * g * 0.45 * smoothstep(4.0, 12.0, px));
}

// fog, then overlays, for a point of ``cell`` (flags from u_cell's alpha); e the distance to the
// cell's nearest side (0..0.5, square_edge for square cells); top: a top face
vec3 finish(vec3 col, int flags, ivec2 cell, float e, vec2 xz, bool top) {
    // exact fog: the cell's own state, edge to edge (a cell in sight is fully lit, a fogged one
    // fully fogged; nothing bleeds across a cell border, so rule pictures show exactly the cells)
    float explored = float((flags & FLAG_EXPLORED) != 0);
    float visible = float((flags & FLAG_VISIBLE) != 0);
    flags &= 63;  // the overlay flags alone
    float grey = dot(col, vec3(0.299, 0.587, 0.114));
    vec3 dim = mix(vec3(grey), col, 0.25) * 0.45;
    col = mix(dim, col, visible);
    // never seen (or height unknown): a dark slate with faint cell lines, so the unexplored part of
    // the map reads as map, not as a black void (hard edge, no branch)
    float hidden = max(1.0 - explored, float((flags & FLAG_UNKNOWN) != 0));
    vec3 slate = vec3(0.15, 0.16, 0.19) * (0.82 + 0.18 * smoothstep(0.02, 0.06, e));
    col = mix(col, slate, hidden);
#ifdef OVERLAYS
    // (llvmpipe runs both sides of a branch for a whole block of pixels, so the renderer uses
    // this variant only for chunks that hold overlay flags; the others skip the code)
    if (flags == 0) return col;
    float onTop = top ? 1.0 : 0.0;  // overlays only on the cells' tops, never on the walls
    if ((flags & FLAG_HATCH) != 0) {
        float hatch = step(0.5, fract((xz.x + xz.y) * 3.0));
        col = mix(col, vec3(1.0, 0.55, 0.10), hatch * 0.55 * onTop);
    }
    if ((flags & FLAG_FILL) != 0) {
        vec4 fill = texelFetch(u_fill, cell, 0);
        col = mix(col, fill.rgb, fill.a * onTop);
    }
    if (top && (flags & FLAG_DOTS) != 0) {
        vec2 q = fract(xz * 3.0) - 0.5;
        col = mix(col, vec3(0.85, 0.80, 1.0), step(length(q), 0.18));
    }
    if (top && (flags & FLAG_RING) != 0) {
        vec4 edge = texelFetch(u_edge, cell, 0);
        col = mix(col, edge.rgb, edge.a * (1.0 - smoothstep(0.10, 0.13, e)));
    }
    if ((flags & FLAG_DARK) != 0) col *= 1.0 - 120.0 / 255.0;
#endif
    return col;
}
