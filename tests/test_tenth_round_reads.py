"""Issue 41, the tenth round's sets (rulings/blind27 read once at 2387084, heldout33 after it): what their first read
missed, mended by class and tested on posts written here — a talk floor voided with its poster named beside it, an
English 「quotes his own #6」 as the ballot's context, the original a void change falls back to when the player it counts
for is named after 计, and 所以 that is no 以."""

from __future__ import annotations

from test_ruling_blind import read as ruled_day

from grammar import ruling
from grammar.names import Roster

ROSTER = Roster(["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公"])


def _ruled(text: str) -> dict:
    post = ruling.read(text, roster=ROSTER)
    return {i.ref[1]: (i.verdict, i.target) for i in post.items} if post and not post.held else {}


def test_the_original_a_void_change_falls_back_to_counts_in_a_sentence_of_its_own():
    text = "44楼 郭靖 的改票是新开的一帖，没有回复他自己的21楼，改票无效；按21楼原票计黄蓉。"
    assert _ruled(text) == {44: ("invalid", None), 21: ("valid", None)}


def test_so_is_no_by_before_the_floor_it_rules():
    assert _ruled("洪七公 昨天已发动若愚，此后投票不计入票数，所以 17楼 洪七公 的票不计。") == {17: ("invalid", None)}


def test_the_floor_an_english_ruling_says_the_change_quotes_is_its_context():
    assert _ruled("14# 杨康 写的 unvote, vote 郭靖，quotes his own 6#, 算改票，有效，计郭靖。") == {14: ("counts_as", "郭靖")}


def _on_talk(text: str):
    item = {"id": "t", "author_role": "director", "text": text, "players": ["郭靖", "黄蓉", "杨康", "穆念慈"],
            "floors_exist": {"5": {"author": "黄蓉", "voted": "郭靖", "kind": "vote"},
                             "6": {"author": "穆念慈", "voted": None, "kind": "chat", "note": "+1"}}}
    _, entries, rulings, unread = ruled_day(item)
    floors = {e.pid: e.floor for e in entries.entries}
    return {floors[pid]: r.decision for pid, r in rulings.items()}, [w for u in unread for w in u.why]


def test_a_talk_floor_voided_with_its_poster_named_is_the_floor_meant():
    assert _on_talk("6楼 穆念慈 只贴了个「+1」，不计。")[0] == {6: "reject"}
    # without the poster beside it, the floor may be another: asked
    rulings, asked = _on_talk("6楼 不计。")
    assert rulings == {} and any("#6" in why for why in asked), asked
    # the poster named is someone else: asked, never applied
    rulings, asked = _on_talk("6楼 黄蓉 不计。")
    assert 6 not in rulings, rulings
