"""After the game: the archive as a static site (揭秘) and as JSON/CSV for analysis."""
