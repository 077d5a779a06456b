"""mypy's proof that MemorySystem offers the API of elfgraph.protocol.Memory (the client
has its own, elfgraph/client/memory.py): a method that changes on one side and not on the
other fails `make typecheck`."""

from __future__ import annotations

from elfgraph.memory import MemorySystem
from elfgraph.protocol import Memory


def as_memory(memory: MemorySystem) -> Memory:
    return memory
