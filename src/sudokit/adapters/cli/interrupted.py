"""Leaving on Ctrl-C: exit 130 and the word "interrupted" on stderr. Below every other module of
the command line (standard library only), so :mod:`.start` can use it before the commands load."""

import os
import sys
from typing import NoReturn

EXIT_INTERRUPTED = 130  # Ctrl-C


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
