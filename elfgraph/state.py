"""What one MemorySystem keeps between calls, in this process only.

Everything durable lives in Neo4j; this is what a process remembers for speed and for the
agent's convenience: the frame cache (the SELF frame, an hour), the breadcrumbs (the
last learned block, the last retrieved ones, every block the session touched), the
history of operations, and this space's share of the shared vector index.

One rule keeps the cache honest: an operation that changes what frames show clears the
cached frames when it ends, successfully or not. Operations declare it with
`@operation(name, writes=True)`, which also records them in the history and logs them at
INFO under `elfgraph.memory`. Two kinds of write do not count: frame()'s reinforcement,
which is exactly what the cache exists to skip, and learning, which only fills the inbox
that no frame shows; learning clears the cache only when it stores a block tagged
`self/…`, the SELF frame's own kind (docs/BEHAVIOUR.md §7.1).
"""

from __future__ import annotations

import functools
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Iterable
from contextvars import ContextVar
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from elfgraph.errors import ElfgraphError
from elfgraph.history import History, describe
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.models import FrameResult

log = logging.getLogger("elfgraph.memory")

P = ParamSpec("P")
T = TypeVar("T")

FrameKey = tuple[str, str | None, int, bool]  # frame name, query, top_k, ids shown
# Frames kept at most: a reader asking many different questions between writes keeps
# the latest ones, not all of them.
FRAME_CACHE_SIZE = 256
# Breadcrumbs kept outside a session (docs/BEHAVIOUR.md §10.6): the latest blocks touched.
# Without a session nothing clears them, and a process learning 100k blocks kept 100k ids.
BREADCRUMBS_OUTSIDE_SESSION = 1_000


class ProcessState:
    """Caches, breadcrumbs and history of one MemorySystem."""

    def __init__(self, index_share: IndexShare | None = None) -> None:
        self.history = History()
        self.index_share = index_share or IndexShare()
        self.last_learned_block_id: str | None = None
        self.last_recall_block_ids: list[str] = []
        # insertion-ordered, O(1) lookups, O(1) removal of the oldest
        self._session_block_ids: OrderedDict[str, None] = OrderedDict()
        self._in_session = False
        # Each kept frame with when it expires and the space's retracted epoch it was made
        # under: a forget or a correct, in any process, makes it stale (§12).
        self._frames: dict[FrameKey, tuple[float, int | None, FrameResult]] = {}

    def view(self) -> ProcessState:
        """State for another handle on the same memory (MemorySystem.view): its own
        breadcrumbs and history, this one's frame cache and index share, so that a write
        through either clears the frames both would show."""
        other = ProcessState(self.index_share)
        other._frames = self._frames
        return other

    # ---- breadcrumbs -------------------------------------------------------------------

    @property
    def session_block_ids(self) -> list[str]:
        return list(self._session_block_ids)

    def learned(self, block_ids: Iterable[str], *, self_tagged: bool) -> None:
        ids = list(block_ids)
        if ids:
            self.last_learned_block_id = ids[-1]
            self._touched(ids)
        if self_tagged:
            self.memory_changed()

    def retrieved(self, block_ids: Iterable[str]) -> None:
        self.last_recall_block_ids = list(block_ids)
        self._touched(self.last_recall_block_ids)

    def _touched(self, ids: list[str]) -> None:
        """Each id once, in the order first seen; outside a session only the latest
        BREADCRUMBS_OUTSIDE_SESSION are kept (a cost per id, never per id kept)."""
        crumbs = self._session_block_ids
        crumbs.update(dict.fromkeys(ids))
        if not self._in_session:
            for _ in range(len(crumbs) - BREADCRUMBS_OUTSIDE_SESSION):
                crumbs.popitem(last=False)

    def forgotten(self, block_ids: Iterable[str], needles: Iterable[str]) -> None:
        """Blocks this process forgot (docs/BEHAVIOUR.md §12): out of the breadcrumbs, and the
        history records that quote one (its id, or the start of its text) dropped."""
        gone = set(block_ids)
        if self.last_learned_block_id in gone:
            self.last_learned_block_id = None
        self.last_recall_block_ids = [i for i in self.last_recall_block_ids if i not in gone]
        for block_id in gone:
            self._session_block_ids.pop(block_id, None)
        self.history.drop_mentions(needles)

    def session_began(self) -> None:
        self.last_learned_block_id = None
        self.last_recall_block_ids = []
        self._session_block_ids = OrderedDict()
        self._in_session = True

    def session_ended(self) -> None:
        self._in_session = False

    # ---- the frame cache ---------------------------------------------------------------

    def cached_frame(self, key: FrameKey, now: float, epoch: int | None = 0) -> FrameResult | None:
        """The frame kept for `key`, while it lives and was made under the space's retracted
        `epoch` (a forget or correct since, in any process, drops every kept frame)."""
        kept = self._frames.get(key)
        if kept is not None and kept[1] != epoch:
            self._frames.clear()
            return None
        if kept is None or kept[0] <= now:
            return None
        return kept[2].model_copy(update={"cached": True})

    def keep_frame(
        self, key: FrameKey, result: FrameResult, until: float, epoch: int | None = 0
    ) -> None:
        if len(self._frames) >= FRAME_CACHE_SIZE:  # many queries and no write: drop the oldest
            del self._frames[next(iter(self._frames))]
        self._frames[key] = (until, epoch, result)

    def memory_changed(self) -> None:
        """The one invalidation rule: a write may change what any frame shows."""
        self._frames.clear()


class HasState(Protocol):
    space: str
    _state: ProcessState


S = TypeVar("S", bound=HasState)

# Only the outermost operation of a task is recorded: learn() runs learn_many() and
# connect_by_query() runs connect(), and each appears once in the history.
_inside_operation: ContextVar[bool] = ContextVar("elfgraph_operation", default=False)


def operation(
    name: str, *, writes: bool
) -> Callable[
    [Callable[Concatenate[S, P], Coroutine[Any, Any, T]]],
    Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
]:
    """Mark a MemorySystem method as an operation: recorded in the history (outermost
    call only), logged at INFO, and, when it `writes`, followed by the invalidation rule."""

    def mark(
        method: Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
    ) -> Callable[Concatenate[S, P], Coroutine[Any, Any, T]]:
        @functools.wraps(method)
        async def call(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
            if _inside_operation.get():
                try:
                    return await method(self, *args, **kwargs)
                finally:
                    if writes:
                        self._state.memory_changed()
            token = _inside_operation.set(True)
            started = time.perf_counter()
            try:
                result = await method(self, *args, **kwargs)
            except ElfgraphError as exc:
                self._state.history.add(name, str(exc), ok=False)
                log.info("%s %s failed: %s", self.space, name, exc.message)
                raise
            finally:
                _inside_operation.reset(token)
                if writes:
                    self._state.memory_changed()
            summary = describe(result)
            self._state.history.add(name, summary)
            log.info(
                "%s %s: %s (%.0f ms)",
                self.space,
                name,
                summary,
                1000 * (time.perf_counter() - started),
            )
            return result

        return call

    return mark
