"""The package's import layers (docs/architecture.md), checked on grimp's import graph.

Two graphs: the imports Python runs (at the top of a module and inside functions, which
grimp counts like any other), for the cycles; and those plus the imports under
``TYPE_CHECKING``, for the layers, so that not even a type crosses a layer upwards. The
one cycle that only types make (the battle's records: a battle holds its setup, the setup
its scenario, and a scenario's hooks take a battle) is listed in :data:`TYPE_CYCLE`.
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
from collections.abc import Iterable
from pathlib import Path

import grimp
import networkx
import pytest

PACKAGE = "skirmish"
BATTLE = "skirmish.games.magewinds.battle"
SCENARIO_MODULES = ("treasure", "fragments", "fragment_markers", "holdtheline", "royale")
PLUGINS = (f"{BATTLE}.abilities", *(f"{BATTLE}.{name}" for name in SCENARIO_MODULES))
"""The fighters' abilities and the scenarios of the Into the Tempest pack: they plug into
the battle's kernel through :mod:`skirmish.games.magewinds.battle.hooks`."""
ASSEMBLY = tuple(
    f"{BATTLE}.{name}" for name in ("catalogue", "public", "rebuild", "view", "session")
)
"""What sits above the plugins: the scenarios' list, what a player sees, the terminal's
session (and the package's ``__init__``, which imports them so that they register)."""
TYPE_CYCLE = frozenset(
    f"{BATTLE}.{name}" for name in ("state", "setup", "scenarios", "grammar", "actions", "hooks")
)
ADAPTERS = ("skirmish.cli", "skirmish.web", "skirmish.ai", "skirmish.analysis")
GAMES = "skirmish.games"
BELOW_GAMES = ("skirmish.engine", "skirmish.geometry", "skirmish.dice")
MACHINERY = tuple(f"skirmish.engine.{name}" for name in ("battle", "stack", "procedure", "logbook"))
"""The game-independent battle machinery: the protocol and records, the frame stack and
settling, the procedure replay, the log's records."""


@pytest.fixture(scope="module")
def run_graph() -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, cache_dir=None, exclude_type_checking_imports=True)


@pytest.fixture(scope="module")
def typed_graph() -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, cache_dir=None)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Each group of modules that import each other, round or through others, as one
    shortest chain that goes round through its first module."""
    directed = networkx.DiGraph()
    for module in graph.modules:
        directed.add_node(module)
        for imported in graph.find_modules_directly_imported_by(module):
            directed.add_edge(module, imported)
    found = []
    for group in networkx.strongly_connected_components(directed):
        if len(group) < 2:
            continue
        start = min(group)
        back = min(
            (
                networkx.shortest_path(directed, imported, start)
                for imported in directed.successors(start)
                if imported in group
            ),
            key=len,
        )
        found.append([start, *back])
    return sorted(found)


def shown(graph: grimp.ImportGraph, chain: Iterable[str]) -> str:
    """A chain of imports with where each is written (module:line)."""
    links = list(chain)
    lines = []
    for importer, imported in itertools.pairwise(links):
        details = graph.get_import_details(importer=importer, imported=imported)
        where = ", ".join(f"line {d['line_number']}: {d['line_contents']}" for d in details)
        lines.append(f"  {importer} -> {imported}  ({where})")
    return "\n".join(lines)


def test_no_import_cycle_anywhere(run_graph: grimp.ImportGraph) -> None:
    """No module imports itself through others, counting imports inside functions."""
    found = cycles(run_graph)
    assert not found, "import cycles:\n" + "\n".join(shown(run_graph, c) for c in found)


def test_type_imports_close_only_the_battle_records_cycle(typed_graph: grimp.ImportGraph) -> None:
    """With ``TYPE_CHECKING`` imports too, the only cycle is among the battle's records."""
    found = [c for c in cycles(typed_graph) if not set(c) <= TYPE_CYCLE]
    assert not found, "import cycles:\n" + "\n".join(shown(typed_graph, c) for c in found)


def _chains(graph: grimp.ImportGraph, importers: Iterable[str], imported: Iterable[str]) -> str:
    out = []
    for low in importers:
        for high in imported:
            chain = graph.find_shortest_chain(low, high, as_packages=True)
            if chain:
                out.append(f"{low} reaches {high}:\n{shown(graph, chain)}")
    return "\n".join(out)


def test_engine_and_geometry_never_import_a_game(typed_graph: grimp.ImportGraph) -> None:
    bad = _chains(typed_graph, BELOW_GAMES, (GAMES, *ADAPTERS))
    assert not bad, bad


def test_the_battle_machinery_knows_no_game(typed_graph: grimp.ImportGraph) -> None:
    """The frame stack, the procedure replay and the log records reach no game, no adapter
    and no geometry, even by a type: a fifth game's battle reuses them as they are."""
    assert set(MACHINERY) <= typed_graph.modules
    bad = _chains(typed_graph, MACHINERY, (GAMES, *ADAPTERS, "skirmish.geometry"))
    assert not bad, bad


def test_magewinds_battle_is_built_on_the_engine_machinery() -> None:
    """Magewinds keeps no frame stack, log list or procedure replay of its own."""
    from skirmish.engine import procedure, stack
    from skirmish.games.magewinds.battle import attacks, state

    assert issubclass(state.Battle, stack.FrameStack)
    assert issubclass(state.Frame, stack.Frame)
    assert state.dice_outcomes is stack.dice_outcomes
    assert attacks.next_step is procedure.next_step
    for name in ("settle", "push", "top", "finish", "options", "acted", "remembered"):
        assert name not in vars(state.Battle), name


def test_games_never_import_an_adapter(typed_graph: grimp.ImportGraph) -> None:
    """A game's rules never import the terminal, the web pages, the computer players or the
    analyses, even inside a function."""
    bad = _chains(typed_graph, (GAMES,), ADAPTERS)
    assert not bad, bad


def _direct(graph: grimp.ImportGraph, importer: str, wanted: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{importer} -> {imported}"
        for imported in graph.find_modules_directly_imported_by(importer)
        if any(imported == w or imported.startswith(w + ".") for w in wanted)
    )


def _inside(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_battle_kernel_never_imports_an_ability_or_scenario(
    typed_graph: grimp.ImportGraph,
) -> None:
    """The kernel asks abilities and scenarios through its hooks; it never names their
    modules, nor what sits above them."""
    kernel = _kernel(typed_graph)
    assert f"{BATTLE}.state" in kernel and f"{BATTLE}.attacks" in kernel
    bad = [line for m in sorted(kernel) for line in _direct(typed_graph, m, PLUGINS + ASSEMBLY)]
    assert not bad, "\n".join(bad)


def _kernel(graph: grimp.ImportGraph) -> list[str]:
    return sorted(
        m
        for m in graph.find_descendants(BATTLE)
        if not _inside(m, PLUGINS) and not _inside(m, ASSEMBLY)
    )


def _plugged_names() -> dict[str, str]:
    """Every name by which a plugin is known, casefolded, with what it names: the keys and
    names of the pack's fighters' own abilities (not the universal spells, which the core
    rules define) and the ids of the scenarios the kernel does not define itself."""
    from skirmish.games.magewinds.battle import hooks, scenarios
    from skirmish.games.magewinds.pack import bundled_pack

    pack = bundled_pack()
    universal = {a.key for a in pack.universal_abilities}
    names = {}
    for profile in pack.fighters:
        for ability in profile.abilities:
            if ability.key and ability.key not in universal:
                names[ability.key.casefold()] = f"ability {ability.key}"
                names[ability.name.casefold()] = f"ability {ability.key}"
    kernel_scenarios = {s.id for s in vars(scenarios).values() if isinstance(s, scenarios.Scenario)}
    for scenario in hooks.SCENARIOS.listed():
        if scenario.id not in kernel_scenarios:
            names[scenario.id.casefold()] = f"scenario {scenario.id}"
    return names


def _written_strings(path: Path) -> list[ast.Constant]:
    """The strings a module's code writes: not its docstrings, nor the values of its
    enumerations (the action grammar's words and the log's kinds, which a record
    writes)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    left_out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            left_out.add(id(node.value))
        if isinstance(node, ast.ClassDef) and any(
            isinstance(b, ast.Name) and b.id.endswith("Enum") for b in node.bases
        ):
            left_out |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Constant)}
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in left_out
    ]


def test_the_kernel_names_no_ability_and_no_plugged_scenario(
    typed_graph: grimp.ImportGraph,
) -> None:
    """No kernel module tests (or writes) an ability's key or name or a plugged-in
    scenario's id: it asks :mod:`~skirmish.games.magewinds.battle.hooks`. The names come
    from the pack and the scenarios' catalogue, so a new ability or scenario is checked
    too."""
    names = _plugged_names()
    assert {"third_eye", "white-hot weapons", "wildform", "hex", "the-prize"} <= set(names)
    bad = []
    for module in _kernel(typed_graph):
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        for node in _written_strings(Path(spec.origin)):
            found = names.get(node.value.casefold())
            if found is not None:
                bad.append(f"{module}:{node.lineno}: {node.value!r} ({found})")
    assert not bad, "the kernel names a plugin:\n" + "\n".join(bad)


def test_the_name_scan_sees_a_name_in_code_and_not_in_a_docstring(tmp_path: Path) -> None:
    """The scan above would see a plugin's name written in code, and not one in prose."""
    source = tmp_path / "kernel.py"
    source.write_text(
        '"""Hex and Wildform."""\n'
        "class Kind(StrEnum):\n"
        '    CHARM = "charm"\n'
        "def f(fighter):\n"
        '    """Third Eye."""\n'
        '    return "hex" in fighter.effects\n',
        encoding="utf-8",
    )
    assert [node.value for node in _written_strings(source)] == ["hex"]


def test_plugins_never_import_what_a_player_sees(typed_graph: grimp.ImportGraph) -> None:
    plugins = [m for m in typed_graph.find_descendants(BATTLE) if _inside(m, PLUGINS)]
    assert len(plugins) > 10
    bad = [line for m in sorted(plugins) for line in _direct(typed_graph, m, ASSEMBLY)]
    assert not bad, "\n".join(bad)


def test_every_hook_is_answered_once_the_battle_package_is_loaded() -> None:
    from skirmish.games.magewinds.battle import hooks

    assert hooks.missing() == []


def test_a_hook_asked_before_its_answer_names_itself() -> None:
    from skirmish.games.magewinds.battle.hooks import AbilityHooks, Unplugged

    with pytest.raises(Unplugged, match="AbilityHooks.movement_cap"):
        AbilityHooks().movement_cap(None, None)  # type: ignore[arg-type]


def test_the_cycle_finder_finds_a_cycle_and_its_chain() -> None:
    """The check above would see a cycle: one added by hand is found and shown."""
    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        graph.add_module(module)
    graph.add_import(importer="pkg.a", imported="pkg.b", line_number=3, line_contents="import b")
    graph.add_import(importer="pkg.b", imported="pkg.c", line_number=4, line_contents="import c")
    graph.add_import(importer="pkg.c", imported="pkg.a", line_number=5, line_contents="import a")
    found = cycles(graph)
    assert found == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    assert "pkg.c -> pkg.a  (line 5: import a)" in shown(graph, found[0])
