"""One async function per file of cypher/sessions/: the transaction first, keywords after."""
