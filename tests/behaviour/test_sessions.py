"""Sessions as an agent sees them (docs/BEHAVIOUR.md §1, §5), on both transports: the
context manager, the breadcrumbs, a bad task type."""

from __future__ import annotations

import pytest

from elfgraph.protocol import Memory

pytestmark = pytest.mark.anyio


async def test_session_context_dreams_when_the_inbox_is_full(memory: Memory) -> None:
    async with memory.session():
        await memory.learn_many([f"fact number {i}" for i in range(10)])
        assert memory.session_active
    assert not memory.session_active
    status = await memory.status()
    assert status.inbox_count == 0
    assert status.active_count == 10


async def test_session_context_leaves_a_small_inbox_alone(memory: Memory) -> None:
    async with memory.session():
        await memory.learn("just one")
    assert (await memory.status()).inbox_count == 1


async def test_session_ends_even_when_the_body_fails(memory: Memory) -> None:
    with pytest.raises(RuntimeError):
        async with memory.session():
            raise RuntimeError("agent crashed")
    assert not memory.session_active


async def test_begin_session_resets_the_breadcrumbs(memory: Memory) -> None:
    await memory.learn("before the session")
    assert memory.last_learned_block_id is not None
    await memory.begin_session()
    assert memory.last_learned_block_id is None
    assert memory.session_block_ids == []


@pytest.mark.parametrize("task_type", ["", "two\nlines", "x" * 65, 7])
async def test_a_bad_task_type_is_a_session_error(memory: Memory, task_type: object) -> None:
    from elfgraph import SessionError

    with pytest.raises(SessionError) as caught:
        await memory.begin_session(task_type)  # type: ignore[arg-type]
    assert "coding" in caught.value.recovery
    assert not memory.session_active
