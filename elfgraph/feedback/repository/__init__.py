"""One async function per file of cypher/feedback/: the transaction first, keywords after."""
