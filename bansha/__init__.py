"""The `bansha` command: wires scraper, grammar and tally together."""
