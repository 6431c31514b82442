"""A sweep on disk: a manifest saying what the sweep is, and its rows as Parquet files.

Each batch is first written as a shard of its own, then, every :data:`MERGED` battles and
when the sweep is whole, the shards are merged into a part whose footer lists the batches
it holds (:func:`merge`, :func:`holdings`): a million battles are a hundred files rather
than ten thousand, which every reader opens faster, in fewer bytes.

``manifest.json`` holds the plan (:meth:`skirmish.ai.sweep.Plan.as_dict`); running the
same command again finds it, checks it is the same sweep, and plays only the batches in
no shard or part. Each file is written under a hidden temporary name and renamed into
place once whole (a rename within a folder is atomic), so a sweep stopped at any moment,
by a person, a full disk or a power cut, leaves only whole files, each battle counted once
(a shard left beside the part it was merged into is the part's, and removed on resuming).
Only the process that submits the sweep writes, so a cluster's workers need no shared
disk.

pyarrow is imported here only, when a sweep is run or read.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.ai.sweep import COLUMNS, Batch, Plan
from skirmish.errors import DataError, SkirmishError

if TYPE_CHECKING:
    import pyarrow as pa

MANIFEST = "manifest.json"
FORMAT = 2
"""The manifest's and shards' layout. Format 1 (skirmish before the compact shards) had an
``end`` column, since read by the report from ``reason``: its sweeps are still reported,
but not resumed (a shard of either layout in one folder would not read as one table)."""
READABLE = (1, 2)
"""Formats a report reads."""
ZSTD_LEVEL = 19
"""zstd's level for a shard: a few kilobytes compressed in well under a millisecond."""
DICTIONARY = ("scenario", "reason", "fighters.list.element.fighter")
"""The columns dictionary-encoded (strings repeated from row to row); a small integer
column costs less stored plain and compressed than with a dictionary page of its own."""
DELTA = ("battle", "seed")
"""Columns that count up by one (or by one every two battles): stored as deltas."""
PART = re.compile(r"^part-(\d{6})\.parquet$")
"""A part: the rows of many batches' shards, merged (:func:`merge`)."""
BATCHES_KEY = "skirmish.batches"
"""The key of a part's footer that lists the batches it holds, by their shards' names."""
MERGED = 10_000
"""Battles in shards of their own after which the runner merges them into a part."""


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


def prepare(folder: Path, plan: Plan) -> dict[str, str]:
    """Make ``folder`` the sweep's (a new or empty folder gets the manifest; one with a
    manifest must hold this very sweep) and return the batches already written
    (:func:`holdings`). Left-over temporary files of a stopped run are removed, and so is
    a shard a stopped merge left beside the part holding its rows."""
    manifest = folder / MANIFEST
    wanted = {"format": FORMAT, **plan.as_dict()}
    if folder.exists() and not folder.is_dir():
        raise SkirmishError(f"-o {folder}: is a file; name a folder for the sweep")
    if manifest.exists():
        found = read_manifest(folder)
        if found.get("format") != FORMAT:
            raise SkirmishError(
                f"-o {folder}: a sweep of format {found.get('format')} (an earlier skirmish's "
                f"layout); 'skirmish sweep report' reads it, but it cannot be resumed: name a "
                "new folder"
            )
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
    for path in folder.iterdir():
        if path.name.startswith(".") and path.name.endswith(".tmp"):
            path.unlink(missing_ok=True)
    done = holdings(folder)
    for name, file in done.items():
        if file != name:
            (folder / name).unlink(missing_ok=True)
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
    if not isinstance(data, dict) or data.get("format") not in READABLE:
        shown = data.get("format") if isinstance(data, dict) else None
        raise DataError(
            f"{path}: not a sweep manifest of format {' or '.join(map(str, READABLE))} "
            f"(found {shown!r}); a later skirmish may have written it"
        )
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


def encode(table: pa.Table, *, batches: list[str] | None = None) -> bytes:
    """``table`` as Parquet (zstd, one row group): a batch's shard, or with ``batches`` a
    part holding those batches' rows, their names in the footer (:data:`BATCHES_KEY`)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    if batches is None:  # a shard of a few dozen rows: each column as it costs least
        dictionary = list(DICTIONARY)
    else:  # a part of thousands: small integers repeat, and a dictionary page pays
        dictionary = [c for c in _leaves(table.schema) if c not in DELTA]
    sink = pa.BufferOutputStream()
    # The types are Parquet's own (int8 and so on read back as written): the Arrow schema
    # and column statistics would add some 4 KB a file, which no report query needs. A
    # shard's footer (about 95 bytes a column) is most of a small shard.
    with pq.ParquetWriter(
        sink,
        table.schema,
        compression="zstd",
        compression_level=ZSTD_LEVEL,
        use_dictionary=dictionary,
        column_encoding=dict.fromkeys(DELTA, "DELTA_BINARY_PACKED"),
        store_schema=False,
        write_statistics=False,
    ) as writer:
        if batches is not None:
            writer.add_key_value_metadata({BATCHES_KEY: json.dumps(batches)})
        writer.write_table(table, row_group_size=max(1, table.num_rows))
    return bytes(sink.getvalue().to_pybytes())


def _leaves(types: pa.Schema) -> list[str]:
    """The dotted paths of a schema's Parquet columns (``fighters.list.element.side``)."""
    import pyarrow as pa

    found = []
    for column in types:
        if pa.types.is_list(column.type):
            found += [f"{column.name}.list.element.{f.name}" for f in column.type.value_type]
        else:
            found.append(column.name)
    return found


def write_shard(folder: Path, batch: Batch, rows: dict[str, list[Any]]) -> int:
    """The rows of ``batch`` as its shard; its size in bytes."""
    import pyarrow as pa

    content = encode(pa.Table.from_pydict(rows, schema=schema()))
    write_atomically(folder / batch.name, content)
    return len(content)


def part_batches(path: Path) -> list[str]:
    """The names of the batches a part holds, from its footer."""
    import pyarrow.parquet as pq

    try:
        found = json.loads((pq.read_metadata(path).metadata or {})[BATCHES_KEY.encode()])
    except (OSError, KeyError, ValueError) as error:
        why = f"{type(error).__name__}: {error}"
        raise DataError(f"{path}: not a part of a sweep ({why})") from None
    if not isinstance(found, list) or not all(isinstance(n, str) for n in found):
        raise DataError(f"{path}: not a part of a sweep (its list of batches is not one)")
    return found


def holdings(folder: Path) -> dict[str, str]:
    """Each batch on disk, by its shard's name, and the file holding its rows: its own
    shard, or the part it was merged into. A batch in a part and still in its own shard
    (a merge stopped between the two) is the part's."""
    held: dict[str, str] = {}
    files = sorted(p for p in folder.iterdir() if p.suffix == ".parquet")
    for path in files:
        if PART.match(path.name):
            held.update(dict.fromkeys(part_batches(path), path.name))
    for path in files:
        if not PART.match(path.name):
            held.setdefault(path.name, path.name)
    return held


def merge(folder: Path, names: list[str]) -> int:
    """The shards ``names`` merged into one new part (written whole, then the shards
    removed): a finished sweep is a few files of thousands of battles, not one a batch, so
    it takes fewer bytes and any reader opens fewer files. Returns the bytes it took."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    numbers = [int(m[1]) for p in folder.iterdir() if (m := PART.match(p.name))]
    part = folder / f"part-{max(numbers, default=0) + 1:06d}.parquet"
    table = pa.concat_tables(pq.read_table(folder / n).cast(schema()) for n in names)
    content = encode(table, batches=names)
    write_atomically(part, content)
    for name in names:
        (folder / name).unlink(missing_ok=True)
    return len(content)


def read_winners(folder: Path, file: str, batch: Batch, scenario: str) -> list[int | None]:
    """The winners of ``batch``'s battles (``scenario`` its scenario's id), in order, from
    ``file``: its shard or the part holding it."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    table = pq.read_table(folder / file, columns=["pairing", "scenario", "battle", "winner"])
    mine = table.filter(
        pc.and_(
            pc.and_(
                pc.equal(table.column("pairing"), batch.pairing),
                pc.equal(table.column("scenario"), scenario),
            ),
            pc.and_(
                pc.greater_equal(table.column("battle"), batch.first),
                pc.less(table.column("battle"), batch.first + batch.count),
            ),
        )
    ).sort_by("battle")
    return list(mine.column("winner").to_pylist())
