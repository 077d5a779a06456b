"""What a caller from another process says about one call: its operation id and the
bookmarks its earlier writes left (docs/ARCHITECTURE.md, "Reliability").

A MemorySystem in the caller's own process needs neither: a retry inside `Database` runs the
same transaction function again with the ids made once per call, and one bookmark manager
chains every transaction of a `Database`. A caller over the network (elfgraph's service)
loses both when a reply is lost or when its next call lands on another server, so the
service sets them for the duration of one call:

    with calling(operation_id="…", bookmarks=["…"]) as call:
        await memory.outcome(...)
    call.bookmarks  # the bookmarks the call's transactions ended with

- `operation_id(default)`: the id a write that counts (outcome, frame's reinforcement)
  records, so that a call sent again after a lost reply is recognised and applied once.
- the bookmarks: every transaction of the call starts after them (on a cluster, a
  follower waits for the writes the caller made through another server), and the call
  collects the ones its transactions end with, for the caller to send next time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class Call:
    """One call from another process: its operation id and bookmarks."""

    operation_id: str | None = None
    given_bookmarks: tuple[str, ...] = ()
    bookmarks: list[str] = field(default_factory=list)  # the latest, once a transaction ran

    def ended_with(self, bookmarks: Sequence[str]) -> None:
        if bookmarks:
            self.bookmarks = list(bookmarks)


_current: ContextVar[Call | None] = ContextVar("elfgraph_call", default=None)


@contextmanager
def calling(*, operation_id: str | None = None, bookmarks: Sequence[str] = ()) -> Iterator[Call]:
    """Run the block as one call with this operation id and these bookmarks."""
    call = Call(operation_id=operation_id, given_bookmarks=tuple(bookmarks))
    token = _current.set(call)
    try:
        yield call
    finally:
        _current.reset(token)


def current_call() -> Call | None:
    return _current.get()


def operation_id(made: str) -> str:
    """The id a counted write records: the caller's, when it gave one, else `made` (an id
    the operation made once, so that Database's own retries are recognised too)."""
    call = _current.get()
    if call is None or call.operation_id is None:
        return made
    return call.operation_id[: len(made)]
