"""The run pool alone (issue 18): how fast `RunPool.nearest` answers a chunk of 500 at
pool sizes 100k, 300k and 1M, exactly and through the CoarseIndex, and how many of the
exact pool's pairs the approximate one finds.

    python -m benchmarks.run_pool [--sizes 100k,300k,1m] [--exact-limit N] [--npy FILE]
        [--out …/run_pool.json]

No Neo4j. Vectors are clustered (groups of 50 around a centre, cosines ~0.3-0.95 within
a group, every 25th a near-duplicate of the one before): random vectors are almost never
close, so they would say nothing about recall. `--npy` takes real ones instead (an
embedder's vectors of real texts), the last 500 asking. The approximate pool is trained on its
first EXACT_LIMIT rows (20,000, or --exact-limit; one row fewer than the size when that is
smaller, so that it has an index), and again each time it has doubled (at 40k, 80k, …, 640k:
the 1M pool ends with 3,200 lists). Each
timing is the median of 3 searches of the same 500 queries. The approximate pool is filled
twice: one row at a time, and in pages of 1,000 rows as a dream's snapshot and its chunks
add them (`RunPool.add_many`: the same lists, trained at the same rows). The index's search
is also run once without its first pass (every probed row ranked by exact cosine), so that
`first_pass_kept` says how many of the pairs that search finds the first pass keeps.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from benchmarks.scale import footprint, size_arg
from benchmarks.write_path import RESULTS
from elfgraph.consolidation import coarse_index
from elfgraph.consolidation.plan import InboxBlock, Neighbour
from elfgraph.consolidation.run_pool import EXACT_LIMIT, RunPool
from elfgraph.core.scoring import EDGE_MIN_COSINE

DIMENSIONS = 384
CHUNK = 500
K = 10
NEAR_DUPLICATE = 0.90
REPEATS = 3
PAGE = 1_000  # rows a snapshot page or a chunk adds at once


def clustered(count: int, seed: int = 18, per_cluster: int = 50) -> npt.NDArray[np.float32]:
    """Unit float32 rows, made 100k at a time (a float64 draw of 1M rows would be 3 GB)."""
    generator = np.random.default_rng(seed)
    centres = generator.standard_normal((max(1, count // per_cluster), DIMENSIONS))
    centres = (centres / np.linalg.norm(centres, axis=1, keepdims=True)).astype(np.float32)
    out = np.empty((count, DIMENSIONS), dtype=np.float32)
    for start in range(0, count, 100_000):
        end = min(count, start + 100_000)
        noise = generator.standard_normal((end - start, DIMENSIONS)).astype(np.float32)
        noise /= np.linalg.norm(noise, axis=1, keepdims=True)
        spread = 0.9 * generator.uniform(0.3, 1.5, (end - start, 1)).astype(np.float32)
        rows = centres[generator.integers(0, len(centres), end - start)] + spread * noise
        twins = np.arange(1, end - start, 25)
        rows[twins] = rows[twins - 1] / np.linalg.norm(rows[twins - 1]) + 0.14 * noise[twins]
        out[start:end] = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return out


def fill(vectors: npt.NDArray[np.float32], exact_limit: int) -> tuple[RunPool, float]:
    pool = RunPool(DIMENSIONS, exact_limit=exact_limit)
    began = time.perf_counter()
    for row, vector in enumerate(vectors):
        pool.add(f"b{row:07d}", [], "knowledge", 1.0, vector)
    return pool, time.perf_counter() - began


def fill_in_pages(
    vectors: npt.NDArray[np.float32], exact_limit: int, page: int = PAGE
) -> tuple[RunPool, float]:
    pool = RunPool(DIMENSIONS, exact_limit=exact_limit)
    began = time.perf_counter()
    for start in range(0, len(vectors), page):
        end = min(len(vectors), start + page)
        count = end - start
        ids = [f"b{row:07d}" for row in range(start, end)]
        pool.add_many(ids, [[]] * count, ["knowledge"] * count, [1.0] * count, vectors[start:end])
    return pool, time.perf_counter() - began


def search(
    pool: RunPool, queries: npt.NDArray[np.float32], repeats: int = REPEATS
) -> tuple[dict[str, list[Neighbour]], float]:
    blocks = [InboxBlock(id=f"q{i}", content="", tags=(), category="k") for i in range(CHUNK)]
    times, found = [], {}
    for _ in range(repeats):
        began = time.perf_counter()
        found = pool.nearest(blocks, list(queries), K)
        times.append(time.perf_counter() - began)
    return found, statistics.median(times)


def without_first_pass(
    pool: RunPool, queries: npt.NDArray[np.float32]
) -> dict[str, list[Neighbour]]:
    """The same search ranking every probed row by exact cosine (slow: once)."""
    saved = coarse_index.FIRST_PASS
    coarse_index.FIRST_PASS = 10**9
    try:
        return search(pool, queries, repeats=1)[0]
    finally:
        coarse_index.FIRST_PASS = saved


def pairs(found: dict[str, list[Neighbour]], threshold: float) -> set[tuple[str, str]]:
    return {(q, n.id) for q, near in found.items() for n in near if n.cosine >= threshold}


def one_size(
    size: int, exact_limit: int = EXACT_LIMIT, given: npt.NDArray[np.float32] | None = None
) -> dict[str, Any]:
    """One pool of `size` rows asked with the next CHUNK: clustered ones, or the first of
    `given` (size + CHUNK unit rows)."""
    vectors = clustered(size + CHUNK) if given is None else given[: size + CHUNK]
    queries = vectors[size:]
    approximate, approximate_fill = fill(vectors[:size], min(exact_limit, size - 1))
    approximate_found, approximate_s = search(approximate, queries)
    every_probed_row_found = without_first_pass(approximate, queries)
    lists = approximate.lists
    rss_approximate = footprint()
    del approximate
    paged, paged_fill = fill_in_pages(vectors[:size], min(exact_limit, size - 1))
    assert paged.lists == lists
    del paged
    exact, exact_fill = fill(vectors[:size], 10**9)
    exact_found, exact_s = search(exact, queries)
    del exact
    recall = {}
    for name, threshold in (("link", EDGE_MIN_COSINE), ("near_duplicate", NEAR_DUPLICATE)):
        wanted = pairs(exact_found, threshold)
        got = pairs(approximate_found, threshold) & wanted
        recall[name] = {"pairs": len(wanted), "found": len(got)}
        # What the first pass keeps of what ranking every probed row finds.
        probed = pairs(every_probed_row_found, threshold) & wanted
        recall[name]["every_probed_row_found"] = len(probed)
        recall[name]["first_pass_kept"] = len(probed & got)
    row = {
        "size": size,
        "exact_limit": min(exact_limit, size - 1),  # the rows the index was first trained on
        "exact_blocks_per_s": CHUNK / exact_s,
        "approximate_blocks_per_s": CHUNK / approximate_s,
        "exact_fill_s": exact_fill,
        "approximate_fill_s": approximate_fill,  # training the index included
        "approximate_fill_in_pages_s": paged_fill,
        "lists": lists,  # trained again each time the pool doubled
        "recall": recall,
        "rss_with_approximate_pool": rss_approximate,
    }
    print(json.dumps(row), flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run_pool", description=__doc__)
    parser.add_argument("--sizes", default="100k,300k,1m")
    parser.add_argument(
        "--exact-limit",
        type=size_arg,
        default=EXACT_LIMIT,
        help="rows compared exactly before the pool trains its index (default: EXACT_LIMIT)",
    )
    parser.add_argument(
        "--npy",
        type=Path,
        help="real vectors (.npy, one a row) instead of clustered ones: the pool holds all but "
        "the last 500, which ask; --sizes is then ignored",
    )
    parser.add_argument("--out", type=Path, default=RESULTS / "run_pool.json")
    args = parser.parse_args()
    if args.npy is not None:
        given = np.load(args.npy).astype(np.float32)
        given /= np.linalg.norm(given, axis=1, keepdims=True)
        rows = [one_size(len(given) - CHUNK, args.exact_limit, given)]
    else:
        rows = [one_size(size_arg(text), args.exact_limit) for text in args.sizes.split(",")]
    args.out.write_text(json.dumps({"rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
