"""Several calls at once (reads, one per server core; a dream's write beside the planning of
its next chunk), each error raised as itself.

anyio's task group raises an exception group even when one task failed; a caller of the
memory expects the ElfgraphError that stopped it (a StorageError with its recovery hint),
not a group around it and the cancellation it caused in the other task.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import anyio

T = TypeVar("T")
U = TypeVar("U")


async def all_at_once(calls: Sequence[Callable[[], Awaitable[T]]]) -> list[T]:
    """Each call's result, in the order of `calls`, the calls run concurrently. The first
    error stops the others and is raised as itself."""
    results: list[T | None] = [None] * len(calls)

    async def run(at: int) -> None:
        results[at] = await calls[at]()

    try:
        async with anyio.create_task_group() as group:
            for at in range(len(calls)):
                group.start_soon(run, at)
    except BaseExceptionGroup as failed:
        raise first_error(failed) from None
    return results  # type: ignore[return-value]  # every slot was filled


async def alongside(
    first: Callable[[], Awaitable[T]], second: Callable[[], Awaitable[U]]
) -> tuple[T, U]:
    """Both results, the calls run concurrently. An error of `first` stops `second` and is
    raised as itself; an error of `second` is raised once `first` is done, so work that
    `first` was finishing (a write about to commit) is never cut off by it."""
    firsts: list[T] = []
    failure: Exception | None = None

    async def run_first() -> None:
        firsts.append(await first())

    try:
        async with anyio.create_task_group() as group:
            group.start_soon(run_first)
            try:
                other = await second()
            except Exception as exc:  # raised below, once `first` has finished
                failure = exc
    except BaseExceptionGroup as failed:
        raise first_error(failed) from None
    if failure is not None:
        raise failure
    return firsts[0], other


def first_error(group: BaseExceptionGroup[BaseException]) -> BaseException:
    """The error that stopped a task group (not the cancellation it caused in the others)."""
    found = [e for e in group.exceptions if not isinstance(e, anyio.get_cancelled_exc_class())]
    first = (found or list(group.exceptions))[0]
    return first_error(first) if isinstance(first, BaseExceptionGroup) else first
