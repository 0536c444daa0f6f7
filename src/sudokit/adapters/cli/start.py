"""Where the command line starts (the ``sudokit`` script and ``python -m sudokit``): the
commands load under a Ctrl-C guard, and a Ctrl-C at any moment leaves with exit 130."""

import os
import sys
from typing import NoReturn

EXIT_INTERRUPTED = 130  # Ctrl-C


def run() -> None:
    """Load the commands and run them (:func:`sudokit.adapters.cli.main.run`)."""
    try:
        from sudokit.adapters.cli.main import run as run_commands
    except KeyboardInterrupt:  # Ctrl-C while the command line is still loading
        leave_interrupted(say=True)
    try:
        run_commands()
    except SystemExit as e:
        if e.code == EXIT_INTERRUPTED:
            leave_interrupted(say=False)  # the commands have said "interrupted"
        raise


def say_interrupted() -> None:
    """The word a Ctrl-C leaves on stderr, on a line of its own."""
    sys.stderr.write("\ninterrupted\n")


def leave_interrupted(say: bool) -> NoReturn:
    """Exit 130 now, saying "interrupted" first if ``say``.

    ``os._exit``, after flushing: after a Ctrl-C that struck while modules loaded (seen inside
    the code ``dataclasses`` generates) the interpreter sometimes ended itself by SIGINT at exit,
    though the Ctrl-C had been caught, and the shell saw no 130. Every output file is closed by
    then."""
    if say:
        say_interrupted()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(EXIT_INTERRUPTED)
