"""consolidate (dream): inbox blocks embedded, deduplicated, analysed and linked."""
