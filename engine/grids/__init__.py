"""Board geometry shared by the games: square grids (4/8 neighbours, crosses cut from a square),
hex grids in axial coordinates (flat/pointy, offset labels like "D-11") and the 121-cell
Chinese-checkers star.  Pure Python + numpy.  See docs/grids.md.

Every grid has the interface of ``engine.grids.base.Grid``: cells(), contains(cell),
neighbours(cell), distance(a, b), span(a, b), line_options(a, b), line(a, b, tie=...),
between(a, b, tie=...), name(cell), parse(text).
"""
from engine.grids.base import Cell, CellNameError, Grid
from engine.grids.hexes import (HexGrid, HexRowsLattice, OffsetHexGrid, axial_to_offset, axial_to_pixel, cube_round,
                                cube_round_array, hex_corners, hex_distance, hex_rows_lattice, offset_to_axial, pixel_to_axial,
                                pixel_to_fractional, pixels_to_axial)
from engine.grids.names import letters, letters_index
from engine.grids.square import SquareGrid, cross, parse_square_name, square_grid
from engine.grids.star import StarGrid, star_grid

__all__ = ["Cell", "CellNameError", "Grid", "HexGrid", "HexRowsLattice", "OffsetHexGrid", "SquareGrid", "StarGrid",
           "axial_to_offset", "axial_to_pixel", "cross", "cube_round", "cube_round_array", "hex_corners", "hex_distance", "hex_rows_lattice", "letters", "letters_index", "offset_to_axial",
           "parse_square_name", "pixel_to_axial", "pixel_to_fractional", "pixels_to_axial", "square_grid", "star_grid"]
