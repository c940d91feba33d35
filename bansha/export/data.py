"""The whole game as JSON or CSV, for people who analyse games."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import sqlite_utils

from scraper import archive, model
from tally.certainty import Reading
from tally.game import Game
from tally.rules import Rules

from .. import pipeline
from .site import day_tallies, part_in


def game_data(db: sqlite_utils.Database, game: Game, rules: Rules) -> dict:
    threads = pipeline.game_threads(db, game)
    days = [{"key": key, "label": tally.title, "kind": tally.kind, **tally.to_json()}
            for key, tally in day_tallies(db, game, rules).items()]
    return {
        "game": {"name": game.name, "preset": game.preset, "forum": game.forum,
                 "players": [{"name": p.name, "uid": p.uid, "house": p.house, "roles": list(p.roles)} for p in game.players]},
        "threads": [{"tid": tid, "subject": subject} for tid, subject in threads],
        "posts": [p.to_dict() for tid, _ in threads for p in archive.read_posts(db, tid)],
        "days": days,
    }


def export_json(data: dict, path: Path) -> Path:
    model.write_file(path, json.dumps(data, ensure_ascii=False, indent=1))
    return path


def csv_safe(value):
    """A cell Excel would run as a formula (=HYPERLINK…, =cmd|…, +, -, @, tab, CR) is kept as text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


class _SafeDictWriter(csv.DictWriter):
    def writerow(self, rowdict):
        return super().writerow({k: csv_safe(v) for k, v in rowdict.items()})

    def writerows(self, rowdicts):
        for row in rowdicts:
            self.writerow(row)


class _SafeWriter:
    def __init__(self, handle):
        self._writer = csv.writer(handle)

    def writerow(self, row):
        return self._writer.writerow([csv_safe(v) for v in row])


def export_csv(data: dict, folder: Path) -> list[Path]:
    model.output_folder(folder, "CSV 目录")
    post_fields = ["pid", "tid", "floor", "author", "author_uid", "posted_at", "time_precision", "edited_by", "edited_at", "status", "text"]
    files = {}
    with io.StringIO(newline="") as handle:
        writer = _SafeDictWriter(handle, post_fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(data["posts"])
        files["posts.csv"] = handle.getvalue()
    with io.StringIO(newline="") as handle:
        writer = _SafeDictWriter(handle, ["day", "pid", "author", "voter", "kind", "target", "weight", "verdict", "reason",
                                         "needs_review", "form_invalid", "certain", "readings"], extrasaction="ignore")
        writer.writeheader()
        for day in data["days"]:
            for post in day["posts"]:
                readings = [Reading(r["kind"], r["target"], r["for"]).words(post["author"]) for r in post.get("readings") or []]
                writer.writerow({"day": day["day"], **post, "readings": "；".join(readings)})
        files["ballots.csv"] = handle.getvalue()
    with io.StringIO(newline="") as handle:
        writer = _SafeWriter(handle)
        # One row per player with votes; `outcome` is that player's own (a day's 「李逵 出局」 is not everyone's).
        writer.writerow(["day", "round", "name", "votes", "outcome"])
        for day in data["days"]:
            for name, votes in day["totals"].items():
                part = part_in(day.get("kind", "vote"), day["outcome"]["kind"], day["outcome"]["names"], name)
                writer.writerow([day["day"], day.get("label", ""), name, votes, part])
        files["totals.csv"] = handle.getvalue()
    for name, text in files.items():
        model.write_file(folder / name, text, "utf-8-sig")  # the BOM: Excel opens Chinese right
    return [folder / name for name in files]
