"""LoCoMo retrieval quality: `python -m benchmarks locomo` (benchmarks/locomo/ablation.py)."""
