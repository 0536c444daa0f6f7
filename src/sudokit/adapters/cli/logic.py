"""``sudokit hint``, ``sudokit explain`` and ``sudokit steps``: the logical solver on the command
line (human techniques, one explained step at a time)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Annotated, NoReturn

import typer
from rich.table import Table

from sudokit.engines import limits, search
from sudokit.model.errors import CancelledError, SearchLimitError, SudokitError
from sudokit.model.grid import Grid
from sudokit.i18n import N_, gettext, msgn, tr
from sudokit.engines.logic import LogicalSolver, Position, SolvePath
from sudokit.engines.logic.hints import LEVELS, make_hint
from sudokit.engines.logic.context import UNKNOWN, Known
from sudokit.engines.logic.options import Options
from sudokit.engines.logic.solver import givens_grid, partial_path
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.engines.logic.techniques import REGISTRY, default_order
from sudokit.adapters.cli.common import (
    EXIT_CODES_HELP, EXIT_LIMIT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, EXIT_STUCK, AlphabetOpt,
    BoxOpt, FormatOpt, CagesOpt, RegionsOpt, VariantOpt, apply_variant, echo, fail, handle_errors,
    message, out, read_puzzles, warn,
)

LOGIC_EXIT_HELP = (
    f"{EXIT_CODES_HELP} For hint, explain and steps, 1 means the puzzle has no solution or the "
    "position contradicts itself (a wrong entry), 4 that the puzzle has several solutions (the "
    "steps are sound, but no technique can finish it), 5 that --time-limit stopped the command.")

POSITION_HELP = (
    "A puzzle in any format (e.g. 81 symbols), a position JSON "
    '({"box":[3,3],"givens":..,"values":..,"candidates":[..]}), a candidate grid (729-character '
    "Sukaku line or pencil-mark grid), a file holding one of these, or - for stdin.")

PositionArg = Annotated[str, typer.Argument(metavar="PUZZLE|POSITION", help=POSITION_HELP,
                                            show_default=False)]


def _on_request() -> list[str]:
    """The ids of the techniques searched only when asked for, sorted."""
    return sorted(t.id for t in TECHNIQUES.values() if t.on_request)


def _check_techniques(ids: list[str] | None) -> list[str] | None:
    """Typer callback: every id must name a technique; the message lists the valid ones."""
    for tid in ids or ():
        if tid not in REGISTRY:
            known = ", ".join(default_order() + _on_request())
            if tid in TECHNIQUES:
                raise typer.BadParameter(tr("unknown technique {id} (catalogued, not available "
                                            "yet); valid ids: {known}", id=repr(tid), known=known))
            raise typer.BadParameter(tr("unknown technique {id}; valid ids: {known}", id=repr(tid),
                                        known=known))
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


def _search_options(values: list[str] | None) -> Options | None:
    """Typer callback: ``NAME=on|off`` pairs (names of :class:`Options`, with dashes) as the
    options the finders use; the message names a bad pair and lists the valid names."""
    if not values:
        return None
    known = {n.replace("_", "-"): n for n in Options.names()}
    changes = {}
    for item in values:
        name, _, value = item.partition("=")
        if name not in known:
            raise typer.BadParameter(tr("unknown search option {name}; valid: {known}",
                                        name=repr(name), known=", ".join(known)))
        if value.lower() not in ("on", "off", "true", "false", "yes", "no", "1", "0"):
            raise typer.BadParameter(tr("{item}: give {name}=on or {name}=off", item=repr(item),
                                        name=name))
        changes[known[name]] = value.lower() in ("on", "true", "yes", "1")
    return replace(Options(), **changes)


SearchOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-O", metavar="NAME=on|off", show_default=False,
    callback=lambda values: _search_options(values) and values,
    help="How wide the techniques look (repeatable; all on by default, as HoDoKu's find-all): "
         "ur-missing-candidates (a unique rectangle corner may lack one of its digits), "
         "als-in-chains (grouped chains and loops pass through almost locked sets), "
         "als-overlap (the sets of ALS techniques may share cells).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON (see the command's help).")]
TimeLimitOpt = Annotated[float | None, typer.Option(
    "--time-limit", min=0.0, metavar="SECONDS", show_default=False,
    help="Stop after this many seconds (counting the puzzle's solutions included) with exit "
         "code 5, keeping what was found so far.")]


# --- reading a position -------------------------------------------------------------------------

def read_position(arg: str, fmt: str | None = None, box: str | None = None,
                  alphabet: str | None = None, variant: str | None = None,
                  regions: str | None = None, cages: str | None = None) -> Position:
    """The one position of a PUZZLE|POSITION argument, read as every command reads its puzzles
    (:func:`read_puzzles` under the --variant, --regions and --cages options), its own
    candidates kept less those its filled cells rule out under those rules, its clashes
    refused."""
    (grid,) = apply_variant(read_puzzles(arg, fmt, box, alphabet, one=True), variant, regions,
                            cages)
    grid.validate()
    return Position.from_grid(grid)


def _solver(techniques, exclude, uniqueness: bool, unique: bool | None = None,
            search: list[str] | None = None, known: Known = UNKNOWN) -> LogicalSolver:
    """The solver of the options; ``unique``: whether the puzzle is known to have one solution
    (None: the solver asks the search core itself when it needs to know); ``search``: the
    --option pairs; ``known``: what the count of the puzzle found (its solution)."""
    return LogicalSolver(techniques or None, unique if uniqueness else False, exclude or (),
                         _search_options(search), known)


# --- time limits ----------------------------------------------------------------------------

def _seconds(time_limit: float) -> str:
    return f"{time_limit:g}"


def limit_message(error: BaseException, command: str, time_limit: float | None, done: str) -> str:
    """``explain stopped at the time limit of 2 s after 37 steps; raise --time-limit``."""
    if isinstance(error, CancelledError):
        return tr("{command} was cancelled {done}", command=command, done=done)
    if time_limit is None:
        return tr("{command} stopped at a search limit {done}", command=command, done=done)
    return tr("{command} stopped at the time limit of {seconds} s {done}; raise --time-limit",
              command=command, seconds=_seconds(time_limit), done=done)


def _steps_done(n: int) -> str:
    return str(msgn("after {n} step", "after {n} steps", n))


COUNTING = N_("while counting the puzzle's solutions")


# --- what the solution count says -----------------------------------------------------------

# Message ids: common.message translates them when they are shown.
NO_SOLUTION = N_("the puzzle has no solution")
POSITION_NO_SOLUTION = N_("this position has no solution: an entry or a removed candidate is wrong")
SEVERAL_SOLUTIONS = N_("the puzzle has several solutions")
CANNOT_FINISH = N_("the puzzle has several solutions: each step is sound, but no technique can "
                   "finish it")


@dataclass
class Solutions:
    """The solutions of a position, counted up to 2 by the search core: ``count`` 0, 1 or 2
    (several); ``plain`` when the position is its puzzle (every value a given, the candidates
    those the givens leave)."""

    count: int
    plain: bool
    no_solution: str = NO_SOLUTION
    known: Known = UNKNOWN  # the count of the puzzle (its givens) with its solution, when plain

    @property
    def unique(self) -> bool:
        return self.count == 1

    def solver_unique(self) -> bool | None:
        """What the solver may take as known about uniqueness (of the givens)."""
        return self.unique if self.plain else None


def _is_plain(position: Position) -> bool:
    if any(v and not g for v, g in zip(position.values, position.givens)):
        return False
    return position.cands == Position.from_grid(givens_grid(position)).cands


def count_solutions(position: Position) -> Solutions:
    """Count the position's solutions (its values and candidates) with the search core, under
    the budget in force (:mod:`sudokit.engines.limits`)."""
    plain = _is_plain(position)
    if plain:
        known = Known.check(givens_grid(position))
        result = Solutions(known.count, plain, known=known)
    else:
        grid = Grid(position.geometry, position.values, position.givens, candidates=position.cands)
        result = Solutions(search.count_solutions(grid, 2), plain)
    if result.count == 0 and not plain and search.count_solutions(givens_grid(position), 1):
        result.no_solution = POSITION_NO_SOLUTION
    return result


def _counted_solver(position: Position, technique, exclude, uniqueness: bool,
                    search: list[str] | None = None) -> tuple[Solutions, LogicalSolver]:
    """The position's solution count (none: the message and exit 1) and the solver of the
    options, told whether the puzzle is unique."""
    solutions = count_solutions(position)
    if solutions.count == 0:
        fail(solutions.no_solution, EXIT_NO_SOLUTION)
    return solutions, _solver(technique, exclude, uniqueness, solutions.solver_unique(), search,
                              solutions.known)


def _enabled(solver: LogicalSolver, position: Position) -> str:
    """Which techniques the solver had: all of them, a list, or all but some; and whether trial
    was among them."""
    ids = [t.id for t in solver._techniques(position)]
    every = default_order()
    off = [t for t in every if t not in ids]
    trial = [t for t in every if TECHNIQUES[t].trial]
    if not off:
        text = tr("all {n} techniques were tried, trial included (its searches gave up within "
                  "their node budgets)", n=len(ids))
    elif len(ids) <= len(off):
        text = tr("techniques enabled: {ids}", ids=", ".join(ids) or tr("none"))
    else:
        text = tr("every technique but {ids} was enabled", ids=", ".join(off))
    if not any(t in ids for t in trial):
        text += tr("; trial ({ids}) is off", ids=", ".join(trial))
    return text


def stuck_reason(solutions: Solutions | None, solver: LogicalSolver, position: Position) -> str:
    """Why no chosen technique applies: several solutions, or the techniques enabled."""
    if solutions is not None and solutions.count > 1:
        return tr("no chosen technique applies because the puzzle has several solutions (each "
                  "step is sound, but no technique can finish it)")
    return tr("no chosen technique applies to this position (the puzzle has one solution; "
              "{enabled})", enabled=_enabled(solver, position))


def _limit_exit(error: BaseException, command: str, time_limit: float | None, done: str) -> NoReturn:
    fail(limit_message(error, command, time_limit, done), EXIT_LIMIT)


def _stop_on_contradiction(position: Position) -> None:
    reason = position.contradiction()
    if reason:
        message(tr("error: {text}", text=tr("the position cannot be solved: {reason}",
                                             reason=reason)), "bold red")
        raise typer.Exit(EXIT_NO_SOLUTION)


# --- hint -------------------------------------------------------------------------------------

def _check_level(level: str) -> str:
    if level not in LEVELS:
        raise typer.BadParameter(tr("unknown level {level}; choose one of {choices}",
                                    level=repr(level), choices=", ".join(LEVELS)))
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
    search: SearchOpt = None,
    box: BoxOpt = None,
    variant: VariantOpt = None,
    regions: RegionsOpt = None,
    cages: CagesOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    as_json: JsonOpt = False,
    time_limit: TimeLimitOpt = None,
) -> None:
    """Print a hint for the next step (see :data:`HINT_HELP`)."""
    with handle_errors():
        position = read_position(puzzle, fmt, box, alphabet, variant, regions, cages)
        _stop_on_contradiction(position)
        if position.is_solved:
            message("the puzzle is already solved")
            raise typer.Exit(EXIT_OK)
        done = gettext(COUNTING)
        try:
            with limits.limited(time_limit, what="hint"):
                solutions, solver = _counted_solver(position, technique, exclude, uniqueness, search)
                done = "before it found a step"
                step = solver.next_step(position)
                if step is None:
                    reason = stuck_reason(solutions, solver, position)
        except (SearchLimitError, CancelledError) as e:
            _limit_exit(e, "hint", time_limit, done)
        several = solutions.count > 1
        if step is None:
            warn(reason)
            raise typer.Exit(EXIT_MULTIPLE if several else EXIT_STUCK)
        h = make_hint(position, step, level)
        if apply:
            message(h.at("step").text)
            echo(h.apply().to_json())
        elif as_json:
            echo(json.dumps(h.to_dict()))
        else:
            echo(h.text)
        if several:
            warn(CANNOT_FINISH)
            raise typer.Exit(EXIT_MULTIPLE)
    raise typer.Exit(EXIT_OK)


# --- explain ----------------------------------------------------------------------------------

def explain(
    puzzle: PositionArg,
    technique: TechniqueOpt = None,
    exclude: ExcludeOpt = None,
    uniqueness: UniqueOpt = True,
    search: SearchOpt = None,
    box: BoxOpt = None,
    variant: VariantOpt = None,
    regions: RegionsOpt = None,
    cages: CagesOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object a line: each step, then one summary object.")] = False,
    rounds: Annotated[bool, typer.Option(
        "--rounds", help="The manual mode of \"Lösningsmetoder för sudoku\": rounds of every "
                         "single found at once, then the eliminations they make.")] = False,
    time_limit: TimeLimitOpt = None,
) -> None:
    """Explain a whole solve path (see :data:`EXPLAIN_HELP`)."""
    with handle_errors():
        position = read_position(puzzle, fmt, box, alphabet, variant, regions, cages)
        _stop_on_contradiction(position)
        round_of: list[int] = []
        stopped: BaseException | None = None
        solutions: Solutions | None = None
        try:
            with limits.limited(time_limit, what="explain"):
                solutions, solver = _counted_solver(position, technique, exclude, uniqueness, search)
                if rounds:
                    path = _rounds_path(solver, position, round_of)
                else:
                    path = solver.solve_path(position)
                if not path.solved and path.position.contradiction() is None and (
                        path.stuck_reason == "no technique applies" or rounds):
                    path.stuck_reason = (stuck_reason(solutions, solver, path.position) if not rounds
                                         else _rounds_stuck(solutions))
        except (SearchLimitError, CancelledError) as e:
            path = partial_path(e)
            if path is None:
                _limit_exit(e, "explain", time_limit, gettext(COUNTING))
            stopped = e
            path.stuck_reason = ("cancelled" if isinstance(e, CancelledError) else
                                 "the time limit was reached" if time_limit is not None else
                                 "a search limit was reached")
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
                "unique": None if solutions is None else solutions.unique,
                "time_limit_reached": isinstance(stopped, SearchLimitError),
                "techniques": dict(path.summary),
                "hardest": None if hardest is None else {
                    "technique": hardest.technique, "name": hardest.name,
                    "difficulty": hardest.difficulty},
                "position": json.loads(path.position.to_json()),
            }}))
        else:
            _print_path(path, round_of)
    if stopped is not None:
        _limit_exit(stopped, "explain", time_limit, _steps_done(len(path.steps)))
    if path.solved:
        raise typer.Exit(EXIT_OK)
    if path.position.contradiction():
        raise typer.Exit(EXIT_NO_SOLUTION)
    if as_json:
        warn(path.stuck_reason)
    raise typer.Exit(EXIT_MULTIPLE if solutions.count > 1 else EXIT_STUCK)


def _rounds_stuck(solutions: Solutions) -> str:
    if solutions.count > 1:
        return tr("the singles have run out; {reason}", reason=gettext(CANNOT_FINISH))
    return tr("the singles have run out (the puzzle has one solution)")


def _rounds_path(solver: LogicalSolver, position: Position, round_of: list[int]) -> SolvePath:
    """A solve path made of manual rounds; ``round_of`` gets each step's round number. A limit
    of the budget raises with the path of the rounds completed so far attached."""
    path = SolvePath(start=position.copy())
    pos = position.copy()
    try:
        done = solver.solve_rounds(pos)
    except (SearchLimitError, CancelledError) as e:
        done = e.rounds
        pos = position.copy()
        _add_rounds(path, pos, done, round_of)
        path.position = pos
        e.path = path
        raise
    _add_rounds(path, pos, done, round_of)
    reason = pos.contradiction()
    path.position, path.solved = pos, pos.is_solved and reason is None
    path.stuck_reason = "" if path.solved else (reason or tr("the singles have run out"))
    return path


def _add_rounds(path: SolvePath, pos: Position, done: list, round_of: list[int]) -> None:
    for number, steps in enumerate(done, 1):
        for step in steps:
            pos.apply(step)
            path.steps.append(step)
            round_of.append(number)


def _print_path(path, round_of: list[int] = ()) -> None:
    width = len(str(len(path.steps)))
    for i, step in enumerate(path.steps, 1):
        if round_of and (i == 1 or round_of[i - 1] != round_of[i - 2]):
            count = round_of.count(round_of[i - 1])
            echo(str(msgn("Round {round}: {n} placement", "Round {round}: {n} placements", count,
                          round=round_of[i - 1])))
        echo(f"{i:>{width}}. {step.explanation}")
    n = len(path.steps)
    if path.solved and path.trial_steps:
        echo("\n" + str(msgn("Solved in {n} step, {trial} of them trial (candidate tests): not "
                             "by logic alone.", "Solved in {n} steps, {trial} of them trial "
                             "(candidate tests): not by logic alone.", n, trial=path.trial_steps)))
    elif path.solved:
        echo("\n" + str(msgn("Solved by logic in {n} step.", "Solved by logic in {n} steps.", n)))
    else:
        echo("\n" + str(msgn("Stopped after {n} step: {reason}.",
                             "Stopped after {n} steps: {reason}.", n,
                             reason=gettext(path.stuck_reason))))
    if not path.steps:
        return
    table = Table(title=None, show_edge=False, pad_edge=False)
    table.add_column(tr("technique"))
    table.add_column("id")
    table.add_column(tr("steps"), justify="right")
    table.add_column(tr("difficulty"), justify="right")
    counts = path.summary
    for tid in path.techniques:
        tech = REGISTRY[tid]
        table.add_row(tech.local_name, tid, str(counts[tid]), f"{tech.difficulty:.1f}")
    echo()
    out.print(table)
    hardest = path.hardest
    echo("\n" + tr("Hardest: {name} ({difficulty})", name=hardest.name,
                   difficulty=f"{hardest.difficulty:.1f}"))


# --- steps ------------------------------------------------------------------------------------

def steps(
    puzzle: Annotated[str | None, typer.Argument(
        metavar="PUZZLE|POSITION", help=POSITION_HELP, show_default=False)] = None,
    technique: TechniqueOpt = None,
    exclude: ExcludeOpt = None,
    uniqueness: UniqueOpt = True,
    search: SearchOpt = None,
    box: BoxOpt = None,
    variant: VariantOpt = None,
    regions: RegionsOpt = None,
    cages: CagesOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object a line per step (see above).")] = False,
    list_ids: Annotated[bool, typer.Option(
        "--list", help="List the technique ids, simplest first, and exit.")] = False,
    time_limit: TimeLimitOpt = None,
) -> None:
    """List every step of the chosen techniques (see :data:`STEPS_HELP`)."""
    if list_ids:
        for tid in default_order():
            tech = REGISTRY[tid]
            echo(f"{tid:<28} {tech.difficulty:>4.1f}  {tech.local_name}")
        for tid in sorted(_on_request(), key=lambda t: (REGISTRY[t].difficulty, t)):
            tech = REGISTRY[tid]
            echo(f"{tid:<28} {tech.difficulty:>4.1f}  {tech.local_name} "
                 + tr("(only when asked for by id)"))
        raise typer.Exit(EXIT_OK)
    if puzzle is None:
        message("error: give a PUZZLE|POSITION (or --list)", "bold red")
        raise typer.Exit(2)
    with handle_errors():
        position = read_position(puzzle, fmt, box, alphabet, variant, regions, cages)
        _stop_on_contradiction(position)
        stopped: BaseException | None = None
        try:
            with limits.limited(time_limit, what="steps"):
                solutions, solver = _counted_solver(position, technique, exclude, uniqueness, search)
                found = solver.all_steps(position)
                reason = "" if found else _nothing_found(solutions, solver, position)
        except (SearchLimitError, CancelledError) as e:
            found = getattr(e, "steps", None)
            if found is None:
                _limit_exit(e, "steps", time_limit, gettext(COUNTING))
            stopped = e
        g = position.geometry
        for step in found:
            echo(json.dumps(step.to_dict(g)) if as_json else step.explanation)
        if stopped is not None:
            n = len(found)
            _limit_exit(stopped, "steps", time_limit,
                        str(msgn("after {n} step found", "after {n} steps found", n)))
        if reason:
            message(reason)
        if solutions.count > 1:
            if found:
                warn(CANNOT_FINISH)
            raise typer.Exit(EXIT_MULTIPLE)
    raise typer.Exit(EXIT_OK)


def _nothing_found(solutions: Solutions, solver: LogicalSolver, position: Position) -> str:
    if solutions.count > 1:
        return tr("no step of the chosen techniques in this position (the puzzle has several "
                  "solutions)")
    return tr("no step of the chosen techniques in this position (the puzzle has one solution; "
              "{enabled})", enabled=_enabled(solver, position))


HINT_HELP = (
    "A hint for the next step of a logical solve: a nudge (the technique and where to look), "
    "or with --level step the whole step.\n\n"
    "--json prints the hint as one JSON object: level, technique, name, text, houses, cells, "
    "and at level step also \"step\", the step object of `sudokit steps --json`. --apply "
    "prints the position after the step as position JSON, which can be given back to "
    "`sudokit hint`.\n\n"
    "The search core counts the puzzle's solutions first: none is an error (exit 1); with "
    "several, the hint is given with a warning that no technique can finish the puzzle (exit "
    "4); when no chosen technique applies, the message says why (several solutions, or which "
    "techniques were enabled; exit 6). --time-limit bounds the count and the search (exit 5)."
)
EXPLAIN_HELP = (
    "Solve by logic alone and explain every step, then summarise the techniques used and "
    "name the hardest.\n\n"
    "With --json, stdout holds one JSON object a line: first every step in order (the objects "
    "of `sudokit steps --json`), then exactly one last line {\"summary\": {...}} with the keys "
    "solved, steps, trial_steps, stuck_reason, unique (whether the puzzle has one solution), "
    "time_limit_reached, techniques (id: count), hardest "
    "(technique, name, difficulty; null when there is no step) and position (the position JSON "
    "where the solver stopped).\n\n"
    "Before solving, the search core counts the puzzle's solutions: none is an error (exit 1); "
    "with several, the steps are explained but no technique can finish (exit 4); when the "
    "techniques are stuck on a puzzle with one solution, the last line names the techniques "
    "that were enabled (exit 6). --time-limit stops the whole command (the count included): "
    "the steps found so far are printed, then the message, exit 5.\n\n"
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
    "candidates, and fins, base/cover sets and links when the technique has them.\n\n"
    "The puzzle's solutions are counted first: none is an error (exit 1), several a warning "
    "(exit 4). With --time-limit the steps found before the limit are printed, then the "
    "message (exit 5)."
)


def register(app: typer.Typer) -> None:
    app.command(help=HINT_HELP, epilog=LOGIC_EXIT_HELP)(hint)
    app.command(help=EXPLAIN_HELP, epilog=LOGIC_EXIT_HELP)(explain)
    app.command(help=STEPS_HELP, epilog=LOGIC_EXIT_HELP)(steps)


__all__ = ["hint", "explain", "steps", "register", "read_position", "EXIT_STUCK"]
