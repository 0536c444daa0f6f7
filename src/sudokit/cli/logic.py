"""``sudokit hint``, ``sudokit explain`` and ``sudokit steps``: the logical solver on the command
line (human techniques, one explained step at a time)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ..errors import SudokitError
from ..logic import LogicalSolver, Position, SolvePath, hint as make_hint
from ..logic.hints import LEVELS
from ..logic.techniques import CATALOGUE, REGISTRY, default_order
from .common import (
    EXIT_CODES_HELP, EXIT_NO_SOLUTION, EXIT_OK, EXIT_STUCK, AlphabetOpt, BoxOpt, FormatOpt, echo,
    handle_errors, input_text, message, missing_file, out, warn,
)

LOGIC_EXIT_HELP = f"{EXIT_CODES_HELP} For hint and explain, 1 means the position contradicts itself (a wrong entry)."

POSITION_HELP = (
    "A puzzle in any format (e.g. 81 symbols), a position JSON "
    '({"box":[3,3],"givens":..,"values":..,"candidates":[..]}), a candidate grid (729-character '
    "Sukaku line or pencil-mark grid), a file holding one of these, or - for stdin.")

PositionArg = Annotated[str, typer.Argument(metavar="PUZZLE|POSITION", help=POSITION_HELP,
                                            show_default=False)]


def _check_techniques(ids: list[str] | None) -> list[str] | None:
    """Typer callback: every id must name a technique; the message lists the valid ones."""
    for tid in ids or ():
        if tid not in REGISTRY:
            known = ", ".join(default_order())
            hint = " (catalogued, not available yet)" if tid in CATALOGUE else ""
            raise typer.BadParameter(f"unknown technique {tid!r}{hint}; valid ids: {known}")
    return ids


TechniqueOpt = Annotated[list[str] | None, typer.Option(
    "--technique", "-t", metavar="ID", callback=_check_techniques, show_default=False,
    help="Use only this technique (repeat for several; the order given is the order tried). "
         "Ids: see `sudokit steps --list`.")]
ExcludeOpt = Annotated[list[str] | None, typer.Option(
    "--exclude", "-x", metavar="ID", callback=_check_techniques, show_default=False,
    help="Do not use this technique (repeatable).")]
UniqueOpt = Annotated[bool, typer.Option(
    "--uniqueness/--no-uniqueness",
    help="Allow uniqueness techniques (Unique Rectangles, BUG+1) when the puzzle has exactly "
         "one solution.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON (see the command's help).")]


# --- reading a position -------------------------------------------------------------------------

def read_position(arg: str, fmt: str | None = None, box: str | None = None,
                  alphabet: str | None = None) -> Position:
    """The one position of a PUZZLE|POSITION argument, with its clashes refused."""
    text, by_ext, source = input_text(arg)
    try:
        position = Position.parse(text, fmt or by_ext, box, alphabet, source=source)
    except SudokitError:
        error = missing_file(arg, source)
        if error is not None:
            raise error from None
        raise
    position.to_grid().validate()
    return position


def _solver(techniques, exclude, uniqueness: bool) -> LogicalSolver:
    return LogicalSolver(techniques or None, None if uniqueness else False, exclude or ())


def _stop_on_contradiction(position: Position) -> None:
    reason = position.contradiction()
    if reason:
        message(f"error: the position cannot be solved: {reason}", "bold red")
        raise typer.Exit(EXIT_NO_SOLUTION)


# --- hint -------------------------------------------------------------------------------------

def _check_level(level: str) -> str:
    if level not in LEVELS:
        raise typer.BadParameter(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    return level


def hint(
    puzzle: PositionArg,
    level: Annotated[str, typer.Option(
        "--level", "-l", callback=_check_level,
        help="nudge: the technique and where to look; step: the whole step.")] = "nudge",
    apply: Annotated[bool, typer.Option(
        "--apply", help="Apply the step and print the position after it as position JSON.")] = False,
    technique: TechniqueOpt = None,
    exclude: ExcludeOpt = None,
    uniqueness: UniqueOpt = True,
    box: BoxOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print a hint for the next step (see :data:`HINT_HELP`)."""
    with handle_errors():
        position = read_position(puzzle, fmt, box, alphabet)
        _stop_on_contradiction(position)
        if position.is_solved:
            message("the puzzle is already solved")
            raise typer.Exit(EXIT_OK)
        h = make_hint(position, level, technique or None, None if uniqueness else False,
                      exclude or ())
        if h is None:
            warn("no chosen technique applies to this position")
            raise typer.Exit(EXIT_STUCK)
        if apply:
            message(h.at("step").text)
            echo(h.apply().to_json())
        elif as_json:
            echo(json.dumps(h.to_dict()))
        else:
            echo(h.text)
    raise typer.Exit(EXIT_OK)


# --- explain ----------------------------------------------------------------------------------

def explain(
    puzzle: PositionArg,
    technique: TechniqueOpt = None,
    exclude: ExcludeOpt = None,
    uniqueness: UniqueOpt = True,
    box: BoxOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object a line: each step, then one summary object.")] = False,
    rounds: Annotated[bool, typer.Option(
        "--rounds", help="The manual mode of \"Lösningsmetoder för sudoku\": rounds of every "
                         "single found at once, then the eliminations they make.")] = False,
) -> None:
    """Explain a whole solve path (see :data:`EXPLAIN_HELP`)."""
    with handle_errors():
        position = read_position(puzzle, fmt, box, alphabet)
        _stop_on_contradiction(position)
        solver = _solver(technique, exclude, uniqueness)
        round_of: list[int] = []
        if rounds:
            path = _rounds_path(solver, position, round_of)
        else:
            path = solver.solve_path(position)
        g = position.geometry
        if as_json:
            for i, step in enumerate(path.steps):
                doc = step.to_dict(g)
                if rounds:
                    doc["round"] = round_of[i]
                echo(json.dumps(doc))
            hardest = path.hardest
            echo(json.dumps({"summary": {
                "solved": path.solved, "steps": len(path.steps), "trial_steps": path.trial_steps,
                "stuck_reason": path.stuck_reason,
                "techniques": dict(path.summary),
                "hardest": None if hardest is None else {
                    "technique": hardest.technique, "name": hardest.name,
                    "difficulty": hardest.difficulty},
                "position": json.loads(path.position.to_json()),
            }}))
        else:
            _print_path(path, round_of)
    if not path.solved:
        raise typer.Exit(EXIT_NO_SOLUTION if path.position.contradiction() else EXIT_STUCK)
    raise typer.Exit(EXIT_OK)


def _rounds_path(solver: LogicalSolver, position: Position, round_of: list[int]) -> SolvePath:
    """A solve path made of manual rounds; ``round_of`` gets each step's round number."""
    path = SolvePath(start=position.copy())
    pos = position.copy()
    for number, steps in enumerate(solver.solve_rounds(pos), 1):
        for step in steps:
            pos.apply(step)
            path.steps.append(step)
            round_of.append(number)
    reason = pos.contradiction()
    path.position, path.solved = pos, pos.is_solved and reason is None
    path.stuck_reason = "" if path.solved else (reason or "the singles have run out")
    return path


def _print_path(path, round_of: list[int] = ()) -> None:
    width = len(str(len(path.steps)))
    for i, step in enumerate(path.steps, 1):
        if round_of and (i == 1 or round_of[i - 1] != round_of[i - 2]):
            count = round_of.count(round_of[i - 1])
            echo(f"Round {round_of[i - 1]}: {count} placement{'s' if count != 1 else ''}")
        echo(f"{i:>{width}}. {step.explanation}")
    n = len(path.steps)
    if path.solved and path.trial_steps:
        echo(f"\nSolved in {n} step{'s' if n != 1 else ''}, {path.trial_steps} of them trial "
             f"(candidate tests): not by logic alone.")
    elif path.solved:
        echo(f"\nSolved by logic in {n} step{'s' if n != 1 else ''}.")
    else:
        echo(f"\nStopped after {n} step{'s' if n != 1 else ''}: {path.stuck_reason}.")
    if not path.steps:
        return
    table = Table(title=None, show_edge=False, pad_edge=False)
    table.add_column("technique")
    table.add_column("id")
    table.add_column("steps", justify="right")
    table.add_column("difficulty", justify="right")
    counts = path.summary
    for tid in path.techniques:
        tech = REGISTRY[tid]
        table.add_row(tech.name, tid, str(counts[tid]), f"{tech.difficulty:.1f}")
    echo()
    out.print(table)
    hardest = path.hardest
    echo(f"\nHardest: {hardest.name} ({hardest.difficulty:.1f})")


# --- steps ------------------------------------------------------------------------------------

def steps(
    puzzle: Annotated[str | None, typer.Argument(
        metavar="PUZZLE|POSITION", help=POSITION_HELP, show_default=False)] = None,
    technique: TechniqueOpt = None,
    exclude: ExcludeOpt = None,
    uniqueness: UniqueOpt = True,
    box: BoxOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object a line per step (see above).")] = False,
    list_ids: Annotated[bool, typer.Option(
        "--list", help="List the technique ids, simplest first, and exit.")] = False,
) -> None:
    """List every step of the chosen techniques (see :data:`STEPS_HELP`)."""
    if list_ids:
        for tid in default_order():
            tech = REGISTRY[tid]
            echo(f"{tid:<28} {tech.difficulty:>4.1f}  {tech.name}")
        raise typer.Exit(EXIT_OK)
    if puzzle is None:
        message("error: give a PUZZLE|POSITION (or --list)", "bold red")
        raise typer.Exit(2)
    with handle_errors():
        position = read_position(puzzle, fmt, box, alphabet)
        found = _solver(technique, exclude, uniqueness).all_steps(position)
        g = position.geometry
        for step in found:
            echo(json.dumps(step.to_dict(g)) if as_json else step.explanation)
        if not found:
            message("no step of the chosen techniques in this position")
    raise typer.Exit(EXIT_OK)


HINT_HELP = (
    "A hint for the next step of a logical solve: a nudge (the technique and where to look), "
    "or with --level step the whole step.\n\n"
    "--json prints the hint as one JSON object: level, technique, name, text, houses, cells, "
    "and at level step also \"step\", the step object of `sudokit steps --json`. --apply "
    "prints the position after the step as position JSON, which can be given back to "
    "`sudokit hint`."
)
EXPLAIN_HELP = (
    "Solve by logic alone and explain every step, then summarise the techniques used and "
    "name the hardest.\n\n"
    "With --json, stdout holds one JSON object a line: first every step in order (the objects "
    "of `sudokit steps --json`), then exactly one last line {\"summary\": {...}} with the keys "
    "solved, steps, stuck_reason, techniques (id: count), hardest (technique, name, "
    "difficulty; null when there is no step) and position (the position JSON where the solver "
    "stopped).\n\n"
    "--rounds solves in the manual mode of \"Lösningsmetoder för sudoku\": each round finds "
    "every hidden single of every digit and house and every naked single before placing any, "
    "then places them all (which removes the placed digits from their peers' candidates); it "
    "stops when a round finds nothing. Each JSON step then has a \"round\" number."
)
STEPS_HELP = (
    "List every instance of the chosen techniques (default: all of them) in the position, "
    "without applying any.\n\n"
    "--json prints one JSON object a line per step: technique, name, difficulty, placements "
    "and eliminations (lists of \\[row, col, digit], 1-based), explanation, cells, houses, "
    "candidates, and fins, base/cover sets and links when the technique has them."
)


def register(app: typer.Typer) -> None:
    app.command(help=HINT_HELP, epilog=LOGIC_EXIT_HELP)(hint)
    app.command(help=EXPLAIN_HELP, epilog=LOGIC_EXIT_HELP)(explain)
    app.command(help=STEPS_HELP, epilog=EXIT_CODES_HELP)(steps)


__all__ = ["hint", "explain", "steps", "register", "read_position", "EXIT_STUCK"]
