"""Data files read with libyaml's parser give exactly what PyYAML's own parser gives.

``datafiles.parse_yaml`` takes its events from libyaml (C) when PyYAML has it, for speed
(the battlefield editor reads a file twice per drag); the limits, the composer and the
constructor are the same Python code. These tests compare both parsers on generated files:
the whole data read, or both refusing (with the limits' own messages alike). libyaml is
more lenient in one corner found (a tab inside a plain word), never the other way.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import datafiles, limits
from skirmish.errors import DataError

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML without libyaml")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12),
)
data = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text("abcxyz_ ", min_size=1, max_size=6), inner, max_size=4),
    ),
    max_leaves=25,
)


def _both(text: str) -> tuple[object, object]:
    answers: list[object] = []
    for loader in (datafiles._PythonLoader, datafiles._LibyamlLoader):
        try:
            answers.append(datafiles.parse_yaml(text, "f.yaml", loader_class=loader))
        except DataError as error:
            answers.append(("refused", str(error)))
    return answers[0], answers[1]


def test_the_fast_parser_is_the_default() -> None:
    assert datafiles._Loader is datafiles._LibyamlLoader


@settings(max_examples=200, deadline=None)
@given(
    data, st.integers(0, 400), st.sampled_from(["", ":", "[", "{", "&a ", "*a", "- ", "]", "\t"])
)
def test_damaged_files_read_as_pyyaml_reads_them(value: object, at: int, junk: str) -> None:
    """The default reading gives PyYAML's own data, or its refusal word for word; the one
    leniency allowed is libyaml reading what PyYAML refuses."""
    text = yaml.safe_dump({"data": value, "again": value}, default_flow_style=None)
    text = text[: min(at, len(text))] + junk + text[min(at, len(text)) :]
    expected = _outcome(text, datafiles._PythonLoader)
    answer = _outcome(text, None)
    if not _refused(expected) or _refused(answer):
        assert answer == expected
    else:
        assert answer == _outcome(text, datafiles._LibyamlLoader)


def _outcome(text: str, loader: Any) -> object:
    try:
        return datafiles.parse_yaml(text, "f.yaml", loader_class=loader)
    except DataError as error:
        return ("refused", str(error))


def test_deep_nesting_is_named_by_the_limit() -> None:
    with pytest.raises(DataError, match="nested more than 32"):
        datafiles.parse_yaml("[" * 5000 + "]" * 5000, "f.yaml")


@settings(max_examples=150, deadline=None)
@given(data, st.sampled_from([None, False, True]))
def test_generated_files_read_alike(value: object, flow: bool | None) -> None:
    text = yaml.safe_dump({"data": value}, default_flow_style=flow, allow_unicode=True)
    python, libyaml = _both(text)
    assert python == libyaml
    assert python == {"data": value}


def _refused(answer: object) -> bool:
    return isinstance(answer, tuple) and answer[0] == "refused"


def test_libyaml_reads_a_tab_inside_a_plain_word() -> None:
    """The one leniency found: libyaml reads ``d<tab>ata: 1`` as the key 'd\tata', which
    PyYAML's own scanner refuses; what either reads, both read alike."""
    python, libyaml = _both("d\tata: 1\n")
    assert _refused(python) and libyaml == {"d\tata": 1}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("a:\n" + "".join("  " * i + "- \n" for i in range(limits.YAML_DEPTH + 2)), "nested"),
        ("a: &x [1, 2]\nb: &y [*x, *x]\nc: [*y, *y, *y]\n", None),
        ("a: 1\na: 2\n", "appears twice"),
        ("a: &x [*x]\n", "inside its own anchor"),
        ("a: [\n", "not valid YAML at line"),
        ("a: \x1b\n", "not valid YAML"),
        ("", "holds no data"),
    ],
)
def test_the_limits_refuse_alike(text: str, says: str | None) -> None:
    assert _outcome(text, None) == _outcome(text, datafiles._PythonLoader)
    if says is not None:
        with pytest.raises(DataError, match=says):
            datafiles.parse_yaml(text, "f.yaml")


def test_expanded_aliases_are_counted_alike() -> None:
    lines = ["a0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
    text = "\n".join(lines) + "\n"
    for loader in (datafiles._PythonLoader, datafiles._LibyamlLoader):
        with pytest.raises(DataError, match="values once anchors"):
            datafiles.parse_yaml(text, "f.yaml", loader_class=loader)
