"""uvicorn's HTTP/1.1 protocol (h11) with its one answer of its own in JSON.

A request that HTTP itself cannot read — a malformed Content-Length, a broken request line —
is answered by uvicorn's h11 layer before the app sees it, as plain text. This protocol sends
the same 400 as ``{"error": ...}``, like every other error of the API. ``sudokit serve`` uses
it; ``uvicorn --http sudokit.adapters.web.protocol:JsonErrorsH11Protocol`` chooses it on uvicorn's own
command line. The text is English: a request that could not be read has no language either.
"""

from __future__ import annotations

import json
import sys

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: The most characters of h11's reason repeated in the answer (it may quote the request).
REASON_CHARS = 200


class JsonErrorsH11Protocol(H11Protocol):
    def send_400_response(self, msg: str) -> None:
        # called from uvicorn's ``except h11.RemoteProtocolError``: the error says what is wrong
        error = sys.exc_info()[1]
        reason = str(error)[:REASON_CHARS] if isinstance(error, h11.RemoteProtocolError) else ""
        body = json.dumps({"error": f"malformed HTTP request: {reason}" if reason
                           else "malformed HTTP request"}).encode()
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode()),
                   (b"x-content-type-options", b"nosniff"), (b"connection", b"close")]
        for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                      h11.Data(data=body), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.close()
