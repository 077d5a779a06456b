"""Writing an export file: one compact JSON object per line, `record` and the key first and
the other keys sorted, so the same space always gives the same bytes; the `end` record counts the
records and carries the sha256 of every byte before it."""

from __future__ import annotations

import hashlib
import json
from typing import Any, BinaryIO

from pydantic import BaseModel

from elfgraph.portability.records import COUNTED

FIRST = ("record", "id", "a", "b")  # then the other keys, sorted


def line_bytes(fields: dict[str, Any]) -> bytes:
    ordered = {k: fields[k] for k in FIRST if k in fields}
    ordered.update((k, fields[k]) for k in sorted(fields) if k not in ordered)
    text = json.dumps(ordered, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


class LineWriter:
    """Writes validated records to a binary stream and keeps the counts and checksum."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._sha = hashlib.sha256()
        self.counts: dict[str, int] = dict.fromkeys(COUNTED, 0)
        self.bytes_written = 0

    def write(self, record: BaseModel) -> None:
        fields = record.model_dump(mode="json", exclude_none=True)
        data = line_bytes(fields)
        self._sha.update(data)
        self._stream.write(data)
        self.bytes_written += len(data)
        if fields["record"] in self.counts:
            self.counts[fields["record"]] += 1

    def finish(self) -> None:
        data = line_bytes({"record": "end", "counts": self.counts, "sha256": self._sha.hexdigest()})
        self._stream.write(data)
        self.bytes_written += len(data)
