"""Flat boards in the client: geometry (square, irregular, hex), the board model both renderers draw,
and a window of its own (``python -m client.boards``). Each game's part lives in client/games/.
See docs/boards.md.
"""
