"""One async function per Cypher file; each takes a transaction first, keywords after.

`elfgraph/repository/<folder>/<name>.py` holds the function `<name>` for
`cypher/<folder>/<name>.cypher`. Schema migrations (`cypher/schema/`) are the exception:
they take no parameters and are run in order by `elfgraph.migrations`.
"""
