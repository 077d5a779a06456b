"""A clock for MemorySystem.clock that tests move by hand."""

from __future__ import annotations


class FakeClock:
    """Seconds that only move when a test says so."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds

    def advance(self, hours: float) -> None:
        self.seconds += hours * 3600
