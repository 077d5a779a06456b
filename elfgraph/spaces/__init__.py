"""Spaces: named, isolated memories; their clock, embedding lock and the shared vector index."""
