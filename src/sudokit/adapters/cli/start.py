"""Where the command line starts (the ``sudokit`` script and ``python -m sudokit``): the
commands load under a Ctrl-C guard, and a Ctrl-C at any moment leaves with exit 130."""

from sudokit.adapters.cli.interrupted import EXIT_INTERRUPTED, leave_interrupted


def run() -> None:
    """Load the commands and run them (:func:`sudokit.adapters.cli.main.run`)."""
    try:
        # imported here, inside the guard: loading the commands takes a moment Ctrl-C may strike
        from sudokit.adapters.cli.main import run as run_commands
    except KeyboardInterrupt:  # Ctrl-C while the command line is still loading
        leave_interrupted(say=True)
    try:
        run_commands()
    except SystemExit as e:
        if e.code == EXIT_INTERRUPTED:
            leave_interrupted(say=False)  # the commands have said "interrupted"
        raise
