// name: retracted_epoch
// mode: read
// returns: one
// params: space
// The vector epoch of the space's last forget or correct (docs/BEHAVIOUR.md §12), 0 before
// any: a frame cached before it may show what was forgotten or corrected, so a cached frame
// is used only while this is the value it was made under (elfgraph/state.py). One seek on
// the Space node's unique name. No row when the space is gone.
MATCH (s:Space {name: $space})
RETURN coalesce(s.retracted_epoch, 0) AS epoch
