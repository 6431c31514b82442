"""Reading data files: YAML with clear errors, pydantic problems as one line."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated, TypeVar

import pydantic
import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from skirmish.errors import DataError


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
    """A data-file record: unknown keys are errors and values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Length = Annotated[float, pydantic.Field(gt=0, le=1000)]
TableSize = tuple[Length, Length]
"""A battlefield's width and length."""

M = TypeVar("M", bound=BaseModel)


def validated(model: type[M], data: object, source: str) -> M:
    """``data`` validated as ``model``, or a one-line :class:`DataError` naming ``source``."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise DataError(f"{source}: {first_problem(error, data)}") from None


def first_problem(error: ValidationError, data: object) -> str:
    problem = error.errors()[0]
    where = _describe_location(problem["loc"], data)
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


def parse_yaml(text: str, source: str) -> object:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{source}: not valid YAML{where}") from None


def read_yaml(path: str | Path, what: str) -> tuple[object, str]:
    """Read and parse a YAML file: its data and its name for error messages.

    An unreadable file or invalid YAML is a one-line :class:`DataError` naming the file and
    ``what`` it should hold.
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(f"{file}: cannot read {what}: {error.strerror}") from None
    return parse_yaml(text, str(file)), str(file)


def read_bundled(package: str, name: str) -> object:
    """Parsed YAML of a data file shipped in ``package``'s ``data`` folder."""
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return parse_yaml(text, name)
