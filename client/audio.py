"""Short game sounds, synthesised with numpy at start-up (nothing to ship or license), with volume and mute.

    sounds = Sounds(volume=0.6)          # silent (and harmless) when there is no audio device
    sounds.play("select")
    sounds.after_events(game, viewer)    # the sounds of the log entries ``viewer`` saw since last call

Sounds follow what the viewer's own log shows (``game.events(viewer)``), so they never tell a
player more than the screen does. Names: select, march, shot, hit, kill, reinforce, turn, gameover, item.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pygame

RATE = 22050
NAMES = ("select", "march", "shot", "hit", "kill", "reinforce", "turn", "gameover", "item")

# log entry key -> sounds, in order (沙场秋点兵's keys; other games' keys map the same way by suffix)
EVENT_SOUNDS: dict[str, tuple[str, ...]] = {
    "ev.reinforce": ("reinforce",),
    "ev.march_step": ("march",),
    "ev.march_steps": ("march",),
    "ev.attack_hit": ("shot", "hit"),
    "ev.unseen_hit": ("hit",),
    "ev.attack_wiped": ("shot", "kill"),
    "ev.unseen_wiped": ("kill",),
    "ev.end": ("turn",),
    "ev.game_over": ("gameover",),
    # 沙场秋点兵's fun items (S20a-S20j): a shimmer for a draw or a use, the blast's hits as hits
    "item.drawn": ("item",), "item.found": ("item",), "item.yugong": ("item", "march"),
    "item.fanfu": ("item", "hit"), "item.dilao": ("item",), "item.liu": ("item",), "item.liu_gone": ("item",),
    "item.liu_came": ("item",), "item.tonggui": ("kill",), "item.blast_hit": ("hit",),
    "item.blast_wiped": ("kill",), "item.blast_unseen": ("hit",), "item.taoyuan": ("item",),
    "item.wangming": ("item",), "item.cuntu": ("item", "shot"),
    "item.wangming_cells": ("item",), "item.wangming_seen": ("item",),  # 亡命天涯 on the star (S20n)
}


def _env(n: int, attack: float = 0.005, decay: float = 8.0) -> np.ndarray:
    t = np.arange(n) / RATE
    a = np.clip(t / max(attack, 1e-4), 0, 1)
    return a * np.exp(-decay * t)


def _tone(freq0: float, freq1: float, dur: float, decay: float = 8.0, harm: float = 0.3) -> np.ndarray:
    n = int(RATE * dur)
    f = np.linspace(freq0, freq1, n)
    ph = 2 * np.pi * np.cumsum(f) / RATE
    return (np.sin(ph) + harm * np.sin(2 * ph)) * _env(n, decay=decay)


def _noise(dur: float, decay: float, seed: int, lowpass: int = 1) -> np.ndarray:
    n = int(RATE * dur)
    x = np.random.default_rng(seed).uniform(-1, 1, n)
    if lowpass > 1:
        x = np.convolve(x, np.ones(lowpass) / lowpass, mode="same")
    return x * _env(n, attack=0.002, decay=decay)


def _mix(*parts: np.ndarray) -> np.ndarray:
    """The sum of sounds of different lengths (the shorter ones padded with silence)."""
    out = np.zeros(max(len(p) for p in parts))
    for p in parts:
        out[:len(p)] += p
    return out


def _cat(*parts: np.ndarray, gap: float = 0.0) -> np.ndarray:
    g = np.zeros(int(RATE * gap))
    out = []
    for p in parts:
        out += [p, g]
    return np.concatenate(out[:-1]) if out else np.zeros(0)


def synth(name: str) -> np.ndarray:
    """The samples of one sound: float64 mono in [-1, 1] at RATE (deterministic)."""
    if name == "select":
        x = _tone(880, 990, 0.07, decay=40)
    elif name == "march":
        thump = lambda s: _mix(_noise(0.09, 30, s, lowpass=24), 0.6 * _tone(90, 70, 0.09, decay=30, harm=0))
        x = _cat(thump(1), thump(2), thump(3), gap=0.07)
    elif name == "shot":
        x = _mix(_noise(0.16, 28, 4, lowpass=2), 0.4 * _tone(1400, 500, 0.16, decay=25, harm=0))
    elif name == "hit":
        x = _mix(_tone(140, 80, 0.22, decay=14, harm=0.5), 0.5 * _noise(0.1, 40, 5, lowpass=12))
    elif name == "kill":
        x = _mix(_tone(420, 90, 0.5, decay=5, harm=0.6), 0.4 * _noise(0.3, 10, 6, lowpass=8))
    elif name == "reinforce":
        x = _cat(_tone(523, 523, 0.12, decay=18), _tone(784, 784, 0.2, decay=12))
    elif name == "turn":
        x = _tone(660, 660, 0.3, decay=9, harm=0.15)
    elif name == "gameover":
        x = _cat(_tone(392, 392, 0.18, decay=8), _tone(523, 523, 0.18, decay=8), _tone(659, 659, 0.5, decay=4),
                 gap=0.03)
    elif name == "item":  # a rising shimmer
        x = _cat(_tone(988, 988, 0.07, decay=22), _tone(1319, 1319, 0.07, decay=22), _tone(1760, 1760, 0.16, decay=12))
    else:
        raise KeyError(f"no sound {name!r}; sounds: {', '.join(NAMES)}")
    peak = float(np.abs(x).max()) or 1.0
    return x * (0.8 / peak)


def sounds_for(key: str) -> tuple[str, ...]:
    """The sounds of one log entry key (by its last two parts, e.g. ``shachang.ev.attack_hit``)."""
    tail = ".".join(key.split(".")[-2:])
    return EVENT_SOUNDS.get(tail, ())


class _quiet_stderr:
    """Silence the process's stderr (fd 2, where C libraries write) for a moment."""

    def __enter__(self):
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except OSError:
            self.saved = None
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)
        return False


class Sounds:
    """The game's sounds on pygame's mixer; every call is a no-op without an audio device."""

    def __init__(self, volume: float = 0.6, muted: bool = False, mixer=None):
        self.volume = float(min(1.0, max(0.0, volume)))
        self.muted = bool(muted)
        self.played: list[str] = []  # names played, newest last (tests, and the last few for nothing else)
        self._seen: dict[tuple[int, int], int] = {}  # (game, viewer) -> log entries already sounded
        self._mixer = mixer
        self.last_events: list = []
        self._cache: dict[str, object] = {}
        self.ok = False
        self.reason = ""  # why there is no sound (the mixer's error), for the player to read
        if self._mixer is None:
            try:
                if not pygame.mixer.get_init():
                    with _quiet_stderr():  # ALSA prints a page of errors when there is no sound card
                        pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
                self._mixer = pygame.mixer
                self.ok = True
            except Exception as e:  # no audio device (CI, ssh): silent
                self._mixer = None
                self.reason = str(e).strip() or type(e).__name__
        else:
            self.ok = True

    def _sound(self, name: str):
        s = self._cache.get(name)
        if s is None:
            x = synth(name)
            pcm = (x * 32767).astype(np.int16)
            init = self._mixer.get_init()
            if init and init[2] == 2:
                pcm = np.repeat(pcm[:, None], 2, axis=1)
            s = self._cache[name] = self._mixer.Sound(buffer=pcm.tobytes())
        return s

    def play(self, name: str) -> None:
        """Play one sound (unless muted or without a device)."""
        if name not in NAMES:
            raise KeyError(f"no sound {name!r}; sounds: {', '.join(NAMES)}")
        if self.muted or not self.ok or self.volume <= 0:
            return
        self.played.append(name)
        del self.played[:-32]
        try:
            s = self._sound(name)
            s.set_volume(self.volume)
            s.play()
        except Exception as e:  # a device that went away: stay silent from now on
            self.ok = False
            self.reason = str(e).strip() or type(e).__name__

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted

    def available(self) -> bool:
        """Whether there is an audio device to play on (``reason`` says why not)."""
        return self.ok

    def set_volume(self, v: float) -> None:
        self.volume = float(min(1.0, max(0.0, v)))

    def baseline(self, game, viewer: int) -> None:
        """Take ``viewer``'s log as heard (a new viewer after a hand-over hears nothing old)."""
        self._seen[(id(game), viewer)] = len(game.events(viewer))

    def after_events(self, game, viewer: int) -> list[str]:
        """Play the sounds of the log entries ``viewer`` may see that came since the last call."""
        events = game.events(viewer)
        k = (id(game), viewer)
        if len(self._seen) > 64 and k not in self._seen:
            self._seen.clear()  # old games
        start = self._seen.get(k, len(events))
        self._seen[k] = len(events)
        self.last_events = list(events[start:])  # what came since the last call (the scene animates hits)
        names: list[str] = []
        for ev in events[start:]:
            key = getattr(getattr(ev, "msg", None), "key", "")
            for n in sounds_for(key):
                if n not in names:
                    names.append(n)
        for n in names[:3]:  # a long computer turn does not make a din
            self.play(n)
        return names


_shared: Sounds | None = None


def shared() -> Sounds:
    """The app's one Sounds (made on first use; ``ZHANQI_MUTE=1`` or ``--mute`` start it muted)."""
    global _shared
    if _shared is None:
        _shared = Sounds(muted=os.environ.get("ZHANQI_MUTE", "") not in ("", "0"))
    return _shared
