"""The API's errors as JSON ``{"error": "..."}``: the exception a route raises, the OpenAPI
description of each status, one line for pydantic's validation errors, and the handlers that
turn every failure into such a body."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from sudokit.adapters.web.models import ErrorResponse
from sudokit.i18n import from_accept_language, msg

log = logging.getLogger("sudokit.adapters.web")

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


def not_installed(what: str) -> dict:
    """:data:`ERRORS` and a 501 for an endpoint whose extra may be missing."""
    return {**ERRORS, 501: {"model": ErrorResponse, "description": f"{what} is not installed"}}


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


#: pydantic's names for the two branches of the ``puzzle`` field (text or position object)
_TEXT_BRANCHES = ("str", "constrained-str")
_OBJECT_BRANCH = "PositionModel"


def validation_message(errors) -> str:
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


async def _api_error(request: Request, exc: ApiError):
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def _invalid(request: Request, exc: RequestValidationError):
    return JSONResponse({"error": validation_message(exc.errors())}, status_code=422)


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


async def _crash(request: Request, exc: Exception):
    log.exception("unhandled error on %s", request.url.path)
    return JSONResponse({"error": "internal server error"}, status_code=500)


def add_error_handlers(app: FastAPI) -> None:
    """Every error of ``app`` answered as ``{"error": ...}`` (no traceback)."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _crash)
