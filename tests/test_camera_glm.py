"""client/camera.py builds its matrices and picking rays with PyGLM: the results equal the
hand-written numpy formulas it used before (copied here as the reference) on many random cameras."""
import math

import numpy as np

import client.camera as cam_mod
from client.camera import (ExplicitCamera, FirstPersonCamera, StrategyCamera, TopDownCamera, look_at,
                           orthographic, perspective, pixel_ray, project)
from client.render.hex_layout import star_layout


# ------------------------------------------------- the old numpy formulas (the reference)
def _normalize(v):
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def old_look_at(eye, target, up=(0.0, 1.0, 0.0)):
    eye = np.asarray(eye, dtype=np.float64)
    f = _normalize(np.asarray(target, dtype=np.float64) - eye)
    up = np.asarray(up, dtype=np.float64)
    if abs(float(np.dot(f, _normalize(up)))) > 0.9999:
        up = np.array([0.0, 0.0, -1.0]) if abs(f[2]) < 0.9 else np.array([0.0, 1.0, 0.0])
    s = _normalize(np.cross(f, up))
    u = np.cross(s, f)
    m = np.eye(4)
    m[0, :3], m[1, :3], m[2, :3] = s, u, -f
    m[0, 3], m[1, 3], m[2, 3] = -s @ eye, -u @ eye, f @ eye
    return m.astype(np.float32)


def old_perspective(fov_y_deg, aspect, near, far):
    t = 1.0 / math.tan(math.radians(fov_y_deg) / 2)
    m = np.zeros((4, 4))
    m[0, 0] = t / aspect
    m[1, 1] = t
    m[2, 2] = (far + near) / (near - far)
    m[2, 3] = 2 * far * near / (near - far)
    m[3, 2] = -1.0
    return m.astype(np.float32)


def old_orthographic(left, right, bottom, top, near, far):
    m = np.eye(4)
    m[0, 0] = 2 / (right - left)
    m[1, 1] = 2 / (top - bottom)
    m[2, 2] = -2 / (far - near)
    m[0, 3] = -(right + left) / (right - left)
    m[1, 3] = -(top + bottom) / (top - bottom)
    m[2, 3] = -(far + near) / (far - near)
    return m.astype(np.float32)


def old_project(view, proj, width, height, points):
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    m = proj.astype(np.float64) @ view.astype(np.float64)
    h = p @ m[:, :3].T + m[:, 3]
    w = h[:, 3]
    w = np.where(np.abs(w) < 1e-12, 1e-12, w)
    return np.stack([(h[:, 0] / w + 1) * 0.5 * width, (1 - h[:, 1] / w) * 0.5 * height, h[:, 2] / w], axis=1)


def old_pixel_ray(view, proj, width, height, x, y):
    inv = np.linalg.inv(proj.astype(np.float64) @ view.astype(np.float64))
    nx, ny = 2 * x / width - 1, 1 - 2 * y / height
    a = inv @ np.array([nx, ny, -1.0, 1.0])
    b = inv @ np.array([nx, ny, 1.0, 1.0])
    a, b = a[:3] / a[3], b[:3] / b[3]
    return a, _normalize(b - a)


def close(a, b, rel=2e-6, abs_=1e-5):
    """Equal to float32 tolerance, scaled by the size of the entries."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    scale = max(1.0, float(np.abs(b).max()))
    return np.allclose(a, b, rtol=rel, atol=abs_ * scale)


# ----------------------------------------------------------------------------- tests
def test_camera_module_uses_glm():
    assert cam_mod.glm.__name__.endswith("glm")


def test_matrix_builders_match_the_old_formulas():
    rng = np.random.default_rng(23)
    for _ in range(500):
        eye = rng.uniform(-50, 50, 3)
        target = eye + rng.normal(size=3) * rng.uniform(0.1, 40)
        up = rng.normal(size=3)
        assert close(look_at(eye, target, up), old_look_at(eye, target, up))
        assert close(look_at(eye, target), old_look_at(eye, target))
        fov, aspect = rng.uniform(10, 120), rng.uniform(0.3, 3.0)
        near = rng.uniform(0.01, 2.0)
        far = near + rng.uniform(1, 800)
        assert close(perspective(fov, aspect, near, far), old_perspective(fov, aspect, near, far))
        l, b = rng.uniform(-40, 0, 2)
        r, t = l + rng.uniform(0.5, 80), b + rng.uniform(0.5, 80)
        assert close(orthographic(l, r, b, t, near, far), old_orthographic(l, r, b, t, near, far))
    # looking straight along the up vector: both pick the same replacement up
    for eye, target, up in (((4, 40, 4), (4, 0, 4), (0, 1, 0)), ((0, 0, 0), (0, 0, -5), (0, 0, 1)),
                            ((1, 2, 3), (1, 2, 9), (0, 0, 1))):
        v = look_at(eye, target, up)
        assert np.isfinite(v).all() and close(v, old_look_at(eye, target, up))


def random_cameras(rng, n):
    """Strategy (square and star), first-person, top-down and explicit cameras in random states."""
    out = []
    for i in range(n):
        kind = i % 5
        if kind == 0 or kind == 1:
            size = int(rng.integers(6, 200))
            c = StrategyCamera(size, ground_y=float(rng.uniform(0, 2)), layout=star_layout() if kind == 1 else None)
            c.pan(*rng.uniform(-size / 2, size / 2, 2))
            c.zoom(float(rng.uniform(-6, 12)))
            c.rotate(float(rng.uniform(-400, 400)))
            c.snap()
        elif kind == 2:
            c = FirstPersonCamera(fov=float(rng.uniform(40, 100)), lift=float(rng.uniform(0, 1)))
            c.set_eye((int(rng.integers(0, 30)), int(rng.integers(0, 30))), float(rng.uniform(0, 12)))
            c.look(float(rng.uniform(0, 360)), float(rng.uniform(-80, 80)))
        elif kind == 3:
            c = TopDownCamera(int(rng.integers(4, 300)), margin=float(rng.uniform(0, 2)), top=float(rng.uniform(10, 80)))
        else:
            eye = rng.uniform(-30, 30, 3)
            eye[1] = abs(eye[1]) + 1
            c = ExplicitCamera(tuple(eye), tuple(rng.uniform(-10, 10, 3)), fov=float(rng.uniform(20, 90)))
        out.append(c)
    return out


def old_matrices(c, aspect):
    """The camera's matrices built by the old formulas (the cameras' own arithmetic is unchanged)."""
    real = (cam_mod.look_at, cam_mod.perspective, cam_mod.orthographic)
    cam_mod.look_at, cam_mod.perspective, cam_mod.orthographic = old_look_at, old_perspective, old_orthographic
    try:
        return c.matrices(aspect)
    finally:
        cam_mod.look_at, cam_mod.perspective, cam_mod.orthographic = real


def test_cameras_projection_and_picking_match_the_old_code():
    rng = np.random.default_rng(7)
    for c in random_cameras(rng, 200):
        w, h = int(rng.integers(200, 2000)), int(rng.integers(200, 1200))
        view, proj = c.matrices(w / h)
        ov, op = old_matrices(c, w / h)
        assert view.dtype == np.float32 and proj.dtype == np.float32
        assert close(view, ov) and close(proj, op)
        pts = rng.uniform(-20, 60, (64, 3))
        got, want = project(view, proj, w, h, pts), old_project(ov, op, w, h, pts)
        front = np.abs(want[:, 2]) < 1  # points inside the depth range: pixels to float tolerance
        assert np.allclose(got[front, :2], want[front, :2], atol=1e-2 * max(1.0, float(np.abs(want[front, :2]).max(initial=1)) / 1000))
        assert np.allclose(got[front, 2], want[front, 2], atol=1e-4)
        assert np.allclose(c.project(pts, w, h)[front], got[front])
        for _ in range(8):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            o, d = pixel_ray(view, proj, w, h, x, y)
            oo, od = old_pixel_ray(ov, op, w, h, x, y)
            assert close(o, oo, rel=1e-4, abs_=1e-4) and np.allclose(d, od, atol=1e-5)
            assert abs(np.linalg.norm(d) - 1) < 1e-9
            ro, rd = c.ray(x, y, w, h)
            assert np.allclose(ro, o) and np.allclose(rd, d)


def test_pixel_ray_passes_through_the_projected_point():
    rng = np.random.default_rng(11)
    for c in random_cameras(rng, 60):
        w, h = 1024, 768
        view, proj = c.matrices(w / h)
        p = rng.uniform(-10, 40, 3)
        x, y, z = project(view, proj, w, h, [p])[0]
        if not (0 <= x <= w and 0 <= y <= h and -1 < z < 1):
            continue
        o, d = pixel_ray(view, proj, w, h, x, y)
        t = float(np.dot(p - o, d))
        assert np.linalg.norm(o + d * t - p) < 1e-3 * max(1.0, t)


def old_fit_area(proj, size, area):
    W, H = size
    ax, ay, aw, ah = area
    sx, sy = aw / W, ah / H
    tx = (ax + aw / 2) / W * 2 - 1
    ty = 1 - (ay + ah / 2) / H * 2
    m = np.array([[sx, 0, 0, tx], [0, sy, 0, ty], [0, 0, 1, 0], [0, 0, 0, 1]], np.float32)
    return (m @ proj).astype(np.float32)


def test_board_camera_matrices_match_the_old_code():
    from client.boards.geometry import HexGeometry, SquareGeometry
    from client.camera import fit_area
    from client.render import gl_board

    rng = np.random.default_rng(13)
    for _ in range(200):
        W, H = int(rng.integers(300, 2000)), int(rng.integers(300, 1200))
        ax, ay = int(rng.integers(0, W // 3)), int(rng.integers(0, H // 3))
        area = (ax, ay, int(rng.integers(50, W - ax + 1)), int(rng.integers(50, H - ay + 1)))
        proj = perspective(float(rng.uniform(20, 70)), float(rng.uniform(0.5, 2)), 0.05, float(rng.uniform(10, 90)))
        got = fit_area(proj, (W, H), area)
        assert got.dtype == np.float32 and close(got, old_fit_area(proj, (W, H), area))
        g = SquareGeometry(int(rng.integers(3, 20))) if rng.random() < 0.5 else HexGeometry(7, 10)
        c = gl_board.BoardCamera(g.bounds(), pitch=float(rng.uniform(30, 90)), yaw=float(rng.uniform(0, 360)))
        c.set_viewport((W, H), area)
        view, proj = c.matrices()
        real = (gl_board.look_at, gl_board.perspective, gl_board.fit_area)
        gl_board.look_at, gl_board.perspective, gl_board.fit_area = old_look_at, old_perspective, old_fit_area
        try:
            c2 = gl_board.BoardCamera(g.bounds(), pitch=c.pitch, yaw=c.yaw)
            c2.set_viewport((W, H), area)
            ov, op = c2.matrices()
        finally:
            gl_board.look_at, gl_board.perspective, gl_board.fit_area = real
        assert close(view, ov) and close(proj, op)
