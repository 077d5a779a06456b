"""Reading an export file line by line, with every check that needs no database.

`FileReader` holds one line of look-ahead and a few counters, never the file: the header
and the space first, then batches of one section at a time. Each line must be UTF-8
JSON that validates against its record model, its section must not come before the
previous line's, and its key must be greater than the previous key of its section (so a
repeated block or edge is caught without remembering the ones before). The `end` record
must count what came before it and, when it has a checksum, match the sha256 of every
byte before it. Any failure is an ImportFileError naming the line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, BinaryIO

from pydantic import ValidationError

from elfgraph.errors import ImportFileError
from elfgraph.portability.records import (
    COUNTED,
    FORMAT,
    FORMAT_VERSION,
    KEYED,
    SECTIONS,
    DataLine,
    EndLine,
    HeaderLine,
    SpaceLine,
)

MAX_LINE_BYTES = 16 * 2**20
NEWER = (
    "Upgrade elfgraph (pip install -U elfgraph) to one that reads this version, then import "
    "again; nothing was imported."
)


def explain(exc: ValidationError, kind: str) -> str:
    """One readable sentence for the first problem pydantic found."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"] if not str(part).startswith("function"))
    message = str(first["msg"]).removeprefix("Value error, ")
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{kind} record: {where + ': ' if where else ''}{message}{more}"


class FileReader:
    """One pass over an export file; `open()` first, then `batch()` until it returns None."""

    def __init__(self, stream: BinaryIO, source: str) -> None:
        self._stream = stream
        self.source = source
        self.line = 0
        self.bytes_read = 0
        self.counts: dict[str, int] = dict.fromkeys(COUNTED, 0)
        self._sha = hashlib.sha256()
        self._section = 0
        self._last_key: tuple[str, ...] | None = None
        self._ahead: tuple[int, DataLine] | None = None
        self._dimensions: int | None = None
        self.finished = False

    def error(
        self, problem: str, line: int | None = None, recovery: str | None = None
    ) -> ImportFileError:
        return ImportFileError(
            self.source, self.line if line is None else line, problem, recovery=recovery
        )

    # ---- lines --------------------------------------------------------------------------

    def _raw(self) -> tuple[bytes, dict[str, Any]] | None:
        raw = self._stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return None
        self.line += 1
        self.bytes_read += len(raw)
        if len(raw) > MAX_LINE_BYTES:
            raise self.error(f"the line is longer than {MAX_LINE_BYTES:,} bytes")
        try:
            parsed = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise self.error(f"the line is not UTF-8 text ({exc.reason})") from exc
        except json.JSONDecodeError as exc:
            problem = f"the line is not valid JSON ({exc.msg} at column {exc.colno})"
            raise self.error(problem) from exc
        if not isinstance(parsed, dict) or not isinstance(parsed.get("record"), str):
            raise self.error("the line is not a JSON object with a 'record' field")
        return raw, parsed

    def _required(self, what: str) -> tuple[bytes, dict[str, Any]]:
        found = self._raw()
        if found is None:
            if self.line == 0:
                raise ImportFileError(self.source, None, "the file is empty")
            raise self.error(f"the file ends after line {self.line}, before its {what}")
        return found

    def open(self) -> tuple[HeaderLine, SpaceLine]:
        """Lines 1 and 2: the header (format and version) and the space."""
        raw, parsed = self._required("header")
        if parsed["record"] != "header" or parsed.get("format") != FORMAT:
            raise self.error(f"the first line is not the header of an {FORMAT!r} export file")
        version = parsed.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise self.error(f"the header's version {version!r} is not a format version")
        if version > FORMAT_VERSION:
            raise self.error(
                f"format version {version} is newer than this elfgraph reads "
                f"(version {FORMAT_VERSION})",
                recovery=NEWER,
            )
        header = self._validate(HeaderLine, parsed, "header")
        self._sha.update(raw)
        raw, parsed = self._required("space record")
        if parsed["record"] != "space":
            raise self.error(f"line 2 is a {parsed['record']!r} record, not the space record")
        space = self._validate(SpaceLine, parsed, "space")
        self._sha.update(raw)
        self._section = SECTIONS.index("space")
        self._dimensions = space.embedding_dimensions
        return header, space

    def _validate(self, model: type[Any], parsed: dict[str, Any], kind: str) -> Any:
        try:
            return model.model_validate(parsed)
        except ValidationError as exc:
            raise self.error(explain(exc, kind)) from exc

    def _data(self) -> tuple[int, DataLine] | None:
        """The next data line, or None once the end record has been read and checked."""
        if self._ahead is not None:
            found, self._ahead = self._ahead, None
            return found
        if self.finished:
            return None
        raw_line = self._raw()
        if raw_line is None:
            raise self.error(
                f"the file ends after line {self.line} without its end record: it is truncated",
            )
        raw, parsed = raw_line
        kind = parsed["record"]
        if kind not in SECTIONS or SECTIONS.index(kind) <= SECTIONS.index("space"):
            raise self.error(f"{kind!r} is not a record that can come after the space record")
        if kind == "end":
            self._finish(parsed)
            return None
        section = SECTIONS.index(kind)
        if section < self._section:
            raise self.error(
                f"a {kind} record after the {SECTIONS[self._section]} records: the sections "
                "are out of order"
            )
        record: DataLine = self._validate(KEYED[kind], parsed, kind)
        if section > self._section:
            self._section, self._last_key = section, None
        if self._last_key is not None and record.key <= self._last_key:
            twice = "a second" if record.key == self._last_key else "out of order:"
            raise self.error(f"{twice} {kind} {'/'.join(record.key)} (each section is sorted)")
        self._last_key = record.key
        if kind == "block":
            self._check_dimensions(record)
        self.counts[kind] += 1
        self._sha.update(raw)
        return self.line, record

    def _check_dimensions(self, block: Any) -> None:
        dimensions = block.dimensions
        if dimensions is None:
            return
        if self._dimensions is None:
            raise self.error(f"block {block.id} has an embedding, but the space has no model lock")
        if dimensions != self._dimensions:
            raise self.error(
                f"block {block.id} has a {dimensions}-dimension embedding; the space's model "
                f"makes {self._dimensions}"
            )

    def _finish(self, parsed: dict[str, Any]) -> None:
        end: EndLine = self._validate(EndLine, parsed, "end")
        counted = {kind: end.counts.get(kind, 0) for kind in COUNTED}  # type: ignore[call-overload]
        if counted != self.counts:
            raise self.error(
                f"the end record counts {counted}, but the file holds {self.counts}: records "
                "are missing or were added"
            )
        if end.sha256 is not None and end.sha256 != self._sha.hexdigest():
            raise self.error(
                "the checksum of the end record does not match the file: a line was changed "
                "after the export"
            )
        self.finished = True
        if self._stream.readline(1024).strip():
            raise self.error("there is more text after the end record", line=self.line + 1)

    def batch(self, limits: Mapping[str, int]) -> tuple[str, list[tuple[int, DataLine]]] | None:
        """Up to `limits[kind]` lines of one section (the next one in the file); None at
        the end."""
        first = self._data()
        if first is None:
            return None
        kind = first[1].kind
        lines = [first]
        while len(lines) < limits[kind]:
            found = self._data()
            if found is None:
                break
            if found[1].kind != kind:
                self._ahead = found
                break
            lines.append(found)
        return kind, lines
