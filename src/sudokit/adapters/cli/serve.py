"""``sudokit serve``: the local web page (FastAPI app run by uvicorn)."""

from __future__ import annotations

import ipaddress
import threading
import webbrowser
from typing import Annotated

import typer

from sudokit.i18n import tr
from sudokit.adapters.cli.common import message

SERVE_HELP = (
    "Serve the sudokit page on this computer: enter, paste, open or generate a puzzle, then "
    "solve it, step through it with explanations, get hints, check entries and rate it; every "
    "size and box shape. The JSON API and its OpenAPI document (/openapi.json) come with it.\n\n"
    "It listens on 127.0.0.1 only unless --host says otherwise. Each request has a time limit "
    "and runs in one of --workers processes, so a slow 25x25 never blocks the page."
)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str) -> list[str] | None:
    """Host headers to accept: on a loopback address only the local names (a page elsewhere
    cannot reach the server through DNS rebinding); on any other address every name."""
    from sudokit.adapters.web.limits import LOCAL_HOSTS

    if not _loopback(host):
        return None
    return sorted({*LOCAL_HOSTS, host})


def _address(host: str) -> str:
    """The --host given, refused when empty (uvicorn would listen on every address and the
    URL printed would have no host)."""
    if not host.strip():
        raise typer.BadParameter(tr("the address is empty; give one such as 127.0.0.1 "
                                    "(this computer) or 0.0.0.0 (every address)"))
    return host.strip()


def serve(
    host: Annotated[str, typer.Option("--host", callback=_address,
                                      help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535,
                                      help="Port to listen on (0: any free port).")] = 8000,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in a browser.")] = False,
    workers: Annotated[int, typer.Option("--workers", min=1, max=32,
                                         help="Worker processes for solving.")] = 2,
    time_limit: Annotated[float, typer.Option("--time-limit", min=0.1, max=600,
                                              help="Seconds one request may take.")] = 20.0,
    # the defaults are the pool's TASK_MEMORY and RECYCLE_MEMORY (not imported: the CLI starts
    # without loading the server)
    task_memory: Annotated[int, typer.Option(
        "--task-memory", min=0, metavar="MB",
        help="Memory a worker may take for one request; past it the request is stopped "
             "(503). 0: no limit.")] = 1024,
    recycle_memory: Annotated[int, typer.Option(
        "--recycle-memory", min=0, metavar="MB",
        help="A worker that holds more after a request is replaced by a fresh one. "
             "0: never.")] = 256,
) -> None:
    """Serve the page and its JSON API (see :data:`SERVE_HELP`)."""
    import uvicorn

    from sudokit.adapters.web.app import create_app
    from sudokit.adapters.web.protocol import JsonErrorsH11Protocol

    if not _loopback(host):
        message(f"warning: listening on {host}: other computers can reach this server", "yellow")
    app = create_app(workers=workers, time_limit=time_limit, allowed_hosts=allowed_hosts(host),
                     task_memory=task_memory, recycle_memory=recycle_memory)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=3, http=JsonErrorsH11Protocol)
    server = uvicorn.Server(config)

    def announce() -> None:
        # wait until uvicorn has bound its socket (port 0 picks one), then say where it is
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if not server.started:
            return
        bound = port
        for s in getattr(server, "servers", []):
            for sock in getattr(s, "sockets", []):
                bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{bound}/"
        message(f"sudokit is serving {url}  (Ctrl+C stops it)", "bold")
        if open_browser:
            webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    server.run()


def register(app: typer.Typer) -> None:
    app.command(help=SERVE_HELP)(serve)


__all__ = ["serve", "register", "allowed_hosts"]
