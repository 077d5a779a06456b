"""The type of the `make_memory` fixture (tests/conftest.py): it opens MemorySystems on the
test's space, or another, sharing the test's connection."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from elfgraph.memory import MemorySystem

MakeMemory = Callable[..., Awaitable[MemorySystem]]
