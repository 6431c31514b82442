"""A sweep on disk: a manifest saying what the sweep is, and one Parquet shard a batch.

``manifest.json`` holds the plan (:meth:`skirmish.ai.sweep.Plan.as_dict`); running the
same command again finds it, checks it is the same sweep, and plays only the batches with
no shard. A shard is written under a hidden temporary name and renamed into place once
whole (a rename within a folder is atomic), so a sweep stopped at any moment, by a person,
a full disk or a power cut, leaves only whole shards, each counted once. Only the process
that submits the sweep writes, so a cluster's workers need no shared disk.

pyarrow is imported here only, when a sweep is run or read.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.ai.sweep import COLUMNS, Batch, Plan
from skirmish.errors import DataError, SkirmishError

if TYPE_CHECKING:
    import pyarrow as pa

MANIFEST = "manifest.json"
FORMAT = 1
"""The manifest's and shards' layout; a reader refuses another."""


def schema() -> pa.Schema:
    """The shards' columns and types (see :data:`skirmish.ai.sweep.COLUMNS`)."""
    import pyarrow as pa

    fighter = pa.struct(
        [
            ("side", pa.int8()),
            ("fighter", pa.string()),
            ("damage_dealt", pa.int16()),
            ("damage_taken", pa.int16()),
            ("takedowns", pa.int8()),
            ("out_of_action", pa.bool_()),
            ("spells_cast", pa.int16()),
            ("cards_spent", pa.int16()),
            ("objects_carried", pa.int8()),
        ]
    )
    types = {
        "pairing": pa.int32(),
        "scenario": pa.string(),
        "battle": pa.int32(),
        "seed": pa.int64(),
        "warband_a": pa.int32(),
        "warband_b": pa.int32(),
        "seat_a": pa.int8(),
        "player_1": pa.int8(),
        "winner": pa.int8(),
        "rounds": pa.int8(),
        "reason": pa.string(),
        "end": pa.string(),
        "survivors_a": pa.int8(),
        "survivors_b": pa.int8(),
        "cards_a": pa.int16(),
        "cards_b": pa.int16(),
        "fighters": pa.list_(fighter),
    }
    return pa.schema([(name, types[name]) for name in COLUMNS])


def cannot_write(path: Path, error: OSError) -> SkirmishError:
    """One line for a write the disk refused (full, read-only, no permission)."""
    why = error.strerror or str(error)
    return SkirmishError(
        f"{path}: cannot write: {why}; the shards written before are whole and kept, and "
        "running the same command again goes on from them"
    )


def prepare(folder: Path, plan: Plan) -> set[str]:
    """Make ``folder`` the sweep's (a new or empty folder gets the manifest; one with a
    manifest must hold this very sweep) and return the names of the shards already
    written. Left-over temporary files of a stopped run are removed."""
    manifest = folder / MANIFEST
    wanted = {"format": FORMAT, **plan.as_dict()}
    if folder.exists() and not folder.is_dir():
        raise SkirmishError(f"-o {folder}: is a file; name a folder for the sweep")
    if manifest.exists():
        found = read_manifest(folder)
        if found != wanted:
            differ = sorted(k for k in wanted if found.get(k) != wanted.get(k))
            raise SkirmishError(
                f"-o {folder}: holds another sweep (what differs: {', '.join(differ)}); "
                "run the same command to go on with it, or name a new folder"
            )
    else:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise cannot_write(folder, error) from None
        if any(p.suffix == ".parquet" for p in folder.iterdir()):
            raise SkirmishError(f"-o {folder}: holds shards but no {MANIFEST}; name a new folder")
        write_atomically(manifest, (json.dumps(wanted, indent=1) + "\n").encode())
    done = set()
    for path in folder.iterdir():
        if path.name.startswith(".") and path.name.endswith(".tmp"):
            path.unlink(missing_ok=True)
        elif path.suffix == ".parquet":
            done.add(path.name)
    return done


def read_manifest(folder: Path) -> dict[str, Any]:
    """The manifest of the sweep in ``folder``, checked to be one."""
    path = folder / MANIFEST
    if not folder.is_dir():
        raise SkirmishError(f"{folder}: no such folder; name the folder a sweep wrote (-o)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SkirmishError(
            f"{folder}: no {MANIFEST}; not a folder 'skirmish sweep' wrote"
        ) from None
    except (OSError, ValueError) as error:
        raise DataError(f"{path}: not a sweep manifest: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError(f"{path}: not a sweep manifest of format {FORMAT}")
    return data


def write_atomically(path: Path, content: bytes) -> None:
    """``content`` at ``path``, whole or not at all: written to a hidden temporary file
    beside it, flushed to the disk, then renamed into place."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise cannot_write(path, error) from None
    except BaseException:  # Ctrl-C mid-write: no half shard left behind
        temporary.unlink(missing_ok=True)
        raise


def write_shard(folder: Path, batch: Batch, rows: dict[str, list[Any]]) -> int:
    """The rows of ``batch`` as its shard (zstd-compressed Parquet); its size in bytes."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pydict(rows, schema=schema())
    sink = pa.BufferOutputStream()
    # The types are Parquet's own (int8 and so on read back as written): the Arrow schema
    # and column statistics would add some 4 KB a shard, which no report query needs.
    pq.write_table(table, sink, compression="zstd", store_schema=False, write_statistics=False)
    content = sink.getvalue().to_pybytes()
    write_atomically(folder / batch.name, content)
    return len(content)


def read_winners(folder: Path, name: str) -> list[int | None]:
    """The ``winner`` column of one shard, in battle order."""
    import pyarrow.parquet as pq

    column = pq.read_table(folder / name, columns=["battle", "winner"]).sort_by("battle")
    return list(column.column("winner").to_pylist())
