"""The MCP face: one space's memory as tools for an agent host (`elfgraph mcp`).

Built on the official `mcp` SDK (`pip install '.[mcp]'`). `serve` opens the space first
(a bad connection fails there, as one error), then serves it; a session opens with the
first tool call and ends after 30 minutes without one (the memory clock advances only
while an agent works), and on shutdown. Tools take pydantic-validated arguments and
return structured results; errors are tool errors whose text ends with a recovery naming
tools and their arguments.
"""

from elfgraph.mcp_server.server import ElfgraphMCPServer, build_server, first_elfgraph_error, serve
from elfgraph.mcp_server.session import IDLE_SECONDS, Served

__all__ = [
    "IDLE_SECONDS",
    "ElfgraphMCPServer",
    "Served",
    "build_server",
    "first_elfgraph_error",
    "serve",
]
