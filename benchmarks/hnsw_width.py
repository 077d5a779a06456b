"""The vector index's build width: the server's CPU to write vectors into it, and how many of
the exact nearest a search finds, by how many answers it asks for.

    python -m benchmarks.hnsw_width [--vectors 59000] [--ef 100,50] [--fetch 12,26,40,60,100]
        [--chunk 500] [--npy data.npy [--queries questions.npy]] [--out results.json]

For each build width (`vector.hnsw.ef_construction`) it makes an index of its own over a probe
label, writes the vectors in transactions of --chunk (500: a dream's chunk with an LLM; 2,000
without one, elfgraph/consolidation/chunk.py) and, on a local
server (`elfgraph neo4j start`), measures the server process's CPU from the first write until
it is idle again: the inserts and Lucene's background merges, which rebuild the HNSW graphs.
Both indexes are then searched with 300 queries at each search width: recall@10 against the
exact 10 nearest, and the median latency. Vectors: clustered synthetic ones (the default), or
rows of a .npy file of real embeddings (queries: a second file, else rows held out of the
first). The probe labels and indexes are dropped at the end.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import anyio
import numpy as np

from benchmarks.curate import local_server_pid, raw_rows, settle
from benchmarks.machine import describe, machine_line
from benchmarks.scale_log import process_cpu_seconds
from elfgraph.schema.migrations import open_database
from elfgraph.store.database import Database

CHUNK = 500  # vectors a write transaction by default: a dream's chunk with an LLM
QUERIES = 300


def clustered(n: int, seed: int = 7, dims: int = 384) -> np.ndarray:
    """Unit vectors in clusters around a shared direction: closer to real embeddings (which
    cluster and share a mean) than uniform random ones, the worst case for HNSW."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((max(n // 100, 10), dims)).astype(np.float32)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    common = rng.standard_normal(dims).astype(np.float32)
    common /= np.linalg.norm(common)
    noise = rng.standard_normal((n, dims)).astype(np.float32) / np.sqrt(dims)
    v = 0.45 * common + 0.7 * centres[rng.integers(0, len(centres), n)] + 0.55 * noise
    unit: np.ndarray = (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)
    return unit


def cpu(pid: int | None) -> float | None:
    """The local server's CPU seconds so far; None when it is not ours to read."""
    return None if pid is None else process_cpu_seconds(pid)


async def cypher(database: Database, query: str, **params: Any) -> list[dict[str, Any]]:
    return await database.write(raw_rows, query, params)


async def drop(database: Database, ef: int) -> None:
    await cypher(database, f"DROP INDEX hnsw_width_{ef} IF EXISTS")
    deleted = 1
    while deleted:  # in slices, so a big probe does not need one huge transaction
        rows = await cypher(
            database,
            f"MATCH (n:HnswWidth{ef}) WITH n LIMIT 10000 DETACH DELETE n RETURN count(*) AS c",
        )
        deleted = rows[0]["c"]


async def build(
    database: Database,
    ef: int,
    data: np.ndarray,
    pid: int | None,
    longest: float,
    chunk: int = CHUNK,
) -> dict[str, Any]:
    """Write the vectors into an index of this width; the server's CPU and wall time."""
    await drop(database, ef)
    config = {
        "vector.dimensions": int(data.shape[1]),
        "vector.similarity_function": "cosine",
        "vector.hnsw.ef_construction": ef,
    }
    await cypher(
        database,
        f"CREATE VECTOR INDEX hnsw_width_{ef} FOR (n:HnswWidth{ef}) ON (n.embedding) "
        "OPTIONS {indexConfig: $config}",
        config=config,
    )
    await cypher(database, "CALL db.awaitIndexes(300)")
    await settle(pid, longest=longest)
    cpu_before, started = cpu(pid), time.perf_counter()
    for start in range(0, len(data), chunk):
        rows = [
            {"id": i, "v": data[i].tolist()} for i in range(start, min(len(data), start + chunk))
        ]
        await cypher(
            database,
            f"UNWIND $rows AS r CREATE (n:HnswWidth{ef} {{id: r.id}}) WITH n, r "
            "CALL db.create.setNodeVectorProperty(n, 'embedding', r.v)",
            rows=rows,
        )
    written = time.perf_counter() - started
    await settle(pid, longest=longest)
    cpu_after = cpu(pid)
    used = None if cpu_before is None or cpu_after is None else round(cpu_after - cpu_before, 1)
    return {
        "ef_construction": ef,
        "chunk": chunk,
        "write_s": round(written, 1),
        "settled_s": round(time.perf_counter() - started, 1),
        "server_cpu_s": used,
    }


async def search(
    database: Database, ef: int, fetch: int, queries: np.ndarray, exact: list[set[int]]
) -> dict[str, Any]:
    found, latencies = [], []
    for query, nearest in zip(queries, exact, strict=True):
        started = time.perf_counter()
        rows = await database.read(
            raw_rows,
            "CALL db.index.vector.queryNodes($index, $k, $q) YIELD node RETURN node.id AS id",
            {"index": f"hnsw_width_{ef}", "k": fetch, "q": query.tolist()},
        )
        latencies.append((time.perf_counter() - started) * 1000)
        found.append(len({row["id"] for row in rows[:10]} & nearest) / 10)
    return {
        "ef_construction": ef,
        "fetch": fetch,
        "recall_at_10": round(statistics.mean(found), 4),
        "p50_ms": round(statistics.median(latencies), 2),
    }


def vectors(count: int, npy: str | None, questions: str | None) -> tuple[np.ndarray, np.ndarray]:
    if npy is None:
        both = clustered(count + QUERIES)
        return both[:count], both[count:]
    rows = np.load(npy).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    data = rows[:count]
    if questions is None:
        return data, rows[count : count + QUERIES]
    asked = np.load(questions).astype(np.float32)[:QUERIES]
    return data, asked / np.linalg.norm(asked, axis=1, keepdims=True)


async def measure(
    database: Database,
    data: np.ndarray,
    queries: np.ndarray,
    widths: list[int],
    fetches: list[int],
    *,
    pid: int | None,
    longest: float,
    chunk: int = CHUNK,
) -> dict[str, Any]:
    """Build an index of each width, search each at every fetch, drop them all."""
    exact = [set(np.argsort(-(data @ q))[:10].tolist()) for q in queries]
    try:
        builds = [await build(database, ef, data, pid, longest, chunk) for ef in widths]
        searches = [await search(database, ef, f, queries, exact) for f in fetches for ef in widths]
    finally:
        for ef in widths:
            await drop(database, ef)
    return {"vectors": len(data), "builds": builds, "searches": searches}


def report(result: dict[str, Any]) -> None:
    print(f"{result['vectors']:,} vectors ({result['source']})")
    print("| ef_construction | vectors a transaction | write s | until idle s | server CPU s |")
    print("|---:|---:|---:|---:|---:|")
    for b in result["builds"]:
        print(
            f"| {b['ef_construction']} | {b['chunk']} | {b['write_s']} | {b['settled_s']} "
            f"| {b['server_cpu_s']} |"
        )
    print("| ef_construction | fetch | recall@10 | p50 ms |")
    print("|---:|---:|---:|---:|")
    for s in result["searches"]:
        print(
            f"| {s['ef_construction']} | {s['fetch']} | {s['recall_at_10']:.3f} | {s['p50_ms']} |"
        )


async def main(args: argparse.Namespace) -> dict[str, Any]:
    data, queries = vectors(args.vectors, args.npy, args.queries)
    widths = [int(w) for w in args.ef.split(",")]
    fetches = [int(f) for f in args.fetch.split(",")]
    database = await open_database()
    try:
        machine = await describe(database)
        print(machine_line(machine))
        pid = local_server_pid(database)
        result = await measure(
            database, data, queries, widths, fetches, pid=pid, longest=args.settle, chunk=args.chunk
        )
    finally:
        await database.close()
    result.update(machine=machine, source=args.npy or "clustered", queries=len(queries))
    report(result)
    return result


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--vectors", type=int, default=59_000)
    p.add_argument("--ef", default="100,50", help="build widths, comma-separated")
    p.add_argument("--fetch", default="12,26,40,60,100", help="search widths, comma-separated")
    p.add_argument("--npy", help="a .npy of real embeddings (rows); default: clustered synthetic")
    p.add_argument("--queries", help="a .npy of query embeddings; default: rows held out of --npy")
    p.add_argument("--chunk", type=int, default=CHUNK, help="vectors a write transaction")
    p.add_argument("--settle", type=float, default=600.0, help="seconds to wait for idle, at most")
    p.add_argument("--out", help="write the results as JSON here")
    return p


if __name__ == "__main__":
    arguments = parser().parse_args()
    results = anyio.run(main, arguments)
    if arguments.out:
        Path(arguments.out).write_text(json.dumps(results, indent=2), encoding="utf-8")
