"""Solvers the benchmark compares the core with (written here, or adapters to PyPI packages)."""
