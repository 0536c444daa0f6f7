"""The routes of the app: one small function per endpoint and the table :data:`ROUTES` that
:func:`mount` puts on an app. A function's docstring is its endpoint's description in the
OpenAPI document; what the routes share (limits, pool, files) is :class:`.server.Server`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fastapi import FastAPI, Request
from fastapi.responses import Response

from sudokit import __version__
from sudokit.adapters.web.errors import ERRORS, ApiError, not_installed
from sudokit.adapters.web.models import (
    BoardResponse, CancelRequest, CancelResponse, CheckResponse, CountResponse, ExportRequest,
    ExportResponse, GenerateRequest, GenerateResponse, HintRequest, HintResponse, InfoResponse,
    ParseRequest, ParseResponse, PrintRequest, PrintResponse, PuzzleRequest, RateResponse,
    ReadImageRequest, ReadImageResponse, RenderRequest, RenderResponse, RoundResponse,
    SolveResponse, StepRequest, StepResponse, StepsResponse, TechniqueModel,
)
from sudokit.adapters.web.server import CATALOGUE_TYPE, STATIC_TYPES, server_of
from sudokit.i18n import gettext, languages, msg, msgn, normalize


# --- the page ------------------------------------------------------------------------------------
async def index(request: Request) -> Response:
    return Response(server_of(request).static["index.html"], media_type=STATIC_TYPES["index.html"])


async def static_file(name: str, request: Request) -> Response:
    server = server_of(request)
    if name not in server.static or name == "index.html":
        raise ApiError(404, msg("no such file: {name}", name=name).render(server.language(request)))
    return Response(server.static[name], media_type=STATIC_TYPES.get(name, CATALOGUE_TYPE))


# --- the API -------------------------------------------------------------------------------------
async def info(request: Request, lang: str | None = None) -> dict:
    """Limits of this server, languages, formats, generator levels and symmetries, and every
    technique (id, name, difficulty) for the technique toggles; names in ``?lang=`` or the
    Accept-Language header's language."""
    from sudokit.engines.logic.techniques import REGISTRY, default_order
    from sudokit.model import formats

    server = server_of(request)
    chosen = server.language(request, normalize(lang))
    techniques = [TechniqueModel(id=t, name=gettext(REGISTRY[t].name, chosen),
                                 difficulty=REGISTRY[t].difficulty,
                                 family=REGISTRY[t].family, uniqueness=REGISTRY[t].uniqueness)
                  for t in default_order()]
    return {"version": __version__, "languages": list(languages()),
            "max_size": server.max_size, "max_body": server.max_body,
            "time_limit": server.time_limit, "formats": list(formats.formats()),
            "levels": server.levels, "symmetries": server.symmetries, "techniques": techniques}


async def parse(body: ParseRequest, request: Request) -> dict:
    """Read pasted text or a file's content: every puzzle in it (the first 200 sent back),
    with candidates when the format has them."""
    return await server_of(request).run("parse", body, request)


async def board(body: PuzzleRequest, request: Request) -> dict:
    """The board of the puzzle under its rules, as the solver sees it: size, box shape, every
    house (rows, columns, boxes or jigsaw regions, the houses the rules add: diagonals,
    windows) with its kind, name and label, the peers the rules add without a house
    (anti-knight, anti-king, a killer cage's cells) as pairs of cells, the killer cages and
    the rules. Labels and rule texts in the answer's language. The givens may clash."""
    return await server_of(request).run("board", body, request)


async def solve(body: PuzzleRequest, request: Request) -> dict:
    """The solution of the givens (the user's entries are ignored), found by search."""
    return await server_of(request).run("solve", body, request)


async def count(body: PuzzleRequest, request: Request) -> dict:
    """How many solutions the givens have: no solution, unique, or at least 2."""
    return await server_of(request).run("count", body, request)


async def step(body: StepRequest, request: Request) -> dict:
    """The next logical step in the position (with its candidates), and the position after
    it. The step lists what it places and removes, and the cells, houses and candidates it
    looks at."""
    return await server_of(request).run("step", body, request)


async def steps(body: StepRequest, request: Request) -> dict:
    """Every step available in the position: each instance of each chosen technique (none
    applied), simplest technique first. At the time limit the steps found so far come
    back with ``complete`` false."""
    return await server_of(request).run("steps", body, request)


async def round_(body: StepRequest, request: Request) -> dict:
    """One round of the manual mode of "Lösningsmetoder för sudoku": every single found
    first, then all placed (which removes the placed digits from their peers)."""
    return await server_of(request).run("round", body, request)


async def hint(body: HintRequest, request: Request) -> dict:
    """A hint: at level nudge the technique and where to look; at level step the whole
    step and the position after it."""
    return await server_of(request).run("hint", body, request)


async def check(body: PuzzleRequest, request: Request) -> dict:
    """The user's entries (the position's values) against the solution of the givens."""
    return await server_of(request).run("check", body, request)


async def rate(body: PuzzleRequest, request: Request) -> dict:
    """The difficulty of the givens: score on the Sudoku Explainer scale, level, techniques.
    Only a puzzle with exactly one solution is rated: ``status`` says ``multiple`` or
    ``no-solution`` otherwise, and the message why there is no score."""
    return await server_of(request).run("rate", body, request, slow=True)


async def generate(body: GenerateRequest, request: Request) -> dict:
    """A new puzzle of a size (and box shape), level and symmetry."""
    server = server_of(request)
    if body.size > server.max_size:
        raise ApiError(422, f"size {body.size} is larger than this server supports "
                            f"(at most {server.max_size})")
    return await server.run("generate", body, request, slow=True)


async def export(body: ExportRequest, request: Request) -> dict:
    """The puzzle (or, with entries, the grid as it stands) written in a format."""
    return await server_of(request).run("export", body, request)


async def read_image(body: ReadImageRequest, request: Request) -> dict:
    """Read a puzzle from a picture (base64 or a data URL in ``image``): the position,
    a confidence per cell, the corners found, the cells repaired and those to check, and
    the straightened grid as a PNG data URL. 422 when it is not a picture or has no grid."""
    return await server_of(request).run("read-image", body, request)


async def render_picture(body: RenderRequest, request: Request) -> dict:
    """A picture of the puzzle or position: SVG text, or a PNG in base64 (``to``), with
    candidates, the solution, highlights and a step (given, or the next one found)."""
    return await server_of(request).run("render", body, request)


async def print_booklet(body: PrintRequest, request: Request) -> dict:
    """A PDF booklet (base64) of up to 200 puzzles: 1, 2, 4 or 6 a page, numbered, with
    level and score (``rate``), then answer pages (``solutions``)."""
    return await server_of(request).run("print", body, request, slow=True)


async def cancel(body: CancelRequest, request: Request) -> dict:
    """Stop this client's unfinished requests that carried ``job``: a queued one is
    dropped, a running one stopped (its worker replaced if it does not stop at once);
    each answers 409."""
    server = server_of(request)
    client = request.client.host if request.client else "unknown"
    n = server.pool.cancel_id(client, body.job)
    message = (msgn("cancelled {n} request with job id {job}",
                    "cancelled {n} requests with job id {job}", n, job=body.job) if n
               else msg("no unfinished request of this client has job id {job}", job=body.job))
    return {"cancelled": n, "message": message.render(server.language(request, body.lang))}


# --- the table -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Route:
    """One endpoint: method, path, the function answering it, and what OpenAPI says of it
    (the response model, the error statuses, the tag; none for the page's files)."""

    method: str
    path: str
    endpoint: Callable
    response_model: type | None = None
    responses: dict | None = None
    tag: str | None = None

    @property
    def in_schema(self) -> bool:
        return self.tag is not None


ROUTES: tuple[Route, ...] = (
    Route("GET", "/", index),
    Route("GET", "/static/{name:path}", static_file),
    Route("GET", "/api/info", info, InfoResponse, None, "info"),
    Route("POST", "/api/parse", parse, ParseResponse, ERRORS, "puzzle"),
    Route("POST", "/api/board", board, BoardResponse, ERRORS, "puzzle"),
    Route("POST", "/api/solve", solve, SolveResponse, ERRORS, "solve"),
    Route("POST", "/api/count", count, CountResponse, ERRORS, "solve"),
    Route("POST", "/api/step", step, StepResponse, ERRORS, "logic"),
    Route("POST", "/api/steps", steps, StepsResponse, ERRORS, "logic"),
    Route("POST", "/api/round", round_, RoundResponse, ERRORS, "logic"),
    Route("POST", "/api/hint", hint, HintResponse, ERRORS, "logic"),
    Route("POST", "/api/check", check, CheckResponse, ERRORS, "solve"),
    Route("POST", "/api/rate", rate, RateResponse, not_installed("Rating"), "puzzle"),
    Route("POST", "/api/generate", generate, GenerateResponse, not_installed("Generation"), "puzzle"),
    Route("POST", "/api/export", export, ExportResponse, ERRORS, "puzzle"),
    Route("POST", "/api/read-image", read_image, ReadImageResponse,
          not_installed("The photo extra"), "puzzle"),
    Route("POST", "/api/render", render_picture, RenderResponse,
          not_installed("The render extra"), "puzzle"),
    Route("POST", "/api/print", print_booklet, PrintResponse,
          not_installed("The render extra"), "puzzle"),
    Route("POST", "/api/cancel", cancel, CancelResponse, ERRORS, "info"),
)


def mount(app: FastAPI, routes: tuple[Route, ...] = ROUTES) -> None:
    """Put ``routes`` on ``app`` in their order."""
    for r in routes:
        app.add_api_route(r.path, r.endpoint, methods=[r.method], response_model=r.response_model,
                          responses=r.responses, tags=[r.tag] if r.tag else None,
                          include_in_schema=r.in_schema)
