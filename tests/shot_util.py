"""Pixel tolerances of the rule-picture comparisons (a picture against its reference)."""
from __future__ import annotations



MEAN_TOL = 1.5


PIXEL_TOL = 40


FRACTION_TOL = 0.01
