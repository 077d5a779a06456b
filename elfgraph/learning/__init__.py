"""learn / learn_many / remember: checked blocks into the inbox."""
