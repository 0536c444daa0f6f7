"""``python -m sudokit``: the same as the ``sudokit`` command."""

from .cli.main import run

run()
