"""The service face: `elfgraph serve`, one ASGI server (Starlette on uvicorn) for every
space of a database, behind keys per space (docs/DEPLOYMENT.md, "The service").

    elfgraph keys create --space my-agent --scope write
    elfgraph serve --port 8766

It adds transport, keys and limits, and no memory logic of its own: each operation route
calls the MemorySystem method of the same name (elfgraph.wire has the table).
"""
