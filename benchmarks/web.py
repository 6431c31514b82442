"""Web benchmarks: ``skirmish serve`` on loopback against the computations it serves,
measured in the same run. Printed, never asserted.

1. Each game's odds page (HTML, and ``?format=json``) against the game's own ``odds``
   answer for the same question, computed in this process (aim: a page within 2x).
2. The battlefield editor's answer after a drag on the crowded table (20 fighters, 15
   obstacles, from ``geometry.py``): the round trip of ``POST /magewinds/battlefield/edit``
   with a picked pair, without and with the who-can-hit-whom overlay, against the game's
   ``los`` for the same file in this process (aim: under 100 ms without the overlay).
3. A bounded load test: a fixed number of clients on loopback asking a mix of pages at
   once, counting errors (aim: none) and answers per second.

Run with ``python benchmarks/web.py`` (``--rounds``, ``--clients``, ``--requests``).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from urllib.parse import urlencode

import httpx
import yaml

from geometry import crowded_data  # benchmarks/geometry.py, beside this file
from skirmish.games import load_game
from skirmish.options import parse
from skirmish.web.serving import started

QUESTIONS = {
    "magewinds": {"attacker": "Wizard", "target": "Guardian"},
    "darkrealms": {"attacker": "Ranger", "card": "Aimed Shot", "target": "Ghoul", "distance": "3"},
    "entropic": {"attacker": "Line Trooper", "target": "Warden", "distance": "8"},
    "mswars": {"attack-value": "14", "defence": "5", "damage": "D6", "armour": "1", "dc": "4"},
}


def median_ms(work: Callable[[], object], rounds: int) -> float:
    work()  # warm: imports and caches, for both sides alike
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def fetched(client: httpx.Client, url: str) -> None:
    client.get(url).raise_for_status()


def odds_pages(client: httpx.Client, base: str, rounds: int) -> None:
    print("1. Odds page against the game's own odds computation (median of each)")
    print(f"   {'game':<11} {'compute':>9} {'page':>9} {'json':>9} {'page/compute':>13}")
    for name, asked in QUESTIONS.items():
        game = load_game(name)
        model = game.commands["odds"]
        typed = {k.replace("-", "_"): v for k, v in asked.items()}
        options = parse(model, typed)
        compute = median_ms(partial(game.odds, options), rounds)
        url = f"{base}/{name}/odds?{urlencode(asked)}"
        page = median_ms(partial(fetched, client, url), rounds)
        json_ = median_ms(partial(fetched, client, url + "&format=json"), rounds)
        print(
            f"   {name:<11} {compute:>7.1f}ms {page:>7.1f}ms {json_:>7.1f}ms {page / compute:>12.2f}x"
        )


class Drag:
    """One drag of a base, back and forth by 0.01" so the table stays legal."""

    def __init__(
        self, client: httpx.Client, url: str, file: str, mover: str, picks: dict, overlay: bool
    ) -> None:
        self.client, self.url, self.file, self.mover = client, url, file, mover
        self.picks, self.overlay, self.step = picks, overlay, -0.01

    def __call__(self) -> None:
        self.step = -self.step
        edit = {"op": "move", "kind": "piece", "name": self.mover, "by": [self.step, 0]}
        answer = self.client.post(
            self.url,
            json={"file": self.file, "edit": edit, "picks": self.picks, "overlay": self.overlay},
        )
        answer.raise_for_status()
        self.file = answer.json()["file"]


def editor(client: httpx.Client, base: str, rounds: int) -> None:
    print("2. Editor answer after a drag on the crowded table (20 fighters, 15 obstacles)")
    text = yaml.safe_dump(crowded_data(), sort_keys=False)
    name = client.post(
        f"{base}/files", files={"file": ("crowded.yaml", text.encode())}, data={"option": "file"}
    ).json()["name"]
    data = yaml.safe_load(text)
    mover = data["fighters"][0]["name"]
    picks = {"attacker": data["fighters"][1]["name"], "target": data["fighters"][-1]["name"]}
    game = load_game("magewinds")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "crowded.yaml"
        path.write_text(text)
        los = parse(game.commands["los"], {"file": str(path), **picks})
        every = parse(game.commands["los"], {"file": str(path), "every": True})
        compute = median_ms(lambda: game.los(los), rounds)
        compute_all = median_ms(lambda: game.los(every), max(2, rounds // 4))
    for overlay, baseline, label in (
        (False, compute, "pair"),
        (True, compute_all, "pair + every pair"),
    ):
        drag = Drag(client, f"{base}/magewinds/battlefield/edit", name, mover, picks, overlay)
        took = median_ms(drag, rounds if not overlay else max(2, rounds // 4))
        print(
            f"   {label:<18} answer {took:7.1f} ms; los alone in-process {baseline:7.1f} ms "
            f"({took / baseline:.2f}x){'; aim under 100 ms' if not overlay else ''}"
        )


def at_once(work: Callable[[int], None], count: int) -> float:
    """``work(n)`` for every n below ``count``, each on its own thread, all at once; the
    seconds until the last is done."""
    start = time.perf_counter()
    threads = [threading.Thread(target=work, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def load(base: str, clients: int, requests: int) -> None:
    print(f"3. Load: {clients} clients on loopback, {requests} requests each, a mix of pages")
    paths = [
        "/",
        "/magewinds/odds?attacker=Wizard&target=Guardian",
        "/mswars/odds?attack-value=14&defence=5&damage=D6&format=json",
        "/entropic/advise?attacker=Line+Trooper&target=Warden&distance=8",
        "/magewinds/odds?power=-1&precision=3",
    ]  # the last refused on purpose: a 422
    errors: list[str] = []
    answered = [0]
    lock = threading.Lock()

    def client_run(n: int) -> None:
        with httpx.Client(timeout=60) as client:
            for i in range(requests):
                path = paths[(n + i) % len(paths)]
                try:
                    status = client.get(base + path).status_code
                    ok = status == (422 if "power=-1" in path else 200)
                except httpx.HTTPError as error:
                    ok, status = False, repr(error)
                with lock:
                    answered[0] += 1
                    if not ok:
                        errors.append(f"{path}: {status}")

    took = at_once(client_run, clients)
    print(
        f"   {answered[0]} answers in {took:.1f} s ({answered[0] / took:.1f}/s), "
        f"{len(errors)} errors (aim: 0){': ' + errors[0] if errors else ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=10)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as files, started(Path(files)) as base:
        with httpx.Client(timeout=120) as client:
            odds_pages(client, base, arguments.rounds)
            editor(client, base, arguments.rounds)
        load(base, arguments.clients, arguments.requests)


if __name__ == "__main__":
    main()
