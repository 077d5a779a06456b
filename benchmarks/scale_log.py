"""What `benchmarks scale` needs for a run that may not finish (issue 18, the 1M run): a
JSONL log written as it goes, the server's memory settings, and earlier sizes merged in.

Every learn batch, every DREAM_EVERY blocks dreamed and every finished step is one line
(flushed at once, with the Python RSS and the load average), so a run stopped halfway
keeps what it measured.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

from elfgraph.config.connection import load_settings
from elfgraph.errors import ElfgraphError
from elfgraph.neo4j_server.server import LocalNeo4j
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

DREAM_EVERY = 10_000  # blocks dreamed between two log lines


def process_cpu_seconds(pid: int) -> float:
    """User plus system CPU of a process so far, every thread included (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """CPU per block of this process and of the server over stretches of a run: on a
    machine with few cores the two share them, so their sum per block bounds the rate
    (issue 18, *where a 100k dream's CPU goes*). The server's is None when it is not a
    local process whose pid we know."""

    def __init__(self, server_pid: int | None) -> None:
        self.server_pid = server_pid
        self._last = self._now()

    def _now(self) -> tuple[float, float | None]:
        server = None
        if self.server_pid is not None and os.path.exists(f"/proc/{self.server_pid}/stat"):
            server = process_cpu_seconds(self.server_pid)
        return time.process_time(), server

    def stretch(self, blocks: float) -> dict[str, float | None]:
        """Milliseconds of CPU per block since the last stretch (or the meter's start)."""
        (python_before, server_before), now = self._last, self._now()
        self._last = now
        per_block = 1000.0 / max(1, blocks)
        server = None
        if now[1] is not None and server_before is not None:
            server = round((now[1] - server_before) * per_block, 3)
        return {
            "python_cpu_ms_per_block": round((now[0] - python_before) * per_block, 3),
            "server_cpu_ms_per_block": server,
        }


class RunLog:
    """Appends one JSON object per line to `path` (and prints it); `None` logs nowhere."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.started = time.perf_counter()
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)

    def event(self, what: str, /, **fields: Any) -> None:
        pages = int(Path("/proc/self/statm").read_text(encoding="ascii").split()[1])
        line = json.dumps(
            {
                "event": what,
                "at_s": round(time.perf_counter() - self.started, 3),
                **fields,
                "python_rss_mb": round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1),
                "load_1min": round(os.getloadavg()[0], 2),
            }
        )
        print(line, flush=True)
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as log:
                log.write(line + "\n")


def server_settings(bolt_uri: str) -> dict[str, str]:
    """The heap and page cache of `elfgraph neo4j start`'s server when that is the one we
    talk to (its JVM's -Xmx, its conf's page cache), else nothing (server_memory then asks
    the server)."""
    server = LocalNeo4j(load_settings().neo4j_home)
    status = server.status()
    if not status.running or status.bolt_uri != bolt_uri or status.pid is None:
        return {}
    settings = {"neo4j_home": str(server.home)}
    command = Path(f"/proc/{status.pid}/cmdline").read_bytes().decode(errors="replace")
    if heap := re.search(r"-Xmx(\S+?)\x00", command):
        settings["heap"] = heap.group(1)
    conf = server.home / "conf" / "neo4j.conf"
    if conf.is_file():
        text = conf.read_text(encoding="utf-8")
        if cache := re.search(r"^server\.memory\.pagecache\.size=(\S+)", text, re.MULTILINE):
            settings["page_cache"] = cache.group(1)
    return settings


# The server's own account of its memory: the heap from the JVM (the local server passes
# -Xmx, so the heap setting itself is empty there), the page cache from its settings.
HEAP_QUERY = (
    "CALL dbms.queryJmx('java.lang:type=Memory') YIELD attributes "
    "RETURN attributes.HeapMemoryUsage.value.properties.max AS heap"
)
PAGE_CACHE_QUERY = (
    "SHOW SETTINGS YIELD name, value WHERE name = 'server.memory.pagecache.size' RETURN value"
)


async def server_memory(database: Database) -> dict[str, str]:
    """The heap and page cache of the server `database` talks to, as it reports them (any
    server: a local one under another home, Docker, Aura); nothing it does not report."""

    async def ask(tx: Transaction) -> dict[str, str]:
        found: dict[str, str] = {}
        heap = await (await tx.driver_tx.run(HEAP_QUERY)).single()
        if heap is not None and heap["heap"]:
            found["heap"] = f"{int(heap['heap']) / 2**30:.2f}GiB"
        cache = await (await tx.driver_tx.run(PAGE_CACHE_QUERY)).single()
        if cache is not None and cache["value"]:
            found["page_cache"] = str(cache["value"])
        return found

    try:
        return await database.read(ask)
    except ElfgraphError:  # a server that hides these (procedure or command refused)
        return {}


def with_earlier(report: dict[str, Any], earlier: Path | None) -> dict[str, Any]:
    """The report, with the results of an earlier run's sizes that this run did not measure,
    smallest size first: one table and one plot from 1k to 1M. Each such row keeps where it
    comes from (`from`: its run's machine, `from_command`, `from_server`), also when the
    earlier report had it from a run before that."""
    if earlier is None or not earlier.is_file():
        return report
    before = json.loads(earlier.read_text(encoding="utf-8"))
    measured = {r["size"] for r in report["results"]}
    source = {
        "from": before["machine"],
        "from_command": before.get("command"),
        "from_server": before.get("server") or {},
    }
    kept = [
        {**r, **(source if "from" not in r else {})}
        for r in before["results"]
        if r["size"] not in measured
    ]
    results = sorted([*kept, *report["results"]], key=lambda r: r["size"])
    return {**report, "results": results}


def report_from_log(path: Path) -> dict[str, Any]:
    """A report of what a run's log holds, for a run stopped before its reads: the learn
    rate, the dream's rate per DREAM_EVERY blocks and where it stopped (`stopped`)."""
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    machine = next(e for e in events if e["event"] == "machine")
    size = next(e for e in events if e["event"] == "size")["size"]
    learned = next(e for e in events if e["event"] == "learn_done")
    dreamed = [e for e in events if e["event"] == "dreamed"]
    last = dreamed[-1] if dreamed else {"blocks": 0, "seconds": 0.0}
    rate = last["blocks"] / max(1e-9, last["seconds"])
    result = {
        "size": size,
        "learn_blocks_per_s": size / learned["seconds"],
        "dream_chunk_rates": [[e["blocks"], e["blocks_per_s"]] for e in dreamed],
        "dream_blocks_per_s": rate,
        "stopped": f"{rate:,.0f} over the first {last['blocks']:,} (stopped)",
        "python_rss_mb": max(e["python_rss_mb"] for e in events),
        "disk_mb": learned.get("disk_mb", 0.0),
    }
    keys = {"event", "at_s", "server", "python_rss_mb", "load_1min"}
    return {
        "machine": {k: v for k, v in machine.items() if k not in keys},
        "server": machine.get("server", {}),
        "results": [result],
    }
