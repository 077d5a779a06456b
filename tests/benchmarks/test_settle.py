"""benchmarks.curate.settle: the server counts as idle only after a quiet stretch, so a
merge that starts a few seconds after the last write is waited for, not met by the reads."""

from __future__ import annotations

import os
import time

import anyio
import pytest

import benchmarks.curate as bench_curate


class FakeServer:
    """A clock and a server whose CPU use per 2 s sample is scripted."""

    def __init__(self, busy_samples: list[bool]) -> None:
        self.now = 0.0
        self.cpu = 0.0
        self.samples = iter(busy_samples)

    def monotonic(self) -> float:
        return self.now

    def cpu_seconds(self, pid: int) -> float:
        return self.cpu

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.cpu += seconds * (0.9 if next(self.samples, False) else 0.01)


def waited(monkeypatch: pytest.MonkeyPatch, busy: list[bool], **options: float) -> float:
    server = FakeServer(busy)
    monkeypatch.setattr(time, "monotonic", server.monotonic)
    monkeypatch.setattr(anyio, "sleep", server.sleep)
    monkeypatch.setattr(bench_curate, "process_cpu_seconds", server.cpu_seconds)
    return anyio.run(lambda: bench_curate.settle(os.getpid(), **options))


def test_one_quiet_sample_between_busy_ones_is_not_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    # busy, a pause of one sample, a merge for three samples, then quiet
    assert waited(monkeypatch, [True, False, True, True, True], quiet=10.0) == 20.0


def test_a_quiet_server_is_idle_after_the_quiet_stretch(monkeypatch: pytest.MonkeyPatch) -> None:
    assert waited(monkeypatch, [], quiet=10.0) == 10.0
    assert waited(monkeypatch, [], quiet=0.0) == 2.0


def test_the_wait_stops_at_the_longest(monkeypatch: pytest.MonkeyPatch) -> None:
    assert waited(monkeypatch, [True] * 100, longest=30.0) == 30.0
