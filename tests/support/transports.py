"""The two ways of holding a memory that the behaviour suite (tests/behaviour/) runs on:
a MemorySystem in the test's process, and the client through a real `elfgraph serve`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from elfgraph.protocol import Memory

TRANSPORTS = ("library", "service")
OpenMemory = Callable[..., Awaitable[Memory]]
