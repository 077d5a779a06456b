"""benchmarks/scale_log.py: the scale run's CPU per block, of this process and of the
server, read from /proc (on a 2-core machine their sum bounds a dream's rate)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from benchmarks.scale_log import CpuMeter, process_cpu_seconds

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs /proc")


def burn(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_a_stretch_counts_this_process_and_the_other_per_block() -> None:
    # The "server" is a child that spins for about half a second of CPU.
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time\nend = time.process_time() + 0.5\n"
            "while time.process_time() < end: pass\ntime.sleep(30)",
        ]
    )
    try:
        meter = CpuMeter(child.pid)
        burn(0.2)
        deadline = time.monotonic() + 10
        while process_cpu_seconds(child.pid) < 0.45 and time.monotonic() < deadline:
            time.sleep(0.05)
        used = meter.stretch(100)
    finally:
        child.kill()
        child.wait()
    assert used["python_cpu_ms_per_block"] == pytest.approx(2.0, abs=0.5)  # 0.2 s / 100
    server = used["server_cpu_ms_per_block"]
    assert server is not None
    assert 3.0 <= server <= 6.0  # ~0.5 s / 100, less what it had used before the meter


def test_the_next_stretch_starts_where_the_last_ended() -> None:
    meter = CpuMeter(None)
    burn(0.1)
    first = meter.stretch(10)
    second = meter.stretch(10)
    assert first["python_cpu_ms_per_block"] >= 8.0
    assert second["python_cpu_ms_per_block"] < first["python_cpu_ms_per_block"]


def test_without_a_server_pid_its_share_is_unknown() -> None:
    assert CpuMeter(None).stretch(10)["server_cpu_ms_per_block"] is None
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert CpuMeter(gone.pid).stretch(10)["server_cpu_ms_per_block"] is None
