"""A board's history at scale: adding a game, adding it again, and the report of a 10³-game board.

    .venv/bin/python bench/board.py

1. Adding one game (bansha board add's work: the days' tallies, 潜水, the rows) for a small and a ten-times
   larger game of the same shape — the demo board's first game with 6 and 60 discussion posts per seat and day —
   archived from the demo forum. Adding is linear in a game's size; adding it again unchanged only reads the
   archive's per-thread totals (the signature) and writes nothing.
2. A generated board of 1,000 games (12 seats, 5 days, 2,000 accounts; as many rows as a board whose games hold
   10⁶–10⁷ posts, which stay in each game's own archive): storing every game, then the 战绩 post and the site
   built from the board alone, and the database's size. Target: the report in seconds.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bansha import board, pipeline  # noqa: E402
from bansha.board import report  # noqa: E402
from bansha.demo import board as games  # noqa: E402
from scraper import archive  # noqa: E402
from scraper import board as store  # noqa: E402
from scraper.client import ForumClient  # noqa: E402
from scraper.sync import sync_thread  # noqa: E402
from tally import reveal as reveal_file  # noqa: E402
from tally.rules import load_camps  # noqa: E402


def one_game(folder: Path, rounds: int) -> tuple[int, float, float]:
    """(posts, seconds to add, seconds to add again) for the demo's first game with `rounds` posts a seat a day."""
    forum = games.new_forum()
    forum.ppp = 100
    game = games.GAMES[0]
    games.build_board(forum, game, rounds=rounds)
    with forum:
        base = forum.base_url
        game_file = folder / f"g{rounds}.toml"
        game_file.write_text(game.toml(base), "utf-8")
        db = archive.open_db(game_file.with_suffix(".db"))
        with ForumClient(min_interval=0) as client:
            for tid in [game.process_tid, *(t for d in game.ballots for t in (game.vote_tid(d), game.discussion_tid(d)))]:
                sync_thread(client, db, f"{base}forum.php?mod=viewthread&tid={tid}", full=True, source="pc")
    loaded, rules = pipeline.load_game(game_file)
    found = board.find_reveal(db, loaded)
    reveal = reveal_file.confirmed_text(reveal_file.draft_text(found.draft, loaded, source=found.source,
                                                               camps=load_camps(loaded.preset)))
    into = store.open_board(folder / f"b{rounds}.db")
    text = game_file.read_text("utf-8")
    started = time.perf_counter()
    board.add_game(into, db, loaded, rules, game_text=text, reveal_text=reveal)
    first = time.perf_counter() - started
    started = time.perf_counter()
    again = board.add_game(into, db, loaded, rules, game_text=text, reveal_text=reveal)
    second = time.perf_counter() - started
    assert not again.changed
    return db["posts"].count, first, second


def generated_rows(number: int, rng: random.Random, pool: int) -> dict[str, list[dict]]:
    """One game's rows, shaped as tally/board.game_rows makes them."""
    key = f"bbs.example.com/{10_000 + number}"
    seats = [f"座位{i}" for i in range(12)]
    uids = rng.sample(range(1, pool + 1), 12)
    camps = ["好人方"] * 8 + ["杀手方"] * 4
    rng.shuffle(camps)
    winner = rng.choice(["好人方", "杀手方"])
    accounts = [{"key": f"bbs.example.com#{u}", "host": "bbs.example.com", "uid": u, "name": f"玩家{u}"} for u in uids]
    seat_rows = [{"game": key, "seat": s, "account": a["key"], "name": a["name"], "from_day": 1, "to_day": 5,
                  "role": "平民" if c == "好人方" else "杀手", "camp": c, "won": int(c == winner),
                  "out_by": rng.choice([None, "vote", "night"]), "out_day": rng.randint(1, 5), "days_alive": rng.randint(1, 5),
                  "voted_out": rng.randint(0, 1), "posts": rng.randint(10, 400)} for s, a, c in zip(seats, accounts, camps)]
    days = [{"game": key, "key": str(d), "day": d, "round": 0, "label": f"第{d}天", "kind": "vote", "outcome": "out",
             "names": rng.choice(seats), "certain": 1} for d in range(1, 6)]
    ballots = [{"game": key, "day_key": str(d), "voter_seat": s, "voter_account": a["key"], "target_seat": rng.choice(seats),
                "weight": 1.0, "hit": rng.randint(0, 1)} for d in range(1, 6) for s, a in zip(seats, accounts)]
    results = [{"game": key, "day_key": str(d), "seat": s, "votes": float(rng.randint(0, 5)), "out": 0}
               for d in range(1, 6) for s in seats[:6]]
    marks = [{"game": key, "day": rng.randint(1, 5), "seat": s, "account": a["key"], "kind": "潜水", "reason": ""}
             for s, a in zip(seats, accounts) if rng.random() < 0.1]
    game = {"key": key, "name": f"[{number}]生成的对局", "preset": rng.choice(["shediao", "qisha", "anshazhe"]),
            "forum": "https://bbs.example.com/", "host": "bbs.example.com", "revealed": 1, "winner": winner, "days": 5, "seats": 12}
    return {"games": [game], "accounts": accounts, "seats": seat_rows, "days": days, "results": results,
            "ballots": ballots, "marks": marks}


def big_board(folder: Path, number: int = 1000, pool: int = 2000) -> None:
    rng = random.Random(44)
    path = folder / "big.db"
    into = store.open_board(path)
    started = time.perf_counter()
    for n in range(number):
        store.save_game(into, generated_rows(n, rng, pool), signature=str(n))
    stored = time.perf_counter() - started
    started = time.perf_counter()
    rows = store.load_rows(store.open_board(path, readonly=True))
    loaded = time.perf_counter() - started
    started = time.perf_counter()
    post = report.bbcode(rows, title="生成的版块")
    posted = time.perf_counter() - started
    started = time.perf_counter()
    files = report.write_site(rows, folder / "site", title="生成的版块")
    site = time.perf_counter() - started
    print(f"{number} 局的战绩库：写入 {stored:.1f} s（每局 {1000 * stored / number:.1f} ms），{path.stat().st_size / 1e6:.1f} MB；"
          f"读出 {loaded:.2f} s，战绩帖 {posted:.2f} s（{len(post) // 1000} KB），网站 {site:.2f} s（{len(files)} 个文件）")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        one_game(Path(folder) / "warm", 1) if (Path(folder) / "warm").mkdir() is None else None  # imports, caches
        sizes = []
        for rounds in (6, 60):
            posts, first, second = one_game(Path(folder), rounds)
            sizes.append((posts, first))
            print(f"一局 {posts} 帖：收进战绩库 {1000 * first:.0f} ms，没有变化时再收一次 {1000 * second:.1f} ms")
        (small, t_small), (large, t_large) = sizes
        print(f"帖子多 {large / small:.1f} 倍，用时多 {t_large / t_small:.1f} 倍")
        big_board(Path(folder))


if __name__ == "__main__":
    main()
