"""All network and storage I/O of bansha: read Discuz! pages, fetch threads, keep the archive."""
