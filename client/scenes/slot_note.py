"""The note after a game starts from the start screen or the load menu: its autosave slot claimed, and a
box naming the slot it autosaves to when another client on this machine holds the usual one."""
from __future__ import annotations

from client.scenes.modals import NoticeModal


def note_slot(app) -> None:
    """After a game starts: claim its autosave slot now, and when another client on this machine holds it,
    say which slot this game autosaves to instead (a box over the game)."""
    scene = app.scene
    game, seats = getattr(scene, "game", None), getattr(scene, "seats", None)
    if game is None or seats is None:
        return
    app.opts.autosave_note = ""
    app.opts.autosave_path(game, seats)
    if app.opts.autosave_note:
        app.push(NoticeModal(app, app.opts.autosave_note, None))
