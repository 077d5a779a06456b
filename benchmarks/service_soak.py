"""The soak of `python -m benchmarks service --soak-minutes N`: 8 clients, 4 on each of two
spaces with a key of their own space, call one server with mixed operations (learn, recall,
frame, outcome, connect, status; one client of each space dreams as its inbox fills) for N
minutes. Counted: errors, results from the other space (every text carries its space's
mark), and the server's resident memory every 30 s."""

from __future__ import annotations

import random
import time
import uuid
from typing import Any

import anyio

import elfgraph
from benchmarks.corpus import facts
from elfgraph.keys.manage import create_key
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

CLIENTS_PER_SPACE = 4
WINDOW_SECONDS = 30.0
PACE_SECONDS = 0.05  # between one client's calls


async def soak_run(database: Database, url: str, server_pid: int, minutes: float) -> dict[str, Any]:
    from benchmarks.service import tree_rss_mib

    marks = {f"soak-{uuid.uuid4().hex[:6]}-{side}": side for side in ("a", "b")}
    counts = {"calls": 0, "errors": 0, "refused": 0, "cross_space": 0}
    error_samples: list[str] = []
    rss: list[float] = []
    until = time.monotonic() + 60 * minutes

    async def client(space: str, key: str, index: int) -> None:
        rng = random.Random(index)
        texts = [f"[{space}] {t}" for t in facts(2_000, seed=index, unique=True)]
        learned = 0
        async with await elfgraph.connect(url, space, key=key) as memory:
            while time.monotonic() < until:
                roll = rng.random()
                try:
                    if roll < 0.3:
                        await memory.learn(texts[learned % len(texts)] + f" #{index}-{learned}")
                        learned += 1
                        if index < len(marks) and learned % 20 == 0:  # one of each space
                            await memory.dream()
                    elif roll < 0.6:
                        found = await memory.recall(rng.choice(texts)[len(space) + 3 :])
                        counts["cross_space"] += sum(not b.content.startswith(f"[{space}]")
                                                     for b in found)  # fmt: skip
                    elif roll < 0.75:
                        frame = await memory.frame("attention", rng.choice(texts), top_k=3)
                        counts["cross_space"] += sum(not b.content.startswith(f"[{space}]")
                                                     for b in frame.blocks)  # fmt: skip
                    elif roll < 0.85 and memory.last_recall_block_ids:
                        await memory.outcome(memory.last_recall_block_ids[:2], rng.random())
                    elif roll < 0.92 and len(memory.last_recall_block_ids) >= 2:
                        a, b = memory.last_recall_block_ids[:2]
                        await memory.connect(a, b, "supports", if_exists="reinforce")
                    else:
                        await memory.status()
                except elfgraph.ConnectError:
                    # the library's own answer (a pending block, a full block), as in process
                    counts["refused"] += 1
                except Exception as exc:
                    counts["errors"] += 1
                    if len(error_samples) < 10:
                        error_samples.append(f"{type(exc).__name__}: {exc}")
                counts["calls"] += 1
                await anyio.sleep(PACE_SECONDS)

    async def watch() -> None:
        while time.monotonic() < until:
            rss.append(tree_rss_mib(server_pid))
            await anyio.sleep(WINDOW_SECONDS)
        rss.append(tree_rss_mib(server_pid))

    try:
        keys = {s: (await create_key(database, space=s, scope="write")).key for s in marks}
        async with anyio.create_task_group() as group:
            group.start_soon(watch)
            for i, space in enumerate(sorted(marks) * CLIENTS_PER_SPACE):
                group.start_soon(client, space, keys[space], i)
    finally:
        for space in marks:
            await drop_space(database, space)
    third = max(1, len(rss) // 3)
    return {
        "minutes": minutes,
        "clients": CLIENTS_PER_SPACE * len(marks),
        **counts,
        "error_samples": error_samples,
        "rss_mib": rss,
        "rss_first_mib": rss[0] if rss else 0.0,
        "rss_last_mib": rss[-1] if rss else 0.0,
        "rss_max_mib": max(rss) if rss else 0.0,
        "rss_first_third_mean": sum(rss[:third]) / third if rss else 0.0,
        "rss_last_third_mean": sum(rss[-third:]) / third if rss else 0.0,
    }
