"""``python -m sudokit``: the same as the ``sudokit`` command."""

from sudokit.adapters.cli.start import run

run()
