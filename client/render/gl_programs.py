"""Shader programs of the 3D renderers: GLSL files from shaders/ (with ``#include``), compiled with
optional ``#define`` lines, and uniforms set only where the compiler kept them."""
from __future__ import annotations

from pathlib import Path

import moderngl

SHADERS = Path(__file__).resolve().parents[2] / "shaders"


def shader_source(name: str) -> str:
    """A GLSL file from shaders/, with lines ``#include other.glsl`` replaced by that file."""
    out = []
    for line in (SHADERS / name).read_text().splitlines():
        if line.startswith("#include "):
            out.append(shader_source(line.split()[1]))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def load_program(ctx: moderngl.Context, name: str, frag: str | None = None, defines=()) -> moderngl.Program:
    """A program from shaders/<name>.vert and .frag; ``defines`` go after the fragment's #version."""
    fs = shader_source(f"{frag or name}.frag")
    if defines:
        first, rest = fs.split("\n", 1)
        fs = first + "\n" + "".join(f"#define {d}\n" for d in defines) + rest
    return ctx.program(vertex_shader=shader_source(f"{name}.vert"), fragment_shader=fs)


def set_uniform(prog: moderngl.Program, name: str, value) -> None:
    """Set a uniform if the compiler kept it (unused uniforms are optimised away)."""
    if name in prog:
        prog[name].value = value
