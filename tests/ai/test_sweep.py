"""Sweeps without a cluster: the warbands and pairings, restricted players, the report's
DuckDB numbers against a plain count over the same rows, and the report's files."""

from __future__ import annotations

import csv
import io
import json
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from made_sweep import FIGHTERS, made_plan, made_sweep
from skirmish.ai.restricted import allowed, parse_restricted, uses
from skirmish.ai.simulate import Match, interval, played
from skirmish.ai.sweep import Batch, all_warbands, end_kind, read_warbands
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battles import SimulateOptions
from skirmish.games.magewinds.pack import bundled_pack

PACK = bundled_pack()


@pytest.mark.parametrize(("slots", "size"), [(6, 3), (8, 4), (10, 5)])
def test_every_full_warband_of_the_bundled_pack(slots, size):
    """The bundled pack's fighters take 2 slots each, one of each at most: the full
    warbands are the subsets filling every slot, counted as C(9, size)."""
    found = all_warbands(PACK, slots)
    names = [f.name for f in PACK.fighters]
    assert len(found) == comb(len(names), size) == len(set(found))
    assert {frozenset(w) for w in found} == {frozenset(c) for c in combinations(names, size)}


def test_a_file_of_pairings_and_its_errors(tmp_path):
    path = tmp_path / "pairs.txt"
    path.write_text("# two pairings\nWizard, Witch vs Druid, Seer\nwizard,witch VS Guardian\n")
    warbands, pairs = read_warbands(path, PACK, 6)
    assert warbands == (("Wizard", "Witch"), ("Druid", "Seer"), ("Guardian",))
    assert pairs == ((0, 1), (0, 2))
    path.write_text("Wizard\nWizard vs Druid\n")
    with pytest.raises(SkirmishError, match="line 2: list warbands or pairings"):
        read_warbands(path, PACK, 6)
    path.write_text("Wizard\nWizzard\n")
    with pytest.raises(SkirmishError, match="pairs.txt, line 2: .*Wizzard"):
        read_warbands(path, PACK, 6)
    path.write_text("Wizard, Witch, Seer, Druid\n")
    with pytest.raises(SkirmishError, match="line 1: warband 1: .*take 8 slots; the warband has 6"):
        read_warbands(path, PACK, 6)


def test_sweep_options_are_checked_before_any_work(cli, tmp_path):
    base = ("sweep", "magewinds", "--scenario", "deathmatch", "-o", str(tmp_path / "s"))
    cases = [
        (("--players", "greedy:without=Blinkk"), "'Blinkk' is not an ability, attack or"),
        (("--players", "human"), "'human' is not a computer player"),
        (("--players", "greedy,greedy,greedy"), "one player for both warbands"),
        (("--scheduler", "localhost"), "expected a scheduler's address"),
        (("--scheduler", "tcp://h:1", "--workers", "2"), "--workers: the cluster at"),
        (("--warbands", str(tmp_path / "none.txt")), "none.txt"),
        (("--until-ci", "0.9"), "--until-ci"),
    ]
    for extra, message in cases:
        run = cli(*base, *extra)
        assert run.code == 2, extra
        assert run.err.count("\n") == 1 and message in run.err, run.err
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("Wizard vs Druid\n")
    run = cli(*base, "--warbands", str(pairs), "--mirrors", "--length", "quick")
    assert run.code == 2 and "--mirrors: " in run.err and "lists its pairings" in run.err
    run = cli("sweep", "magewinds", "--scenario", "battle-royale", "-o", str(tmp_path / "s"))
    assert run.code == 2 and "a sweep pairs two warbands" in run.err
    assert not (tmp_path / "s").exists()


def test_restricted_names_and_what_uses_them():
    assert parse_restricted("greedy:without=blink", PACK).without == ("Blink",)
    assert parse_restricted("random:without=Guard:without=zap", PACK).without == ("Guard", "Zap")
    assert uses("cast Blink", "Blink") and uses("guard", "Guard")
    assert uses("attack Druid with Poison Tip", "Poison Tip")
    assert not uses("no barrier", "Barrier") and not uses("attack Druid with Zap", "Blast")
    assert allowed(("guard", "move"), ["Guard"]) == ("move",)
    assert allowed(("guard",), ["Guard"]) == ("guard",)  # a forced step is taken


def test_a_restricted_player_never_uses_the_name():
    """Random players on the same seeds: the unrestricted one guards, the one told not to
    never does, while its opponent (unrestricted) still may."""
    options = SimulateOptions(
        scenario="deathmatch", warband=["Wizard,Witch", "Druid,Seer"], length="quick", rounds=2
    )
    warbands = (("Wizard", "Witch"), ("Druid", "Seer"))
    free = Match(warbands, ("random", "random"), options)
    held = Match(warbands, ("random:without=Guard", "random"), options)

    def guards(match: Match) -> list[int]:
        counts = [0, 0]
        for index in range(4):
            outcome, history = played(match, 1, index)
            for step in history.steps:
                if step.player is not None and uses(step.action, "Guard"):
                    counts[outcome.seating[step.player]] += 1
        return counts

    assert guards(free)[0] > 0
    restricted = guards(held)
    assert restricted[0] == 0 and restricted[1] > 0


def test_end_kind_drops_who_and_the_counts():
    reason = "warband 2 has the most fighters on the battlefield (ruling MB-4) (warband 1: 1, warband 2: 2)"
    assert end_kind(reason) == "a warband has the most fighters on the battlefield (ruling MB-4)"


# -- the report against a plain count ------------------------------------------------------


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    """Shards of made-up rows (draws, no Player 1, two scenarios) written as a sweep
    writes them, and the rows themselves."""
    folder = tmp_path_factory.mktemp("synthetic")
    return folder, made_sweep(folder)


def test_duckdb_numbers_equal_a_plain_count(synthetic):
    from skirmish.ai.sweepreport import counted

    folder, rows = synthetic
    found = counted(folder)
    for p in found.pairings:
        mine = [r for r in rows if r["pairing"] == p["pairing"]]
        assert p["battles"] == len(mine) == 60
        assert p["wins_a"] == sum(r["winner"] == 0 for r in mine)
        assert p["wins_b"] == sum(r["winner"] == 1 for r in mine)
        assert p["draws"] == sum(r["winner"] is None for r in mine)
        low, high = interval(p["wins_a"], len(mine))
        assert p["a_rate"]["ci95"] == [round(low, 4), round(high, 4)]
    sides = [(r["warband_a"], r["winner"] == 0, r) for r in rows] + [
        (r["warband_b"], r["winner"] == 1, r) for r in rows
    ]
    for band in found.bands:
        mine = [won for w, won, _ in sides if w == band["warband"]]
        assert (band["battles"], band["wins"]) == (len(mine), sum(mine))
    warbands = found.warbands
    for f in found.fighters:
        having = [won for w, won, _ in sides if f["fighter"] in warbands[w]]
        lacking = [won for w, won, _ in sides if f["fighter"] not in warbands[w]]
        assert (f["sides_with"], f["wins_with"]) == (len(having), sum(having))
        assert (f["sides_without"], f["wins_without"]) == (len(lacking), sum(lacking))
        figures = [x for r in rows for x in r["fighters"] if x["fighter"] == f["fighter"]]
        dealt = sum(x["damage_dealt"] for x in figures) / len(figures)
        assert f["per_battle"]["damage_dealt"] == round(dealt, 3)
    assert {f["fighter"] for f in found.fighters} == set(FIGHTERS)
    for s in found.scenarios:
        mine = [r for r in rows if r["scenario"] == s["scenario"]]
        decided = [r for r in mine if r["winner"] is not None and r["player_1"] is not None]
        assert s["decided"] == len(decided)
        assert s["player_1_wins"] == sum(r["winner"] == r["player_1"] for r in decided)
        assert s["mean_rounds"] == round(sum(r["rounds"] for r in mine) / len(mine), 4)
    assert {e["end"] for e in found.endings} == {
        "every fighter of a warband is out of action",
        "a warband has the most fighters on the battlefield (ruling MB-4)",
        "a draw on fighters on the battlefield (ruling MB-4)",
    }
    for e in found.endings:
        assert e["battles"] == sum(
            r["scenario"] == e["scenario"] and end_kind(r["reason"]) == e["end"] for r in rows
        )
    assert sum(e["battles"] for e in found.endings) == len(rows)


def test_report_files_and_the_table_fits_80_columns(cli, synthetic, tmp_path, monkeypatch):
    folder, rows = synthetic
    monkeypatch.setenv("COLUMNS", "80")
    run = cli("sweep", "report", str(folder))
    assert run.code == 0, run.err
    assert max(len(line) for line in run.out.splitlines()) <= 80
    assert "Win rate, row vs column" in run.out
    scenarios = run.out.split("Scenarios:")[1].split("How battles ended")[0]
    assert "king-of-the-hill" in scenarios  # not cut by a narrow column
    for suffix in (".png", ".html", ".csv", ".json"):
        path = tmp_path / f"report{suffix}"
        run = cli("sweep", "report", str(folder), "-o", str(path))
        assert run.code == 0, run.err
        assert path.stat().st_size > 0
    assert (tmp_path / "report.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "data:image/png;base64," in (tmp_path / "report.html").read_text()
    table = list(csv.DictReader(io.StringIO((tmp_path / "report.csv").read_text())))
    assert len(table) == 4 and sum(int(r["battles"]) for r in table) == len(rows)
    data = json.loads((tmp_path / "report.json").read_text())
    assert len(data["pairings"]) == 4
    # the JSON numbers warbands as the CSV and the tables do, from 1
    assert [(p["a"], p["b"]) for p in data["pairings"]] == [
        (int(r["warband a"]), int(r["warband b"])) for r in table
    ]
    for p, r in zip(data["pairings"], table, strict=True):
        assert ", ".join(data["warbands"][p["a"] - 1]) == r["fighters a"]
    numbered = {b["warband"] for b in data["warband_rates"]}
    assert min(numbered) == 1 and max(numbered) == len(data["warbands"])
    printed = cli("sweep", "report", str(folder), "--json").out
    assert json.loads(printed) == data


def test_the_heat_map_colours_the_decided_battles(synthetic):
    """A cell's colour is the row's share of the battles either side won against the
    column (even at one half however many are drawn), its text the share drawn; grey (NaN)
    where two warbands never met."""
    from skirmish.ai.sweepreport import counted, decided_matrix

    folder, rows = synthetic
    share, drawn = decided_matrix(counted(folder))
    for a, b in [(0, 1), (1, 0), (0, 2), (2, 1), (1, 1)]:
        met = [r for r in rows if {r["warband_a"], r["warband_b"]} == {a, b}]
        won = sum(r["winner"] == (0 if r["warband_a"] == a else 1) for r in met)
        lost = sum(r["winner"] == (1 if r["warband_a"] == a else 0) for r in met)
        if a == b:  # a mirror's cell is its first side's
            won, lost = (sum(r["winner"] == side for r in met) for side in (0, 1))
        assert share[a, b] == pytest.approx(won / (won + lost))
        assert drawn[a, b] == pytest.approx(sum(r["winner"] is None for r in met) / len(met))
    assert share[0, 0] != share[0, 0] and drawn[2, 2] != drawn[2, 2]  # never met: NaN


def test_report_refuses_what_it_cannot_write(cli, synthetic, tmp_path):
    folder, _ = synthetic
    run = cli("sweep", "report", str(folder), "-o", str(tmp_path / "r.pdf"))
    assert run.code == 2 and "a report is written as .html, .png, .csv, .json" in run.err
    assert not (tmp_path / "r.pdf").exists()
    run = cli("sweep", "report", str(tmp_path))
    assert run.code == 2 and "manifest.json" in run.err


def test_shards_merged_into_parts_hold_the_same_battles(synthetic, tmp_path):
    """Merging shards into a part keeps every row once: the report's numbers, each batch's
    winners and the rows themselves are those of the shards; a merge stopped before its
    shards were removed counts them once, and resuming removes them."""
    import shutil

    import pyarrow.parquet as pq

    from skirmish.ai.sweepreport import counted
    from skirmish.ai.sweepstore import holdings, merge, prepare, read_winners

    source, rows = synthetic
    folder = tmp_path / "merged"
    shutil.copytree(source, folder)
    plan = made_plan()
    batches = {b.name: b for b in plan.all_batches()}
    before = {name: read_winners(source, name, b, plan.scenarios[b.scenario])
              for name, b in batches.items()}  # fmt: skip
    names = sorted(batches)
    merge(folder, names[:20])
    merge(folder, names[20:30])
    kept = folder / names[3]
    shutil.copy(source / names[3], kept)  # as if the first merge stopped before removing it
    held = holdings(folder)
    assert set(held) == set(batches)
    assert held[names[3]] == "part-000001.parquet" and held[names[25]] == "part-000002.parquet"
    assert held[names[35]] == names[35]
    assert counted(folder) == counted(source)
    files = sorted(set(held.values()))
    table = pq.read_table([folder / f for f in files]).sort_by(
        [("pairing", "ascending"), ("scenario", "ascending"), ("battle", "ascending")]
    )
    mine = sorted(rows, key=lambda r: (r["pairing"], r["scenario"], r["battle"]))
    assert table.to_pylist() == mine
    for name, b in batches.items():
        assert read_winners(folder, held[name], b, plan.scenarios[b.scenario]) == before[name]
    assert set(prepare(folder, plan)) == set(batches)
    assert not kept.exists()
    assert len(list(folder.glob("*.parquet"))) == 2 + len(names) - 30


def test_a_sweep_of_the_first_format_is_reported_but_not_resumed(cli, synthetic, tmp_path):
    """Format 1's shards had an ``end`` column (the reason without its counts) that the
    report now works out from ``reason``: such a sweep reports the same numbers, and
    resuming it is refused in one line, its folder left as it was."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from skirmish.ai.sweep import Plan
    from skirmish.ai.sweepreport import counted
    from skirmish.ai.sweepstore import prepare

    folder, _ = synthetic
    old = tmp_path / "old"
    old.mkdir()
    manifest = json.loads((folder / "manifest.json").read_text())
    (old / "manifest.json").write_text(json.dumps({**manifest, "format": 1}))
    for shard in folder.glob("*.parquet"):
        table = pq.read_table(shard)
        ends = pa.array([end_kind(r) for r in table.column("reason").to_pylist()])
        pq.write_table(table.add_column(11, "end", ends), old / shard.name)
    assert counted(old) == counted(folder)
    before = sorted((p.name, p.stat().st_mtime_ns) for p in old.iterdir())
    plan = Plan(("deathmatch",), "quick", (("Wizard",),), ((0, 0),), ("greedy", "greedy"), 2, 1, 1)
    with pytest.raises(SkirmishError, match="format 1 .*cannot be resumed: name a new folder"):
        prepare(old, plan)
    assert sorted((p.name, p.stat().st_mtime_ns) for p in old.iterdir()) == before
    (old / "manifest.json").write_text(json.dumps({**manifest, "format": 9}))
    run = cli("sweep", "report", str(old))
    assert run.code == 2 and "not a sweep manifest of format 1 or 2 (found 9)" in run.err


def test_shard_names_sort_in_play_order():
    names = [Batch(p, s, n, 0, 1).name for p in (0, 12) for s in (0, 3) for n in (0, 9, 10)]
    assert names == sorted(names)
    assert Path(names[0]).suffix == ".parquet"


def test_intervals_at_once_equal_scipys_one_at_a_time():
    """The closed-form Wilson intervals of a report against scipy's binomtest, for every
    count up to 60 battles, and none."""
    from skirmish.ai.simulate import intervals

    cases = [(k, n) for n in range(1, 61) for k in range(n + 1)]
    found = intervals([k for k, _ in cases], [n for _, n in cases])
    for (k, n), (low, high) in zip(cases, found, strict=True):
        expected = interval(k, n)
        assert low == pytest.approx(expected[0], abs=1e-9)
        assert high == pytest.approx(expected[1], abs=1e-9)
    assert intervals([0], [0]) == [(0.0, 1.0)]


def test_figures_agree_with_the_final_state():
    """The figures read from the events against the battle's final state, another account
    of the same battle: a standing fighter's damage taken is the damage it has (in a
    battle where nobody healed), those out of action are those not on the battlefield,
    and damage is dealt only where it is taken."""
    from skirmish.ai.figures import battle_figures

    options = SimulateOptions(
        scenario="deathmatch", warband=["Wizard,Witch", "Druid,Seer"], length="quick", rounds=3
    )
    players = ("random:without=Recover", "random:without=Recover")  # heals name no fighter
    match = Match((("Wizard", "Witch"), ("Druid", "Seer")), players, options)
    checked = hurt = 0
    for index in range(6):
        outcome, history = played(match, 3, index)
        final = history.state
        found = battle_figures(history)
        standing = {f.name: f for f in final.on_battlefield()}
        assert {n for n, f in found.fighters.items() if f.out_of_action} == (
            set(found.fighters) - set(standing)
        )
        assert sum(not f.out_of_action for f in found.fighters.values()) == sum(outcome.survivors)
        taken = sum(f.damage_taken for f in found.fighters.values())
        assert sum(f.damage_dealt for f in found.fighters.values()) <= taken
        assert sum(f.takedowns for f in found.fighters.values()) <= sum(
            f.out_of_action for f in found.fighters.values()
        )
        if any(e.event == "heal" for e in final.events()):
            continue
        checked += 1
        hurt += sum(f.damage for f in standing.values())
        for name, fighter in standing.items():
            assert found.fighters[name].damage_taken == fighter.damage, name
    assert checked and hurt
