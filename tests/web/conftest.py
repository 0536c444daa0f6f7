"""Fixtures of the web tests: Debian's Chromium for pytest-playwright, and a live server."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
#: Screenshots of the main views (build/ is ignored by git).
SCREENSHOTS = REPO / "build" / "screenshots"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive the system Chromium (never a downloaded one)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A window tall enough for the screenshots to show the explanation under the grid."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture(scope="session")
def server_url():
    """``sudokit serve`` on a free port, as a user starts it; stopped after the tests."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudokit", "serve", "--port", "0", "--workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    found: list[str] = []
    seen: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in proc.stderr:
            seen.append(line)
            m = re.search(r"serving (http://\S+/)", line)
            if m and not found:
                found.append(m.group(1))
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    ready.wait(30)
    if not found:
        proc.kill()
        pytest.fail("sudokit serve did not start:\n" + "".join(seen))
    yield found[0]
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(scope="module")
def pool():
    """A worker pool for a module's API tests: one slow lane and the reserved quick one."""
    from sudokit.adapters.web.pool import WorkerPool

    p = WorkerPool(1)
    yield p
    p.close()


@pytest.fixture(scope="module")
def client(pool):
    """The API of a module's tests through FastAPI's test client, on the module's pool."""
    from fastapi.testclient import TestClient

    from sudokit.adapters.web.app import create_app

    with TestClient(create_app(pool=pool)) as c:
        yield c
