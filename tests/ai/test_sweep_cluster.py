"""``skirmish sweep`` on a real Dask cluster started here: a ``dask scheduler`` and two
``dask worker`` processes on 127.0.0.1, stopped at the end. The same rows as battles played
directly in this process, with a worker killed in the middle, and after an interrupted
run resumed; a dead scheduler, a folder that cannot be written and a full disk are one
line each. Random players, one round, one-fighter warbands: seconds, not minutes."""

from __future__ import annotations

import errno
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")
pq = pytest.importorskip("pyarrow.parquet")

from skirmish.ai.magewinds.sweeps import SweepOptions  # noqa: E402
from skirmish.ai.sweep import COLUMNS, play_batch  # noqa: E402

SRC = str(Path(__file__).resolve().parents[2] / "src")
WARBANDS = "Wizard\nDruid\nWitch\n"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    return env


DASK = str(Path(sys.executable).with_name("dask"))
"""The ``dask`` command of the environment running the tests (found without a PATH)."""


class Cluster:
    """A scheduler and workers as a person starts them by hand."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.workdir = workdir
        self.scheduler = subprocess.Popen(
            [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(self.port),
             "--no-dashboard"],
            env=environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.workers: list[subprocess.Popen[bytes]] = []
        for _ in range(2):
            self.add_worker()
        self.wait_for(2)

    def add_worker(self) -> subprocess.Popen[bytes]:
        worker = subprocess.Popen(
            [DASK, "worker", self.address, "--nthreads", "1", "--no-nanny",
             "--no-dashboard", "--local-directory", str(self.workdir),
             "--death-timeout", "60"],
            env=environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.workers.append(worker)
        return worker

    def wait_for(self, count: int) -> None:
        from distributed import Client

        with Client(self.address, timeout=60) as client:
            client.wait_for_workers(count, timeout=60)

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                process.kill()  # nothing of theirs is kept: the sweep's folder is written here
            process.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    found = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        yield found
    finally:
        found.stop()


def sweep_args(
    folder: Path, warbands: Path, *extra: str, batch: int = 2, seed: int = 11, battles: int = 4
) -> list[str]:
    """A sweep's command; the rows do not depend on ``batch`` (a task's battles)."""
    return [
        "sweep", "magewinds", "--warbands", str(warbands), "--length", "quick",
        "--scenario", "deathmatch", "--players", "random", "--rounds", "1",
        "--battles", str(battles), "--batch", str(batch), "--seed", str(seed), "-o", str(folder), *extra,
    ]  # fmt: skip


@pytest.fixture(scope="module")
def warbands(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("bands") / "warbands.txt"
    path.write_text(WARBANDS)
    return path


@pytest.fixture(scope="module")
def expected(warbands, tmp_path_factory):
    """Every row, played directly in this process batch by batch (no Dask at all)."""
    options = SweepOptions.model_validate(
        {
            "warbands": str(warbands), "length": "quick", "scenario": ["deathmatch"],
            "players": "random", "rounds": 1, "battles": 4, "batch": 2, "seed": 11,
            "output": tmp_path_factory.mktemp("unused"),
        }
    )  # fmt: skip
    plan = options.plan()
    rows = []
    for batch in plan.all_batches():
        columns = play_batch(plan, batch)
        rows += [
            dict(zip(COLUMNS, values, strict=True))
            for values in zip(*columns.values(), strict=True)
        ]
    return sorted(rows, key=key)


def key(row: dict) -> tuple:
    return (row["pairing"], row["scenario"], row["battle"])


def rows_of(folder: Path) -> list[dict]:
    table = pq.read_table(sorted(folder.glob("*.parquet")))
    return sorted(table.to_pylist(), key=key)


def test_a_sweep_on_a_scheduler_gives_the_rows_played_directly(cli, cluster, warbands, expected,
                                                                tmp_path):  # fmt: skip
    folder = tmp_path / "sweep"
    run = cli(*sweep_args(folder, warbands, "--scheduler", cluster.address, "--json"))
    assert run.code == 0, run.err
    assert '"battles": 12' in run.out and '"played_now": 12' in run.out
    assert rows_of(folder) == expected
    assert len(expected) == 3 * 4
    assert {(r["seed"], r["seat_a"]) for r in expected if r["pairing"] == 0} == {
        (11 + k // 2, 1 + k % 2) for k in range(4)
    }


def test_a_local_cluster_gives_the_same_rows(cli, warbands, expected, tmp_path):
    folder = tmp_path / "local"
    run = cli(*sweep_args(folder, warbands, "--workers", "2"))
    assert run.code == 0, run.err
    assert rows_of(folder) == expected


def test_a_worker_killed_mid_sweep_loses_nothing(cluster, warbands, expected, tmp_path):
    folder = tmp_path / "killed"
    given = sweep_args(folder, warbands, "--scheduler", cluster.address, batch=1)
    args = [sys.executable, "-c", "from skirmish.cli import main; main()", *given]
    sweep = subprocess.Popen(args, env=environment(), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)  # fmt: skip
    victim = cluster.workers[0]
    deadline = time.monotonic() + 60
    while not list(folder.glob("*.parquet")) and time.monotonic() < deadline:
        time.sleep(0.05)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    _, err = sweep.communicate(timeout=120)
    assert sweep.returncode == 0, err
    assert rows_of(folder) == expected
    cluster.workers.remove(victim)  # the tests after this one run on the worker left


def test_shards_merged_into_parts_as_the_sweep_goes(cli, cluster, warbands, expected, tmp_path,
                                                   monkeypatch):  # fmt: skip
    """Every few battles (here 5 rather than 10,000) the shards written so far become a
    part, and the last ones when every batch is played: the rows are those played
    directly, and running the command again plays nothing."""
    import skirmish.ai.sweeprun as sweeprun
    from skirmish.ai.sweepstore import holdings

    monkeypatch.setattr(sweeprun, "MERGED", 5)
    folder = tmp_path / "merged"
    args = sweep_args(folder, warbands, "--scheduler", cluster.address, batch=1)
    run = cli(*args, "--json")
    assert run.code == 0, run.err
    files = sorted(p.name for p in folder.glob("*.parquet"))
    assert files == ["part-000001.parquet", "part-000002.parquet", "part-000003.parquet"]
    held = holdings(folder)
    assert len(held) == 12 and sorted(set(held.values())) == files
    assert rows_of(folder) == expected
    again = cli(*args, "--json")
    assert '"played_now": 0' in again.out
    assert rows_of(folder) == expected


def test_an_interrupted_sweep_resumed_adds_exactly_the_missing_battles(
    cli, cluster, warbands, expected, tmp_path
):
    folder = tmp_path / "resumed"
    args = sweep_args(folder, warbands, "--scheduler", cluster.address, batch=1)
    sweep = subprocess.Popen(
        [sys.executable, "-c", "from skirmish.cli import main; main()", *args],
        env=environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(list(folder.glob("*.parquet"))) < 3 and time.monotonic() < deadline:
        time.sleep(0.02)
    sweep.send_signal(signal.SIGKILL)
    sweep.wait()
    (folder / ".p0000000-s00-b000099.parquet.123.tmp").write_bytes(b"half a shard")
    before = len(list(folder.glob("*.parquet")))
    assert 3 <= before < 12
    run = cli(*args, "--json")
    assert run.code == 0, run.err
    assert f'"played_now": {12 - before}' in run.out
    assert rows_of(folder) == expected
    assert not list(folder.glob(".*.tmp"))
    again = cli(*args, "--json")
    assert '"played_now": 0' in again.out
    assert rows_of(folder) == expected


def test_another_sweep_in_the_folder_is_refused(cli, cluster, warbands, tmp_path):
    folder = tmp_path / "one"
    assert cli(*sweep_args(folder, warbands, "--scheduler", cluster.address)).code == 0
    run = cli(*sweep_args(folder, warbands, "--scheduler", cluster.address, seed=12))
    assert run.code == 2
    assert run.err.count("\n") == 1 and "holds another sweep (what differs: seed)" in run.err


def test_a_dead_scheduler_is_one_line_within_the_timeout(cli, warbands, tmp_path, monkeypatch):
    import skirmish.ai.sweeprun as sweeprun

    monkeypatch.setattr(sweeprun, "SCHEDULER_TIMEOUT", 2.0)
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.monotonic()
    run = cli(*sweep_args(tmp_path / "s", warbands, "--scheduler", address))
    assert time.monotonic() - started < 30
    assert run.code == 2
    assert run.err.count("\n") == 1
    assert run.err.startswith(f"skirmish: error: --scheduler {address}: no Dask scheduler")


def test_a_folder_that_cannot_be_made_is_one_line(cli, warbands, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    run = cli(*sweep_args(blocker / "sweep", warbands))
    assert run.code == 2
    assert run.err.count("\n") == 1 and "cannot write" in run.err


def test_a_full_disk_is_one_line_and_earlier_shards_stay_whole(
    cli, cluster, warbands, expected, tmp_path, monkeypatch
):
    import skirmish.ai.sweepstore as store

    calls = []
    real = os.fsync

    def filling(descriptor: int) -> None:
        calls.append(descriptor)
        if len(calls) > 3:  # the manifest and two shards fit
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(descriptor)

    monkeypatch.setattr(store.os, "fsync", filling)
    folder = tmp_path / "full"
    run = cli(*sweep_args(folder, warbands, "--scheduler", cluster.address))
    assert run.code == 2
    assert run.err.count("\n") == 1
    assert "No space left on device" in run.err and "shards written before are whole" in run.err
    shards = sorted(folder.glob("*.parquet"))
    assert len(shards) == 2
    assert not list(folder.glob(".*"))
    kept = {(r["pairing"], r["battle"]) for r in rows_of(folder)}
    assert [r for r in rows_of(folder)] == [
        r for r in expected if (r["pairing"], r["battle"]) in kept
    ]
    monkeypatch.setattr(store.os, "fsync", real)
    assert cli(*sweep_args(folder, warbands, "--scheduler", cluster.address)).code == 0
    assert rows_of(folder) == expected


def test_until_ci_stops_each_pairing_at_the_first_batch_narrow_enough(
    cli, cluster, warbands, expected, tmp_path
):
    from skirmish.ai.sweep import half_width

    folder = tmp_path / "ci"
    given = sweep_args(folder, warbands, "--scheduler", cluster.address, "--until-ci", "0.2",
                       batch=4, battles=40)  # fmt: skip
    run = cli(*given)
    assert run.code == 0, run.err
    rows = rows_of(folder)
    assert [r for r in rows if r["battle"] < 4] == expected  # the same battles, seed for seed
    for pairing in range(3):
        winners = [r["winner"] for r in rows if r["pairing"] == pairing]
        played = len(winners)
        assert played % 4 == 0 and 4 <= played <= 40
        widths = [half_width(winners[:n].count(0), n) for n in range(4, played + 1, 4)]
        assert all(w >= 0.2 for w in widths[:-1])
        assert widths[-1] < 0.2 or played == 40
    again = cli(*given, "--json")
    assert '"played_now": 0' in again.out


def test_ctrl_c_stops_with_whole_shards_and_says_how_to_go_on(cluster, warbands, tmp_path):
    folder = tmp_path / "stopped"
    given = sweep_args(folder, warbands, "--scheduler", cluster.address, batch=1, battles=40)
    sweep = subprocess.Popen(
        [sys.executable, "-c", "from skirmish.cli import main; main()", *given],
        env=environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(list(folder.glob("*.parquet"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    sweep.send_signal(signal.SIGINT)
    _, err = sweep.communicate(timeout=60)
    assert sweep.returncode == 130
    assert "the shards in" in err and "run the same command again to go on" in err
    assert err.strip().endswith("skirmish: interrupted")
    kept = sorted(folder.glob("*.parquet"))
    assert 2 <= len(kept) < 120 and not list(folder.glob(".*"))
    assert pq.read_table(kept).num_rows == len(kept)
