"""House rules over posts and ballots: pure functions, no I/O."""
