"""Running the application on uvicorn, printing the address it listens on."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from skirmish.errors import SkirmishError

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium, which the pages' browser tests and screenshots drive."""

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
)
"""How it is started: headless, and asking nothing of the network."""


def serve(*, host: str, port: int, files: Path | None = None, sweeps: Path | None = None) -> None:
    """Serve the pages on ``host``:``port`` (0: a free port) until interrupted; the address
    is printed once the socket is bound, so a script can read it."""
    import uvicorn

    from skirmish.web.app import create_app

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, so asyncio turns Nagle off on each connection (TCP_NODELAY): a
    # response's head and body sent apart would otherwise wait ~40 ms for a delayed ACK.
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        raise SkirmishError(
            f"--host {host} --port {port}: cannot listen: {error.strerror}"
        ) from None
    listener.listen(128)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"skirmish serving on http://{shown}:{bound}/ (Ctrl+C stops)", flush=True)
    # A battle page's event stream stays open: a stopping server closes it after 3 s.
    config = uvicorn.Config(
        create_app(files=files, sweeps=sweeps),
        log_level="warning",
        timeout_keep_alive=5,
        timeout_graceful_shutdown=3,
    )
    uvicorn.Server(config).run(sockets=[listener])


@contextmanager
def started(files: Path, *, sweeps: Path | None = None, log: Path | None = None) -> Iterator[str]:
    """``skirmish serve`` in a child process on a free port of 127.0.0.1, uploads kept in
    ``files`` (and the sweeps of ``sweeps`` shown): its address while the block runs,
    stopped afterwards (for tests, benchmarks and screenshots). With ``log``, what the
    server writes to its standard error (a traceback, a crash's stack) goes to that file,
    and a server found dead at the end is said with its exit code and the log's end."""
    errors = None if log is None else log.open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-X",
            "faulthandler",
            "-c",
            "from skirmish.cli import main; main()",
            "serve",
            "--port",
            "0",
            "--files",
            str(files),
            *(() if sweeps is None else ("--sweeps", str(sweeps))),
        ],
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", line)
        if found is None:
            raise RuntimeError(f"skirmish serve printed {line!r}")
        yield found.group(0)
    finally:
        died = process.poll()
        process.terminate()
        process.wait(timeout=10)
        if errors is not None:
            errors.close()
        if died is not None and log is not None:
            said = log.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"skirmish serve ended by itself (exit code {died}):\n{said}")
