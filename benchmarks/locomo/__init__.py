"""LoCoMo retrieval quality: `python -m benchmarks.locomo --data PATH` (see __main__)."""
