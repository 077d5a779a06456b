"""Portability: a space to a file and back, and a way in from elfmem.

`export_space` writes a space as JSON Lines, format `elfgraph-space` (records.py;
specified in docs/PORTABILITY.md); `import_space` reads one back into a new space, or
merges it into an existing one; `import_elfmem` maps an elfmem SQLite database onto a
space. All three stream: memory stays the size of a batch, whatever the size of the space.
"""
