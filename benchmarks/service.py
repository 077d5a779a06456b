"""`python -m benchmarks service`: agents through `elfgraph serve` against agents each with a
MemorySystem of its own, on one 10k-block space.

    python -m benchmarks service [--size 10000] [--agents 1 8 32] [--seconds 15]
                                 [--workers 1] [--embedder minilm] [--soak-minutes 30]

Every agent is a process of its own (benchmarks/service_agent.py), as agents are: for each
count of agents and each way, that many processes open their memory (the in-process ones a
MemorySystem each, model and caches included; the others the light client), then recall in
a closed loop for `--seconds`, then learn for as long. Reported per count and way: recall
and learn p50 / p95, calls per second (all agents together), and the total resident memory
(the agents' processes, plus the server's for the service). The two ways alternate which
goes first. `--soak-minutes` then runs benchmarks/service_soak.py: 8 clients of two spaces
through one server for that long. Results: benchmarks/results/service.json and the tables
of docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import IO, Any

import anyio
import httpx2 as httpx

from benchmarks.corpus import facts
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import header, publish
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.choice import local_embedder
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.keys.manage import create_key
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

MOCK = "elfgraph.embedding.mock:MockEmbeddingService"
BATCH = 2_000


def embedder_for(name: str) -> EmbeddingService:
    return MockEmbeddingService() if name == "mock" else local_embedder("minilm")


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and its children (uvicorn's workers), in MiB."""
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) / 1024
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            pending += [int(c) for c in task.read_text().split()]
    return total


class Server:
    """An `elfgraph serve` of the benchmark's own."""

    @staticmethod
    def start(workers: int, embedder: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
        import socket

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        command = [str(Path(sys.executable).with_name("elfgraph")), "serve", "--port", str(port)]
        command += ["--workers", str(workers)]
        if embedder == "mock":
            command += ["--embedder", MOCK]
        sink = log.open("wb")
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                if httpx.get(url + "/ready", timeout=2).status_code == 200:
                    return process, url
            except httpx.TransportError:
                pass
            if process.poll() is not None:
                break
            time.sleep(0.5)
        process.kill()
        raise SystemExit(f"elfgraph serve did not start: {log.read_text()}")


class Agent:
    """One agent process, driven over its standard input and output."""

    def __init__(self, args: list[str]) -> None:
        command = [sys.executable, "-m", "benchmarks.service_agent", *args]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, order: dict[str, Any] | None = None) -> dict[str, Any]:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        stdout: IO[str] = self.process.stdout  # type: ignore[assignment]
        if order is not None:
            stdin.write(json.dumps(order) + "\n")
            stdin.flush()
        line = stdout.readline()
        if not line:
            raise SystemExit("an agent died (its error is on stderr above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def quit(self) -> None:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        stdin.write(json.dumps({"op": "quit"}) + "\n")
        stdin.flush()
        self.process.wait(timeout=60)


def summary(latencies: list[float], seconds: float) -> dict[str, float]:
    return {
        "p50_ms": statistics.median(latencies),
        "p95_ms": percentile(latencies, 0.95),
        "calls_per_s": len(latencies) / seconds,
        "calls": len(latencies),
    }


def one_run(
    way: str, agents: int, seconds: float, common: list[str], server_pid: int | None
) -> dict[str, Any]:
    started = time.perf_counter()
    team = [Agent([*common, "--seed", str(i)]) if way == "service" else Agent(
        ["inprocess", *common[1:], "--seed", str(i)]
    ) for i in range(agents)]  # fmt: skip
    ready = [a.ask() for a in team]
    opened_seconds = time.perf_counter() - started
    result: dict[str, Any] = {"way": way, "agents": agents, "open_seconds": opened_seconds}
    for op in ("recall", "learn"):
        for a in team:
            a.process.stdin.write(json.dumps({"op": op, "seconds": seconds}) + "\n")  # type: ignore[union-attr]
            a.process.stdin.flush()  # type: ignore[union-attr]
        answers = [a.ask() for a in team]
        latencies = [ms for answer in answers for ms in answer["latencies_ms"]]
        result[op] = summary(latencies, seconds)
        result[op]["errors"] = sum(answer["errors"] for answer in answers)
    agents_rss = sum(a.ask({"op": "rss"})["rss_mib"] for a in team)
    server_rss = tree_rss_mib(server_pid) if way == "service" and server_pid else 0.0
    result["rss_mib"] = {
        "agents": agents_rss,
        "server": server_rss,
        "total": agents_rss + server_rss,
        "agents_at_open": sum(r["rss_mib"] for r in ready),
    }
    for a in team:
        a.quit()
    return result


async def build_space(database: Database, size: int, embedder: str) -> str:
    space = f"bench-service-{uuid.uuid4().hex[:8]}"
    memory = await MemorySystem.open(
        space, database=database, embedding_service=embedder_for(embedder)
    )
    try:
        texts = facts(size, duplicate_share=0.0, unique=True)
        for start in range(0, size, BATCH):
            await memory.learn_many(texts[start : start + BATCH])
        await memory.dream()
    finally:
        await memory.close()
    return space


async def clear_inbox(database: Database, space: str) -> None:
    """The agents' learned blocks go, so that every run recalls from the same space."""
    from elfgraph.store.transaction import Transaction

    async def work(tx: Transaction) -> None:
        await tx.driver_tx.run(
            "MATCH (b:Block {space: $s, status: 'inbox'}) DETACH DELETE b", s=space
        )

    await database.write(work)


async def paired(url: str, key: str, space: str, embedder: str, calls: int) -> dict[str, Any]:
    """What the service adds to one call, measured so that the machine's noise cancels: one
    process holds both a client and a MemorySystem and alternates them call by call (which
    goes first alternates too); the median of the differences is the service's cost."""
    import elfgraph
    from benchmarks.service_agent import question

    remote = await elfgraph.connect(url, space, key=key)
    local = await MemorySystem.open(space, embedding_service=embedder_for(embedder))
    tag = uuid.uuid4().hex[:8]
    found: dict[str, Any] = {"calls": calls}
    try:
        for op in ("recall", "learn"):
            times: dict[str, list[float]] = {"service": [], "inprocess": []}
            for i in range(-20, calls):  # 20 warm-up pairs
                order: list[tuple[str, Any]] = [("service", remote), ("inprocess", local)]
                for way, memory in order if i % 2 else order[::-1]:
                    started = time.perf_counter()
                    if op == "recall":
                        await memory.recall(question(i))
                    else:
                        await memory.learn(f"paired {tag} {way} {i}: {question(i)}")
                    if i >= 0:
                        times[way].append(1000 * (time.perf_counter() - started))
            diffs = [a - b for a, b in zip(times["service"], times["inprocess"], strict=True)]
            found[op] = {
                "service_p50_ms": statistics.median(times["service"]),
                "inprocess_p50_ms": statistics.median(times["inprocess"]),
                "added_p50_ms": statistics.median(diffs),
            }
    finally:
        await remote.close()
        await local.close()
    return found


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks service")
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--agents", type=int, nargs="*", default=[1, 8, 32])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--embedder", choices=["minilm", "mock"], default="minilm")
    parser.add_argument("--soak-minutes", type=float, default=0.0)
    parser.add_argument("--paired", type=int, default=300, help="alternated calls (0: none)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args(argv)
    report = anyio.run(run, args)
    publish("service", report, argv, out=args.out, doc=not args.no_doc)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    database = await open_database()
    logs = Path(tempfile.gettempdir())
    try:
        machine = await describe(database)
        space = await build_space(database, args.size, args.embedder)
        key = (await create_key(database, space=space, scope="write", label="bench")).key
        log = logs / f"bench-serve-{uuid.uuid4().hex[:6]}.log"
        process, url = Server.start(args.workers, args.embedder, log)
        print(f"server log: {log}", file=sys.stderr)
        runs: list[dict[str, Any]] = []
        soak: dict[str, Any] | None = None
        report_paired: dict[str, Any] | None = None
        try:
            common = ["service", space, "--url", url, "--key", key, "--embedder", args.embedder]
            for index, agents in enumerate(args.agents):
                ways = ["service", "inprocess"] if index % 2 == 0 else ["inprocess", "service"]
                for way in ways:
                    runs.append(one_run(way, agents, args.seconds, common, process.pid))
                    await clear_inbox(database, space)
                    print(json.dumps(runs[-1]), file=sys.stderr)
            if args.paired > 0:
                report_paired = await paired(url, key, space, args.embedder, args.paired)
                await clear_inbox(database, space)
            if args.soak_minutes > 0:
                from benchmarks.service_soak import soak_run

                soak = await soak_run(database, url, process.pid, args.soak_minutes)
        finally:
            process.terminate()
            process.wait(timeout=30)
        return {
            "machine": machine,
            "size": args.size,
            "seconds": args.seconds,
            "workers": args.workers,
            "embedder": args.embedder,
            "runs": runs,
            "paired": report_paired,
            "soak": soak,
        }
    finally:
        with anyio.CancelScope(shield=True):
            if "space" in locals():
                await drop_space(database, space)
            await database.close()


def render(report: dict[str, Any], images: Path) -> str:
    lines = [
        header(report),
        "",
        f"One space of {report['size']:,} blocks, embedder {report['embedder']}, "
        f"{report['seconds']:g} s of recalls then {report['seconds']:g} s of learns per run, "
        f"each agent a process of its own; the service with {report['workers']} worker(s). "
        "Memory: resident, of the agents' processes plus the server's.",
        "",
        "| agents | way | recall p50 / p95 ms | recalls/s | learn p50 / p95 ms | learns/s "
        "| RSS total MiB (server) |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in sorted(report["runs"], key=lambda r: (r["agents"], r["way"] != "service")):
        rc, ln, rss = r["recall"], r["learn"], r["rss_mib"]
        way = "service" if r["way"] == "service" else "in-process"
        server = f" ({rss['server']:.0f})" if r["way"] == "service" else ""
        lines.append(
            f"| {r['agents']} | {way} | {rc['p50_ms']:.1f} / {rc['p95_ms']:.1f} "
            f"| {rc['calls_per_s']:.0f} | {ln['p50_ms']:.1f} / {ln['p95_ms']:.1f} "
            f"| {ln['calls_per_s']:.0f} | {rss['total']:.0f}{server} |"
        )
    pair = report.get("paired")
    if pair:
        rc, ln = pair["recall"], pair["learn"]
        lines += [
            "",
            f"What the service adds to one call (`{report.get('paired_command', '--paired')}`: "
            f"{pair['calls']} calls each way, one process "
            "alternating a client and a MemorySystem call by call, so the machine's noise "
            f"cancels): recall p50 {rc['service_p50_ms']:.1f} ms against "
            f"{rc['inprocess_p50_ms']:.1f}, median difference {rc['added_p50_ms']:+.2f} ms; "
            f"learn p50 {ln['service_p50_ms']:.1f} against {ln['inprocess_p50_ms']:.1f}, "
            f"median difference {ln['added_p50_ms']:+.2f} ms.",
        ]
    soak = report.get("soak")
    if soak:
        lines += [
            "",
            "Soak"
            + (f" (`{report['soak_command']}`)" if report.get("soak_command") else "")
            + f": {soak['minutes']:g} minutes, {soak['clients']} clients of two spaces "
            f"through one server: {soak['calls']:,} calls, {soak['errors']} errors"
            + (
                f" ({soak['refused']} refusals of the library's own, e.g. a full block, apart)"
                if "refused" in soak
                else ""
            )
            + ", "
            f"{soak['cross_space']} results of the other space; server RSS "
            f"{soak['rss_first_mib']:.0f} MiB in the first window, "
            f"{soak['rss_last_mib']:.0f} MiB in the last (max {soak['rss_max_mib']:.0f}).",
        ]
    return "\n".join(lines) + "\n"
