"""A BERT encoder forward pass in numpy (fp32), for sentence-transformers checkpoints shipped
as safetensors without a runtime of their own (all-MiniLM-L6-v2 fp32 in
`benchmarks.embedders`): mean pooling over real tokens, unit norm."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from tokenizers import Tokenizer

Matrix = npt.NDArray[np.float32]


def _layer_norm(x: Matrix, gamma: Matrix, beta: Matrix, eps: float) -> Matrix:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    normalised: Matrix = ((x - mean) / np.sqrt(var + eps)) * gamma + beta
    return normalised


def _gelu(x: Matrix) -> Matrix:
    # BERT's exact GELU, 0.5·x·(1 + erf(x/√2)), through a vectorised erf
    from math import sqrt

    return (0.5 * x * (1.0 + _erf(x / sqrt(2.0)))).astype(np.float32)


def _erf(x: Matrix) -> Matrix:
    # Abramowitz-Stegun 7.1.26 is too coarse (1e-7 abs is fine, it gives 1.5e-7)
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    erf: Matrix = (sign * (1.0 - poly * np.exp(-a * a))).astype(np.float32)
    return erf


class BertNumpy:
    def __init__(
        self, weights: dict[str, Matrix], config: dict[str, Any], tokenizer: Tokenizer
    ) -> None:
        self.w = {
            k.removeprefix("bert.").removeprefix("0.auto_model."): v for k, v in weights.items()
        }
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.tokenizer = tokenizer

    @classmethod
    def from_folder(cls, folder: Path, threads: int = 2, max_tokens: int = 256) -> BertNumpy:
        from safetensors.numpy import load_file

        del threads
        weights = {
            k: v.astype(np.float32) for k, v in load_file(str(folder / "model.safetensors")).items()
        }
        config = json.loads((folder / "config.json").read_text())
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=max_tokens)
        tokenizer.no_padding()
        return cls(weights, config, tokenizer)

    def embed(self, texts: Sequence[str], batch_size: int = 32) -> Matrix:
        encodings = [e.ids for e in self.tokenizer.encode_batch(list(texts))]
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i]))
        out = np.zeros(
            (len(texts), self.w["embeddings.word_embeddings.weight"].shape[1]), np.float32
        )
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            out[chunk] = self._forward([encodings[i] for i in chunk])
        return out

    def _forward(self, batch: list[list[int]]) -> Matrix:
        w = self.w
        width = max(len(ids) for ids in batch)
        ids = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.float32)
        for row, token_ids in enumerate(batch):
            ids[row, : len(token_ids)] = token_ids
            mask[row, : len(token_ids)] = 1.0
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][np.arange(width)][np.newaxis]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _layer_norm(
            x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps
        )
        bias = ((1.0 - mask) * -1e9)[:, np.newaxis, np.newaxis, :]
        b, t, d = x.shape
        h = self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def lin(v: Matrix, name: str, p: str = p) -> Matrix:
                return v @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            q = lin(x, "attention.self.query").reshape(b, t, h, d // h).transpose(0, 2, 1, 3)
            k = lin(x, "attention.self.key").reshape(b, t, h, d // h).transpose(0, 2, 3, 1)
            v = lin(x, "attention.self.value").reshape(b, t, h, d // h).transpose(0, 2, 1, 3)
            scores = (q @ k) / np.sqrt(d // h) + bias
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(b, t, d)
            x = _layer_norm(
                lin(context, "attention.output.dense") + x,
                w[p + "attention.output.LayerNorm.weight"],
                w[p + "attention.output.LayerNorm.bias"],
                self.eps,
            )
            inner = _gelu(lin(x, "intermediate.dense"))
            x = _layer_norm(
                lin(inner, "output.dense") + x,
                w[p + "output.LayerNorm.weight"],
                w[p + "output.LayerNorm.bias"],
                self.eps,
            )
        pooled = (x * mask[:, :, np.newaxis]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
        unit: Matrix = (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)
        return unit
