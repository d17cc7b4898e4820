"""Screens of the client: start, game, hand-over, game over, menu, load, help."""
