// name: space_properties
// mode: read
// returns: one
// params: space
// Every property of one space node, for the export's space record; no row when the space
// does not exist.
MATCH (s:Space {name: $space})
RETURN properties(s) AS props
