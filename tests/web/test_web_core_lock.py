"""The server's core work runs one request at a time (``pages.CORE``): the core's
process-wide memos hold prepared GEOS geometries, which two threads may not use at once (a
server answering two seats at once crashed inside GEOS, exit code -11)."""

from __future__ import annotations

import threading
import time

import anyio

from skirmish.web.pages import CORE, worked_out


def test_two_questions_at_once_never_work_in_the_core_together():
    inside = 0
    most = 0
    guard = threading.Lock()

    def work() -> bool:
        nonlocal inside, most
        with guard:
            inside += 1
            most = max(most, inside)
        time.sleep(0.05)  # long enough for the other thread to arrive meanwhile
        with guard:
            inside -= 1
        return CORE.locked()

    async def both() -> list[bool]:
        answers: list[bool] = []

        async def ask() -> None:
            answers.append(await worked_out(work))

        async with anyio.create_task_group() as group:
            for _ in range(4):
                group.start_soon(ask)
        return answers

    answers = anyio.run(both)
    assert answers == [True] * 4  # each worked while holding the core
    assert most == 1  # and never two at once, though the server has two worker threads
    assert not CORE.locked()
