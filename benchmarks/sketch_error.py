"""How far the cosine of two sketches is from the cosine of their embeddings.

    python -m benchmarks.sketch_error [--data PATH] [--turns N]

Embeds the first N turns of a LoCoMo file (by default the development subset beside the
repository) with the default local embedder, then over every pair compares the true
cosine with the cosine of the int8 sketches (elfgraph.core.sketch) and with that of the
64-dimension random projection used before, and reports each one's mean, p95 and max
error and how often the new one's bound (cosine_error_bound) holds. No database.
"""

from __future__ import annotations

import argparse
import base64
import json
from pathlib import Path

import anyio
import numpy as np
import numpy.typing as npt

from benchmarks.locomo.__main__ import DEFAULT_DATA
from benchmarks.locomo.data import load
from elfgraph.core.sketch import cosine_error_bound, sketch, unsketch
from elfgraph.embedding.local import LocalEmbeddingService

OLD_DIMS = 64


def old_projection(vectors: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The sketch before issue 17: a fixed Gaussian projection to 64 dimensions, int8."""
    rng = np.random.default_rng(0x5E7C4 + vectors.shape[1])
    projected = vectors @ rng.standard_normal((vectors.shape[1], OLD_DIMS))
    projected /= np.linalg.norm(projected, axis=1, keepdims=True)
    quantised = np.clip(np.round(projected * 127), -127, 127)
    units: npt.NDArray[np.float64] = quantised / np.linalg.norm(quantised, axis=1, keepdims=True)
    return units


def summary(errors: npt.NDArray[np.float64]) -> dict[str, float]:
    return {
        "mean": round(float(errors.mean()), 5),
        "p95": round(float(np.percentile(errors, 95)), 5),
        "max": round(float(errors.max()), 5),
    }


async def measure(data: Path, turns: int) -> dict[str, object]:
    texts = [t.text for c in load(data) for t in c.turns][:turns]
    embedder = LocalEmbeddingService()
    vectors = np.array(await embedder.embed_batch(texts), dtype=np.float64)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    sketches = [sketch(v) for v in vectors]
    new = np.array([unsketch(s) for s in sketches])
    old = old_projection(vectors)
    upper = np.triu_indices(len(texts), k=1)
    true = (vectors @ vectors.T)[upper]
    bounds = np.array(
        [cosine_error_bound(sketches[i], sketches[j]) for i, j in zip(*upper, strict=True)]
    )
    new_error = np.abs((new @ new.T)[upper] - true)
    return {
        "texts": len(texts),
        "pairs": int(true.size),
        "dimensions": int(vectors.shape[1]),
        "sketch_chars": len(sketches[0]),
        "old_sketch_chars": len(base64.b64encode(bytes(OLD_DIMS))),
        "int8_error": summary(new_error),
        "int8_bound": summary(bounds),
        "bound_holds": float(np.mean(new_error <= bounds)),
        "old_projection_error": summary(np.abs((old @ old.T)[upper] - true)),
    }


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m benchmarks.sketch_error", description=__doc__)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA)
    p.add_argument("--turns", type=int, default=600)
    args = p.parse_args()
    print(json.dumps(anyio.run(measure, args.data, args.turns), indent=2))


if __name__ == "__main__":
    main()
