// name: correction_source
// mode: read
// returns: one
// params: space, id, new_id
// What correct() carries over from the block it corrects: its status, content, tags,
// category, source, session, speaker and confidence with the evidence behind it; and the status of
// a block that already has the new text's id, if one does (an active one refuses the
// correction, another makes the new block take a random id, as learn does).
MATCH (b:Block {space: $space, id: $id})
OPTIONAL MATCH (taken:Block {space: $space, id: $new_id})
RETURN b {.id, .status, .content, .tags, .category, .source, .session_id, .confidence,
          .self_alignment, .outcome_evidence, .speaker, .speaker_key} AS block,
       taken.status AS taken
