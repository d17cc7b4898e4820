"""Benchmark scripts: ``python -m bench.<name>``."""
