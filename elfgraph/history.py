"""history(): the last operations a MemorySystem ran, kept in memory (the last 100).

`elfgraph.state.operation` adds one record for the outermost call of each operation.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from datetime import UTC, datetime

from elfgraph.core.checks import shown
from elfgraph.errors import ConfigError
from elfgraph.records import Record

HISTORY_SIZE = 100


class OperationRecord(Record):
    """One call a MemorySystem ran, for history(): what, when, and how it ended."""

    operation: str
    detail: str  # the result's summary, or the error with its recovery
    timestamp: str  # UTC, ISO 8601
    ok: bool = True

    @property
    def summary(self) -> str:
        return f"{self.operation}() → {self.detail} ({_ago(self.timestamp)})"


class History:
    def __init__(self, size: int = HISTORY_SIZE) -> None:
        self._records: deque[OperationRecord] = deque(maxlen=size)

    def add(self, operation: str, detail: str, *, ok: bool = True) -> None:
        timestamp = datetime.now(UTC).isoformat()
        self._records.append(
            OperationRecord(operation=operation, detail=detail, timestamp=timestamp, ok=ok)
        )

    def drop_mentions(self, needles: Iterable[str]) -> None:
        """Forget the records whose detail holds one of `needles` (a forgotten block's id or
        the start of its text: docs/BEHAVIOUR.md §12)."""
        marks = [needle for needle in needles if needle]
        kept = [r for r in self._records if not any(mark in r.detail for mark in marks)]
        self._records = deque(kept, maxlen=self._records.maxlen)

    def last(self, n: object) -> list[OperationRecord]:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ConfigError(
                f"last_n must be a whole number of at least 0, not {shown(n)}.",
                recovery=f"Ask for a few records, e.g. history(10); at most {HISTORY_SIZE} "
                "are kept.",
            )
        records = list(self._records)
        return records[-n:] if n > 0 else []


def describe(result: object) -> str:
    """One line for a history record."""
    if isinstance(result, Record):
        return result.summary
    if result is None:
        return "Nothing to do."
    if isinstance(result, list):
        if not result:
            return "No results."
        previews = ", ".join(str(item) for item in result[:3])
        more = f", … ({len(result)} in all)" if len(result) > 3 else ""
        return f"{len(result)} result(s): {previews}{more}"
    if isinstance(result, float):
        return f"{result:.2f} h"
    return str(result)


def _ago(timestamp: str) -> str:
    seconds = (datetime.now(UTC) - datetime.fromisoformat(timestamp)).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    return f"{seconds / 3600:.1f} h ago"
