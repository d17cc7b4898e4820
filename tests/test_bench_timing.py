"""bench/timing.py's side-by-side helpers: which frames are drawn, in which order, and which are kept (issue 27:
a ratio is measured side by side in one run; the close-up over whole-map ratio of bench.render uses
gl_alternating_blocks)."""
from bench.timing import gl_alternating_blocks


class _Ctx:
    def __init__(self, log):
        self.log = log

    def finish(self):
        self.log.append("finish")


class _Renderer:
    def __init__(self, name, log):
        self.name, self.log = name, log

    def draw(self, frame, cam):
        cam["frames"] += 1
        self.log.append((self.name, frame, cam["frames"]))


def test_alternating_blocks_order_and_kept_frames():
    log = []
    cams = [{"frames": 0, "steps": 0}, {"frames": 0, "steps": 0}]

    def step(cam):
        cam["steps"] += 1

    draws = [(_Renderer("whole", log), "f0", cams[0], step), (_Renderer("close", log), "f1", cams[1], step)]
    whole, close = gl_alternating_blocks(_Ctx(log), draws, blocks=4, per=5, drop=2)
    # every block draws ``per`` frames of each view, each one finished before it is timed as done
    frames = [e for e in log if e != "finish"]
    assert len(frames) == 2 * 4 * 5 and log.count("finish") == len(frames)
    assert all(log[2 * i + 1] == "finish" for i in range(len(frames)))
    # blocks alternate, the order reversed every other block: whole, close | close, whole | whole, close | ...
    names = [e[0] for e in frames]
    runs = [names[i] for i in range(0, len(names), 5)]
    assert runs == ["whole", "close", "close", "whole", "whole", "close", "close", "whole"]
    assert all(len(set(names[i:i + 5])) == 1 for i in range(0, len(names), 5))
    # each draw with its own frame and camera, the camera stepped before every frame
    assert all(e[1] == ("f0" if e[0] == "whole" else "f1") for e in frames)
    assert cams[0]["steps"] == cams[0]["frames"] == 20 and cams[1]["steps"] == cams[1]["frames"] == 20
    # the first ``drop`` frames of every block are left out: 3 of 5 kept in each of 4 blocks
    assert len(whole) == len(close) == 12
    assert all(t >= 0 for t in whole + close)
