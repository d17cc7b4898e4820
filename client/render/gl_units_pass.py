"""The units pass of GLRenderer (client/render/gl.py): stacks of tokens and ghost stacks, instanced
(instance data from client/render/gl_units.py). ``UnitsPass`` is a part of GLRenderer: it keeps its
buffers on the renderer."""
from __future__ import annotations

from typing import Any

import moderngl
import numpy as np

from client.camera import FirstPersonCamera
from client.render import gl_units
from client.render.base import Frame
from client.render.gl_programs import load_program


def in_view(inst: np.ndarray, mvp: np.ndarray) -> np.ndarray:
    """Which token instances ((N, INSTANCE_FLOATS): centre x, base y, centre z, radius, height, ...) may show a
    pixel under ``mvp`` (row-major 4x4): False only where the whole box around the disc (and the core below it),
    widened by a margin, is outside one clip plane. Leaving those out draws the same picture with less vertex
    work (issue 27: a close-up sees a few of the board's stacks)."""
    x, y, z, w, h = (inst[:, i].astype(np.float64) for i in range(5))
    w = w * 1.05 + 1e-3
    lo = np.stack([x - w, y - h - 1e-3, z - w], axis=1)  # the core reaches a fifth of a disc below its base
    hi = np.stack([x + w, y + h * 1.05 + 1e-3, z + w], axis=1)
    pick = _CORNERS[None, :, :]
    pts = np.where(pick == 0, lo[:, None, :], hi[:, None, :])  # (N, 8, 3)
    clip = pts @ mvp[:, :3].T + mvp[:, 3]  # (N, 8, 4)
    cw = clip[..., 3]
    m = 1e-3 * np.abs(cw) + 1e-6
    out = np.zeros(len(inst), bool)
    for k in range(3):
        c = clip[..., k]
        out |= (c > cw + m).all(axis=1) | (c < -cw - m).all(axis=1)
    return ~out


_CORNERS = np.array([[i, j, k] for i in (0, 1) for j in (0, 1) for k in (0, 1)])


class UnitsPass:
    """The units pass: the token program, mesh and instance buffers (a part of GLRenderer)."""

    cull_tokens = True  # leave out stacks wholly outside the view (in_view): the same picture
    # ... once there are more instances than this: below it the test costs more than the vertex work it saves
    # (the huge flight's 64 soldiers: in_view 0.15 ms a frame, issue 27)
    CULL_FROM = 128

    def _init_units(self, ctx: moderngl.Context) -> None:
        """The token program and its buffers."""
        self.p_token = load_program(ctx, "token")
        # tokens
        # the disc's distinct vertices and the triangles' indices into them: the same triangles in the same order (the
        # same picture), each shared vertex shaded once a draw by llvmpipe's vertex cache, not once a corner (issue 27)
        verts, index = np.unique(gl_units.token_mesh(), axis=0, return_inverse=True)
        self.token_vbo = ctx.buffer(np.ascontiguousarray(verts, np.float32).tobytes())
        self.token_ibo = ctx.buffer(np.asarray(index, np.uint32).ravel().tobytes())
        self.token_inst = ctx.buffer(reserve=gl_units.INSTANCE_FLOATS * 4 * 1024, dynamic=True)
        self.token_vao = self._token_vao(self.token_inst)
        self.tokens_drawn = 0  # token instances drawn in the last frame (after culling)
        self._token_written = None  # the bytes the instance buffer holds (written only when they change)
        self._inst_kept = None  # (key, instances, layout) of the last stacks built (_stack_instances)

    def _token_vao(self, inst):
        return self.ctx.vertex_array(self.p_token, [
            (self.token_vbo, "3f 3f", "in_pos", "in_normal"),
            (inst, "4f 1f 3f 4f/i", "in_inst", "in_height", "in_color", "in_ring"),
        ], index_buffer=self.token_ibo, index_element_size=4)

    def _draw_units(self, frame: Frame, camera: Any, ground: np.ndarray, far: bool, view, proj, mvp_b) -> None:
        """The stacks (on ``ground`` heights; the first-person eye's own stack is not drawn), then ghosts."""
        ctx = self.ctx
        layout = getattr(frame, "layout", None)
        # tokens
        skip = camera.cell if isinstance(camera, FirstPersonCamera) else None
        faded = set(frame.overlays.faded) if not far else set()
        units = [u for u in frame.units if u.cell not in faded] if faded else frame.units
        inst = self._stack_instances(units, ground, skip, far, layout)
        if far and len(inst):
            # overview maps: stacks at least ~12 px wide so every unit can be found and told apart
            cpx = self._centre_cell_px(view, proj)
            inst = inst.copy()  # the kept instances stay as built
            inst[:, 3] *= min(16.0, max(1.0, 6.0 / (gl_units.TOKEN_RADIUS * max(cpx, 0.1))))
        if self.cull_tokens and len(inst) > self.CULL_FROM:
            inst = inst[in_view(inst, proj.astype(np.float64) @ view.astype(np.float64))]
        self.tokens_drawn = len(inst)
        self.p_token["u_mvp"].write(mvp_b)
        if len(inst):
            self._draw_tokens(inst, 1.0)
        if faded:  # stacks the pointer looks past (a click there picks the cell behind): see-through
            see = gl_units.instances([u for u in frame.units if u.cell in faded], ground, skip_cell=skip,
                                     layout=layout)
            if len(see):
                ctx.enable(moderngl.BLEND)
                ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
                ctx.fbo.depth_mask = False  # the labels and frames behind it stay visible
                self._draw_tokens(see, 0.3)
                ctx.fbo.depth_mask = True
                ctx.disable(moderngl.BLEND)
        ghosts = gl_units.ghost_instances(frame.ghosts, ground, layout=layout)
        if len(ghosts):
            ctx.enable(moderngl.BLEND)
            ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
            self._draw_tokens(ghosts, 0.5)
            ctx.disable(moderngl.BLEND)

    def _stack_instances(self, units, ground: np.ndarray, skip, far: bool, layout) -> np.ndarray:
        """``gl_units.instances`` of these stacks, kept while the stacks (cell, owner, count, look), the ground
        under them, the left-out cell, the level of detail and the layout are unchanged (issue 27: the flight
        builds the same instances every frame). Read-only: copy before changing it."""
        # the marks themselves (frozen dataclasses: equal when cell, owner, count and state are) and the ground's
        # values under them (item: Python numbers; an equal number gives the same instances)
        key = (tuple(units), tuple([ground.item(u.cell) for u in units]), skip, far, id(layout))
        kept = getattr(self, "_inst_kept", None)
        if kept is not None and kept[0] == key and kept[2] is layout:
            return kept[1]
        inst = gl_units.instances(units, ground, skip_cell=skip, merged=far, layout=layout)
        inst.flags.writeable = False
        self._inst_kept = (key, inst, layout)
        return inst

    def _draw_tokens(self, inst: np.ndarray, alpha: float) -> None:
        data = np.ascontiguousarray(inst, np.float32).tobytes()
        if len(data) > self.token_inst.size:
            self.token_inst.release()
            self.token_inst = self.ctx.buffer(reserve=max(len(data), self.token_inst.size * 2), dynamic=True)
            self.token_vao.release()
            self.token_vao = self._token_vao(self.token_inst)
            self._token_written = None
        if data != getattr(self, "_token_written", None):  # the buffer holds what was last written: upload changes
            self.token_inst.write(data)
            self._token_written = data
        self.p_token["u_alpha"].value = alpha
        self.token_vao.render(moderngl.TRIANGLES, instances=len(inst))
