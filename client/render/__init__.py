"""Renderers: the interface the scenes talk to (base.py), ModernGL 3D (gl.py) and pygame 2D (flat.py)."""
