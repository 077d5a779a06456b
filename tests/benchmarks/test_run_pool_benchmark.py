"""benchmarks.run_pool on a small pool (no Neo4j): every figure is there and the first
pass's count is part of the count it is taken from."""

from __future__ import annotations

from benchmarks.run_pool import one_size


def test_the_run_pool_benchmark_counts_what_the_first_pass_keeps() -> None:
    row = one_size(3_000, exact_limit=1_000)
    assert row["lists"] > 0  # past its limit the pool has an index
    assert row["exact_blocks_per_s"] > 0
    assert row["approximate_blocks_per_s"] > 0
    for name in ("link", "near_duplicate"):
        counts = row["recall"][name]
        assert counts["pairs"] > 0
        assert counts["first_pass_kept"] <= counts["every_probed_row_found"] <= counts["pairs"]
        assert counts["first_pass_kept"] <= counts["found"]
    assert row["recall"]["link"]["every_probed_row_found"] >= 0.95 * row["recall"]["link"]["pairs"]
