"""Issue 41, heldout44's and rulings/blind38's first reads (b6b0d32), and the hostile rounds 79–80: posts read wrong or
left silent, mended by class and tested on posts written here, never on the sets' own words."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from tallykit import START, Thread, game
from test_eleventh_round_reads import _proxies
from test_hostile_round56 import _day

from tally.day import tally_day
from tally.game import Player
from tally.rules import load_preset


def test_a_retold_request_answered_after_its_closing_quote_is_no_proxy():
    """heldout44 w44_019: the director retells a conditional request and refuses it after the closing quote — the request
    had been read as his proxy, a ballot for the player named inside the quote."""
    for answer in ("带条件的代投按规则不接，这张不计。", "代投不接。", "这个代投不接受。", "不代。"):
        made, _doubts = _proxies(f"郭靖 私信说：“黄蓉今晚不跳身份就投黄蓉，跳了就弃权。”{answer}")
        assert "郭靖" not in made, (answer, made)
    # the same request with the director's yes after the quote is still his proxy
    made, doubts = _proxies("郭靖私信说：“投黄蓉”，代投有效。")
    assert made == {"郭靖": "黄蓉"} and not doubts, (made, doubts)


def test_a_latin_name_a_letter_off_an_announced_one_is_asked_with_that_player():
    """heldout44 w44_095: 「Vote: Emperess」, a letter more than the announced Empress (皇后), was asked with no reading of
    her (nor of anyone): a ruling the director could not make from the list. A letter added, dropped, changed or two
    swapped reads as that player — a reading the director rules, never a match."""
    players = tuple(Player(n, i + 3, aliases=a) for i, (n, a) in enumerate(
        (("皇后", ("Empress",)), ("皇帝", ("Emperor",)), ("教皇", ()), ("女祭司", ()))))
    for written, meant in (("Emperess", "皇后"), ("Empres", "皇后"), ("Emprses", "皇后"), ("Emperer", "皇帝")):
        t = Thread()
        post = t.add("女祭司", f"Vote: {written}", 2)
        g = game("anshazhe", players=players)
        entry = next(e for e in tally_day(t.posts, g, g.days[0], load_preset("anshazhe")).entries if e.pid == post.pid)
        assert entry.needs_review and meant in entry.readings, (written, entry)


def test_the_same_ballot_posted_twice_is_one_ballot_and_says_so():
    """heldout43 w43_137 (「网卡了，可能发了两遍，以前一楼为准」): the repeat was read as a second ballot, void, 「已经在 #N 投过
    票（每人每天限投一票…）」 — the count the same, the words wrong. Now it is the ballot before, posted again."""
    result, (first, again) = _day(("欧阳锋", "投票对象：杨康\n投票理由：划水"),
                                  ("欧阳锋", "投票对象：杨康\n投票理由：网卡了，可能发了两遍，以前一楼为准。"))
    assert first.verdict == "counted" and again.verdict != "counted" and not again.needs_review, again
    assert f"和 #{first.floor} 投的是同一个人" in again.reason, again.reason
    # another target on the second post is still a second ballot
    result, (first, other) = _day(("欧阳锋", "投票对象：杨康\n投票理由：划水"), ("欧阳锋", "投票对象：郭靖\n投票理由：改主意了"))
    assert "投过票" in other.reason and "同一个人" not in other.reason, other.reason


# -- rulings/blind38's first read (b6b0d32): rulings the reader left to the director or read wrong --------------------------

from test_eleventh_round_reads import _ruled  # noqa: E402


def test_void_for_either_side_is_a_reason_the_reader_explains():
    """cl010: 「……投票对象有误，无效，不计入任何一方。」 — 任何一方 was a word no class explained, and the floor waited."""
    assert _ruled("说明：38# 杨康 投的是昨晚已出局的 穆念慈，投票对象有误，无效，不计入任何一方。") == {38: ("invalid", None, None)}


def test_the_opening_posts_rule_cited_as_the_reason_is_no_condition():
    """cl031: 「按1楼说的只要写清投谁和理由也算」 — the rule the opening set, not 只要 putting the ruling on a condition."""
    assert _ruled("11F按1楼说的只要写清投谁和理由也算 计郭靖") == {11: ("counts_as", "郭靖", None)}
    assert _ruled("11F只要他确认也算 计郭靖") == {}  # a condition of the ruling's own still waits


def test_a_range_of_floors_ruled_in_turn_is_each_floor():
    """cl033: 「30~33楼 依次：吊灯、吊灯、弃权、落地灯，全部有效」 — the range spelled out, the names the verdicts in turn, as
    有效 is said of them all; names in turn with no verdict are a count's, and a range with too few names rules nothing."""
    assert _ruled("30~33楼 依次：郭靖、郭靖、弃权、黄蓉，全部有效。") == {
        30: ("counts_as", "郭靖", None), 31: ("counts_as", "郭靖", None), 32: ("abstain", None, None), 33: ("counts_as", "黄蓉", None)}
    assert _ruled("30~33楼 依次：郭靖、弃权、黄蓉，全部有效。") == {}
    assert _ruled("30、31楼 分别 有效、无效") == {30: ("valid", None, None), 31: ("invalid", None, None)}


def test_the_floor_a_change_replies_to_is_not_the_floor_ruled():
    """cl053: 「之后 #35 他回复 #17 的改票就是第二次改票，不算。」 voided #17, the original ballot: mid-sentence, 回复 #17 is the
    floor replied to; at the head of a line it is still the reply header that names the floor ruled."""
    assert _ruled("#35 他回复 #17 的改票就是第二次改票，不算。") == {35: ("invalid", None, None)}
    assert _ruled("#35 回复 #17 的改票不算。") == {35: ("invalid", None, None)}
    assert _ruled("回复 #17 杨康 无效") == {17: ("invalid", None, None)}


def test_a_plan_to_ask_the_director_for_a_proxy_is_talk():
    """heldout44 d01 #13 「明天白天出差，可能赶不上。要是来不及就私信主持代投。」: read as a conditional ballot, its abstention
    reading held a day whose result the proxy decided. Naming nobody, it is talk."""
    _, (entry,) = _day(("欧阳锋", "明天白天出差，可能赶不上。要是来不及就私信主持代投。"))
    assert entry.kind == "none" and not entry.needs_review, entry
    _, (entry,) = _day(("欧阳锋", "要是我没空就帮我代投郭靖"))
    assert entry.needs_review, entry  # a condition that names a player is still the director's


def test_a_second_ballot_no_change_could_make_stand_then_is_settled():
    """heldout44 d02 #21 「Vote 皇后 lol 开玩笑的 不改」 at 12:58, changes barred from 12:00: a joke or not, as a second ballot it
    is void, and as a change too — no reading counts it, so it holds nothing."""
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    g = game("s10")
    close = datetime.fromisoformat(g.days[0].close)
    rules = replace(load_preset("s10"), blackout_minutes=60)
    late = t.add("穆念慈", "Vote 杨康 lol 开玩笑的 不改", (close - START).total_seconds() / 3600 - 0.1)
    entry = next(e for e in tally_day(t.posts, g, g.days[0], rules).entries if e.pid == late.pid)
    assert entry.verdict != "counted" and not entry.needs_review, entry
    early = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        early.vote(voter, target, hours)
    joke = early.add("穆念慈", "Vote 杨康 lol 开玩笑的 不改", 5)
    entry = next(e for e in tally_day(early.posts, g, g.days[0], rules).entries if e.pid == joke.pid)
    assert entry.needs_review, entry  # before the bar, a change it might be is the director's


# -- the hostile round 80 (a0e08b5): words a reader cannot see -----------------------------------------------------------

def test_words_in_the_colour_of_their_ground_are_unseen_on_the_page_and_in_check_vote():
    """M38 「投[backcolor=black][color=black]杨康，不[/color][/backcolor]郭靖」: readers see 投▇▇郭靖, the tool counted 杨康 and
    posted 杨康 出局; check-vote read every white word (#FFF, White, transparent) as seen — it had no style at all."""
    import json
    import subprocess
    import sys

    from selectolax.lexbor import LexborHTMLParser

    from scraper.message import read_message, style_of_bbcode

    page = '投<font style="background-color:black"><font color="black">杨康，不</font></font>郭靖'
    style = read_message(LexborHTMLParser(f"<div id=m>{page}</div>").css_first("#m")).style
    assert "black on black" in style["colors"] and ["black on black", "杨康，不"] in style["spans"], style
    shown = read_message(LexborHTMLParser('<div id=m>投<font style="background-color:yellow"><font color="red">杨康</font></font></div>')
                         .css_first("#m")).style
    assert not any(" on " in c for c in shown["colors"]), shown  # red on yellow is seen
    assert "black on black" in style_of_bbcode("投[backcolor=black][color=black]杨康，不[/color][/backcolor]郭靖")["colors"]
    for text in ("投[backcolor=black][color=black]杨康，不[/color][/backcolor]郭靖", "投[color=White]杨康[/color]郭靖",
                 "投[font=Arial][color=#FFF]杨康[/color][/font]郭靖", "投[color=transparent]杨康，不[/color]郭靖"):
        done = subprocess.run([sys.executable, "-m", "bansha.cli", "check-vote", "--preset", "s10", "--players",
                               "郭靖,黄蓉,杨康,穆念慈,欧阳克", "--author", "欧阳克", "--json"], input=text, capture_output=True,
                              text=True, timeout=60)
        said = json.loads(done.stdout)
        assert not said["certain"] and any(r.get("target") == "郭靖" for r in said["readings"]), (text, said)
