"""The server as it is started (issue 39): ``sudokit serve`` refuses an empty ``--host``; the app
run by ``uvicorn --factory sudokit.adapters.web.app:app_from_env`` checks the Host header as ``sudokit
serve`` does; a request HTTP itself cannot read (a malformed Content-Length) gets a JSON 400."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from conftest import REPO


def raw_request(host: str, port: int, head: bytes, body: bytes = b"") -> tuple[int, dict, bytes]:
    """Send bytes as they are (no client library fixes them) and read the whole answer:
    status, headers, body."""
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(head + b"\r\nConnection: close\r\n\r\n" + body)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    top, _, rest = data.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, rest


def post(host: str, port: int, length: bytes, host_header: str = "127.0.0.1"):
    return raw_request(host, port, b"POST /api/count HTTP/1.1\r\nHost: " + host_header.encode()
                       + b"\r\nContent-Type: application/json\r\nContent-Length: " + length,
                       b'{"puzzle": "' + b"." * 81 + b'"}')


@pytest.mark.parametrize("host", ["", "  "])
def test_serve_refuses_an_empty_host(host):
    # a process of its own: before the fix it went on serving (on every address)
    try:
        done = subprocess.run([sys.executable, "-m", "sudokit", "serve", "--host", host,
                               "--port", "0"], capture_output=True, text=True, timeout=20,
                              cwd=REPO, env={**os.environ, "NO_COLOR": "1", "SUDOKIT_LANG": "en"})
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"serve --host {host!r} started serving: {e.stderr}")
    assert done.returncode == 2, done.stderr
    assert "--host" in done.stderr and "empty" in done.stderr
    assert "http://:" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("length", [b"abc", b"-5", b"12, 13"])
def test_a_malformed_content_length_is_a_json_400_through_sudokit_serve(server_url, length):
    url = urlsplit(server_url)
    status, headers, body = post(url.hostname, url.port, length)
    assert status == 400
    assert headers["content-type"].startswith("application/json")
    error = json.loads(body)["error"]
    assert "Content-Length" in error, error
    # and a well-formed request on the same server is answered as before
    status, _, body = post(url.hostname, url.port, str(len(b'{"puzzle": "' + b"." * 81 + b'"}'))
                           .encode())
    assert status == 200 and json.loads(body)["count"] == 2


def test_serve_refuses_foreign_host_names_as_json(server_url):
    url = urlsplit(server_url)
    status, headers, body = raw_request(url.hostname, url.port,
                                        b"GET /api/info HTTP/1.1\r\nHost: evil.example")
    assert status == 400 and "evil.example" in json.loads(body)["error"]
    for name in ("localhost", f"127.0.0.1:{url.port}", f"localhost:{url.port}", f"[::1]:{url.port}"):
        status, _, _ = raw_request(url.hostname, url.port,
                                   b"GET /api/info HTTP/1.1\r\nHost: " + name.encode())
        assert status == 200, name


def test_app_from_env_checks_the_host_header(monkeypatch):
    from sudokit.adapters.web.app import app_from_env

    monkeypatch.setenv("SUDOKIT_WEB_WORKERS", "1")
    monkeypatch.delenv("SUDOKIT_WEB_ALLOWED_HOSTS", raising=False)
    with TestClient(app_from_env(), base_url="http://127.0.0.1:8000") as c:
        assert c.get("/api/info").status_code == 200
        r = c.get("/api/info", headers={"host": "evil.example"})
        assert r.status_code == 400 and "evil.example" in r.json()["error"]
        r = c.get("/api/info", headers={"host": "evil.example", "Accept-Language": "sv"})
        assert r.json()["error"] == "den här servern svarar inte på värdnamnet evil.example"
    # a server meant for the network says which names it answers to, or * for any
    monkeypatch.setenv("SUDOKIT_WEB_ALLOWED_HOSTS", "sudoku.example, other.example")
    with TestClient(app_from_env(), base_url="http://sudoku.example") as c:
        assert c.get("/api/info").status_code == 200
        assert c.get("/api/info", headers={"host": "127.0.0.1"}).status_code == 400
    monkeypatch.setenv("SUDOKIT_WEB_ALLOWED_HOSTS", "*")
    with TestClient(app_from_env(), base_url="http://anything.example") as c:
        assert c.get("/api/info").status_code == 200


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_uvicorn_factory_refuses_foreign_hosts_and_answers_bad_requests_as_json():
    """The app as uvicorn's own command line runs it, with the protocol docs/web.md names."""
    port = _free_port()
    env = {**os.environ, "SUDOKIT_WEB_WORKERS": "1"}
    env.pop("SUDOKIT_WEB_ALLOWED_HOSTS", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", "sudokit.adapters.web.app:app_from_env",
         "--port", str(port), "--http", "sudokit.adapters.web.protocol:JsonErrorsH11Protocol"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=REPO)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, _, _ = raw_request("127.0.0.1", port,
                                           b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1")
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "uvicorn did not start"
                time.sleep(0.2)
        assert status == 200
        status, _, body = raw_request("127.0.0.1", port,
                                      b"GET /api/info HTTP/1.1\r\nHost: evil.example")
        assert status == 400 and "evil.example" in json.loads(body)["error"]
        status, headers, body = post("127.0.0.1", port, b"abc")
        assert status == 400 and "Content-Length" in json.loads(body)["error"]
    finally:
        proc.terminate()
        proc.wait(10)
