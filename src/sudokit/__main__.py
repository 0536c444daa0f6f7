"""``python -m sudokit``: the same as the ``sudokit`` command."""

from .cli.start import run

run()
