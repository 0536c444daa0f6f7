"""An unexpected exception in any command is an internal error: exit code 70 and one line asking
for a report, never a traceback (unless SUDOKIT_DEBUG is set); Ctrl-C is exit 130, "interrupted"."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import sudokit.engines.generate
import sudokit.engines.rating
import sudokit.engines.search
from sudokit.adapters.cli import logic as cli_logic
from sudokit.adapters.cli.common import DEBUG_ENV, EXIT_INTERNAL, EXIT_INTERRUPTED
from sudokit.adapters.cli.main import app
from sudokit.engines.logic import LogicalSolver

EASY = "000000000640017000000020361506040000000006420000280009000500740405069200800000000"


def boom(*args, **kwargs):
    raise RuntimeError("boom\nwith a second line")


#: (command line, the object and attribute to break so that the command fails inside)
COMMANDS = {
    "solve": (["solve", EASY], sudokit.engines.search, "solve"),
    "count": (["solve", EASY, "--count"], sudokit.engines.search, "solve"),
    "hint": (["hint", EASY], cli_logic, "make_hint"),
    "explain": (["explain", EASY], LogicalSolver, "solve_path"),
    "steps": (["steps", EASY], LogicalSolver, "all_steps"),
    "rate": (["rate", EASY], sudokit.engines.rating, "rate"),
    "generate": (["generate", "--size", "4"], sudokit.engines.generate, "generate_many"),
}


def invoke(args, env=None):
    return CliRunner().invoke(app, args, env=env)


@pytest.mark.parametrize("name", COMMANDS)
def test_an_internal_error_is_one_line_and_exit_70(name, monkeypatch):
    args, owner, attr = COMMANDS[name]
    monkeypatch.setattr(owner, attr, boom)
    monkeypatch.delenv(DEBUG_ENV, raising=False)
    r = invoke(args)
    assert r.exit_code == EXIT_INTERNAL, (r.exit_code, r.output)
    assert "Traceback" not in r.output
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert lines == ["internal error: RuntimeError: boom — please report it "
                     f"({DEBUG_ENV}=1 shows the traceback)"]


def test_the_debug_variable_shows_the_traceback(monkeypatch):
    monkeypatch.setattr(sudokit.engines.rating, "rate", boom)
    r = invoke(["rate", EASY], env={DEBUG_ENV: "1"})
    assert r.exit_code == EXIT_INTERNAL
    assert "Traceback" in r.stderr and "RuntimeError: boom" in r.stderr
    assert "internal error: RuntimeError: boom — please report it" in r.stderr


def test_a_sudokit_error_is_not_an_internal_error(monkeypatch):
    from sudokit.model.errors import InvalidPuzzleError

    def invalid(*args, **kwargs):
        raise InvalidPuzzleError("the puzzle is broken in r1c1")

    monkeypatch.setattr(LogicalSolver, "solve_path", invalid)
    r = invoke(["explain", EASY])
    assert r.exit_code == 3 and "error: the puzzle is broken in r1c1" in r.stderr
    assert "internal error" not in r.stderr


def test_ctrl_c_is_exit_130_and_says_interrupted(monkeypatch):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sudokit.engines.rating, "rate", interrupt)
    r = invoke(["rate", EASY])
    assert r.exit_code == EXIT_INTERRUPTED
    assert r.stderr.strip() == "interrupted" and "Traceback" not in r.output


def test_the_console_script_path_gives_exit_70_without_traceback():
    """The real entry point (not the test runner): Typer's own exception hook must not print
    its traceback either."""
    code = ("import sudokit.engines.rating as r\n"
            "def boom(*a, **k): raise RuntimeError('boom')\n"
            "r.rate = boom\n"
            "import sys; sys.argv = ['sudokit', 'rate', %r]\n"
            "from sudokit.adapters.cli.main import run; run()\n" % EASY)
    env = {k: v for k, v in os.environ.items() if k != DEBUG_ENV}
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=env)
    assert p.returncode == EXIT_INTERNAL, p.stderr
    assert "Traceback" not in p.stderr and "internal error: RuntimeError: boom" in p.stderr


def test_ctrl_c_while_the_arguments_are_read_says_interrupted(monkeypatch, capsys):
    """Typer turns a Ctrl-C before the command runs (while it reads the arguments) into exit
    130 with no word; the entry point says "interrupted" then too, and only once."""
    from sudokit.adapters.cli import common
    from sudokit.adapters.cli import main as cli_main

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main.Commands, "make_context", interrupt)
    monkeypatch.setattr(common, "said_interrupted", False)
    monkeypatch.setattr(sys, "argv", ["sudokit", "solve", "." * 81])
    with pytest.raises(SystemExit) as info:
        cli_main.run()
    assert info.value.code == 130
    assert capsys.readouterr().err.count("interrupted") == 1


#: A sitecustomize that presses Ctrl-C (SIGINT to its own process) just as the command line
#: starts loading its commands (the import of sudokit.adapters.cli.main).
CTRL_C_WHILE_LOADING = """
import os, signal, sys

class PressCtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "sudokit.adapters.cli.main":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, PressCtrlC())
"""


def _console_script() -> str:
    from importlib.metadata import entry_points

    (script,) = [ep for ep in entry_points(group="console_scripts") if ep.name == "sudokit"]
    return script.value


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("entry", ["python -m sudokit", "the sudokit script"])
def test_ctrl_c_while_the_commands_load_is_exit_130_without_traceback(entry, tmp_path):
    (tmp_path / "sitecustomize.py").write_text(CTRL_C_WHILE_LOADING)
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    if entry == "python -m sudokit":
        command = [sys.executable, "-m", "sudokit", "solve", EASY]
    else:  # what the installed script does, with the entry point the package declares
        module, func = _console_script().split(":")
        command = [sys.executable, "-c", f"import sys; from {module} import {func}; sys.exit({func}())",
                   "solve", EASY]
    p = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert p.returncode == EXIT_INTERRUPTED, p.stderr
    assert "interrupted" in p.stderr and "Traceback" not in p.stderr
    assert p.stdout == ""  # stopped before it solved
