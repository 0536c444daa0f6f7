"""``python -m sudokit``: the same as the ``sudokit`` command."""

import sys

try:
    from .cli.main import run
except KeyboardInterrupt:  # Ctrl-C while the command line is still loading
    sys.stderr.write("\ninterrupted\n")
    sys.exit(130)

run()
