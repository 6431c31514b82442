"""Reading data files: YAML with clear errors, pydantic problems as one line.

Every data file (packs, figures, units, forces, battlefields) is read by :func:`read_yaml`:
a missing path, a directory, a file over :data:`~skirmish.limits.FILE_BYTES`, a binary or
empty file, YAML nested deeper than :data:`~skirmish.limits.YAML_DEPTH`, anchors and aliases
that expand past :data:`~skirmish.limits.YAML_VALUES` values, a duplicate key or a value of
the wrong type are each one line naming the file and the problem. Nothing is read past the
size limit, and no alias is expanded before its size is counted.
"""

from __future__ import annotations

import json
import os
import re
import stat
from functools import partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import pydantic
import yaml
from pydantic import BaseModel, ConfigDict, ValidationError
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from skirmish import limits
from skirmish.errors import DataError

if yaml.__with_libyaml__:
    from yaml._yaml import CParser
else:  # pragma: no cover - PyYAML built without libyaml

    class CParser:  # type: ignore[no-redef]
        """Stands in for libyaml's parser, which ``_Loader`` then never uses."""


def raw_problem(model: type[BaseModel], fields: dict[str, object]) -> str | None:
    """Validate values given one by one (command-line options) against a file model.

    Returns one line naming the first bad value, or None when all are valid.
    """
    try:
        model.model_validate(fields)
    except ValidationError as error:
        return first_problem(error, fields)
    return None


class StrictModel(BaseModel):
    """A data-file record: unknown keys are errors, values are frozen, and NaN or infinite
    numbers are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


Length = Annotated[float, pydantic.Field(gt=0), limits.DISTANCE.field()]
TableSize = tuple[Length, Length]
"""A battlefield's width and length."""
Name = Annotated[str, pydantic.Field(min_length=1, max_length=limits.NAME)]
"""A name: of a fighter, an attack, a piece of terrain, a warband."""
Text = Annotated[str, pydantic.Field(max_length=limits.TEXT)]
"""A note, summary or other free text."""
Coordinate = tuple[
    Annotated[float, limits.COORDINATE.field()], Annotated[float, limits.COORDINATE.field()]
]
"""A point on a battlefield: x across, y along, finite and within reach of any table."""
Facing = Annotated[float, limits.FACING.field()]
"""An angle in degrees."""

M = TypeVar("M", bound=BaseModel)


def validated(model: type[M], data: object, source: str, *, within: str = "") -> M:
    """``data`` validated as ``model``, or a one-line :class:`DataError` naming ``source``
    (and the field, under ``within`` when ``data`` is part of a file)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise DataError(f"{source}: {first_problem(error, data, within=within)}") from None


def first_problem(error: ValidationError, data: object, *, within: str = "") -> str:
    problem = error.errors()[0]
    where = _describe_location(problem["loc"], data)
    if within:
        where = within if where == "file" else f"{within}.{where}"
    message = problem["msg"].removeprefix("Value error, ")
    count = error.error_count()
    more = f" (and {count - 1} more {'problem' if count == 2 else 'problems'})" if count > 1 else ""
    return f"{where}: {message}{more}"


def _describe_location(location: tuple[int | str, ...], data: object) -> str:
    """``fighters[2].toughness`` with the fighter's name when there is one."""
    parts: list[str] = []
    node = data
    for step in location:
        if isinstance(step, int):
            name = (
                node[step].get("name")
                if isinstance(node, list) and step < len(node) and isinstance(node[step], dict)
                else None
            )
            parts[-1] += f"[{step}]" + (f" ({name})" if name else "")
            node = node[step] if isinstance(node, list) and step < len(node) else None
        else:
            parts.append(str(step))
            node = node.get(step) if isinstance(node, dict) else None
    return ".".join(parts) or "file"


class _Limits(Composer, SafeConstructor):
    """PyYAML's safe composer and constructor with limits on nesting, on values once
    aliases are expanded, and no duplicate keys; the events come from a parser below."""

    if TYPE_CHECKING:

        def peek_event(self) -> Any: ...

    def _limits(self, source: str) -> None:
        self.source = source
        self._depth = 0
        self._values = 0
        self._sizes: dict[str, int] = {}

    def _count(self, values: int) -> None:
        self._values += values
        if self._values > limits.YAML_VALUES:
            raise DataError(
                f"{self.source}: more than {limits.YAML_VALUES:,} values once anchors and "
                "aliases are expanded; a data file is far smaller"
            )

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        anchor = getattr(event, "anchor", None)
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if isinstance(event, yaml.AliasEvent):
            if anchor in self.anchors and anchor not in self._sizes:
                raise DataError(
                    f"{self.source}: alias *{anchor} at line {line} "
                    "is inside its own anchor; a value cannot contain itself"
                )
            self._count(self._sizes.get(anchor, 0) if anchor is not None else 0)
            return super().compose_node(parent, index)
        self._depth += 1
        if self._depth > limits.YAML_DEPTH:
            raise DataError(
                f"{self.source}: nested more than {limits.YAML_DEPTH} levels deep at line "
                f"{line}; no data file needs more than a few"
            )
        start = self._values
        self._count(1)
        node = super().compose_node(parent, index)
        self._depth -= 1
        if anchor is not None:
            self._sizes[anchor] = self._values - start
        return node

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: set[object] = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                    seen.add(key)
                except TypeError:
                    continue  # an unhashable key: the constructor refuses it
                if duplicate:
                    raise DataError(
                        f"{self.source}: key {key!r} appears twice in one mapping at line "
                        f"{key_node.start_mark.line + 1}"
                    )
        return super().construct_mapping(node, deep=deep)


class _PythonLoader(_Limits, yaml.SafeLoader):
    """The limits on PyYAML's own (pure Python) scanner and parser."""

    def __init__(self, text: str, source: str) -> None:
        yaml.SafeLoader.__init__(self, text)
        self._limits(source)


class _LibyamlLoader(_Limits, CParser, Resolver):
    """The limits on libyaml's scanner and parser (C, several times faster): the same
    events, composed and constructed by the same Python code, so the same data and the same
    refusals (``tests/test_yaml_parsers.py`` compares them on generated files)."""

    def __init__(self, text: str, source: str) -> None:
        CParser.__init__(self, text)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self._limits(source)


_Loader: type[_PythonLoader] | type[_LibyamlLoader] = (
    _LibyamlLoader if yaml.__with_libyaml__ else _PythonLoader
)
"""Which parser data files are read with: libyaml's when PyYAML was built with it."""


def parse_yaml(
    text: str,
    source: str,
    *,
    loader_class: type[_PythonLoader] | type[_LibyamlLoader] | None = None,
) -> object:
    """Parsed YAML of ``text``, with the limits of :mod:`skirmish.limits`; an empty document
    is a :class:`DataError` naming ``source``.

    Read with libyaml's parser when there is one; a file it refuses is read again by
    PyYAML's own, whose refusal (or data) is the answer, so every refusal says what it
    always said (libyaml, for one, stops deep nesting before the limits can name it)."""
    if loader_class is not None:
        return _parsed(text, source, loader_class)
    try:
        return _parsed(text, source, _Loader)
    except DataError:
        if _Loader is _PythonLoader:
            raise
    return _parsed(text, source, _PythonLoader)


def _parsed(
    text: str, source: str, loader_class: type[_PythonLoader] | type[_LibyamlLoader]
) -> object:
    loader: _PythonLoader | _LibyamlLoader | None = None
    try:
        loader = loader_class(text, source)
        data = loader.get_single_data()
    except DataError:
        raise
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None)
        raise DataError(
            f"{source}: not valid YAML{where}" + (f": {problem}" if problem else "")
        ) from None
    except ValueError:
        raise DataError(f"{source}: a number in the file is too long to read") from None
    finally:
        if loader is not None:
            loader.dispose()
    if data is None:
        raise DataError(f"{source}: the file holds no data")
    return data


def read_yaml(path: str | Path, what: str) -> tuple[object, str]:
    """Read and parse a YAML file: its data and its name for error messages.

    A path that is missing, a directory or not a regular file, a file over the size limit,
    a binary file or invalid YAML is a one-line :class:`DataError` naming the file and
    ``what`` it should hold.
    """
    text, source = read_text(path, what, language="YAML")
    return parse_yaml(text, source), source


def read_json(path: str | Path, what: str, *, most: int) -> tuple[object, str]:
    """Read and parse a JSON file (a battle record) of at most ``most`` bytes, with the
    same checks as :func:`read_yaml`: nesting deeper than
    :data:`~skirmish.limits.YAML_DEPTH` and duplicate keys are refused too."""
    text, source = read_text(path, what, most=most, language="JSON")
    return parse_json(text, source), source


def read_text(
    path: str | Path, what: str, *, most: int = limits.FILE_BYTES, language: str
) -> tuple[str, str]:
    """The text of a file of at most ``most`` bytes, and its name for error messages: a
    missing path, a directory, a device, a file too large (refused unread), a binary or
    empty file is a one-line :class:`DataError` naming the file and ``what`` it should hold
    (a file in ``language``)."""
    file = Path(path)
    try:
        if _regular(file, what).st_size > most:
            raise DataError(_too_big(file, what, most))
        with file.open("rb") as stream:
            content = stream.read(most + 1)
    except OSError as error:
        raise DataError(f"{file}: cannot read {what}: {error.strerror}") from None
    if len(content) > most:
        raise DataError(_too_big(file, what, most))
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(
            f"{file}: not a text file (byte {error.start} is not UTF-8); expected a {what} "
            f"file in {language}"
        ) from None
    if "\0" in text:
        raise DataError(f"{file}: not a text file (it holds NUL bytes); expected a {what} file")
    if not text.strip():
        raise DataError(f"{file}: the file is empty; expected a {what} file")
    return text, str(file)


def present(path: str | Path) -> bool:
    """Whether something is at ``path``; a name the system cannot even look up (too long,
    holding a NUL byte) is nothing there, not an error: a caller then says what it expected."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def regular_file(path: str | Path, what: str) -> Path:
    """``path``, a regular file that can be read: a missing path, a directory or a device
    is a one-line :class:`DataError` naming the file and ``what`` it should hold."""
    file = Path(path)
    try:
        _regular(file, what)
    except OSError as error:
        raise DataError(f"{file}: cannot read {what}: {error.strerror}") from None
    return file


def _regular(file: Path, what: str) -> os.stat_result:
    """What ``file`` is, when it is a regular file; a directory or a device is a
    :class:`DataError` (a missing file is the :class:`OSError` ``stat`` raises)."""
    info = file.stat()
    if stat.S_ISDIR(info.st_mode):
        raise DataError(f"{file}: is a directory, not a {what} file")
    if not stat.S_ISREG(info.st_mode):
        raise DataError(f"{file}: not a regular file; expected a {what} file")
    return info


def _too_big(file: Path, what: str, most: int) -> str:
    return (
        f"{file}: larger than {most // 1024:,} KiB; a {what} file is far smaller "
        "(see docs/limits.md)"
    )


def parse_json(text: str, source: str) -> object:
    """Parsed JSON of ``text``: invalid JSON, a key twice in one object, or nesting deeper
    than :data:`~skirmish.limits.YAML_DEPTH` is a one-line :class:`DataError` naming
    ``source``."""
    if _json_depth(text) > limits.YAML_DEPTH:
        raise DataError(
            f"{source}: nested more than {limits.YAML_DEPTH} levels deep; no record needs "
            "more than a few"
        )
    try:
        return json.loads(text, object_pairs_hook=partial(_no_duplicates, source))
    except DataError:
        raise
    except json.JSONDecodeError as error:
        raise DataError(f"{source}: not valid JSON at line {error.lineno}") from None
    except ValueError:
        raise DataError(f"{source}: a number in the file is too long to read") from None


def _json_depth(text: str) -> int:
    """How deep brackets nest in ``text``, strings skipped: checked before parsing, so a
    ``[[[[...]]]]`` bomb is refused without the parser recursing into it."""
    depth = deepest = 0
    for token in _JSON_TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif mark in "]}":
            depth -= 1
    return deepest


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _no_duplicates(source: str, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DataError(f"{source}: key {key!r} appears twice in one object")
        found[key] = value
    return found


def read_bundled(package: str, name: str) -> object:
    """Parsed YAML of a data file shipped in ``package``'s ``data`` folder."""
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return parse_yaml(text, name)
