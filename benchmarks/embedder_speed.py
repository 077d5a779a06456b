"""MiniLM against e5-small, CPU and wall time per block and per question, interleaved.

    python -m benchmarks.embedder_speed [--rounds 3] [--blocks 128] [--questions 32]

Both models in one process, alternating round by round on the same LoCoMo turns (conv-41 of
locomo-dev.json) so that a shared machine's load falls on both alike: the ratio is the figure
to read. Needs the e5 extra (`pip install '.[e5]'`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from benchmarks.locomo.data import load
from elfgraph.core.text import normalised_text
from elfgraph.embedding.e5 import E5SmallEmbeddingService
from elfgraph.embedding.local import LocalEmbeddingService


def timed(call: Callable[[], object]) -> tuple[float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    call()
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.embedder_speed", description=__doc__)
    p.add_argument("--data", type=Path, default=Path("../shared/data/locomo/locomo-dev.json"))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--blocks", type=int, default=128)
    p.add_argument("--questions", type=int, default=32)
    args = p.parse_args(argv)
    conversation = next(c for c in load(args.data) if c.sample_id == "conv-41")
    texts = [normalised_text(t.text) for t in conversation.turns[: args.blocks]]
    questions = [normalised_text(q.text) for q in conversation.questions[: args.questions]]
    minilm, e5 = LocalEmbeddingService(), E5SmallEmbeddingService()
    models: dict[str, tuple[Callable[[list[str]], object], Callable[[list[str]], object]]] = {
        "minilm": (minilm._embed_sync, minilm._embed_sync),
        "e5-small": (lambda t: e5._embed_sync(t, False), lambda t: e5._embed_sync(t, True)),
    }
    for passages, _ in models.values():
        passages(["warm up"])
    block: dict[str, list[float]] = {name: [] for name in models}
    query: dict[str, list[float]] = {name: [] for name in models}
    for _ in range(args.rounds):
        for name, (passages, ask) in models.items():
            block[name].append(timed(partial(passages, texts))[0] / len(texts))
            query[name] += [timed(partial(ask, [q]))[0] for q in questions]
    for name in models:
        print(
            f"{name}: CPU ms per block {statistics.median(block[name]):.2f}, "
            f"per question {statistics.median(query[name]):.2f}"
        )
    ratio = statistics.median(block["e5-small"]) / statistics.median(block["minilm"])
    print(f"e5-small / minilm CPU per block: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
