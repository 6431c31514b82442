"""Options models: everything a user may give a command, as typed and bounded data.

Each game describes a situation (and each command its own extras) with a frozen pydantic
model. A field's annotation says its type, its choices and its limits; a :class:`Flag` in
the annotation says how it is given on the command line (flag, help, metavar, the rule an
error cites). The command line is generated from these models, and :func:`option_fields`
lists them for anything else that needs them (help text, tests that try extreme values):

>>> from typing import Annotated
>>> class Demo(Options):
...     power: Annotated[Count | None, Flag("Power (6.0).", rule="6.0")] = None
>>> [(f.flag, f.kind.__name__, f.minimum, f.maximum) for f in option_fields(Demo)]
[('--power', 'int', 0, 99)]
>>> parse(Demo, {"power": "-1"})
Traceback (most recent call last):
...
skirmish.errors.SkirmishError: --power -1: a count must be greater than or equal to 0 (6.0)

On the command line, an option that takes one value is refused when given twice, not
overridden by the last:

>>> once(option_fields(Demo)[0], ["3", "4"])
Traceback (most recent call last):
...
skirmish.errors.SkirmishError: --power given twice (3, 4); give it once
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, TypeVar, get_args, get_origin

import annotated_types
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic.fields import FieldInfo

from skirmish import limits
from skirmish.errors import SkirmishError


@dataclass(frozen=True)
class Flag:
    """How a field is given on the command line.

    ``name`` is the flag (default: the field's name with dashes); ``aliases`` are older or
    shorter spellings; ``rule`` is cited when the value is refused; ``argument`` makes the
    field a positional argument; ``group`` names the part of the help it is listed in.
    """

    help: str
    name: str = ""
    metavar: str = ""
    rule: str = ""
    aliases: tuple[str, ...] = ()
    argument: bool = False
    group: str = ""


class Options(BaseModel):
    """A frozen options model: unknown fields are errors, numbers are finite."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    def given(self, *names: str) -> list[str]:
        """The flags of ``names`` (field names) that the user gave, in that order."""
        flags = {f.name: f.flag for f in option_fields(type(self))}
        return [flags[name] for name in names if name in self.model_fields_set]

    def flag(self, name: str) -> str:
        """The flag of field ``name``."""
        return next(f.flag for f in option_fields(type(self)) if f.name == name)


def exact(limit: limits.Limit[Fraction]) -> BeforeValidator:
    """Reads a fraction a user types (``3/4``, ``0.5``) by its shape before any number is
    built (:func:`skirmish.limits.parse_fraction`); ``limit`` is checked on text, and is to
    be given as the field's annotation too (for values given as numbers)."""

    def read(value: object) -> object:
        if not isinstance(value, str):
            return value
        try:
            return limits.parse_fraction(value, "", limit)
        except SkirmishError as error:
            raise ValueError(str(error).strip()) from None

    return BeforeValidator(read)


Count = Annotated[int, limits.COUNT.field()]
"""A small whole number a user gives: a count of turns, shields, damage."""

Attribute = Annotated[int, limits.ATTRIBUTE.field()]
"""A profile's attribute given on the command line, as in a data file."""

Name = Annotated[str, Field(min_length=1, max_length=limits.NAME)]
"""A name a user gives: a fighter, an attack, a part."""

Inches = Annotated[float, limits.DISTANCE.field()]
"""A distance on the table."""

Share = Annotated[Fraction, exact(limits.SHARE), limits.SHARE.field()]
"""A share of something, from 0 to 1, exact."""

Worth = Annotated[Fraction, exact(limits.VALUE), limits.VALUE.field()]
"""A value or cost in an objective's units, exact."""

Seed = Annotated[int, limits.SEED.field()]
"""A seed for the dice."""


@dataclass(frozen=True)
class OptionField:
    """One field of an options model as the command line and tests see it."""

    name: str
    flag: str
    flags: tuple[str, ...]
    kind: type
    """The value's type: int, float, Fraction, str, bool, Path or an Enum."""
    optional: bool
    multiple: bool
    minimum: float | Fraction | None
    maximum: float | Fraction | None
    choices: tuple[str, ...] | None
    default: object
    help: str
    metavar: str
    rule: str
    argument: bool
    group: str
    max_items: int | None = None
    """How many times a repeatable option may be given."""
    max_length: int | None = None
    """The longest text a text option takes."""
    limit: limits.Limit[Any] | None = None
    """The limit of :mod:`skirmish.limits` the value is held to, if any (data files hold
    the same values to the same limits)."""


def _unwrap(annotation: Any) -> tuple[Any, bool, bool, list[Any]]:
    """The bare type of an annotation, whether None is allowed, whether it is a list, and
    the metadata found on the way."""
    optional = multiple = False
    metadata: list[Any] = []
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation, *extra = get_args(annotation)
            for item in extra:
                metadata += item.metadata if isinstance(item, FieldInfo) else [item]
        elif origin in (typing.Union, types.UnionType):
            members = [a for a in get_args(annotation) if a is not type(None)]
            optional = optional or len(members) < len(get_args(annotation))
            if len(members) != 1:
                raise TypeError(f"an option is one type or None, not {annotation}")
            annotation = members[0]
        elif origin in (list, tuple):
            multiple = True
            annotation = get_args(annotation)[0]
        elif origin is typing.Literal:
            return annotation, optional, multiple, metadata
        else:
            return annotation, optional, multiple, metadata


def _bounds(metadata: list[Any]) -> tuple[Any, Any, int | None]:
    """The tightest bounds the annotations set: a value's lowest and highest, a length's
    longest (pydantic's own constraints and :mod:`skirmish.limits` alike)."""
    lows: list[Any] = []
    highs: list[Any] = []
    longest: list[int] = []
    for item in metadata:
        limit = limits.carried(item)
        if limit is not None and limit[1]:
            longest.append(int(limit[0].maximum))
        elif limit is not None:
            lows.append(limit[0].minimum)
            highs.append(limit[0].maximum)
        elif isinstance(item, annotated_types.Ge):
            lows.append(item.ge)
        elif isinstance(item, annotated_types.Gt):
            lows.append(item.gt)
        elif isinstance(item, annotated_types.Le):
            highs.append(item.le)
        elif isinstance(item, annotated_types.Lt):
            highs.append(item.lt)
        elif isinstance(item, annotated_types.MaxLen):
            longest.append(item.max_length)
    return (
        max(lows) if lows else None,
        min(highs) if highs else None,
        min(longest) if longest else None,
    )


def _metavar(kind: Any, choices: tuple[str, ...] | None, name: str) -> str:
    if choices is not None:
        listed = "|".join(choices)
        return listed if len(listed) <= 30 and " " not in listed else name.upper()
    return {
        int: "N",
        float: "X",
        Fraction: "FRACTION",
        Path: "FILE",
        str: "TEXT",
    }.get(kind, "VALUE")


_CACHE: dict[type[BaseModel], tuple[OptionField, ...]] = {}


def option_fields(model: type[BaseModel]) -> tuple[OptionField, ...]:
    """Every field of ``model`` with its flag, type, limits, choices and help."""
    if model in _CACHE:
        return _CACHE[model]
    found = []
    for name, info in model.model_fields.items():
        flag = next((m for m in info.metadata if isinstance(m, Flag)), None)
        if flag is None:
            raise TypeError(f"{model.__name__}.{name} has no Flag")
        kind, optional, multiple, inner = _unwrap(info.annotation)
        metadata = inner + info.metadata
        choices: tuple[str, ...] | None = None
        if get_origin(kind) is typing.Literal:
            choices = tuple(str(c) for c in get_args(kind))
            kind = str
        elif isinstance(kind, type) and issubclass(kind, Enum):
            choices = tuple(str(member.value) for member in kind)
        low, high, _ = _bounds(metadata)
        _, _, text_length = _bounds(inner if multiple else metadata)
        _, _, items = _bounds(list(info.metadata)) if multiple else (None, None, None)
        dashed = "--" + name.replace("_", "-")
        main = flag.name or dashed
        found.append(
            OptionField(
                name=name,
                flag=main,
                flags=(main, *flag.aliases),
                kind=kind,
                optional=optional,
                multiple=multiple,
                minimum=low,
                maximum=high,
                choices=choices,
                default=info.default,
                help=flag.help,
                metavar=flag.metavar or _metavar(kind, choices, name),
                rule=flag.rule,
                argument=flag.argument,
                group=flag.group,
                max_items=items if multiple else None,
                max_length=text_length if kind is str and not choices else None,
                limit=next(
                    (c[0] for c in map(limits.carried, metadata) if c is not None and not c[1]),
                    None,
                ),
            )
        )
    _CACHE[model] = tuple(found)
    return _CACHE[model]


ModelT = TypeVar("ModelT", bound=BaseModel)


def parse(model: type[ModelT], given: Mapping[str, object]) -> ModelT:
    """``model`` from the values a user gave (field name -> value); a bad value is one
    :class:`SkirmishError` line naming the flag, the value and the rule.

    Choices are read in any case.
    """
    fields = {f.name: f for f in option_fields(model)}
    cleaned = {
        name: _casefolded(fields[name], value) if name in fields else value
        for name, value in given.items()
    }
    try:
        return model.model_validate(cleaned)
    except ValidationError as error:
        raise SkirmishError(_problem(error, fields, cleaned)) from None


def _casefolded(field: OptionField, value: object) -> object:
    if field.choices is None:
        return value
    if isinstance(value, str):
        return value.casefold()
    if isinstance(value, (list, tuple)):
        return [v.casefold() if isinstance(v, str) else v for v in value]
    return value


def _problem(error: ValidationError, fields: Mapping[str, OptionField], given: object) -> str:
    problem = error.errors()[0]
    location = problem["loc"]
    message = problem["msg"].removeprefix("Value error, ")
    if problem["type"] != "value_error":  # pydantic's own "Input should be ..."
        message = message[:1].lower() + message[1:]
    if problem["type"] == "enum" or problem["type"] == "literal_error":
        message = "expected one of " + ", ".join(fields[str(location[0])].choices or ())
    message = message.removeprefix("input ")
    if not location or str(location[0]) not in fields:
        return message
    field = fields[str(location[0])]
    if problem["type"] == "missing":
        return f"{field.flag} {field.metavar}: required ({field.help.rstrip('.')})"
    value = problem.get("input")
    if problem["type"] == "too_long" and field.multiple and isinstance(value, list):
        most = problem.get("ctx", {}).get("max_length")
        return f"{field.flag} given {len(value)} times; give it at most {most} times"
    for typed in (limits.shown(value), repr(limits.shown(value))):
        message = message.removeprefix(f"{typed}: ")  # a limit's message names the value too
    shown = (
        "" if isinstance(value, (bool, type(None))) or field.kind is bool else f" {_shown(value)}"
    )
    rule = f" ({field.rule})" if field.rule and f"({field.rule})" not in message else ""
    return f"{field.flag}{shown}: {message}{rule}"


def once(field: OptionField, values: Sequence[str]) -> str | None:
    """The one value of an option that takes one, from every value typed for it (None when
    none was); given more than once, it is refused rather than the last one taken.
    """
    if len(values) > 1:
        times = "twice" if len(values) == 2 else f"{len(values)} times"
        shown = ", ".join(_shown(limits.shown(v)) for v in values[:3])
        more = ", ..." if len(values) > 3 else ""
        raise SkirmishError(f"{field.flag} given {times} ({shown}{more}); give it once")
    return values[0] if values else None


def on_battlefield(options: Options, facts: tuple[str, ...], *, rules: str) -> tuple[str, str]:
    """With --battlefield: the named attacker and target. Facts the file gives cannot also
    come from flags; ``rules`` says which rules read them from the file."""
    clashing = options.given(*facts)
    if clashing:
        raise SkirmishError(
            f"{', '.join(clashing)}: with --battlefield these come from the battlefield file "
            f"({rules})"
        )
    attacker, target = getattr(options, "attacker", None), getattr(options, "target", None)
    if attacker is None or target is None:
        raise SkirmishError("with --battlefield, name both --attacker and --target")
    return attacker, target


def _shown(value: object) -> str:
    """A value as the user typed it: a number bare, anything else quoted."""
    text = str(value)
    try:
        float(text)
    except ValueError:
        return repr(value)
    return text


def flags_of(model: type[BaseModel]) -> Iterator[str]:
    """Every flag of ``model``, aliases included."""
    for field in option_fields(model):
        yield from field.flags


__all__ = [
    "Attribute",
    "Count",
    "Flag",
    "Inches",
    "Name",
    "OptionField",
    "Options",
    "Seed",
    "Share",
    "Worth",
    "exact",
    "flags_of",
    "on_battlefield",
    "once",
    "option_fields",
    "parse",
]
