"""What the routes of one app share: its limits, its worker pool and the page's files, and
running a task on a worker with the request's language and time limit (errors as
:class:`.errors.ApiError`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from importlib import resources

from fastapi import Request

from sudokit.adapters.web.costs import is_slow
from sudokit.adapters.web.errors import ApiError
from sudokit.adapters.web.pool import Cancelled, ClientBusy, WorkerPool
from sudokit.adapters.web.worker import MemoryLimit, PoolBusy, TaskTimeout, WorkerFailed
from sudokit.i18n import Message, from_accept_language
from sudokit.i18n import text as shown_in

#: The page's files: the only files the server sends, by these fixed names.
STATIC_TYPES = {
    "index.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    # the page's script: plain ES modules, one per concern; app.js is the entry point
    **{f"{name}.js": "text/javascript; charset=utf-8" for name in (
        "api", "app", "board", "boards", "cage-editor", "cages", "commands", "draw", "generate",
        "grid", "i18n", "input", "loading", "media", "media-panel", "notation", "photo",
        "photo-panel", "play", "play-panel", "puzzle-panel", "regions", "saves-panel", "settings",
        "solve-panel", "state", "steps", "steps-panel", "storage", "techniques", "theme", "timer",
        "variants", "view")},
}
#: the page's catalogues, one per language: every static/i18n/*.json is served
CATALOGUE_TYPE = "application/json; charset=utf-8"


def load_static() -> dict[str, bytes]:
    """The page's files by name (read once, when the app is made)."""
    folder = resources.files("sudokit.adapters.web") / "static"
    files = {name: (folder / name).read_bytes() for name in STATIC_TYPES}
    files.update({f"i18n/{f.name}": f.read_bytes() for f in (folder / "i18n").iterdir()
                  if f.name.endswith(".json")})
    return files


def levels_and_symmetries() -> tuple[list[str], list[str]]:
    try:
        from sudokit.engines.rating import LEVELS
    except ImportError:
        LEVELS = ("easy", "medium", "hard", "expert", "extreme")
    try:
        from sudokit.engines.generate import SYMMETRIES
    except ImportError:
        SYMMETRIES = ("none", "180", "90", "mirror", "diagonal")
    return list(LEVELS), list(SYMMETRIES)


@dataclass
class Server:
    """The state of one app, kept on ``app.state.server`` for its routes."""

    pool: WorkerPool
    time_limit: float
    slow_time_limit: float
    max_body: int
    max_size: int
    static: dict[str, bytes] = field(default_factory=load_static)
    levels: list[str] = field(default_factory=list)
    symmetries: list[str] = field(default_factory=list)

    def language(self, request: Request, lang: str | None = None) -> str:
        """The language of an answer: the body's ``lang``, else the Accept-Language header's."""
        return lang or from_accept_language(request.headers.get("accept-language"))

    async def run(self, name: str, body, request: Request, slow: bool = False) -> dict:
        """Task ``name`` on the request's body, on a worker, within the time limit (the slow
        one when ``slow``; a request may ask for less). A client that hangs up has its task
        dropped."""
        limit = self.slow_time_limit if slow else self.time_limit
        req = body.model_dump(exclude={"time_limit", "job"})
        req["lang"] = self.language(request, getattr(body, "lang", None))
        asked = getattr(body, "time_limit", None)
        seconds = min(asked, limit) if asked else limit
        req["time_limit"] = seconds
        req["max_size"] = self.max_size
        client = request.client.host if request.client else "unknown"
        task = asyncio.ensure_future(self.pool.run(name, req, seconds, client=client,
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
            raise ApiError(408, took_too_long(name, seconds, req["lang"])) from None
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
            raise ApiError(408, took_too_long(name, seconds, req["lang"]))
        raise ApiError(outcome[1], outcome[2])


def server_of(request: Request) -> Server:
    return request.app.state.server


def took_too_long(name: str, seconds: float, lang: str) -> str:
    return Message("{name} took longer than its time limit of {seconds} s and was stopped",
                   {"name": name, "seconds": f"{seconds:g}"}).render(lang)


async def _hung_up(request: Request) -> None:
    """Return once the client has closed its connection (the body is read by then, so the
    server's next message is the disconnect)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
