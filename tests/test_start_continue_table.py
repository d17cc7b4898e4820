"""The start screen names the table a saved game was played at (hot seat or vs computer): a hot-seat game and a
vs-computer game of one set-up have two autosave slots, so Continue (the newest) and the question before a new
game replaces an autosave can name two games that differ only in that; without the word they read alike with two
different dates (seen in QA, session 13)."""
from __future__ import annotations

import os

from client import i18n
from client.options import Options as SaveOptions
from client.savefile import write_save
from client.scenes.modals import ConfirmModal
from client.scenes.start import StartScene
from client.ui import text
from engine.shachang import new_game
from tests.client_util import flat_app, step


def _two_autosaves(tmp_path):
    """A vs-computer and (newer) a hot-seat autosave of the same 8x8 set-up, one move into each."""
    o = SaveOptions(save_dir=tmp_path)
    paths = {}
    for seats in (["human", "normal"], ["human", "human"]):
        g = new_game(preset="standard", mode="digital", players=2, seed=4)
        g.apply(g.legal_actions()[0])
        paths[seats[1]] = o.autosave_path(g, seats)
        write_save(paths[seats[1]], g, seats, 0)
        o.release_autosave()
    os.utime(paths["normal"], (1_700_000_000, 1_700_000_000))
    os.utime(paths["human"], (1_700_000_600, 1_700_000_600))
    return paths


def test_continue_and_the_replace_question_name_hot_seat_and_vs_computer(tmp_path):
    paths = _two_autosaves(tmp_path)
    assert paths["normal"] != paths["human"]
    for lang, hot, vs in (("en", "hot seat", "vs computer"), ("zh", "热座", "对电脑")):
        with flat_app(tmp_path, lang=lang) as app:
            app.start_title()
            step(app, 2)
            sc = app.scene
            assert isinstance(sc, StartScene) and sc.game.value == "shachang"
            assert [r.value for r in sc.seats[:2]] == ["human", "normal"]  # the start screen's table: vs computer
            label = sc.continue_label()
            assert hot in label and vs not in label, label  # Continue: the newest, the hot-seat game
            sc.start()  # the new game would write the vs-computer slot, which holds an unfinished game: it asks
            modal = app.scene
            assert isinstance(modal, ConfirmModal)
            question = modal.question()
            assert vs in question and hot not in question, question
            modal.cancel()
            assert paths["normal"].exists() and paths["human"].exists()


def test_the_table_word_follows_the_game_on_the_screens_script(tmp_path):
    """辛亥革命's screens write the shared words in traditional characters: the table's word too."""
    from client.games.xinhai import traditional_table

    assert "热座 对电脑".translate(traditional_table()) == "熱座 對電腦"
    i18n.use_script(traditional_table())
    try:
        assert i18n.tr("saves.hotseat", "zh") == "熱座" and i18n.tr("saves.vs_computer", "zh") == "對電腦"
    finally:
        i18n.use_script(None)


def test_a_damaged_autosave_of_the_set_up_is_named_not_passed_over_in_silence(tmp_path, monkeypatch):
    # found in QA (session 17): a cut autosave was left out of Continue without a word, and a new game replaced it
    o = SaveOptions(save_dir=tmp_path)
    g = new_game(preset="standard", mode="digital", players=2, seed=4)
    path = o.autosave_path(g, ["human", "normal"])
    write_save(path, g, ["human", "normal"], 0)
    o.release_autosave()
    path.write_text(path.read_text(encoding="utf-8")[:150], encoding="utf-8")  # cut, as a full disk would leave it
    for lang, words in (("en", "cannot be read"), ("zh", "读不出来")):
        with flat_app(tmp_path, lang=lang) as app:
            app.start_title()
            step(app, 2)
            sc = app.scene
            assert isinstance(sc, StartScene) and sc.slot_path() == path
            assert sc.continue_info() is None and sc.unreadable_slot() == path
            drawn = []
            real = text.draw
            monkeypatch.setattr(text, "draw", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
            step(app, 1)
            monkeypatch.setattr(text, "draw", real)
            line = [s for s in drawn if words in s]
            assert line and path.name in line[0], drawn
            assert max(r.rect.bottom for r in sc.main_rows) < min(b.rect.top for b in sc.buttons)
