"""Running one scenario twice, with the default config and with one setting changed, each
in a space of its own: the settings tests (tests/config/test_setting_*.py) assert that the
two runs behave differently, so every setting a user can set is known to be used."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory

T = TypeVar("T")
Opener = Callable[..., Awaitable[MemorySystem]]  # opener(embedding_service=…, llm_service=…)
Scenario = Callable[[Opener, str], Awaitable[T]]


def config(**flat: Any) -> ElfgraphConfig:
    return ElfgraphConfig(memory=MemoryConfig(**flat))


async def both(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    scenario: Scenario[T],
    *,
    changed: dict[str, Any],
    base: dict[str, Any] | None = None,
) -> tuple[T, T]:
    """(the scenario's outcome with `base`, with `base` and `changed`); the second run has
    a space of its own, dropped afterwards."""
    other = f"{space}-changed"

    def opener(name: str, flat: dict[str, Any]) -> Opener:
        async def open_memory(**options: Any) -> MemorySystem:
            return await make_memory(name, config=config(**flat), **options)

        return open_memory

    try:
        default = await scenario(opener(space, dict(base or {})), space)
        other_run = await scenario(opener(other, {**(base or {}), **changed}), other)
    finally:
        await drop_space(database, other)
    return default, other_run
