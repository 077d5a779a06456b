"""Vectors of real texts for `python -m benchmarks.run_pool --npy` (issue 18): the default
local embedder's (MiniLM) vectors of the LoCoMo turns (the LoCoMo benchmark's block texts)
and of sentences from the Python standard library's docstrings, shuffled (seed 18), one a row.

    python -m benchmarks.real_vectors --out FILE.npy [--count 30000]
        [--locomo ../shared/data/locomo/locomo-dev.json]

About 2.5 minutes for 20,000 texts on 2 cores; the standard library gives ~18,000 sentences of
25-300 characters, so --count past ~21,000 gets what there is.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import random
import re
import sysconfig
from pathlib import Path

import numpy as np

from benchmarks.locomo.data import load
from elfgraph.embedding.local import LocalEmbeddingService

SEED = 18
BATCH = 256


def locomo_turns(path: Path) -> list[str]:
    """The turns as the LoCoMo benchmark makes them blocks (benchmarks.locomo.data)."""
    return [turn.text for conversation in load(path) for turn in conversation.turns]


def docstring_sentences() -> list[str]:
    """Sentences of 25-300 characters from the standard library's docstrings (tests left out)."""
    sentences: list[str] = []
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for path in sorted(stdlib.rglob("*.py")):
        if "test" in path.parts or "tests" in path.parts or "site-packages" in path.parts:
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Module):
                doc = ast.get_docstring(node)
                for sentence in re.split(r"(?<=[.!?])\s+", " ".join((doc or "").split())):
                    if 25 <= len(sentence) <= 300:
                        sentences.append(sentence)
    return sentences


async def embedded(texts: list[str]) -> np.ndarray:
    service = LocalEmbeddingService()
    vectors = []
    for start in range(0, len(texts), BATCH):
        vectors += await service.embed_batch(texts[start : start + BATCH])
    return np.asarray(vectors, dtype=np.float32)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.real_vectors", description=__doc__)
    parser.add_argument("--count", type=int, default=30_000)
    parser.add_argument(
        "--locomo", type=Path, default=Path("../shared/data/locomo/locomo-dev.json")
    )
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    texts = list(dict.fromkeys(locomo_turns(args.locomo) + docstring_sentences()))
    random.Random(SEED).shuffle(texts)
    texts = texts[: args.count]
    np.save(args.out, asyncio.run(embedded(texts)))
    print(f"{len(texts)} vectors in {args.out}")


if __name__ == "__main__":
    main()
