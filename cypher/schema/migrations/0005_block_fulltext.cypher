// name: 0005_block_fulltext
// mode: write
// returns: none
// params:
// The keyword leg of retrieval: Lucene full text over content and summary, with the
// English analyser (stemming, stop words) so "meetings" finds "meeting".
CREATE FULLTEXT INDEX block_text IF NOT EXISTS
FOR (b:Block) ON EACH [b.content, b.summary]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
