"""Saving an edited battlefield with the comments of the file it was loaded from.

The editor changes a file's plain data (PyYAML, fast enough for a drag); saving writes that
data into the loaded file's round-trip document (ruamel.yaml), so its comments, key order,
number spellings and untouched entries stay as they were written. Entries of a list that
carry a ``name`` (fighters, terrain, units, models...) are matched by name, so a comment
stays with its piece when pieces before it are deleted or added. The merged text is read
back and compared with the data; should the two ever differ, the plain file is saved.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import Request
    from fastapi.responses import Response

    from skirmish.web.store import Store


def _named(items: Any) -> bool:
    return isinstance(items, list) and all(isinstance(v, dict) and "name" in v for v in items)


def _same_scalar(kept: Any, value: Any) -> bool:
    return type(kept) is type(value) or (
        isinstance(kept, int | float)
        and isinstance(value, int | float)
        and not isinstance(kept, bool)
        and not isinstance(value, bool)
        and kept == value
    )


def _merged(node: Any, value: Any) -> Any:
    """``value`` written into ``node`` (a round-trip map, list or scalar) where their kinds
    agree, keeping ``node``'s comments and style; ``value`` itself where they do not."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(node, CommentedMap) and isinstance(value, dict):
        for key in [k for k in node if k not in value]:
            del node[key]
        for key, item in value.items():
            node[key] = _merged(node[key], item) if key in node else item
        return node
    if isinstance(node, CommentedSeq) and isinstance(value, list):
        old = list(node)
        comments = dict(node.ca.items)
        if _named(old) and _named(value):
            where = {str(v["name"]).casefold(): n for n, v in enumerate(old)}
            places = [where.get(str(v["name"]).casefold()) for v in value]
        else:
            places = [n if n < len(old) else None for n in range(len(value))]
        items = [
            _merged(old[n], item) if n is not None else item
            for n, item in zip(places, value, strict=True)
        ]
        list.__setitem__(node, slice(None), items)
        node.ca.items.clear()
        for new, n in enumerate(places):
            if n is not None and n in comments:
                node.ca.items[new] = comments[n]
        return node
    if not isinstance(value, dict | list) and node == value and _same_scalar(node, value):
        return node
    return value


def with_comments(original: str, data: Any) -> str | None:
    """The text of ``original`` (a YAML file with comments) holding ``data`` instead of its
    own, or None when the merge would not read back as ``data``."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.util import load_yaml_guess_indent

    from skirmish.datafiles import parse_yaml
    from skirmish.errors import DataError

    round_trip = YAML(typ="rt")
    round_trip.width = 100
    try:
        _, indent, dash = load_yaml_guess_indent(original)
        document = round_trip.load(original)
    except YAMLError:
        return None
    sequence, dash = indent or 2, dash or 0
    mapping = sequence - dash if sequence - dash >= 2 else sequence
    round_trip.indent(mapping=mapping, sequence=sequence, offset=dash)
    round_trip.default_flow_style = None  # a piece added is written as the editor writes it
    if not isinstance(document, dict) or not isinstance(data, dict):
        return None
    out = io.StringIO()
    round_trip.dump(_merged(document, data), out)
    text = out.getvalue()
    try:
        if parse_yaml(text, "the merged file") != data:
            return None
    except DataError:
        return None
    return text


def saved(store: Store, file: str) -> str:
    """What saving the stored file ``file`` downloads: its data in the text of the file it
    was first loaded as (:meth:`Store.origin`), or the file itself when it is no edit (or
    the merge would not read back as its data)."""
    plain = store.path(file, "--file").read_text(encoding="utf-8")
    first = store.origin(file)
    if first == file:
        return plain
    data = store.data(file, "--file")
    store.data(first, "--file")  # the loaded file passes the data files' limits first
    text = with_comments(store.path(first, "--file").read_text(encoding="utf-8"), data)
    return plain if text is None else text


async def download(request: Request, filename: str) -> Response:
    """The answer of a page's "save" link: :func:`saved` for ``?file=``, as ``filename``."""
    from fastapi.responses import Response

    from skirmish.web.pages import Problem, worked_out

    unknown = [k for k in request.query_params if k != "file"]
    if unknown:
        raise Problem(f"{unknown[0][:30]!r}: saving takes only file", status=400)
    file = request.query_params.get("file", "")
    store = request.app.state.store
    text = await worked_out(lambda: saved(store, file))
    return Response(
        text,
        media_type="application/yaml",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )


__all__ = ["download", "saved", "with_comments"]
