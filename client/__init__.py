"""The pygame-ce / ModernGL client."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's banner, once for every entry point: set
# here, before any module of the client (or a bench or test importing one) imports pygame
