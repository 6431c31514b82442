"""``skirmish serve`` as a command: bad options refused in one line, the web stack never
loaded by the light commands."""

from __future__ import annotations

import socket
import subprocess
import sys


def test_bad_serve_options_are_one_line_and_exit_code_2(cli):
    run = cli("serve", "--port", "99999")
    assert run.code == 2
    assert run.err.strip() == "skirmish: error: --port 99999: should be less than or equal to 65535"
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = str(taken.getsockname()[1])
        run = cli("serve", "--port", port)
        assert run.code == 2
        assert run.err.startswith(
            f"skirmish: error: --host 127.0.0.1 --port {port}: cannot listen:"
        )
        assert len(run.err.strip().splitlines()) == 1
    finally:
        taken.close()


def test_light_commands_never_load_the_web_stack():
    probe = (
        "import sys\n"
        "from skirmish.cli import main\n"
        "sys.argv = ['skirmish', 'games']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', [m for m in ('fastapi', 'uvicorn', 'starlette', 'jinja2', 'skirmish.web') if m in sys.modules])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.split("LOADED")[1].strip() == "[]"
