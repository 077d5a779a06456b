"""Sessions and the active-hours clock."""
