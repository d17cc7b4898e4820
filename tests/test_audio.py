"""client.audio: synthesised sounds, played only for what the player on screen saw (issue 12)."""
from __future__ import annotations

import numpy as np
import pytest

from client import audio
from tests.audio_util import FakeMixer


def test_every_sound_is_short_loud_enough_and_deterministic():
    for name in audio.NAMES:
        x = audio.synth(name)
        assert 0.05 < len(x) / audio.RATE < 1.0, name
        assert 0.7 < np.abs(x).max() <= 0.81, name
        assert np.array_equal(x, audio.synth(name))
    with pytest.raises(KeyError):
        audio.synth("trumpet")


def test_mute_and_volume():
    m = FakeMixer()
    s = audio.Sounds(volume=0.5, mixer=m)
    s.play("select")
    assert ("volume", 0.5) in m.log and any(e[0] == "play" for e in m.log)
    assert s.toggle_mute() is True
    n = len(m.log)
    s.play("shot")
    assert len(m.log) == n and s.played == ["select"]
    s.toggle_mute()
    s.set_volume(7)
    assert s.volume == 1.0


def test_sounds_follow_only_the_viewers_own_log():
    """P1 hears its own shot and the kill; P2, who cannot see the shooter, hears only what its log shows;
    nothing is heard twice, and a new viewer after a hand-over hears nothing old."""
    from engine.shachang.game import ShachangGame
    from engine.shachang.maps import GameMap

    gm = GameMap(heights=np.zeros((8, 8), dtype=np.int16), spawns=(((0, 0),), ((7, 7),)))
    g = ShachangGame(gm, preset="standard", mode="digital", players=2,
                     setup={"units": [[0, "a1", 8], [1, "a4", 1], [1, "h8", 2]], "reserve": [0, 0]})
    s1, s2 = audio.Sounds(mixer=FakeMixer()), audio.Sounds(mixer=FakeMixer())
    s1.baseline(g, 0)
    s2.baseline(g, 1)
    g.apply("attack a1 a4")
    heard1 = s1.after_events(g, 0)
    heard2 = s2.after_events(g, 1)
    assert heard1 == ["shot", "kill"]
    assert "shot" not in heard2  # P2 never saw the shooter's cell fire
    assert s1.after_events(g, 0) == []  # nothing twice
    g.apply("end")
    s3 = audio.Sounds(mixer=FakeMixer())
    s3.baseline(g, 1)
    assert s3.after_events(g, 1) == []


def test_event_keys_map_to_sounds():
    assert audio.sounds_for("shachang.ev.attack_hit") == ("shot", "hit")
    assert audio.sounds_for("shachang.ev.end") == ("turn",)
    assert audio.sounds_for("anything.else") == ()
