"""Every option of every odds, advise, matchups, attack and simulate command is in its form
(but those that write or read files or start processes), and bad input is refused
with the command line's own one-line message."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest

from skirmish.games import GAMES
from skirmish.options import option_fields
from skirmish.web.forms import OUTPUTS, input_name, read_question
from skirmish.web.refereeing import seed_option
from skirmish.web.simulating import WITHHELD

COMMANDS = [
    (info.name, verb)
    for info in GAMES
    for verb in ("odds", "advise", "matchups", "attack", "simulate")
    if verb in info.load().commands
]


class Controls(HTMLParser):
    """The named controls of the question form: name -> (tag, type, options offered)."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: dict[str, tuple[str, str, list[str]]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("input", "select") and found.get("name") and not found.get("form"):
            self.controls.setdefault(found["name"] or "", (tag, found.get("type") or "", []))
            self._select = found["name"] if tag == "select" else None
        elif tag == "option" and self._select is not None and found.get("value") != "":
            self._wanted = True
        else:
            self._wanted = False

    def handle_data(self, data: str) -> None:
        if getattr(self, "_wanted", False) and self._select and data.strip():
            self.controls[self._select][2].append(data.strip())
            self._wanted = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


@pytest.mark.parametrize(("game", "verb"), COMMANDS)
def test_every_option_of_the_command_is_reachable_in_its_form(client, game, verb):
    page = client.get(f"/{game}/{verb}").text
    parser = Controls()
    parser.feed(page)
    model = next(i for i in GAMES if i.name == game).load().commands[verb]
    for option in option_fields(model):
        if option.name in OUTPUTS:
            continue  # written as a file by the command line; the page draws it itself
        if option.name in WITHHELD:  # simulate's --tally and --workers: files, processes
            assert verb == "simulate" and f'name="{input_name(option)}"' not in page
            continue
        name = input_name(option)
        assert name in parser.controls, f"{verb} {game}: {option.flag} has no control"
        tag, kind, offered = parser.controls[name]
        if option.kind is bool:
            assert kind == "checkbox"
        elif option.choices is not None and not option.multiple:
            assert tag == "select" and offered == list(option.choices)
        assert option.help.replace("'", "&#39;").replace('"', "&#34;") in page, option.flag
        question = read_question(_game(game), verb, [(name, "x")])
        assert question.given == {name: ["x"]}  # the URL's parameter reaches the option
    if verb == "attack":  # the referee's own flags: its seed (--json is ?format=json)
        assert parser.controls.get("seed") == ("input", "text", [])
        assert seed_option().help in page
    else:
        assert 'name="fractions"' in page and 'name="side"' in page


def _game(name: str):
    return next(i for i in GAMES if i.name == name).load()


REFUSALS = [
    (
        "/magewinds/odds?power=-1&precision=3",
        "--power -1: Power must be greater than or equal to 0 (6.0)",
        "power",
        422,
    ),
    (
        "/magewinds/odds?attacker=Wizard&target=Nobody",
        "unknown fighter 'Nobody'; expected one of:",
        "target",
        400,
    ),
    (
        "/magewinds/odds?power=3",
        "a raw attack needs both --power and --precision (6.0)",
        None,
        400,
    ),
    (
        "/magewinds/odds?attacker=Wizard&target=Guardian&choice=sideways",
        "--choice 'sideways': expected one of light, heavy, feint",
        "choice",
        422,
    ),
    (
        "/mswars/odds?attack-value=999&defence=5&damage=D6",
        "--attack-value 999:",
        "attack-value",
        422,
    ),
    (
        "/magewinds/odds?attacker=Wizard&attacker=Witch&target=Guardian",
        "--attacker given twice ('Wizard', 'Witch'); give it once",
        "attacker",
        422,
    ),
    (
        "/darkrealms/advise?attacker=Ranger&card=Aimed+Shot&target=Ghoul&distance=-4",
        "--distance -4:",
        "distance",
        422,
    ),
]


@pytest.mark.parametrize(("url", "message", "field", "status"), REFUSALS)
def test_a_bad_field_is_refused_with_the_command_lines_message(
    client, cli, url, message, field, status
):
    game, verb = url.split("?")[0].strip("/").split("/")
    argv = []
    for pair in url.split("?")[1].split("&"):
        name, _, value = pair.partition("=")
        argv += [f"--{name}", value.replace("+", " ")]
    run = cli(verb, game, *argv)
    assert run.code == 2 and message in run.err
    line = run.err.strip().removeprefix("skirmish: error: ")
    refused = client.get(url + "&format=json")
    assert refused.status_code == status
    assert refused.json()["error"] == line
    page = client.get(url)
    assert page.status_code == status
    escaped = line.replace("'", "&#39;")
    if field is None:
        assert f'<p class="problem" role="alert" id="problem">{escaped}</p>' in page.text
    else:
        assert f'<p class="problem" role="alert" id="p-{field}">{escaped}</p>' in page.text
        assert re.search(rf'name="{field}"[^>]*aria-invalid="true"', page.text)


def test_unknown_parameters_games_and_stored_files_are_refused(client):
    answer = client.get("/magewinds/odds?bogus=1&format=json")
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("'bogus': no such option of odds magewinds")
    assert client.get("/chess/odds").status_code == 404
    assert (
        "unknown game 'chess'"
        in client.get("/chess/odds", headers={"accept": "application/json"}).json()["error"]
    )
    trick = client.get(
        "/magewinds/odds?attacker=Wizard&target=Guardian&pack=../../etc/passwd&format=json"
    )
    assert (
        trick.status_code == 422
        and "--pack '../../etc/passwd': not an uploaded file" in trick.json()["error"]
    )
    missing = client.get(
        "/magewinds/odds?attacker=Wizard&target=Guardian&pack=0123456789abcdef.yaml&format=json"
    )
    assert missing.status_code == 422 and "no such uploaded file" in missing.json()["error"]
    many = urlencode([("side", "target"), ("attacker", "Wizard")] + [("target", "Guardian")] * 9)
    assert client.get(f"/magewinds/odds?{many}&format=json").status_code == 422


def test_a_bad_uploaded_file_is_refused_by_the_games_own_reader(client):
    name = client.post(
        "/files", files={"file": ("bad.yaml", b"fighters: [1, 2")}, data={"option": "pack"}
    ).json()["name"]
    refused = client.get(f"/magewinds/odds?pack={name}&attacker=Wizard&target=Guardian&format=json")
    assert refused.status_code in (400, 422)
    assert (
        refused.json()["error"].startswith(name)
        and "/" not in refused.json()["error"].split(":")[0]
    )


def test_oversized_bodies_are_refused_before_they_are_read(client):
    from skirmish.web.app import BODY_BYTES

    big = b"x" * (BODY_BYTES + 1)
    answer = client.post("/files", files={"file": ("big.yaml", big)}, data={"option": "pack"})
    assert answer.status_code == 413
    assert "request body larger than" in answer.json()["error"]

    def streamed():  # no declared length: counted as it arrives
        yield b'--zz\r\nContent-Disposition: form-data; name="file"; filename="a.yaml"\r\n\r\n'
        for _ in range(BODY_BYTES // 1024 + 2):
            yield b"y" * 1024

    answer = client.post(
        "/files", content=streamed(), headers={"content-type": "multipart/form-data; boundary=zz"}
    )
    assert answer.status_code == 413
    kept = client.post(
        "/files", files={"file": ("big.yaml", b"a: 1\n" * 60_000)}, data={"option": "pack"}
    )
    assert kept.status_code == 413 and "larger than 256 KiB" in kept.json()["error"]
