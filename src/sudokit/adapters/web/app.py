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

import os
from contextlib import asynccontextmanager

from fastapi import FastAPI

from sudokit import __version__
from sudokit.adapters.web.errors import add_error_handlers
from sudokit.adapters.web.limits import LOCAL_HOSTS, MAX_BODY, BodyLimit, HostCheck, SecurityHeaders
from sudokit.adapters.web.pool import RECYCLE_MEMORY, TASK_MEMORY, WorkerPool
from sudokit.adapters.web.routes import mount
from sudokit.adapters.web.server import Server, levels_and_symmetries

#: Largest grid side the server accepts (the model goes to 64; a page of 64x64 cells is no use
#: and logic on it too slow).
MAX_SIZE = 36
#: Default time limit of one request, in seconds; generation and rating get longer.
TIME_LIMIT = 20.0
SLOW_TIME_LIMIT = 60.0

DESCRIPTION = (
    "Solve, explain, rate and generate Sudoku puzzles of every size. The JSON API of the page "
    "that `sudokit serve` opens. Puzzles go in as text in any supported format or as a position "
    'object; errors come back as `{"error": "..."}`.')


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
    owns_pool = pool is None
    pool = pool or WorkerPool(workers, task_memory=task_memory, recycle_memory=recycle_memory)
    levels, symmetries = levels_and_symmetries()
    server = Server(pool=pool, time_limit=time_limit,
                    slow_time_limit=max(slow_time_limit, time_limit), max_body=max_body,
                    max_size=max_size, levels=levels, symmetries=symmetries)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        pool.start()
        yield
        if app.state.owns_pool:
            pool.close()

    app = FastAPI(
        title="sudokit", version=__version__, lifespan=lifespan, description=DESCRIPTION,
        docs_url=None, redoc_url=None,  # their pages load scripts from a CDN; /openapi.json stays
    )
    app.state.server = server
    app.state.pool = pool
    app.state.owns_pool = owns_pool
    app.state.max_size = max_size
    if allowed_hosts:
        app.add_middleware(HostCheck, allowed=allowed_hosts)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit, max_bytes=max_body)
    add_error_handlers(app)
    mount(app)
    return app


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
