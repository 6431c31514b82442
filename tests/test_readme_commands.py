"""Every ``skirmish`` command the README shows runs as shown, from a script (no terminal)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

README = (Path(__file__).parents[1] / "README.md").read_text()


def commands() -> list[str]:
    found = []
    for block in re.findall(r"```sh\n(.*?)```", README, flags=re.S):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            line = line.split(" #")[0].strip()
            if line.startswith("skirmish "):
                found.append(line)
            elif "&& skirmish " in line:
                found.append("skirmish " + line.split("&& skirmish ", 1)[1])
    return found


def test_the_readme_shows_commands():
    assert len(commands()) > 25


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """Where the README's commands write their files (one place, so a battle one command
    saves is there for the next to replay)."""
    return tmp_path_factory.mktemp("readme")


def saving(name: str) -> str:
    """The README command that saves the battle record, or writes the file, ``name``."""
    return next(line for line in commands() if f"--save {name}" in line or f"-o {name}" in line)


@pytest.mark.parametrize("line", commands())
def test_a_readme_command_runs_without_a_terminal(line, cli, written, monkeypatch):
    monkeypatch.chdir(Path(__file__).parents[1])
    words = shlex.split(line)[1:]
    if "human" in " ".join(words):
        pytest.skip("a person plays this battle at the terminal")
    if words[0] == "replay":
        if not (written / words[1]).exists():  # its battle was played in another process
            test_a_readme_command_runs_without_a_terminal(
                saving(words[1]), cli, written, monkeypatch
            )
        words[1] = str(written / words[1])
    tmp_path = written
    for i, word in enumerate(words):
        if words[i - 1] == "--tally" or (i == 2 and words[:2] == ["sweep", "report"]):
            # the rows another command writes
            if not (written / word).exists():
                test_a_readme_command_runs_without_a_terminal(
                    saving(word), cli, written, monkeypatch
                )
            words[i] = str(written / word)
            continue
        outputs = ("-o", "--output", "--plot", "--pack", "--save")
        if words[i - 1] in outputs and not Path(word).exists():
            words[i] = str(tmp_path / Path(word).name)
            if words[i - 1] == "--pack":  # the pack the README shows, as a reader saves it
                start = README.index("pack: My Warband")
                Path(words[i]).write_text(README[start : README.index("```", start)])
    run = cli(*words)
    assert run.code == 0, f"{line}\n{run.err}"
    assert "no terminal" not in run.err
