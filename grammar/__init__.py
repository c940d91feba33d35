"""Vote-post grammar: one post's text → a ballot. Knows nothing of HTTP or SQL."""
