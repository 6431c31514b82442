"""Uploaded packs and battlefields, kept by the hash of their content so a page's link can
name one (``?pack=3f2a9c0d1e4b5a67.yaml``) and reopen the same question later."""

from __future__ import annotations

import copy
import hashlib
import re
from collections import OrderedDict
from pathlib import Path
from typing import Any

from skirmish import limits
from skirmish.web.pages import Problem

NAME = re.compile(r"[0-9a-f]{16}\.yaml")
"""A stored file's name: nothing else is ever opened, so no path trick reaches a file."""

MOST_FILES = 2000
"""Files kept at most; an upload past it is refused rather than the disk filled."""

KEPT_READ = 32
"""Files whose data is kept read (the editor's latest tables): a file's name is its
content's hash, so what is kept can never differ from the file."""


class Store:
    """A folder of uploaded data files, each named by its content."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._read: OrderedDict[str, Any] = OrderedDict()

    def data(self, name: str, flag: str) -> Any:
        """The YAML data of the stored file ``name``, read by the data files' own reader
        (a fresh copy each time, to be changed at will)."""
        from skirmish.datafiles import parse_yaml

        if name not in self._read:
            path = self.path(name, flag)
            self._read[name] = parse_yaml(path.read_text(encoding="utf-8"), name)
            while len(self._read) > KEPT_READ:
                self._read.popitem(last=False)
        self._read.move_to_end(name)
        return copy.deepcopy(self._read[name])

    def keep_data(self, name: str, data: Any) -> None:
        """Remember ``data`` as what the stored file ``name`` reads as."""
        self._read[name] = copy.deepcopy(data)
        while len(self._read) > KEPT_READ:
            self._read.popitem(last=False)

    def keep(self, content: bytes, what: str) -> str:
        """Keep ``content`` (a ``what`` file) and return its name; the same content twice
        is one file. Its size is checked here, its meaning by the game's own reader."""
        if len(content) > limits.FILE_BYTES:
            raise Problem(
                f"{what}: larger than {limits.FILE_BYTES // 1024} KiB; a {what} file is far "
                "smaller (see docs/limits.md)",
                status=413,
            )
        if not content.strip():
            raise Problem(f"{what}: the file is empty; expected a {what} file in YAML")
        name = hashlib.sha256(content).hexdigest()[:16] + ".yaml"
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / name
        if not path.exists():
            if sum(1 for _ in self.folder.glob("*.yaml")) >= MOST_FILES:
                raise Problem(f"{what}: the server keeps {MOST_FILES} files at most", status=507)
            temporary = path.with_suffix(".part")
            temporary.write_bytes(content)
            temporary.replace(path)
        return name

    def keep_origin(self, name: str, edited_from: str) -> None:
        """Remember that the stored file ``name`` is an edit of ``edited_from``, so that
        saving it can keep the comments of the file first loaded (see :meth:`origin`)."""
        first = self.origin(edited_from)
        if first != name:
            folder = self.folder / "origins"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(first, encoding="utf-8")

    def origin(self, name: str) -> str:
        """The file first loaded of which the stored file ``name`` is an edit (itself when
        it is none, or when that file is gone)."""
        self.path(name, "file")
        note = self.folder / "origins" / name
        first = note.read_text(encoding="utf-8").strip() if note.is_file() else name
        if not NAME.fullmatch(first) or not (self.folder / first).is_file():
            return name
        return first

    def path(self, name: str, flag: str) -> Path:
        """The stored file ``name`` (given for ``flag``), or one line saying it is unknown."""
        if not NAME.fullmatch(name):
            raise Problem(
                f"{flag} {name[:40]!r}: not an uploaded file's name (upload the file in "
                "the form; its link names it by 16 hex digits and .yaml)",
                status=422,
                field=flag,
            )
        path = self.folder / name
        if not path.is_file():
            raise Problem(
                f"{flag} {name}: no such uploaded file on this server; upload it again",
                status=422,
                field=flag,
            )
        return path

    def shown(self, message: str) -> str:
        """``message`` with the folder left out of file names, as the page names files."""
        return message.replace(str(self.folder) + "/", "")


__all__ = ["KEPT_READ", "MOST_FILES", "NAME", "Store"]
