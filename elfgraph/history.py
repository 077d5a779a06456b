"""history(): the last operations a MemorySystem ran, kept in memory (the last 100).

Methods are marked with `@recorded("name")`. Only the outermost call is recorded, so
learn() (which calls learn_many) and connect_by_query() (which calls connect) appear
once each; the mark is per task (a context variable), so concurrent calls on one
MemorySystem each get their own record.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from elfgraph.errors import ElfgraphError
from elfgraph.records import Record

HISTORY_SIZE = 100

P = ParamSpec("P")
T = TypeVar("T")

_inside_recorded_call: ContextVar[bool] = ContextVar("elfgraph_recorded_call", default=False)


class History:
    def __init__(self, size: int = HISTORY_SIZE) -> None:
        self._records: deque[OperationRecord] = deque(maxlen=size)

    def add(self, operation: str, detail: str, *, ok: bool = True) -> None:
        timestamp = datetime.now(UTC).isoformat()
        self._records.append(
            OperationRecord(operation=operation, detail=detail, timestamp=timestamp, ok=ok)
        )

    def last(self, n: int) -> list[OperationRecord]:
        records = list(self._records)
        return records[-n:] if n > 0 else []


class HasHistory(Protocol):
    _history: History


S = TypeVar("S", bound=HasHistory)


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


def recorded(
    operation: str,
) -> Callable[
    [Callable[Concatenate[S, P], Coroutine[Any, Any, T]]],
    Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
]:
    def mark(
        method: Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
    ) -> Callable[Concatenate[S, P], Coroutine[Any, Any, T]]:
        @functools.wraps(method)
        async def call(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
            if _inside_recorded_call.get():
                return await method(self, *args, **kwargs)
            token = _inside_recorded_call.set(True)
            try:
                result = await method(self, *args, **kwargs)
            except ElfgraphError as exc:
                self._history.add(operation, str(exc), ok=False)
                raise
            finally:
                _inside_recorded_call.reset(token)
            self._history.add(operation, describe(result))
            return result

        return call

    return mark


class OperationRecord(Record):
    """One call a MemorySystem ran, for history(): what, when, and how it ended."""

    operation: str
    detail: str  # the result's summary, or the error with its recovery
    timestamp: str  # UTC, ISO 8601
    ok: bool = True

    @property
    def summary(self) -> str:
        return f"{self.operation}() → {self.detail} ({_ago(self.timestamp)})"


def _ago(timestamp: str) -> str:
    from datetime import UTC, datetime

    seconds = (datetime.now(UTC) - datetime.fromisoformat(timestamp)).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    return f"{seconds / 3600:.1f} h ago"
