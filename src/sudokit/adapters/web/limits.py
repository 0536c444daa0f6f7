"""ASGI middleware that guards the server: the Host header checked, a cap on request bodies and
safe response headers."""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException

from sudokit.i18n import from_accept_language, msg

#: Default cap on a request body: a file of ten thousand 9x9 puzzles fits.
MAX_BODY = 1024 * 1024
#: The names of this computer: the only Host headers a server listening on it accepts.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int, lang: str | None = None) -> None:
        super().__init__(413, msg("the request body is larger than {size}",
                                  size=_size(limit)).render(lang))


def _size(n: int):
    return (f"{n // 1024 // 1024} MB" if n >= 1024 * 1024 and n % (1024 * 1024) == 0
            else msg("{n} bytes", n=f"{n:,}"))


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


def _language(scope) -> str:
    """The language of the request's Accept-Language header (the body is not read yet)."""
    return from_accept_language(_header(scope, b"accept-language"))


def host_name(header: str) -> str:
    """The name of a Host header without its port: ``[::1]:8000`` -> ``[::1]``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header.partition("]")[0] + "]"
    return header.rpartition(":")[0] if header.count(":") == 1 else header


class HostCheck:
    """Refuse (400, JSON) a request whose Host header names none of ``allowed`` (against DNS
    rebinding: a page elsewhere that points its own name at 127.0.0.1 cannot use the API)."""

    def __init__(self, app, allowed) -> None:
        self.app = app
        self.allowed = {name.lower() for name in allowed}

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        host = _header(scope, b"host") or ""
        if host_name(host) not in self.allowed:
            return await _send_error(send, 400, msg(
                "this server does not answer to the host name {host}", host=host[:100] or "(none)"
            ).render(_language(scope)))
        return await self.app(scope, receive, send)


async def _send_error(send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` with 413: at once when Content-Length says so,
    else as soon as the bytes received pass the cap (a chunked or lying client)."""

    def __init__(self, app, max_bytes: int = MAX_BODY) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.max_bytes
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                if not value.strip().isdigit():
                    return await _send_error(send, 400, "the Content-Length header is not a number")
                if int(value) > limit:
                    return await _send_error(send, 413, BodyTooLarge(limit, _language(scope)).detail)
        received = 0
        started = False

        async def limited_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit, _language(scope))
            return message

        async def watched_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except BodyTooLarge as e:  # raised where no handler turned it into a response
            if not started:
                await _send_error(send, 413, e.detail)


#: Only this server's own files run in the page: no inline script, no other origin.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'none'; frame-ancestors 'none'")

SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
    # No keep-alive: a browser re-sends a request answered 408 on a reused connection (twice,
    # in Chromium), which would run a timed-out 25x25 three times. On localhost a new
    # connection per request costs nothing.
    (b"connection", b"close"),
]


class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every response (those it does not set itself)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", ())}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": list(message.get("headers", ())) + extra}
            await send(message)

        await self.app(scope, receive, with_headers)
