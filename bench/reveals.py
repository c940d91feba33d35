"""How the tool reads 揭秘 posts written by others, blind to the reader (fixtures/reveals-blind).

    .venv/bin/python bench/reveals.py [fixtures/reveals-blind] [--show]

Each post is read as `bansha reveal` reads it (grammar/reveal.py with the seed's preset camps) and compared with
the truth a careful director wrote beside it:

  reveal/not     is it read as a reveal (and a result post, a guess list, an awards post as none)
  right alone    a clear post read certain, every seat's camp and role and the winner as the truth says
  asked          a post with a doubt in the truth that the draft asks about (is not certain)
  missed ask     a post with a doubt in the truth that the draft calls certain
  needless ask   a clear post the draft does not call certain
  wrong seats    seats the draft states without a doubt with another camp than the truth (the failure that matters:
                 a confirmed draft would file them in the wrong camp), and with another role
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from grammar.names import Roster  # noqa: E402
from grammar.reveal import read_reveal  # noqa: E402
from tally.rules import load_camps  # noqa: E402

PRESET = {"000": "shediao", "001": "s10", "002": "qisha", "003": "anshazhe", "004": "mahjong"}


def _role(ours: str) -> str:
    return ours.split("（")[0]


def measure(folder: Path, show: bool = False) -> dict:
    truth = json.loads((folder / "truth.json").read_text("utf-8"))
    counts = {"posts": 0, "reveals": 0, "reveal_agree": 0, "clear": 0, "right_alone": 0, "needless_ask": 0,
              "doubtful": 0, "asked": 0, "missed_ask": 0, "seats": 0, "wrong_camp": 0, "wrong_role": 0, "no_role": 0, "winner_wrong": 0}
    for name, case in sorted(truth.items()):
        text = (folder / name).read_text("utf-8")
        draft = read_reveal(text, Roster(case["roster"]), load_camps(PRESET[case["game"]]))
        counts["posts"] += 1
        counts["reveal_agree"] += draft.is_reveal == case["is_reveal"]
        notes = []
        if draft.is_reveal != case["is_reveal"]:
            notes.append(f"read as {'a reveal' if draft.is_reveal else 'no reveal'}")
        if not case["is_reveal"]:
            if show and notes:
                print(name, "; ".join(notes))
            continue
        counts["reveals"] += 1
        wrong = []
        for seat, want in case["seats"].items():
            got = draft.seats.get(seat)
            if got is None or got.doubts or not (got.role or got.camp):
                continue
            counts["seats"] += 1
            if (want.get("camp") or "") != got.camp:
                counts["wrong_camp"] += 1
                wrong.append(f"{seat}: camp {got.camp!r} (truth {want.get('camp')!r})")
            elif want.get("role") and not got.role:
                counts["no_role"] += 1  # the camp right, the role left unsaid (a camp list without roles)
            elif want.get("role") and _role(got.role) != want["role"]:
                counts["wrong_role"] += 1
                wrong.append(f"{seat}: role {got.role!r} (truth {want['role']!r})")
        winner_right = (draft.winner or None) == (case.get("winner") or None)
        if draft.certain and not winner_right:
            counts["winner_wrong"] += 1
            wrong.append(f"winner {draft.winner!r} (truth {case.get('winner')!r})")
        if case["clear"]:
            counts["clear"] += 1
            if draft.certain and not wrong and winner_right:
                counts["right_alone"] += 1
            elif not draft.certain:
                counts["needless_ask"] += 1
                notes.append("asked: " + " | ".join(draft.questions()[:3]))
        else:
            counts["doubtful"] += 1
            if draft.certain:
                counts["missed_ask"] += 1
                notes.append("missed: " + " | ".join(map(str, case.get("doubts", [])[:2])))
            else:
                counts["asked"] += 1
        notes += wrong
        if show and notes:
            print(name, "; ".join(notes))
    return counts


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    folder = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "fixtures" / "reveals-blind"
    c = measure(folder, show="--show" in sys.argv)
    print(f"{c['posts']} 帖：是否揭秘判对 {c['reveal_agree']}/{c['posts']}；"
          f"清楚的揭秘 {c['clear']} 帖，独立读对 {c['right_alone']}，多问 {c['needless_ask']}；"
          f"有疑问的 {c['doubtful']} 帖，问到 {c['asked']}，漏问 {c['missed_ask']}；"
          f"没有疑问地写出的 {c['seats']} 个座位里阵营错 {c['wrong_camp']}、身份错 {c['wrong_role']}、"
          f"阵营对而身份没写出 {c['no_role']}；获胜方错 {c['winner_wrong']}")


if __name__ == "__main__":
    main()
