"""One agent of `python -m benchmarks service`, in a process of its own: it opens its memory
(a MemorySystem on Neo4j, or the client of a service), says `ready`, then runs what the
driver asks on standard input, one JSON line each:

    {"op": "recall", "seconds": 15}  → {"latencies_ms": [...], "rss_mib": …}
    {"op": "learn", "seconds": 15}
    {"op": "rss"}                    → {"rss_mib": …}
    {"op": "quit"}

Each call follows the last (a closed loop), so calls per second is what the memory serves.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import OWNERS, PURPOSES, SERVICES, TECH


def rss_mib() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def question(i: int) -> str:
    shapes = [
        "Who owns the {s} service?",
        "What does {s} use {t} for?",
        "Which service handles {p}?",
        "What did {o} decide about {t}?",
    ]
    return shapes[i % 4].format(
        s=SERVICES[i % len(SERVICES)],
        t=TECH[(i // 3) % len(TECH)],
        p=PURPOSES[(i // 5) % len(PURPOSES)],
        o=OWNERS[(i // 7) % len(OWNERS)],
    )


async def open_memory(args: argparse.Namespace) -> Any:
    if args.mode == "service":
        import elfgraph

        return await elfgraph.connect(args.url, args.space, key=args.key)
    from elfgraph.embedding.choice import local_embedder
    from elfgraph.embedding.mock import MockEmbeddingService
    from elfgraph.memory import MemorySystem

    embedder = MockEmbeddingService() if args.embedder == "mock" else local_embedder("minilm")
    return await MemorySystem.open(args.space, embedding_service=embedder)


async def run(args: argparse.Namespace) -> None:
    memory = await open_memory(args)
    await memory.recall(question(args.seed))  # the first call loads what it loads
    print(json.dumps({"ready": True, "rss_mib": rss_mib()}), flush=True)
    tag = uuid.uuid4().hex[:8]
    n = args.seed * 100_003
    while True:
        line = await anyio.to_thread.run_sync(sys.stdin.readline)
        if not line:
            break
        order = json.loads(line)
        if order["op"] == "quit":
            break
        if order["op"] == "rss":
            print(json.dumps({"rss_mib": rss_mib()}), flush=True)
            continue
        latencies: list[float] = []
        errors = 0
        until = time.monotonic() + float(order["seconds"])
        while time.monotonic() < until:
            n += 1
            started = time.perf_counter()
            try:
                if order["op"] == "recall":
                    await memory.recall(question(n))
                else:
                    await memory.learn(f"Agent {tag} noted fact {n}: {question(n)}")
            except Exception as exc:
                errors += 1
                print(f"agent error: {type(exc).__name__}: {exc}", file=sys.stderr)
            latencies.append(1000 * (time.perf_counter() - started))
        print(json.dumps({"latencies_ms": latencies, "errors": errors, "rss_mib": rss_mib()}),
              flush=True)  # fmt: skip
    await memory.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.service_agent")
    parser.add_argument("mode", choices=["inprocess", "service"])
    parser.add_argument("space")
    parser.add_argument("--url")
    parser.add_argument("--key")
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--seed", type=int, default=0)
    anyio.run(run, parser.parse_args())


if __name__ == "__main__":
    main()
