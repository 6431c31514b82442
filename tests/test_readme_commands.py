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


@pytest.mark.parametrize("line", commands())
def test_a_readme_command_runs_without_a_terminal(line, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(Path(__file__).parents[1])
    words = shlex.split(line)[1:]
    for i, word in enumerate(words):
        if words[i - 1] in ("-o", "--output", "--plot", "--pack") and not Path(word).exists():
            words[i] = str(tmp_path / Path(word).name)
            if words[i - 1] == "--pack":  # the pack the README shows, as a reader saves it
                start = README.index("pack: My Warband")
                Path(words[i]).write_text(README[start : README.index("```", start)])
    run = cli(*words)
    assert run.code == 0, f"{line}\n{run.err}"
    assert "no terminal" not in run.err
