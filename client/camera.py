"""Cameras for the 沙场秋点兵 client.

World space (see client/render/base.py): cell (row, col) spans x in [col, col+1],
z in [row, row+1]; y is up and one height level is ``Y_SCALE`` tall.

The matrices are PyGLM's (``glm.lookAt``, ``glm.perspective``, ``glm.ortho``; picking rays through
``glm.unProject``): view matrices, products and rays in double precision (PyGLM builds perspective
and ortho in float32 only); point lists stay numpy arrays.

Matrix convention: every ``matrices(aspect)`` returns ``(view, proj)`` as numpy
float32 4x4 arrays in **row-major math order for column vectors**: a world point
``p = (x, y, z, 1)`` goes to clip space as ``proj @ view @ p``. OpenGL/GLSL wants
column-major data, so upload ``m.T.tobytes()`` (``gl_uniform_bytes`` below does it).

Screen convention for ``project``: pixel (0, 0) is the top-left corner, x to the
right, y down, pixel centres at +0.5.

Cameras:

* ``StrategyCamera(board_size)``: orbits a ground point ``target`` = (x, z);
  ``distance`` from it, ``yaw`` in degrees (0 = looking north, toward -z, so
  row 0 is at the top of the screen), pitch derived from the zoom (near
  top-down when far, about 35 degrees when close). ``pan``/``zoom``/``rotate``/
  ``jump_to`` change goal values; ``update(dt)`` moves smoothly toward them
  (``snap()`` jumps at once). The ground point under the screen centre is
  always ``target`` (at height ``ground_y``).
* ``FirstPersonCamera``: eye at a cell centre at the stack top
  (``(terrain + soldiers) * Y_SCALE``, the S6 observer height), mouse look; on the star lifted
  ``STAR_LIFT`` above the soldier's eye so the soldiers around it do not fill the picture.

Hex boards (the star, S19a): pass ``layout`` (client/render/hex_layout.HexLayout) to the
strategy and first-person cameras; cells are then centred where the layout puts them (the
board stays inside the square box of its array, so ``board_size`` is the array's size).
* ``TopDownCamera(board_size)``: orthographic straight down over the board.
* ``ExplicitCamera(eye, target, fov)``: a perspective camera from plain points.
"""
from __future__ import annotations

import math

try:
    from pyglm import glm  # PyGLM 2.8+ (its plain "import glm" is deprecated)
except ImportError:  # PyGLM 2.7 has only the top-level module
    import glm
import numpy as np

from client.render.base import Camera, Y_SCALE
from client.render.hex_layout import cell_xz

Vec = tuple[float, float, float]


# ----------------------------------------------------------------- matrix helpers
# The matrices come from PyGLM (glm.lookAt, glm.perspective, glm.ortho: right-handed, clip depth
# -1..1, the OpenGL convention; views, products and rays in double precision, perspective and ortho
# in float32, all PyGLM has); ``from_glm`` turns one into the numpy float32 array of the module's
# convention (numpy stays for bulk point arrays: ``project``).
def _normalize(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def from_glm(m) -> np.ndarray:
    """A glm matrix as a numpy float32 4x4 in math (row, column) order."""
    return np.array(m, dtype=np.float64).astype(np.float32)  # numpy reads a glm matrix row by row


def to_glm(m) -> glm.dmat4:
    """A numpy 4x4 in math order as a double-precision glm matrix."""
    return glm.dmat4(*np.asarray(m, dtype=np.float64).T.ravel().tolist())  # glm takes columns


def look_at(eye, target, up=(0.0, 1.0, 0.0)) -> np.ndarray:
    """Right-handed view matrix (camera looks down its -Z)."""
    e = glm.dvec3(*(float(v) for v in eye))
    t = glm.dvec3(*(float(v) for v in target))
    u = glm.dvec3(*(float(v) for v in up))
    f = glm.normalize(t - e) if glm.length(t - e) > 0 else t - e
    if glm.length(u) > 0 and abs(glm.dot(f, glm.normalize(u))) > 0.9999:  # looking along up: pick another up
        u = glm.dvec3(0.0, 0.0, -1.0) if abs(f.z) < 0.9 else glm.dvec3(0.0, 1.0, 0.0)
    return from_glm(glm.lookAt(e, t, u))


def perspective(fov_y_deg: float, aspect: float, near: float, far: float) -> np.ndarray:
    """Perspective projection (vertical field of view in degrees)."""
    return from_glm(glm.perspective(glm.radians(float(fov_y_deg)), float(aspect), float(near), float(far)))


def orthographic(left, right, bottom, top, near, far) -> np.ndarray:
    """Orthographic projection of the box [left, right] x [bottom, top] x [-near, -far] (eye space)."""
    return from_glm(glm.ortho(float(left), float(right), float(bottom), float(top), float(near), float(far)))


def fit_area(proj: np.ndarray, size, area) -> np.ndarray:
    """``proj`` followed by the clip-space scale and shift that put the whole picture inside the pixel rect
    ``area`` = (x, y, w, h) (y down) of a window of ``size`` = (W, H)."""
    W, H = size
    ax, ay, aw, ah = area
    tx = (ax + aw / 2) / W * 2 - 1
    ty = 1 - (ay + ah / 2) / H * 2
    fit = glm.translate(glm.dvec3(tx, ty, 0.0)) * glm.scale(glm.dvec3(aw / W, ah / H, 1.0))
    return from_glm(fit * to_glm(proj))


def gl_uniform_bytes(m: np.ndarray) -> bytes:
    """Bytes of a row-major numpy matrix as GLSL expects them (column-major)."""
    return np.ascontiguousarray(np.asarray(m, dtype=np.float32).T).tobytes()


def project(view: np.ndarray, proj: np.ndarray, width: int, height: int, points) -> np.ndarray:
    """World points (N, 3) -> (N, 3) of pixel x, pixel y (top-left origin) and NDC depth."""
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    m = np.array(to_glm(proj) * to_glm(view))  # the combined matrix from glm; the points stay numpy (bulk)
    # explicit products, not BLAS: small matmuls on big point lists stall on busy machines
    h = p[:, 0:1] * m[:, 0] + p[:, 1:2] * m[:, 1] + p[:, 2:3] * m[:, 2] + m[:, 3]
    w = h[:, 3]
    w = np.where(np.abs(w) < 1e-12, 1e-12, w)
    out = np.empty((len(p), 3))
    out[:, 0] = (h[:, 0] / w + 1) * 0.5 * width
    out[:, 1] = (1 - h[:, 1] / w) * 0.5 * height
    out[:, 2] = h[:, 2] / w
    return out


def pixel_ray(view: np.ndarray, proj: np.ndarray, width: int, height: int, x: float, y: float):
    """(origin, unit direction) of the world ray through pixel (x, y) (works for perspective and ortho)."""
    return pixel_rays(view, proj, width, height, ((x, y),))[0]


def pixel_rays(view: np.ndarray, proj: np.ndarray, width: int, height: int, pixels):
    """``pixel_ray`` for each (x, y) of ``pixels``, the matrices converted once (the footprint's four corners)."""
    v, p = to_glm(view), to_glm(proj)
    vp = glm.dvec4(0.0, 0.0, float(width), float(height))
    out = []
    for x, y in pixels:
        wy = float(height) - float(y)  # glm's window y grows upwards
        a = glm.unProject(glm.dvec3(float(x), wy, 0.0), v, p, vp)  # the near plane (NDC z = -1)
        b = glm.unProject(glm.dvec3(float(x), wy, 1.0), v, p, vp)  # the far plane (NDC z = +1)
        a = np.array(a, dtype=np.float64)
        out.append((a, _normalize(np.array(b, dtype=np.float64) - a)))
    return out


class _Base(Camera):
    def project(self, points, width: int, height: int) -> np.ndarray:
        view, proj = self.matrices(width / height)
        return project(view, proj, width, height, points)

    def ray(self, x: float, y: float, width: int, height: int):
        view, proj = self.matrices(width / height)
        return pixel_ray(view, proj, width, height, x, y)

    def update(self, dt: float) -> None:  # static cameras
        pass


def _ground(view, proj, width, height, x, y, ground_y=0.0):
    """(x, z) where the ray through pixel (x, y) meets the plane y = ground_y (None if it does not)."""
    o, d = pixel_ray(view, proj, width, height, x, y)
    if abs(d[1]) < 1e-9:
        return None
    t = (ground_y - o[1]) / d[1]
    if t <= 0:
        return None
    p = o + d * t
    return float(p[0]), float(p[2])


# ------------------------------------------------------------------ strategy
class StrategyCamera(_Base):
    """Orbit/pan/zoom camera over the board; see the module docstring."""

    FOV = 45.0
    PITCH_CLOSE = 35.0  # degrees above the horizon when fully zoomed in
    PITCH_FAR = 88.0  # near top-down when fully zoomed out
    SMOOTH = 12.0  # 1/s: how fast current values approach the goals

    def __init__(self, board_size: int, ground_y: float = 0.0, layout=None):
        self.board_size = int(board_size)
        self.layout = layout  # a hex layout (client/render/hex_layout.py) places the cells; None: square
        # small boards (and the 17x17 array of the star) are seen tilted even fully zoomed out (stacks
        # stand up); big maps zoom out to a near top-down overview
        self.pitch_far = 52.0 if self.board_size <= 16 or layout is not None else self.PITCH_FAR
        self.min_distance = 4.0
        # fully zoomed out, the whole board just fits the view's height
        self.max_distance = max(8.0, (self.board_size / 2 + 0.5) / math.tan(math.radians(self.FOV / 2)) + 1.0)
        if self.board_size > 16:
            self.max_distance *= 1.25  # fully out, the whole map with room for the top bar and the panels
        self.ground_y = float(ground_y)
        self._base_ground = self.ground_y  # the orbit point's height over flat ground (see set_terrain)
        self._terrain_src = self._terrain = None  # heights the eye keeps clear of (set_terrain); None: flat
        self._terrain_top = 0.0
        self._goal_ground = self.ground_y
        self._ground_key = None  # the goal pose and terrain _goal_ground was worked out for (update)
        c = self.board_size / 2.0
        self.target = (c, c)
        self.distance = self.max_distance
        self.yaw = 0.0
        self._goal_target = self.target
        self._goal_distance = self.distance
        self._goal_yaw = self.yaw

    def set_layout(self, layout) -> None:
        """Place cells by a hex layout (the star): tilted even fully out, like a small board."""
        self.layout = layout
        if layout is not None:
            self.pitch_far = 52.0

    # --- derived
    @property
    def pitch(self) -> float:
        """Degrees above the horizon, from the zoom: log-interpolated between close and far."""
        return self._pitch_at(self.distance)

    def _pitch_at(self, distance: float) -> float:
        lo, hi = math.log(self.min_distance), math.log(self.max_distance)
        t = (math.log(max(distance, 1e-6)) - lo) / (hi - lo) if hi > lo else 1.0
        t = min(1.0, max(0.0, t))
        return self.PITCH_CLOSE + (self.pitch_far - self.PITCH_CLOSE) * t

    # --- the terrain under the camera
    def set_terrain(self, heights) -> None:
        """The board's heights in levels (-1, unexplored, counts as level 0) that the eye keeps clear of; the
        scene passes the viewer's known heights each frame (the same array again costs nothing). None (the
        default, as rule pictures and benches use the camera): the orbit point stays at the ``ground_y`` it
        was made with. See ``ground_goal``."""
        if heights is self._terrain_src:
            return
        self._terrain_src = heights
        if heights is None:
            self._terrain, self._terrain_top = None, 0.0
            self.ground_y = self._goal_ground = self._base_ground
            return
        h = np.maximum(np.asarray(heights), 0)
        self._terrain = h
        self._terrain_top = float(h.max()) * Y_SCALE if h.size else 0.0

    def clearance(self) -> float:
        """World units a full close-up's eye stands above the orbit point (the eye's height over the plain)."""
        return self.min_distance * math.sin(math.radians(self.PITCH_CLOSE))

    def ground_goal(self) -> float:
        """The orbit point's height for the goal pose. Over flat ground, or when the eye is high enough, the
        ``ground_y`` the camera was made with; when the eye would come nearer than ``clearance`` to the highest
        known terrain around the target and the eye (a close look at a hill of the 256x256 map put the eye
        inside it), the orbit point is lifted by the difference: a close look at a hill then shows it as a
        close look at the plain shows the ground, and the eye never enters the terrain."""
        base = self._base_ground
        h = self._terrain
        if h is None:
            return base
        d = self._goal_distance
        p = math.radians(self._pitch_at(d))
        rise = d * math.sin(p)
        clear = self.clearance()
        if base + rise >= self._terrain_top + clear:  # high above every hill: nothing to look up
            return base
        top = self._terrain_top
        if self.layout is None:  # a square board: the cells around the target and the eye
            (fx, fz), _ = self._axes(self._goal_yaw)
            horiz = d * math.cos(p)
            tx, tz = self._goal_target
            ex, ez = tx - fx * horiz, tz - fz * horiz
            rows, cols = h.shape
            c0, c1 = max(0, int(math.floor(min(tx, ex) - 1.5))), min(cols, int(math.ceil(max(tx, ex) + 1.5)))
            r0, r1 = max(0, int(math.floor(min(tz, ez) - 1.5))), min(rows, int(math.ceil(max(tz, ez) + 1.5)))
            win = h[r0:r1, c0:c1]
            top = float(win.max()) * Y_SCALE if win.size else 0.0
        return max(base, top + clear - rise)

    def _axes(self, yaw: float | None = None):
        """Ground-plane forward (screen up) and right unit vectors as (x, z)."""
        a = math.radians(self.yaw if yaw is None else yaw)
        fwd = (math.sin(a), -math.cos(a))
        right = (math.cos(a), math.sin(a))
        return fwd, right

    def eye(self) -> np.ndarray:
        p = math.radians(self.pitch)
        (fx, fz), _ = self._axes()
        horiz = self.distance * math.cos(p)
        tx, tz = self.target
        return np.array([tx - fx * horiz, self.ground_y + self.distance * math.sin(p), tz - fz * horiz])

    def matrices(self, aspect: float):
        # kept for the pose they were made for: a frame asks 4-6 times (pick, draw, footprint, ...; issue 27)
        key = (self.target, self.distance, self.yaw, self.pitch, self.ground_y, self.board_size, self.FOV, aspect)
        kept = self.__dict__.get("_matrices_kept")
        if kept is None or kept[0] != key:
            tx, tz = self.target
            eye = self.eye()
            (fx, fz), _ = self._axes()
            view = look_at(eye, (tx, self.ground_y, tz), up=(fx, 0.0, fz) if self.pitch > 89.9 else (0, 1, 0))
            far = self.distance + self.board_size * 2.0 + 20.0
            near = max(0.05, self.distance * 0.02)
            kept = self._matrices_kept = (key, view, perspective(self.FOV, aspect, near, far))
        return kept[1].copy(), kept[2].copy()

    def kept_matrices(self):
        """The matrices ``matrices`` keeps for the pose it last worked them out for (an object that changes when it
        works them out again), or None."""
        return self.__dict__.get("_matrices_kept")

    def forget_matrices(self) -> None:
        """Drop the kept matrices: the next ``matrices`` works them out (the frame bench's reference does, as the
        full frame did for this pose)."""
        self.__dict__.pop("_matrices_kept", None)

    # --- input
    def pan(self, dx: float, dy: float) -> None:
        """Move the goal target by dx cells to the screen's right and dy cells toward the screen's top."""
        (fx, fz), (rx, rz) = self._axes(self._goal_yaw)
        gx, gz = self._goal_target
        self._goal_target = self._clamp((gx + rx * dx + fx * dy, gz + rz * dx + fz * dy))

    def zoom(self, steps: float) -> None:
        """Positive steps zoom in (each step 15% closer), negative zoom out. Zooming out towards the
        limit also drifts the view to the board's middle, so fully out the whole map is in view."""
        d = self._goal_distance * (0.85 ** steps)
        self._goal_distance = min(self.max_distance, max(self.min_distance, d))
        if steps < 0 and self.max_distance > self.min_distance:
            k = (self._goal_distance / self.max_distance - 0.55) / 0.45  # 0 at 55% of the way out, 1 fully out
            if k > 0:
                c = self.board_size / 2.0
                gx, gz = self._goal_target
                f = min(1.0, k * 0.6 + (0.4 if k >= 0.999 else 0.0))
                self._goal_target = (gx + (c - gx) * f, gz + (c - gz) * f)

    def rotate(self, dyaw: float) -> None:
        """Turn around the ground point under the screen centre by dyaw degrees."""
        self._goal_yaw = self._goal_yaw + dyaw

    def jump_to(self, cell) -> None:
        """Centre on a (row, col) cell."""
        self._goal_target = self._clamp(cell_xz(cell, self.layout))

    def set_distance(self, d: float) -> None:
        self._goal_distance = min(self.max_distance, max(self.min_distance, float(d)))

    def _clamp(self, t):
        n = self.board_size
        return (min(float(n), max(0.0, t[0])), min(float(n), max(0.0, t[1])))

    def update(self, dt: float) -> None:
        """Move current values toward the goals (exponential smoothing, frame-rate independent)."""
        k = 1.0 - math.exp(-self.SMOOTH * max(0.0, dt))
        tx, tz = self.target
        gx, gz = self._goal_target
        tx += (gx - tx) * k
        tz += (gz - tz) * k
        self.distance += (self._goal_distance - self.distance) * k
        self.yaw += (self._goal_yaw - self.yaw) * k
        if abs(gx - tx) < 1e-4 and abs(gz - tz) < 1e-4:
            tx, tz = gx, gz
        if abs(self._goal_distance - self.distance) < 1e-4:
            self.distance = self._goal_distance
        if abs(self._goal_yaw - self.yaw) < 1e-4:
            self.yaw = self._goal_yaw
        self.target = (tx, tz)
        if self._terrain is not None:  # over a hill the orbit point rises (ground_goal)
            key = (self._goal_target, self._goal_distance, self._goal_yaw, id(self._terrain))
            if key != self._ground_key:  # worked out again only when the goal pose or the terrain changed
                self._ground_key, self._goal_ground = key, self.ground_goal()
            g = self.ground_y + (self._goal_ground - self.ground_y) * k
            self.ground_y = self._goal_ground if abs(self._goal_ground - g) < 1e-4 else g

    def fit(self, points, aspect: float, rect=(0.0, 0.0, 1.0, 1.0), max_distance: float | None = None) -> None:
        """Set the goal target and distance (the goal yaw stays) so that every world point (x, y, z)
        shows inside ``rect`` — fractions of the view (x0, y0, x1, y1), y down — as large as fits.
        The pitch follows the distance as when zooming."""
        pts = np.asarray(points, np.float64).reshape(-1, 3)
        saved = (self.target, self.distance, self.yaw)
        x0, y0, x1, y1 = rect
        W, H = 1000.0 * aspect, 1000.0
        top = max_distance or self.max_distance * 4  # may zoom out past the usual limit (raised below)
        xs, zs = pts[:, 0], pts[:, 2]
        target = ((xs.min() + xs.max()) / 2, (zs.min() + zs.max()) / 2)
        self.yaw = self._goal_yaw

        def bbox(d, tgt):
            self.target, self.distance = tgt, d
            view, proj = self.matrices(aspect)
            pr = project(view, proj, W, H, pts)
            return pr[:, 0].min() / W, pr[:, 1].min() / H, pr[:, 0].max() / W, pr[:, 1].max() / H

        d = top
        try:
            for _ in range(5):  # fit the size, then centre the picture in rect, and again (the centring moves it)
                lo, hi = self.min_distance, top
                for _ in range(30):
                    mid = (lo + hi) / 2
                    a, b, c, e = bbox(mid, target)
                    if c - a <= x1 - x0 and e - b <= y1 - y0:
                        hi = mid
                    else:
                        lo = mid
                d = hi
                a, b, c, e = bbox(d, target)
                # move the target by the ground offset between the picture's centre and rect's centre
                view, proj = self.matrices(aspect)
                g1 = _ground(view, proj, W, H, (a + c) / 2 * W, (b + e) / 2 * H, self.ground_y)
                g2 = _ground(view, proj, W, H, (x0 + x1) / 2 * W, (y0 + y1) / 2 * H, self.ground_y)
                if g1 is None or g2 is None:
                    break
                target = (target[0] + g1[0] - g2[0], target[1] + g1[1] - g2[1])
        finally:
            self.target, self.distance, self.yaw = saved
        self._goal_target = (float(target[0]), float(target[1]))
        self._goal_distance = float(min(top, max(self.min_distance, d)))
        if max_distance is None:
            self.max_distance = max(self.max_distance, self._goal_distance)  # the framed view stays reachable

    def snap(self) -> None:
        """Jump to the goal values at once."""
        self.target, self.distance, self.yaw = self._goal_target, self._goal_distance, self._goal_yaw
        if self._terrain is not None:
            self.ground_y = self._goal_ground = self.ground_goal()

    @property
    def moving(self) -> bool:
        return (self.target != self._goal_target or self.distance != self._goal_distance
                or self.yaw != self._goal_yaw or (self._terrain is not None and self.ground_y != self._goal_ground))

    def footprint(self, aspect: float):
        """The 4 ground points (x, z) seen at the screen corners (bottom-left, bottom-right, top-right,
        top-left), on the plane y = ground_y; rays above the horizon are cut at the far distance."""
        view, proj = self.matrices(aspect)
        w, h = 1000.0 * aspect, 1000.0
        out = []
        far = self.distance * 4 + self.board_size
        for o, d in pixel_rays(view, proj, w, h, ((0, h), (w, h), (w, 0), (0, 0))):
            if d[1] < -1e-6:
                t = (self.ground_y - o[1]) / d[1]
                t = min(t, far)
            else:
                t = far
            p = o + d * t
            out.append((float(p[0]), float(p[2])))
        return out


# -------------------------------------------------------------- first person
class FirstPersonCamera(_Base):
    """Eye at a unit's stack top; ``look`` turns it (mouse look)."""

    # on the star (a hex layout) one soldier stands on a cell and its eye (terrain + 1, S19f) is level
    # with the tops of the soldiers around it, which then fill the picture: the camera is lifted this
    # many world units (3 levels) above the rule's eye, about where a square board's unit of 4 looks from
    STAR_LIFT = 3 * Y_SCALE

    def __init__(self, fov: float = 70.0, layout=None, lift: float = 0.0):
        """``lift``: world units the camera sits above the eye height given to set_eye (the star's
        soldier's-eye view, see STAR_LIFT); the rules' eye height (S6, S19f) is the one set_eye gets."""
        self.fov = float(fov)
        self.layout = layout  # a hex layout places the cells (None: square cells)
        self.lift = float(lift)
        self.position = np.array([0.5, 1.0, 0.5])
        self.yaw = 0.0  # degrees, 0 = north (-z)
        self.pitch = -15.0  # degrees, negative looks down
        self.cell = (0, 0)

    def set_eye(self, cell, eye_height_units: float) -> None:
        """Eye at the centre of ``cell`` at height ``eye_height_units`` levels (terrain + soldiers, S6)."""
        r, c = cell
        self.cell = (int(r), int(c))
        x, z = cell_xz(self.cell, self.layout)
        self.position = np.array([x, float(eye_height_units) * Y_SCALE + self.lift, z])

    SMOOTH = 10.0  # 1/s: how fast a tapped turn is carried out

    def look(self, dx: float, dy: float) -> None:
        """Mouse look in degrees, at once: dx turns right, dy looks up."""
        self.yaw = (self.yaw + dx) % 360.0
        self.pitch = min(89.0, max(-89.0, self.pitch + dy))

    def turn(self, dyaw: float, dpitch: float = 0.0) -> None:
        """A tapped key: turn by these degrees smoothly over the next frames (see update)."""
        t = getattr(self, "_turn", [0.0, 0.0])
        self._turn = [t[0] + dyaw, t[1] + dpitch]

    def update(self, dt: float) -> None:
        """Carry out part of a pending turn (exponential, frame-rate independent)."""
        t = getattr(self, "_turn", [0.0, 0.0])
        if not t[0] and not t[1]:
            return
        k = 1.0 - math.exp(-self.SMOOTH * max(0.0, dt))
        a, b = t[0] * k, t[1] * k
        if abs(t[0] - a) < 0.05 and abs(t[1] - b) < 0.05:
            a, b = t[0], t[1]
        self.yaw = (self.yaw + a) % 360.0
        self.pitch = min(89.0, max(-89.0, self.pitch + b))
        self._turn = [t[0] - a, t[1] - b]

    @property
    def moving(self) -> bool:
        t = getattr(self, "_turn", [0.0, 0.0])
        return bool(t[0] or t[1])

    def look_at_cell(self, cell, height_units: float = 0.0) -> None:
        x, z = cell_xz(cell, self.layout)
        d = np.array([x, height_units * Y_SCALE, z]) - self.position
        self.yaw = math.degrees(math.atan2(d[0], -d[2])) % 360.0
        self.pitch = math.degrees(math.atan2(d[1], math.hypot(d[0], d[2])))

    def direction(self) -> np.ndarray:
        y, p = math.radians(self.yaw), math.radians(self.pitch)
        return np.array([math.sin(y) * math.cos(p), math.sin(p), -math.cos(y) * math.cos(p)])

    def eye(self) -> np.ndarray:
        return self.position.copy()

    def matrices(self, aspect: float):
        view = look_at(self.position, self.position + self.direction())
        return view, perspective(self.fov, aspect, 0.02, 600.0)


# ----------------------------------------------------------------- top down
class TopDownCamera(_Base):
    """Orthographic camera straight down over the whole board (north = row 0 at the top)."""

    def __init__(self, board_size: int, margin: float = 0.25, top: float = 40.0):
        self.board_size = int(board_size)
        self.margin = float(margin)
        self.top = float(top)  # eye height in world units (above every column)

    def eye(self) -> np.ndarray:
        c = self.board_size / 2.0
        return np.array([c, self.top, c])

    def matrices(self, aspect: float):
        n = self.board_size
        c = n / 2.0
        view = look_at((c, self.top, c), (c, 0.0, c), up=(0.0, 0.0, -1.0))
        half = n / 2.0 + self.margin
        if aspect >= 1:
            hx, hy = half * aspect, half
        else:
            hx, hy = half, half / aspect
        return view, orthographic(-hx, hx, -hy, hy, 0.01, self.top + 20.0)


class ExplicitCamera(_Base):
    """Perspective camera from an eye point toward a target point."""

    def __init__(self, eye: Vec, target: Vec, fov: float = 45.0):
        self._eye = np.asarray(eye, dtype=np.float64)
        self.target = np.asarray(target, dtype=np.float64)
        self.fov = float(fov)

    def eye(self) -> np.ndarray:
        return self._eye.copy()

    def matrices(self, aspect: float):
        dist = float(np.linalg.norm(self.target - self._eye))
        return (look_at(self._eye, self.target),
                perspective(self.fov, aspect, max(0.02, dist * 0.005), dist * 4 + 200.0))
