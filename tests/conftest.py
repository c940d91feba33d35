"""Shared test fixtures: where the captured real pages live, and the demo forum server."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The real pages captured from Discuz! X3.5 are read in place, never copied into the repository.
SHARED = Path(os.environ.get("BANSHA_SHARED", ROOT.parent / "shared"))
CAPTURES = SHARED / "fixtures" / "discuz-x35"
OWN_FIXTURES = ROOT / "fixtures"

needs_captures = pytest.mark.skipif(not CAPTURES.is_dir(), reason="../shared/fixtures/discuz-x35 is absent")


def capture_headers(path: Path) -> dict[str, str]:
    """The response headers saved beside a captured body (`<file>.headers.txt`)."""
    headers: dict[str, str] = {}
    sidecar = path.with_name(path.name + ".headers.txt")
    if sidecar.exists():
        for line in sidecar.read_text("utf-8").splitlines()[1:]:
            if ":" in line and not line.startswith("#"):
                name, _, value = line.partition(":")
                headers.setdefault(name.strip().lower(), value.strip())
    return headers


def load_truth() -> dict[int, dict]:
    """Every post the capture's database held, by pid (pids are unique across the site)."""
    truth: dict[int, dict] = {}
    for path in CAPTURES.glob("**/truth/*.json"):
        for post in json.loads(path.read_text("utf-8"))["posts"]:
            truth[post["pid"]] = post
    return truth
