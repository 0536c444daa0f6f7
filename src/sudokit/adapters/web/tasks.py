"""The work behind each API endpoint, run inside a worker process (see :mod:`.worker`).

Every task takes the request as a plain dict (already checked by the API's models) and returns
a plain dict of JSON values, so nothing but data crosses the process boundary. A failure comes
back as :class:`TaskError` with the HTTP status the API answers with.
"""

from __future__ import annotations

import base64
import binascii
import importlib
import json
import logging
import traceback
from collections.abc import Callable
from pathlib import PurePosixPath

from sudokit.model import formats

from sudokit.engines import limits

from sudokit.engines import search
from sudokit.model.errors import CancelledError, ParseError, SearchLimitError, SudokitError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.services.puzzles import AddedRules
from sudokit.i18n import N_, gettext, language, msgn, tr
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.logic.context import UNKNOWN, Known
from sudokit.engines.logic.options import Options
from sudokit.engines.logic.hints import check as check_grid, hint as make_hint
from sudokit.engines.logic.solver import givens_grid
from sudokit.model.rules.killer import cage_fields
from sudokit.model.rules import variant_fields
from sudokit.adapters.web.board import board_of

log = logging.getLogger("sudokit.adapters.web")

#: Puzzles of a pasted text or file sent back to the page (the total is always reported).
MAX_PUZZLES_RETURNED = 200
#: Share of a task's time limit given to a search as its own limit, so that it stops by itself
#: (with a clear message) before the worker is killed.
SEARCH_SHARE = 0.8
#: Share of the time limit (and the most seconds) spent checking that a puzzle has a solution
#: before a step, hint or round; past it the step comes without the check.
SOLUTIONS_CHECK_SHARE = 0.2
SOLUTIONS_CHECK_MAX = 2.0


class TaskError(Exception):
    """A request that cannot be answered: ``status`` is the HTTP status, ``message`` the text."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# --- reading the puzzle of a request -----------------------------------------------------------

def _check_size(position_or_grid, max_size: int) -> None:
    size = position_or_grid.geometry.size
    if size > max_size:
        raise TaskError(422, f"a {size}x{size} grid is larger than this server supports "
                             f"(at most {max_size}x{max_size})")


def position_of(req: dict) -> Position:
    """The position of a request: a position object, or puzzle text in any format; under the
    variant the puzzle carries with the request's ``variants`` and ``regions`` added."""
    puzzle = req["puzzle"]
    if isinstance(puzzle, dict):
        data = {k: v for k, v in puzzle.items() if v is not None}
        box = data.get("box") or (0, 0)
        if box[0] * box[1] > req["max_size"]:
            n = box[0] * box[1]
            raise TaskError(422, f"a {n}x{n} grid is larger than this server supports "
                                 f"(at most {req['max_size']}x{req['max_size']})")
        cages = data.pop("cages", None)  # text or a list: added below, as the request's
        position = Position.from_json(data)
        own_candidates = "candidates" in data
        names, regions = list(data.get("variants") or ()), data.get("regions")
    else:
        grids = formats.parse(puzzle, req.get("format"), req.get("box"), req.get("alphabet"))
        if len(grids) != 1:
            raise ParseError(f"the input holds {len(grids)} puzzles; give one")
        position = Position.from_grid(grids[0])
        own_candidates = grids[0].candidates is not None
        names, regions, cages = [], None, None
    _check_size(position, req["max_size"])
    names += req.get("variants") or ()
    regions = req.get("regions") if req.get("regions") is not None else regions
    cages = req.get("cages") if req.get("cages") is not None else cages
    return _with_variant(position, names, regions, cages, own_candidates)


def variant_geometry(geometry: Geometry, names, regions, cages=None) -> Geometry:
    """``geometry`` with the variant names, jigsaw regions (text or region numbers) and killer
    cages (text or the JSON list) added (:class:`sudokit.services.puzzles.AddedRules`)."""
    return AddedRules(names, regions, cages).geometry(geometry)


def _with_variant(position: Position, names, regions, cages, own_candidates: bool) -> Position:
    """The position under its variant: the candidates a client sent are kept, less those the
    filled cells rule out under the variant's rules; computed ones are computed again."""
    geometry = variant_geometry(position.geometry, names, regions, cages)
    if geometry == position.geometry:
        return position
    if own_candidates:
        return Position.from_candidates(Grid(geometry, position.values, position.givens),
                                        position.cands)
    return Position.from_grid(Grid(geometry, position.values, position.givens))


def _puzzle_grid(position: Position) -> Grid:
    """The givens alone, refused with a message naming the clash if two givens clash."""
    grid = givens_grid(position)
    grid.validate()
    return grid


def _position_dict(position: Position) -> dict:
    return json.loads(position.to_json())


def _solved_position(puzzle: Grid, solution: Grid) -> dict:
    out = Position(puzzle.geometry, list(solution.values), [bool(v) for v in puzzle.values],
                   [0] * puzzle.geometry.ncells)
    return _position_dict(out)


def _search_limit(req: dict) -> float | None:
    """Seconds a search may take: a share of the request's limit, within the task's budget."""
    limit = req.get("time_limit")
    return limits.remaining(None if limit is None else limit * SEARCH_SHARE)


def _solver(req: dict, unique: bool | None = None, known: Known = UNKNOWN) -> LogicalSolver:
    """The logical solver with the request's technique choice and what the task's check of the
    puzzle found (``known``: then the solver does not search the puzzle again)."""
    if unique is None and req.get("uniqueness") is False:
        unique = False
    options = Options(**req["options"]) if req.get("options") else None
    return LogicalSolver(req.get("techniques") or None, unique, req.get("exclude") or (), options,
                         known)


def _refuse_contradiction(position: Position) -> None:
    reason = position.contradiction()
    if reason:
        raise TaskError(422, tr("the position cannot be solved: {reason}", reason=reason))


# Message ids, translated where they are used (gettext)
NO_SOLUTION = N_("the puzzle has no solution (its givens rule out every grid)")
SEVERAL_SOLUTIONS = N_("the puzzle has several solutions")
POSITION_UNSOLVABLE = N_("this position has no solution: an entry or a removed candidate is wrong "
                         "(Check marks wrong entries)")


def _solutions_warning(position: Position, req: dict) -> tuple[str | None, Known]:
    """Before a logical step, the one check of the puzzle: refuse a puzzle with no solution
    (any step would follow from a contradiction); a warning when it has several solutions or
    the position (its entries and candidates) has none, None when all is well or the check ran
    out of time; and what the check found, for the solver (:class:`Known`)."""
    puzzle = _puzzle_grid(position)
    limit = req.get("time_limit")
    budget = limits.remaining(SOLUTIONS_CHECK_MAX if limit is None else min(
        SOLUTIONS_CHECK_MAX, limit * SOLUTIONS_CHECK_SHARE))
    result = search.solve(puzzle, limit=2, time_limit=budget)
    known = Known.of(result)
    if result.status == "no-solution":
        raise TaskError(422, tr("{reason}, so no step can be trusted", reason=gettext(NO_SOLUTION)))
    if result.status == "unique":
        return (None if position.agrees_with(result.solution.values)
                else gettext(POSITION_UNSOLVABLE)), known
    if result.status != "multiple":
        return None, known  # out of time: unknown
    own = search.solve(Grid(position.geometry, list(position.values)), limit=1, time_limit=budget)
    if own.status == "no-solution":
        return gettext(POSITION_UNSOLVABLE), known
    return tr("the puzzle has several solutions: each step is sound, but no technique can "
              "finish it"), known


# --- tasks -------------------------------------------------------------------------------------

def parse(req: dict) -> dict:
    """Every puzzle of a text (pasted or a file's content), with candidates when it has them."""
    text = req["text"]
    fmt = req.get("format")
    if not fmt and req.get("filename"):
        # only the name's extension counts: the server never opens a path
        suffix = PurePosixPath(req["filename"].replace("\\", "/")).suffix
        fmt = formats.format_for_file("upload" + suffix, text) if suffix else None
    name = fmt or formats.detect_or_line(text)
    pairs = formats.parse_candidates(text, fmt, req.get("box"), req.get("alphabet"))
    puzzles = []
    for number, (grid, masks) in enumerate(pairs[:MAX_PUZZLES_RETURNED], 1):
        limits.check()  # a long text: stop when asked between puzzles
        _check_size(grid, req["max_size"])
        try:
            if (req.get("variants") or req.get("regions") is not None
                    or req.get("cages") is not None):
                grid = grid.with_geometry(variant_geometry(grid.geometry, req.get("variants"),
                                                           req.get("regions"), req.get("cages")))
            grid.validate()
        except SudokitError as e:
            raise TaskError(422, f"puzzle {number}: {e}" if len(pairs) > 1 else str(e)) from None
        position = Position.from_grid(grid) if masks is None else Position.from_candidates(grid, masks)
        puzzles.append({"position": _position_dict(position), "size": grid.size,
                        "box": [grid.geometry.box_rows, grid.geometry.box_cols],
                        "filled": grid.filled, "comment": grid.comment})
    return {"format": formats.get_format(name).NAME, "total": len(pairs), "puzzles": puzzles}


def solve(req: dict) -> dict:
    """The solution of the position's givens, found by search."""
    puzzle = _puzzle_grid(position_of(req))
    result = search.solve(puzzle, limit=2, time_limit=_search_limit(req))
    if result.limit_reached and not result.solutions:
        raise SearchLimitError("the search reached its time limit before finding a solution")
    status = result.status
    return {"status": status,
            "solution": None if result.solution is None else _solved_position(puzzle, result.solution),
            "message": gettext(SOLVE_MESSAGES.get(status, status))}


SOLVE_MESSAGES = {
    "unique": N_("solved: the puzzle has exactly one solution"),
    "solved": N_("solved (uniqueness not checked)"),
    "multiple": N_("the puzzle has at least 2 solutions; this is one of them"),
    "no-solution": N_("the puzzle has no solution"),
    "limit": N_("solved; the time limit stopped the check for a second solution"),
}

COUNT_LABELS = {0: N_("no solution"), 1: N_("unique"), 2: N_("at least 2")}


def count(req: dict) -> dict:
    """Whether the givens have no, one, or at least two solutions."""
    puzzle = _puzzle_grid(position_of(req))
    n = search.count_solutions(puzzle, limit=2, time_limit=_search_limit(req))
    return {"count": n, "label": gettext(COUNT_LABELS[n])}


def step(req: dict) -> dict:
    """The next logical step (not applied in the position sent) and the position after it."""
    position = position_of(req)
    position.to_grid().validate()
    _refuse_contradiction(position)
    if position.is_solved:
        return {"step": None, "position": _position_dict(position), "solved": True,
                "message": tr("the puzzle is already solved"), "warning": None}
    warning, known = _solutions_warning(position, req)
    found = _solver(req, known=known).next_step(position)
    if found is None:
        return {"step": None, "position": _position_dict(position), "solved": False,
                "message": _stuck_message(warning), "warning": warning}
    after = position.copy()
    after.apply(found)
    return {"step": found.to_dict(position.geometry), "position": _position_dict(after),
            "solved": after.is_solved, "message": found.explanation, "warning": warning}


def steps(req: dict) -> dict:
    """Every instance of every chosen technique available in the position (none applied). At
    the time limit the steps found so far come back with ``complete`` false."""
    position = position_of(req)
    position.to_grid().validate()
    _refuse_contradiction(position)
    if position.is_solved:
        return {"steps": [], "message": tr("the puzzle is already solved"), "complete": True,
                "warning": None}
    warning, known = _solutions_warning(position, req)
    g = position.geometry
    complete = True
    try:
        found = _solver(req, known=known).all_steps(position)
    except SearchLimitError as e:
        found, complete = getattr(e, "steps", []), False
    techniques = len({s.technique for s in found})
    if found:
        message = str(msgn("{n} step of {techniques}", "{n} steps of {techniques}", len(found),
                           techniques=msgn("{n} technique", "{n} techniques", techniques)))
    elif complete:
        message = _stuck_message(warning)
    else:
        message = tr("no step found before the time limit")
    if not complete and found:
        message += " " + tr("(stopped at the time limit: the steps found so far)")
    return {"steps": [s.to_dict(g) for s in found], "message": message, "complete": complete,
            "warning": warning}


def _stuck_message(warning: str | None) -> str:
    text = tr("no chosen technique applies to this position")
    return f"{text}: {warning}" if warning else text


def round_(req: dict) -> dict:
    """One manual round: every single of the position found first, then all placed."""
    position = position_of(req)
    position.to_grid().validate()
    _refuse_contradiction(position)
    warning = None if position.is_solved else _solutions_warning(position, req)[0]
    steps = _solver(req, unique=False).round(position, apply=True)
    g = position.geometry
    placed = sum(len(s.placements) for s in steps)
    message = (str(msgn("round: {n} placement", "round: {n} placements", placed)) if steps
               else tr("no single in this position: a round finds nothing"))
    return {"steps": [s.to_dict(g) for s in steps], "position": _position_dict(position),
            "solved": position.is_solved, "message": message, "warning": warning}


def hint(req: dict) -> dict:
    """A nudge (technique and where to look) or the whole step, with the position after it."""
    position = position_of(req)
    position.to_grid().validate()
    _refuse_contradiction(position)
    if position.is_solved:
        return {"hint": None, "position": None, "message": tr("the puzzle is already solved"),
                "warning": None}
    warning, known = _solutions_warning(position, req)

    unique = False if req.get("uniqueness") is False else None
    found = make_hint(position, req.get("level") or "nudge", req.get("techniques") or None,
                      unique, req.get("exclude") or (), known=known)

    if found is None:
        return {"hint": None, "position": None, "message": _stuck_message(warning),
                "warning": warning}
    after = found.apply() if found.level == "step" else None
    return {"hint": found.to_dict(), "message": found.text, "warning": warning,
            "position": None if after is None else _position_dict(after)}


def check(req: dict) -> dict:
    """The user's entries against the solution of the givens."""
    position = position_of(req)
    puzzle = _puzzle_grid(position)
    result = check_grid(puzzle, Grid(position.geometry, position.values))
    out = result.to_dict()
    out["message"] = result.describe()
    return out


def export(req: dict) -> dict:
    """The puzzle (or the grid with the user's entries) written in a format."""
    position = position_of(req)
    g = position.geometry
    if req.get("entries"):
        grid = Grid(g, position.values, position.givens)
    else:
        grid = givens_grid(position)
    fmt = formats.get_format(req.get("to") or "line").NAME
    if fmt in formats.CANDIDATE_FORMATS:
        masks = position.cands if req.get("entries") else None
        text = formats.dumps_candidates(grid, masks, fmt)
    else:
        text = formats.dumps(grid, fmt)
    return {"format": fmt, "text": text}


def rate(req: dict) -> dict:
    """The rating of the givens (:mod:`sudokit.engines.rating`)."""
    rating_service = _optional("sudokit.services.rating", "rating")
    puzzle = _puzzle_grid(position_of(req))
    result = rating_service.rate(rating_service.RatingRequest(puzzle, _search_limit(req)))
    rating = result.rating
    if rating is None:
        status = result.status
        what = NO_SOLUTION if status == rating_service.NO_SOLUTION else SEVERAL_SOLUTIONS
        return {"status": status, "score": None, "level": None, "level_name": None,
                "techniques": [], "hardest": None, "trial": False, "solved": False, "steps": 0,
                "ep": None, "ed": None,
                "message": tr("{reason}, so it has no rating: only a puzzle with exactly one "
                              "solution is rated", reason=gettext(what))}
    return {"status": "unique", "message": f"{rating.summary()} [{rating.se_triple}]",
            **rating.to_dict(), "level_name": rating.level_name}


def generate(req: dict) -> dict:
    """A new puzzle (:mod:`sudokit.engines.generate`)."""
    gen = _optional("sudokit.engines.generate", "generation")
    size = req["size"]
    if size > req["max_size"]:
        raise TaskError(422, f"size {size} is larger than this server supports "
                             f"(at most {req['max_size']})")
    score = req.get("score")
    made = gen.generate(size, box=req.get("box"), symmetry=req.get("symmetry") or "none",
                        level=req.get("level"), score=None if score is None else tuple(score),
                        technique=req.get("technique"), seed=req.get("seed"),
                        time_limit=_search_limit(req), **_generate_variant(req))
    rating = getattr(made, "rating", None)
    return {"position": _position_dict(Position.from_grid(made.puzzle)),
            "rating": None if rating is None else {**rating.to_dict(),
                                                   "level_name": rating.level_name},
            "seed": getattr(made, "seed", None),
            "variants": [], "regions": None, "cages": None,
            **variant_fields(made.puzzle.geometry), **cage_fields(made.puzzle.geometry)}


def _generate_variant(req: dict) -> dict:
    """The generator's variant options (none for a classic puzzle, which any generator takes)."""
    names, regions = req.get("variants"), req.get("regions")
    if not names and regions is None:
        return {}
    return {"variant": names or None, "regions": regions}


def read_image(req: dict) -> dict:
    """A puzzle read from a picture (:mod:`sudokit.engines.vision`, the photo extra): the position,
    confidences, corners, repaired and doubtful cells, and the straightened grid as a PNG."""
    from sudokit.engines.vision.errors import VisionUnavailableError

    data = req["image"].strip()
    if data.startswith("data:"):
        head, _, data = data.partition(",")
        if ";base64" not in head:
            raise TaskError(422, "the image data URL is not base64")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise TaskError(422, "the image is not valid base64") from None
    try:
        from sudokit.engines.vision.api import read_image as read

        reading = read(raw, req.get("size"), req.get("box"), repair=req.get("repair", True),
                       source="the picture")
        import cv2

        ok, png = cv2.imencode(".png", reading.straightened)
    except VisionUnavailableError as e:
        raise TaskError(501, str(e)) from None
    except ImportError as e:
        raise TaskError(501, f'reading a photo needs OpenCV and NumPy: pip install "sudokit[photo]" ({e})') from None
    geo = reading.grid.geometry
    doc = reading.to_dict()

    def cell(entry: dict) -> dict:
        c = entry.pop("cell")
        return {"cell": [geo.row_of(c) + 1, geo.col_of(c) + 1], **entry}

    return {
        "position": _position_dict(Position.from_grid(reading.grid)),
        "puzzle": doc["puzzle"], "size": geo.size, "box": [geo.box_rows, geo.box_cols],
        "confidence": doc["confidence"], "corners": doc["corners"], "rotation": doc["rotation"],
        "repaired": [cell(e) for e in doc["repaired"]],
        "doubtful": [cell(e) for e in doc["doubtful"]],
        "status": doc["status"], "solutions": doc["solutions"], "message": reading.summary(),
        "image": "data:image/png;base64," + base64.b64encode(png.tobytes()).decode("ascii"),
        "seconds": doc["seconds"],
    }


def _optional(module: str, what: str):
    """A module another part of sudokit provides, or a 501 naming what is missing."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
        raise TaskError(501, f"{what} is not available in this version of sudokit "
                             f"({module} is missing)") from None


def board(req: dict) -> dict:
    """The board of the request's puzzle under its rules (:func:`.board.board_of`)."""
    return board_of(position_of(req).geometry)


TASKS: dict[str, Callable[[dict], dict]] = {
    "parse": parse, "solve": solve, "count": count, "step": step, "steps": steps,
    "round": round_, "hint": hint,
    "check": check, "export": export, "rate": rate, "generate": generate,
    "read-image": read_image, "board": board,
}



# --- pictures and print (sudokit.engines.render) --------------------------------------------------------

def _render_module():
    module = _optional("sudokit.engines.render", "pictures")
    return module


def _cells_of(items, n: int, what: str, digits: bool = False) -> list:
    """1-based ``[r, c]`` (or ``[r, c, d]``) of a request as 0-based cells (and digits)."""
    out = []
    for item in items or ():
        r, c = item[0], item[1]
        if not (1 <= r <= n and 1 <= c <= n) or (digits and not 1 <= item[2] <= n):
            raise TaskError(422, f"{what}: {item} is outside the {n}x{n} grid")
        out.append(((r - 1) * n + c - 1, item[2]) if digits else (r - 1) * n + c - 1)
    return out


def render_picture(req: dict) -> dict:
    """A picture of the position (SVG text, or a PNG in base64), optionally with a step."""
    render = _render_module()
    position = position_of(req)
    position.to_grid().validate()
    g = position.geometry
    step, found = req.get("step"), None
    if step is None and req.get("next_step"):
        _refuse_contradiction(position)
        found = _solver(req).next_step(position) if not position.is_solved else None
        if found is None:
            raise TaskError(422, "no step to draw: " + ("the puzzle is already solved"
                                                        if position.is_solved else
                                                        "no chosen technique applies"))
        step = found.to_dict(g)
    solution = None
    if req.get("solution"):
        result = search.solve(_puzzle_grid(position), limit=1, time_limit=_search_limit(req))
        if not result.solutions:
            raise TaskError(422, gettext(NO_SOLUTION))
        solution = result.solutions[0]
    n = g.size
    fmt = req.get("to") or "svg"
    caption = req.get("caption")
    try:
        data = render.render_bytes(
            fmt, position, size_px=req.get("size_px"), style=req.get("style") or "screen",
            coordinates=bool(req.get("coordinates")), candidates=bool(req.get("candidates")) or None,
            solution=solution, step=step, caption=caption if caption is not None else step is not None,
            cells=_cells_of(req.get("cells"), n, "cells"),
            marked=_cells_of(req.get("marked"), n, "marked", True),
            eliminations=_cells_of(req.get("eliminations"), n, "eliminations", True),
            placements=_cells_of(req.get("placements"), n, "placements", True))
    except render.RenderUnavailable as e:
        raise TaskError(501, str(e)) from None
    out = {"format": fmt, "media_type": "image/svg+xml" if fmt == "svg" else "image/png",
           "encoding": "utf-8" if fmt == "svg" else "base64",
           "data": data.decode("utf-8") if fmt == "svg" else base64.b64encode(data).decode("ascii"),
           "step": step if found is not None else None}
    return out


def print_booklet(req: dict) -> dict:
    """A PDF booklet (base64) of the request's puzzles: numbered, then answer pages."""
    render = _render_module()
    grids = []
    for index, puzzle in enumerate(req["puzzles"], 1):
        limits.check()
        try:
            grids.append(_puzzle_grid(position_of({**req, "puzzle": puzzle})))
        except SudokitError as e:
            raise TaskError(422, f"puzzle {index}: {e}") from None
    solutions, missing = None, 0
    if req.get("solutions"):
        solutions = []
        for index, grid in enumerate(grids, 1):
            result = search.solve(grid, limit=2, time_limit=_search_limit(req))
            if not result.solutions:
                raise TaskError(422, tr("puzzle {index}: {reason}", index=index,
                                        reason=gettext(NO_SOLUTION)))
            unique = result.status == "unique"
            solutions.append(result.solutions[0] if unique else None)
            missing += not unique
    labels = None
    if req.get("rate"):
        rating_module = _optional("sudokit.engines.rating", "rating")
        labels = []
        for grid in grids:
            r = rating_module.rate(grid, time_limit=_search_limit(req))
            labels.append(f"{r.level_name} {r.score:.1f}")
    try:
        entries = [render.Entry(g, None if s is None else list(s.values), label)
                   for g, s, label in zip(grids, solutions or [None] * len(grids),
                                          labels or [""] * len(grids))]
        pages = render.booklet_pages(entries, req.get("per_page") or 4, bool(solutions),
                                     req.get("title") or "", req.get("paper") or "a4",
                                     req.get("style") or "print")
        from sudokit.engines.render.pdfdraw import to_pdf

        pdf = to_pdf(pages, title=req.get("title") or "Sudoku")
    except render.RenderUnavailable as e:
        raise TaskError(501, str(e)) from None
    return {"media_type": "application/pdf", "puzzles": len(grids), "pages": len(pages),
            "without_answer": missing, "data": base64.b64encode(pdf).decode("ascii")}


TASKS.update({"render": render_picture, "print": print_booklet})


def run(name: str, req: dict) -> tuple:
    """Run task ``name``: ``("ok", result)`` or ``("error", status, message)``, the texts in
    the request's language (``lang``, chosen by the app)."""
    with language(req.get("lang")):
        return _run(name, req)


def _run(name: str, req: dict) -> tuple:
    try:
        return "ok", TASKS[name](req)
    except TaskError as e:
        return "error", e.status, e.message
    except CancelledError:
        return "error", 409, tr("{name} was cancelled", name=name)
    except SearchLimitError as e:
        return "error", 408, tr("{name} stopped at its time limit: {reason}", name=name, reason=e)
    except SudokitError as e:
        return "error", 422, str(e)
    except RecursionError:
        return "error", 422, tr("{name}: the puzzle is too deep to work through", name=name)
    except Exception as e:  # a bug: log it, answer without a traceback
        log.error("task %s failed:\n%s", name, traceback.format_exc())
        return "error", 500, f"internal error in {name}: {type(e).__name__}"
