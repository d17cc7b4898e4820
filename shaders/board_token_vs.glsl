#version 330
// Piece tokens (client/render/gl_board.py): a unit cylinder, or a unit box for square counters (x, z in
// [-1, 1], y in [0, 1]) scaled per instance; the top face carries the ring band and the piece's name.
uniform mat4 u_mvp;
in vec3 in_pos;
in vec3 in_normal;
in vec4 in_place;   // x, y (base height), z, radius
in float in_height;
in vec3 in_body;
in vec3 in_ink;
in vec3 in_ring;
in vec4 in_glyph;   // atlas rect: u0, v0, du, dv (du = 0: no name)
in float in_shape;  // 0 round token, 1 square counter
out vec3 v_normal;
out vec2 v_local;
out float v_y;
flat out vec3 v_body;
flat out vec3 v_ink;
flat out vec3 v_ring;
flat out vec4 v_glyph;
flat out float v_shape;
void main() {
    vec3 p = vec3(in_place.x + in_pos.x * in_place.w, in_place.y + in_pos.y * in_height,
                  in_place.z + in_pos.z * in_place.w);
    v_normal = in_normal;
    v_local = in_pos.xz;
    v_y = in_pos.y;
    v_body = in_body;
    v_ink = in_ink;
    v_ring = in_ring;
    v_glyph = in_glyph;
    v_shape = in_shape;
    gl_Position = u_mvp * vec4(p, 1.0);
}
