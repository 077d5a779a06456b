"""Helpers that tests import: graph reads and writes, set-ups, fakes and scripts.

Test modules import from here, never from each other; conftest.py files hold fixtures.
"""
