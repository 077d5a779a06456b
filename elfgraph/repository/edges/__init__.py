"""Queries of cypher/edges/: the connect family."""
