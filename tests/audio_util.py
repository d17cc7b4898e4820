"""A stand-in for pygame.mixer (sounds recorded, not played) for the audio and sound-key tests."""
from __future__ import annotations

from client import audio


class FakeSound:
    def __init__(self, log, buffer):
        self.log, self.n = log, len(buffer)

    def set_volume(self, v):
        self.log.append(("volume", v))

    def play(self):
        self.log.append(("play", self.n))


class FakeMixer:
    def __init__(self):
        self.log = []

    def get_init(self):
        return (audio.RATE, -16, 1)

    def Sound(self, buffer):
        return FakeSound(self.log, buffer)
