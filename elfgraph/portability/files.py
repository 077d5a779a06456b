"""Where export files come from and go to: a path, `-` for stdin / stdout, `.gz` compressed.

An export is written to `NAME.partial` next to the target and renamed when its last line
is written, so a failed export never replaces a good file with half of one.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, cast

from elfgraph.errors import ConfigError

PathArg = str | os.PathLike[str]
STANDARD_STREAM = "-"


def source_name(path: PathArg) -> str:
    return "<stdin>" if str(path) == STANDARD_STREAM else str(path)


def file_size(path: PathArg) -> int | None:
    """The size in bytes to read, for progress; None for stdin and compressed files."""
    if str(path) == STANDARD_STREAM or str(path).endswith(".gz"):
        return None
    try:
        return Path(path).stat().st_size
    except OSError:
        return None


@contextlib.contextmanager
def reading(path: PathArg) -> Iterator[BinaryIO]:
    """The file's bytes, decompressed when it ends in .gz."""
    if str(path) == STANDARD_STREAM:
        yield sys.stdin.buffer
        return
    try:
        raw = Path(path).open("rb")  # noqa: SIM115 — closed below
    except OSError as exc:
        raise ConfigError(
            f"Cannot read {path}: {exc.strerror or exc}.",
            recovery="Check the path of the export file.",
        ) from exc
    with raw:
        if str(path).endswith(".gz"):
            with gzip.GzipFile(fileobj=raw, mode="rb") as unzipped:
                yield cast(BinaryIO, unzipped)
        else:
            yield raw


@contextlib.contextmanager
def writing(path: PathArg) -> Iterator[BinaryIO]:
    """A stream for the export; the file appears under its name only when the block ends
    without an error."""
    if str(path) == STANDARD_STREAM:
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    try:
        raw = partial.open("wb")
    except OSError as exc:
        raise ConfigError(
            f"Cannot write {target}: {exc.strerror or exc}.",
            recovery="Choose a path in a folder that exists and that you can write to.",
        ) from exc
    try:
        with raw:
            if target.name.endswith(".gz"):
                with gzip.GzipFile(target.name[:-3], "wb", fileobj=raw, mtime=0) as zipped:
                    yield cast(BinaryIO, zipped)
            else:
                yield raw
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
