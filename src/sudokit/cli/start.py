"""Where the command line starts (the ``sudokit`` script and ``python -m sudokit``): the
commands load under a Ctrl-C guard, and a Ctrl-C at any moment leaves with exit 130."""

import os
import sys
from typing import NoReturn

EXIT_INTERRUPTED = 130  # Ctrl-C


def run() -> None:
    """Load the commands and run them (:func:`sudokit.cli.main.run`)."""
    try:
        from .main import run as run_commands
    except KeyboardInterrupt:  # Ctrl-C while the command line is still loading
        leave_interrupted(say=True)
    try:
        run_commands()
    except SystemExit as e:
        if e.code == EXIT_INTERRUPTED:
            leave_interrupted(say=False)  # the commands have said "interrupted"
        raise


def leave_interrupted(say: bool) -> NoReturn:
    """Exit 130 now, saying "interrupted" first if ``say``.

    ``os._exit``, after flushing: a Ctrl-C that strikes while modules load (inside the code
    ``dataclasses`` generates, for one) can make the interpreter end itself by SIGINT at exit,
    whatever caught it, and the shell would not see 130. Every output file is closed by then."""
    if say:
        sys.stderr.write("\ninterrupted\n")
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(EXIT_INTERRUPTED)
