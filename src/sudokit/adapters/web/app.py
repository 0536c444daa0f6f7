"""The FastAPI app of ``sudokit serve``: one page and the JSON API it uses.

Every endpoint that parses, solves, steps, rates or generates hands its request to a worker
process with a time limit (:mod:`.pool`: quick and slow lanes, per-client queues; what is slow:
:mod:`.costs`), so the event loop only moves bytes. A client that hangs up has its request
dropped, and ``POST /api/cancel`` stops a request by the job id it carried. Errors are JSON
``{"error": "..."}``: 422 bad input, 413 body too large, 408 time limit, 409 cancelled, 429 too
many requests of this client at once, 501 a part of sudokit not installed, 503 no worker free
before the time limit or the task past the memory it may take, 500 an internal error (no
traceback).
"""

from __future__ import annotations

import asyncio
import logging
import os
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from sudokit import __version__
from sudokit.i18n import Message, from_accept_language, gettext, languages, msg, msgn, normalize
from sudokit.i18n import text as shown_in
from sudokit.adapters.web.costs import is_slow
from sudokit.adapters.web.limits import LOCAL_HOSTS, MAX_BODY, BodyLimit, HostCheck, SecurityHeaders
from sudokit.adapters.web.models import (
    PrintRequest, PrintResponse, RenderRequest, RenderResponse,
    CancelRequest, CancelResponse, CheckResponse, CountResponse, ErrorResponse, ExportRequest,
    ExportResponse, GenerateRequest, GenerateResponse, HintRequest, HintResponse, InfoResponse,
    ParseRequest, ParseResponse, PuzzleRequest, RateResponse, ReadImageRequest, ReadImageResponse,
    RoundResponse, SolveResponse, StepRequest, StepResponse, StepsResponse, TechniqueModel,
)
from sudokit.adapters.web.pool import RECYCLE_MEMORY, TASK_MEMORY, Cancelled, ClientBusy, WorkerPool
from sudokit.adapters.web.worker import MemoryLimit, PoolBusy, TaskTimeout, WorkerFailed

log = logging.getLogger("sudokit.adapters.web")

#: Largest grid side the server accepts (the model goes to 64; a page of 64x64 cells is no use
#: and logic on it too slow).
MAX_SIZE = 36
#: Default time limit of one request, in seconds; generation and rating get longer.
TIME_LIMIT = 20.0
SLOW_TIME_LIMIT = 60.0

#: The page's files: the only files the server sends, by these fixed names.
STATIC_TYPES = {
    "index.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    # the page's script: plain ES modules, one per concern; app.js is the entry point
    **{f"{name}.js": "text/javascript; charset=utf-8" for name in (
        "app", "api", "board", "cage-editor", "cages", "draw", "generate", "grid", "i18n", "input",
        "media", "notation", "photo", "play", "regions", "steps", "storage", "theme", "timer",
        "variants")},
}
#: the page's catalogues, one per language: every static/i18n/*.json is served
CATALOGUE_TYPE = "application/json; charset=utf-8"

ERRORS = {status: {"model": ErrorResponse, "description": text} for status, text in (
    (408, "The request ran past its time limit and was stopped"),
    (409, "The request was cancelled (POST /api/cancel with its job id)"),
    (413, "The request body is too large"),
    (422, "Bad input: malformed JSON, wrong types, an unreadable puzzle, clashing givens"),
    (429, "This client already has as many requests queued or running as it may"),
    (500, "An internal error (the message names no more than the task)"),
    (503, "No worker became free before the time limit, or the request needed more memory "
          "than the server gives one"),
)}


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _load_static() -> dict[str, bytes]:
    folder = resources.files("sudokit.adapters.web") / "static"
    files = {name: (folder / name).read_bytes() for name in STATIC_TYPES}
    files.update({f"i18n/{f.name}": f.read_bytes() for f in (folder / "i18n").iterdir() if f.name.endswith(".json")})
    return files


def _levels_and_symmetries() -> tuple[list[str], list[str]]:
    try:
        from sudokit.engines.rating import LEVELS
    except ImportError:
        LEVELS = ("easy", "medium", "hard", "expert", "extreme")
    try:
        from sudokit.engines.generate import SYMMETRIES
    except ImportError:
        SYMMETRIES = ("none", "180", "90", "mirror", "diagonal")
    return list(LEVELS), list(SYMMETRIES)


#: pydantic's names for the two branches of the ``puzzle`` field (text or position object)
_TEXT_BRANCHES = ("str", "constrained-str")
_OBJECT_BRANCH = "PositionModel"


def _validation_message(errors) -> str:
    """One line for a person out of pydantic's error list."""
    parts: list[str] = []
    for e in errors:
        if e.get("type") == "json_invalid":
            where = e.get("loc", (None, None))[-1]
            reason = (e.get("ctx") or {}).get("error", "JSON decode error")
            return f"malformed JSON: {reason} (at character {where})"
        loc = [str(x) for x in e.get("loc", ()) if x != "body"]
        msg = e.get("msg", "invalid").removeprefix("Value error, ")
        if len(loc) >= 2 and loc[1] in _TEXT_BRANCHES + (_OBJECT_BRANCH,):
            # a union: report the branch the input was meant for (text or object)
            given = e.get("input")
            if len(loc) > 2:  # a field inside the position object
                loc = loc[:1] + loc[2:]
            elif not isinstance(given, (dict, str)):
                loc, msg = loc[:1], "give puzzle text or a position object"
            elif isinstance(given, dict) == (loc[1] in _TEXT_BRANCHES):
                continue
            else:
                loc = loc[:1]
        where = ".".join(loc) or "body"
        text = f"{where}: {msg}"
        if e.get("type") == "missing" and where == "body":
            text = "the request needs a JSON object as its body"
        if text not in parts:
            parts.append(text)
    return "; ".join(parts[:3]) + ("; ..." if len(parts) > 3 else "")


def create_app(*, workers: int | None = None, time_limit: float = TIME_LIMIT,
               slow_time_limit: float = SLOW_TIME_LIMIT, max_body: int = MAX_BODY,
               max_size: int = MAX_SIZE, allowed_hosts: list[str] | None = None,
               task_memory: int | None = TASK_MEMORY, recycle_memory: int | None = RECYCLE_MEMORY,
               pool: WorkerPool | None = None) -> FastAPI:
    """The app. ``workers``: processes for slow work (default one per core; one more is kept
    for quick requests). ``time_limit`` caps each request (``slow_time_limit`` generate and
    rate; a request may ask for less); ``allowed_hosts`` restricts the Host header (``sudokit
    serve`` sets it, against DNS rebinding); ``task_memory`` and ``recycle_memory`` are the
    workers' memory bounds in MB (:mod:`.pool`); ``pool`` shares workers between apps (tests)."""
    slow_time_limit = max(slow_time_limit, time_limit)
    owns_pool = pool is None
    pool = pool or WorkerPool(workers, task_memory=task_memory, recycle_memory=recycle_memory)
    static = _load_static()
    levels, symmetries = _levels_and_symmetries()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        pool.start()
        yield
        if app.state.owns_pool:
            pool.close()

    app = FastAPI(
        title="sudokit", version=__version__, lifespan=lifespan,
        description=("Solve, explain, rate and generate Sudoku puzzles of every size. The JSON API "
                     "of the page that `sudokit serve` opens. Puzzles go in as text in any "
                     "supported format or as a position object; errors come back as "
                     '`{"error": "..."}`.'),
        docs_url=None, redoc_url=None,  # their pages load scripts from a CDN; /openapi.json stays
    )
    app.state.pool = pool
    app.state.owns_pool = owns_pool
    app.state.max_size = max_size
    if allowed_hosts:
        app.add_middleware(HostCheck, allowed=allowed_hosts)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit, max_bytes=max_body)

    # --- errors as {"error": ...} --------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError):
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        return JSONResponse({"error": _validation_message(exc.errors())}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        message = exc.detail if isinstance(exc.detail, str) else "request refused"
        lang = from_accept_language(request.headers.get("accept-language"))
        if exc.status_code == 404:
            message = msg("nothing here: {path}", path=request.url.path).render(lang)
        elif exc.status_code == 405:
            message = msg("{method} is not allowed on {path}", method=request.method,
                          path=request.url.path).render(lang)
        return JSONResponse({"error": message}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception):
        log.exception("unhandled error on %s", request.url.path)
        return JSONResponse({"error": "internal server error"}, status_code=500)

    # --- running a task ------------------------------------------------------------------------
    async def run(name: str, body, request: Request, limit: float = time_limit) -> dict:
        req = body.model_dump(exclude={"time_limit", "job"})
        req["lang"] = (getattr(body, "lang", None)
                       or from_accept_language(request.headers.get("accept-language")))
        asked = getattr(body, "time_limit", None)
        seconds = min(asked, limit) if asked else limit
        req["time_limit"] = seconds
        req["max_size"] = max_size
        client = request.client.host if request.client else "unknown"
        task = asyncio.ensure_future(pool.run(name, req, seconds, client=client,
                                              slow=is_slow(name, req), job_id=body.job))
        hung_up = asyncio.ensure_future(_hung_up(request))
        try:
            await asyncio.wait({task, hung_up}, return_when=asyncio.FIRST_COMPLETED)
            if not task.done() and hung_up.exception() is None:
                raise ApiError(499, "the client went away")  # nobody reads this
            outcome = await task
        except ClientBusy as e:
            raise ApiError(429, shown_in(e.args[0], req["lang"])) from None
        except TaskTimeout:
            raise ApiError(408, _took_too_long(name, seconds, req["lang"])) from None
        except PoolBusy:
            raise ApiError(503, Message(
                "no worker became free for {name} within its time limit of {seconds} s: the "
                "server is busy; try again", {"name": name, "seconds": f"{seconds:g}"}
            ).render(req["lang"])) from None
        except Cancelled:
            raise ApiError(409, Message("{name} was cancelled", {"name": name}).render(
                req["lang"])) from None
        except MemoryLimit as e:
            raise ApiError(503, Message(
                "{name} needed more than {mb} MB of memory, the most this server gives one "
                "request, and was stopped; try a smaller grid or fewer techniques",
                {"name": name, "mb": e.mb}).render(req["lang"])) from None
        except WorkerFailed as e:
            raise ApiError(500, str(e)) from None
        finally:
            task.cancel()  # a no-op once done; else the pool drops or stops the job
            hung_up.cancel()
        if outcome[0] == "ok":
            return outcome[1]
        if outcome[1] == 408:  # the task stopped itself at its budget: say it the same way
            raise ApiError(408, _took_too_long(name, seconds, req["lang"]))
        raise ApiError(outcome[1], outcome[2])

    # --- the page ------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return Response(static["index.html"], media_type=STATIC_TYPES["index.html"])

    @app.get("/static/{name:path}", include_in_schema=False)
    async def static_file(name: str, request: Request) -> Response:
        if name not in static or name == "index.html":
            raise ApiError(404, msg("no such file: {name}", name=name).render(
                from_accept_language(request.headers.get("accept-language"))))
        return Response(static[name], media_type=STATIC_TYPES.get(name, CATALOGUE_TYPE))

    # --- the API -------------------------------------------------------------------------------
    @app.get("/api/info", response_model=InfoResponse, tags=["info"])
    async def info(request: Request, lang: str | None = None) -> dict:
        """Limits of this server, languages, formats, generator levels and symmetries, and every
        technique (id, name, difficulty) for the technique toggles; names in ``?lang=`` or the
        Accept-Language header's language."""
        from sudokit.model import formats
        from sudokit.engines.logic.techniques import REGISTRY, default_order

        chosen = normalize(lang) or from_accept_language(request.headers.get("accept-language"))
        techniques = [TechniqueModel(id=t, name=gettext(REGISTRY[t].name, chosen),
                                     difficulty=REGISTRY[t].difficulty,
                                     family=REGISTRY[t].family, uniqueness=REGISTRY[t].uniqueness)
                      for t in default_order()]
        return {"version": __version__, "languages": list(languages()),
                "max_size": max_size, "max_body": max_body,
                "time_limit": time_limit, "formats": list(formats.formats()), "levels": levels,
                "symmetries": symmetries, "techniques": techniques}

    @app.post("/api/parse", response_model=ParseResponse, responses=ERRORS, tags=["puzzle"])
    async def parse(body: ParseRequest, request: Request) -> dict:
        """Read pasted text or a file's content: every puzzle in it (the first 200 sent back),
        with candidates when the format has them."""
        return await run("parse", body, request)

    @app.post("/api/solve", response_model=SolveResponse, responses=ERRORS, tags=["solve"])
    async def solve(body: PuzzleRequest, request: Request) -> dict:
        """The solution of the givens (the user's entries are ignored), found by search."""
        return await run("solve", body, request)

    @app.post("/api/count", response_model=CountResponse, responses=ERRORS, tags=["solve"])
    async def count(body: PuzzleRequest, request: Request) -> dict:
        """How many solutions the givens have: no solution, unique, or at least 2."""
        return await run("count", body, request)

    @app.post("/api/step", response_model=StepResponse, responses=ERRORS, tags=["logic"])
    async def step(body: StepRequest, request: Request) -> dict:
        """The next logical step in the position (with its candidates), and the position after
        it. The step lists what it places and removes, and the cells, houses and candidates it
        looks at."""
        return await run("step", body, request)

    @app.post("/api/steps", response_model=StepsResponse, responses=ERRORS, tags=["logic"])
    async def steps(body: StepRequest, request: Request) -> dict:
        """Every step available in the position: each instance of each chosen technique (none
        applied), simplest technique first. At the time limit the steps found so far come
        back with ``complete`` false."""
        return await run("steps", body, request)

    @app.post("/api/round", response_model=RoundResponse, responses=ERRORS, tags=["logic"])
    async def round_(body: StepRequest, request: Request) -> dict:
        """One round of the manual mode of "Lösningsmetoder för sudoku": every single found
        first, then all placed (which removes the placed digits from their peers)."""
        return await run("round", body, request)

    @app.post("/api/hint", response_model=HintResponse, responses=ERRORS, tags=["logic"])
    async def hint(body: HintRequest, request: Request) -> dict:
        """A hint: at level nudge the technique and where to look; at level step the whole
        step and the position after it."""
        return await run("hint", body, request)

    @app.post("/api/check", response_model=CheckResponse, responses=ERRORS, tags=["solve"])
    async def check(body: PuzzleRequest, request: Request) -> dict:
        """The user's entries (the position's values) against the solution of the givens."""
        return await run("check", body, request)

    @app.post("/api/rate", response_model=RateResponse, responses={
        **ERRORS, 501: {"model": ErrorResponse, "description": "Rating is not installed"}},
        tags=["puzzle"])
    async def rate(body: PuzzleRequest, request: Request) -> dict:
        """The difficulty of the givens: score on the Sudoku Explainer scale, level, techniques.
        Only a puzzle with exactly one solution is rated: ``status`` says ``multiple`` or
        ``no-solution`` otherwise, and the message why there is no score."""
        return await run("rate", body, request, slow_time_limit)

    @app.post("/api/generate", response_model=GenerateResponse, responses={
        **ERRORS, 501: {"model": ErrorResponse, "description": "Generation is not installed"}},
        tags=["puzzle"])
    async def generate(body: GenerateRequest, request: Request) -> dict:
        """A new puzzle of a size (and box shape), level and symmetry."""
        if body.size > max_size:
            raise ApiError(422, f"size {body.size} is larger than this server supports "
                                f"(at most {max_size})")
        return await run("generate", body, request, slow_time_limit)

    @app.post("/api/export", response_model=ExportResponse, responses=ERRORS, tags=["puzzle"])
    async def export(body: ExportRequest, request: Request) -> dict:
        """The puzzle (or, with entries, the grid as it stands) written in a format."""
        return await run("export", body, request)

    @app.post("/api/read-image", response_model=ReadImageResponse, responses={
        **ERRORS, 501: {"model": ErrorResponse, "description": "The photo extra is not installed"}},
        tags=["puzzle"])
    async def read_image(body: ReadImageRequest, request: Request) -> dict:
        """Read a puzzle from a picture (base64 or a data URL in ``image``): the position,
        a confidence per cell, the corners found, the cells repaired and those to check, and
        the straightened grid as a PNG data URL. 422 when it is not a picture or has no grid."""
        return await run("read-image", body, request)


    @app.post("/api/render", response_model=RenderResponse, responses={
        **ERRORS, 501: {"model": ErrorResponse, "description": "The render extra is not installed"}},
        tags=["puzzle"])
    async def render_picture(body: RenderRequest, request: Request) -> dict:
        """A picture of the puzzle or position: SVG text, or a PNG in base64 (``to``), with
        candidates, the solution, highlights and a step (given, or the next one found)."""
        return await run("render", body, request)

    @app.post("/api/print", response_model=PrintResponse, responses={
        **ERRORS, 501: {"model": ErrorResponse, "description": "The render extra is not installed"}},
        tags=["puzzle"])
    async def print_booklet(body: PrintRequest, request: Request) -> dict:
        """A PDF booklet (base64) of up to 200 puzzles: 1, 2, 4 or 6 a page, numbered, with
        level and score (``rate``), then answer pages (``solutions``)."""
        return await run("print", body, request, slow_time_limit)

    @app.post("/api/cancel", response_model=CancelResponse, responses=ERRORS, tags=["info"])
    async def cancel(body: CancelRequest, request: Request) -> dict:
        """Stop this client's unfinished requests that carried ``job``: a queued one is
        dropped, a running one stopped (its worker replaced if it does not stop at once);
        each answers 409."""
        client = request.client.host if request.client else "unknown"
        n = pool.cancel_id(client, body.job)
        lang = body.lang or from_accept_language(request.headers.get("accept-language"))
        message = (msgn("cancelled {n} request with job id {job}",
                        "cancelled {n} requests with job id {job}", n, job=body.job) if n
                   else msg("no unfinished request of this client has job id {job}", job=body.job))
        message = message.render(lang)
        return {"cancelled": n, "message": message}

    return app


def _took_too_long(name: str, seconds: float, lang: str) -> str:
    return Message("{name} took longer than its time limit of {seconds} s and was stopped",
                   {"name": name, "seconds": f"{seconds:g}"}).render(lang)


async def _hung_up(request: Request) -> None:
    """Return once the client has closed its connection (the body is read by then, so the
    server's next message is the disconnect)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def app_from_env() -> FastAPI:
    """For ``uvicorn --factory sudokit.adapters.web.app:app_from_env``: limits from the environment.
    The Host header is checked as ``sudokit serve`` on 127.0.0.1 checks it, unless
    ``SUDOKIT_WEB_ALLOWED_HOSTS`` names the hosts (comma-separated) or is ``*`` (any)."""
    env = os.environ
    workers = env.get("SUDOKIT_WEB_WORKERS")
    hosts = env.get("SUDOKIT_WEB_ALLOWED_HOSTS", "").strip()
    allowed = None if hosts == "*" else [h.strip() for h in hosts.split(",") if h.strip()]
    return create_app(workers=int(workers) if workers else None,
                      time_limit=float(env.get("SUDOKIT_WEB_TIME_LIMIT", TIME_LIMIT)),
                      allowed_hosts=list(LOCAL_HOSTS) if allowed == [] else allowed,
                      task_memory=int(env.get("SUDOKIT_WEB_TASK_MEMORY", TASK_MEMORY)),
                      recycle_memory=int(env.get("SUDOKIT_WEB_RECYCLE_MEMORY", RECYCLE_MEMORY)))
