"""Battle page benchmarks: ``skirmish serve`` on loopback, measured in the same run.
Printed, never asserted.

1. First render of a seat's page (median), against the battle's own ``view`` and legal
   actions for the same seat in this process (aim: the page within 1 s).
2. Page weight: the seat's HTML with its CSS and scripts (aim: under 300 KB, no images).
3. A computer player's move reaching a page: the time from a person's action to the
   event stream's ``changed`` after the computer seats' reply (aim: under 200 ms beyond
   the computer's own time, measured by the act's own answer).
4. A bounded loopback load test: many battles against the random player at once, each
   played by its first legal action for a number of steps, counting errors (aim: none).
5. The aiming panel's answer on loopback, against the same answer worked out in-process.

Run with ``python benchmarks/web_battles.py`` (``--battles``, ``--steps``, ``--rounds``).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from skirmish.web.serving import started
from web import at_once  # benchmarks/web.py, beside this file

FIELDS = {
    "scenario": "king-of-the-hill",
    "length": "quick",
    "warband": ["Wizard,Cleric", "Druid,Witch"],
    "players": "human,random",
    "seed": "4",
}
JSON = {"accept": "application/json"}


def new_battle(client: httpx.Client, base: str, seed: int) -> dict[str, Any]:
    answer = client.post(
        base + "/magewinds/battles", data={**FIELDS, "seed": str(seed)}, headers=JSON
    )
    answer.raise_for_status()
    found: dict[str, Any] = answer.json()
    return found


def first_render(client: httpx.Client, base: str, rounds: int) -> None:
    from skirmish.games.magewinds.battles import PlayOptions
    from skirmish.options import parse
    from skirmish.web.tables import Tables

    links = new_battle(client, base, 4)
    page = base + links["seats"][0]
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        client.get(page).raise_for_status()
        times.append(time.perf_counter() - start)
    # The same battle (same options and seed) held in this process: its seat's view and
    # legal actions, the core of what the page shows.
    with tempfile.TemporaryDirectory() as folder:
        table = Tables(Path(folder)).create(parse(PlayOptions, {**FIELDS, "seed": 4}))
        battle = table.battle
        inside = []
        for _ in range(rounds):
            start = time.perf_counter()
            battle.view(0)
            battle.legal_actions(0)
            inside.append(time.perf_counter() - start)
    page_ms = statistics.median(times) * 1000
    core_ms = statistics.median(inside) * 1000
    print("1. First render of a seat's page (median)")
    print(
        f"   page {page_ms:.0f} ms; view and legal actions in-process {core_ms:.2f} ms "
        f"(page/core {page_ms / max(core_ms, 1e-3):.1f}x; aim: page under 1000 ms)"
    )
    html = client.get(page).content
    assets = sum(
        len(client.get(base + f"/static/{n}").content)
        for n in ("skirmish.css", "zoom.js", "pieces.js", "battle.js")
    )
    print("2. Page weight")
    print(
        f"   HTML {len(html) / 1024:.0f} KB + CSS and scripts {assets / 1024:.0f} KB = "
        f"{(len(html) + assets) / 1024:.0f} KB (aim: under 300 KB)"
    )


def event_delay(base: str, rounds: int) -> None:
    """From a person's action to the event stream's news of the computer's reply."""
    delays = []
    with httpx.Client(timeout=60) as client:
        for round_ in range(rounds):
            links = new_battle(client, base, 100 + round_)
            seat = base + links["seats"][0]
            state = client.get(seat + "/state").json()
            seen = threading.Event()
            target: list[int] = []

            def listen(
                seat: str = seat, target: list[int] = target, seen: threading.Event = seen
            ) -> None:
                with httpx.stream("GET", seat + "/events", timeout=60) as stream:
                    for line in stream.iter_lines():
                        if (
                            line.startswith("data:")
                            and target
                            and int(line.split()[2]) >= target[0]
                        ):
                            seen.set()
                            return

            listener = threading.Thread(target=listen, daemon=True)
            listener.start()
            time.sleep(0.3)
            action = state["legal"]["groups"][0]["actions"][0]["text"]
            start = time.perf_counter()
            after = client.post(
                seat + "/act", json={"steps": state["steps"], "action": action}
            ).json()
            answered = time.perf_counter()
            target.append(after["changed"])
            seen.wait(10)
            delays.append((time.perf_counter() - answered) * 1000)
            _ = start
    print("3. The computer's reply reaching another page's event stream, after the act's answer")
    print(
        f"   median {statistics.median(delays):.0f} ms, most {max(delays):.0f} ms "
        f"(the stream looks every 200 ms; aim: under 200 ms)"
    )


def aiming(client: httpx.Client, base: str, rounds: int) -> None:
    """The aiming panel's answer (los, odds, advice) on loopback against the same work
    done in this process on the same battle."""
    from skirmish.games.magewinds.battles import PlayOptions
    from skirmish.options import parse
    from skirmish.web.aiming import aimed
    from skirmish.web.tables import Tables

    fields = {**FIELDS, "players": "human,human", "scenario": "deathmatch"}
    answer = client.post(base + "/magewinds/battles", data=fields, headers=JSON)
    links = answer.json()
    with tempfile.TemporaryDirectory() as folder:
        tables = Tables(Path(folder))
        table = tables.create(parse(PlayOptions, {**fields, "seed": 4}))
        while table.battle.phase.value in ("setup", "deployment"):
            seat = next(
                n
                for n, link in enumerate(links["seats"])
                if (state := client.get(base + link + "/state").json())["now"].get("decides")
                == state["seat"]
            )
            action = state["legal"]["groups"][0]["actions"][0]["text"]
            client.post(
                base + links["seats"][seat] + "/act",
                json={"steps": state["steps"], "action": action},
            ).raise_for_status()
            tables.act(table, seat, action, table.steps)
            tables.play_computers(table)  # chance, as the server does
        asked = {"attacker": "Wizard", "target": "Druid", "attack": "Zap"}
        times, inside = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            client.get(base + links["spectator"] + "/aim", params=asked).raise_for_status()
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            aimed(table, "Wizard", "Druid", "Zap")
            inside.append(time.perf_counter() - start)
    page_ms = statistics.median(times) * 1000
    core_ms = statistics.median(inside) * 1000
    print("5. The aiming panel's answer (line of attack, odds, advice), median")
    print(
        f"   on loopback {page_ms:.0f} ms; the same in-process {core_ms:.0f} ms "
        f"(ratio {page_ms / max(core_ms, 1e-3):.2f}x)"
    )


def load(base: str, battles: int, steps: int) -> None:
    errors: list[str] = []
    answers = 0
    lock = threading.Lock()

    def play(n: int) -> None:
        nonlocal answers
        with httpx.Client(timeout=120) as client:
            try:
                seat = base + new_battle(client, base, 1000 + n)["seats"][0]
                state = client.get(seat + "/state").json()
                for _ in range(steps):
                    if state["result"]:
                        break
                    action = state["legal"]["groups"][0]["actions"][0]["text"]
                    answer = client.post(
                        seat + "/act", json={"steps": state["steps"], "action": action}
                    )
                    if answer.status_code != 200:
                        with lock:
                            errors.append(f"{answer.status_code} {answer.text[:80]}")
                        return
                    state = answer.json()
                    with lock:
                        answers += 1
            except httpx.HTTPError as error:
                with lock:
                    errors.append(repr(error))

    seconds = at_once(play, battles)
    print(f"4. Load: {battles} battles at once against the random player, {steps} actions each")
    print(
        f"   {answers} actions answered, {len(errors)} errors, {answers / seconds:.0f} actions/s "
        f"in {seconds:.1f} s (aim: 0 errors)"
    )
    for error in errors[:5]:
        print("   ", error)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--battles", type=int, default=50)
    parser.add_argument("--steps", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as files, started(Path(files)) as base:
        with httpx.Client(timeout=60) as client:
            first_render(client, base, args.rounds)
            aiming(client, base, args.rounds)
        event_delay(base, 3)
        load(base, args.battles, args.steps)


if __name__ == "__main__":
    main()
