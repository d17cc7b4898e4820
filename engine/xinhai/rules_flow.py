"""The game's steps in one place for engine/xinhai/game.py: set-up and rounds (rounds.py) and
decisions (orders.py)."""
from engine.xinhai.orders import legal, perform, public_decision, shot_modifiers, why_illegal
from engine.xinhai.rounds import run_task, setup, start_round

__all__ = ["legal", "perform", "public_decision", "shot_modifiers", "why_illegal", "run_task", "setup",
           "start_round"]
