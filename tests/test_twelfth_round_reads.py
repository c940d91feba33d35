"""Issue 41, heldout44's and rulings/blind38's first reads (b6b0d32), and the hostile rounds 79–80: posts read wrong or
left silent, mended by class and tested on posts written here, never on the sets' own words."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest
from tallykit import START, Thread, game
from test_eleventh_round_reads import _proxies
from test_hostile_round56 import _day

from tally.day import tally_day
from tally.game import Player
from tally.rules import load_preset


def _two_two() -> Thread:
    """The 2 : 2 day of test_hostile_round56._day (郭靖 and 杨康, two ballots each), to add posts to."""
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    return t


def _folded(t: Thread, post, rules=None):
    """The s10 day of thread `t` folded: (the tally, `post`'s entry)."""
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], rules or load_preset("s10"))
    return result, next(e for e in result.entries if e.pid == post.pid)


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
    t = _two_two()
    close = datetime.fromisoformat(game("s10").days[0].close)
    rules = replace(load_preset("s10"), blackout_minutes=60)
    late = t.add("穆念慈", "Vote 杨康 lol 开玩笑的 不改", (close - START).total_seconds() / 3600 - 0.1)
    _, entry = _folded(t, late, rules)
    assert entry.verdict != "counted" and not entry.needs_review, entry
    early = _two_two()
    joke = early.add("穆念慈", "Vote 杨康 lol 开玩笑的 不改", 5)
    _, entry = _folded(early, joke, rules)
    assert entry.needs_review, entry  # before the bar, a change it might be is the director's


# -- the hostile round 80 (a0e08b5): words a reader cannot see -----------------------------------------------------------

def test_words_in_the_colour_of_their_ground_are_unseen_on_the_page_and_in_check_vote():
    """M38 「投[backcolor=black][color=black]杨康，不[/color][/backcolor]郭靖」: readers see 投▇▇郭靖, the tool counted 杨康 and
    posted 杨康 出局; check-vote read every white word (#FFF, White, transparent) as seen — it had no style at all."""
    import json
    import subprocess
    import sys

    from selectolax.lexbor import LexborHTMLParser

    from grammar.colors import style_of_bbcode
    from scraper.message import read_message

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


@pytest.mark.parametrize("text", ["no vote for 杨康, he is town", "I won't vote 杨康, he seems town", "not voting 杨康",
                                  "投杨康的话我就是狗，不可能"])
def test_a_ballot_said_not_to_be_cast_is_never_counted(text):
    """The hostile round 80 (M36, N04, N13: each posted 杨康 出局): the vote said not to be cast, in English, or put as the
    condition of an oath, was counted. Never a certain ballot now."""
    _, (entry,) = _day(("欧阳锋", text))
    assert entry.verdict != "counted", entry
    # the plain English ballot still counts
    _, (entry,) = _day(("欧阳锋", "vote 杨康, he is scum"))
    assert entry.verdict == "counted" and entry.target == "杨康", entry


def test_a_copy_of_our_final_a_moderator_puts_in_the_opening_post_is_neither_ours_nor_edited(tmp_path):
    """The hostile round 80 (L61): before the first posting run a 版主 appended a copy of our final — its marker one we
    issued for dayN.bbcode, its result flipped — to the director's opening post. It was taken for our post and the
    opening post was edited whole into the result. We only ever reply: the opening post is never edited, and a 版主's
    copy in it is not our result — ours is posted as a reply, once."""
    from test_poll_discuz import final_posts, run

    from bansha.demo import game as demo

    board = demo.build()
    with board:
        run(board, tmp_path)  # a run that posts nothing writes day1.bbcode, its marker id issued and recorded
        copied = (tmp_path / "out" / "day1.bbcode").read_text("utf-8")
        opening = next(p for p in board.threads[demo.VOTE_TID].posts if p.position == 1)
        rules_post = opening.bbcode
        opening.bbcode = f"[i=s] 本帖最后由 版主 于 2026-11-29 12:00 编辑 [/i]\n\n{rules_post}\n\n{copied}"
        result, lines = run(board, tmp_path, post=True)
        assert opening.bbcode.endswith(copied) and rules_post in opening.bbcode, lines  # not edited
        replies = [p for p in final_posts(board) if p.position != 1]
        assert len(replies) == 1, lines


def test_a_ruling_said_to_be_copied_from_another_game_is_not_applied():
    """The hostile round 80 (L19: 杨康 出局 posted): 「5楼无效。——以上是我复制的上一局的裁定」 was applied to this game's 5楼."""
    assert _ruled("5楼无效。\n——以上是我复制的上一局的裁定") == {}
    assert _ruled("5楼无效。以上是我的裁定，有问题私信") == {5: ("invalid", None, None)}


def test_the_floor_a_post_copied_is_not_the_floor_ruled():
    """「12楼 复制了2楼的内容，无效」 voided 2楼, the ballot copied — as 回复 #17, the floor named after the verb is the story."""
    assert _ruled("12楼 复制了2楼的内容，无效") == {12: ("invalid", None, None)}


@pytest.mark.parametrize("text", ["欧阳锋那票我代了：杨康", "欧阳锋 私信：杨康", "收到。欧阳锋：杨康", "欧阳锋→杨康", "欧阳锋 票→杨康 （私）",
                                  "欧阳锋（私信）：杨康", "[quote]欧阳锋：帮我投杨康[/quote]\n代投如上"])
def test_a_proxy_in_the_directors_shorthand_is_never_dropped(text):
    """The hostile round 80 (L01, M23, M25, M27, M28: each a tie posted): the director's proxy in shorthand — one player,
    a colon or an arrow, another — was read as nothing the director said. It is his to confirm, with the proxy's reading."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and entry.voter == "欧阳锋" and "杨康" in (entry.target, *entry.readings), entry
    assert not result.certain
    # a notice or a ruling naming one player is no proxy
    _, (entry,) = _day(("导演", "杨康：无效"))
    assert not (entry.kind == "proxy" and entry.needs_review), entry


def test_a_floor_voided_inside_a_wagons_bracket_is_ruled():
    """The hostile rounds 79–80 (N09: 无人出局 posted where 杨康 goes out): 「郭靖 3票（6、7、9楼；5楼欧阳克禁言中，无效）」 in the
    director's day summary voids 5楼 — the floor left out of the wagon; the wagon's own floors are no ruling."""
    assert _ruled("【第1天小结】截至关门：杨康 4票（2、3、4、8楼），郭靖 3票（6、7、9楼；5楼欧阳锋禁言中，无效）。") == {
        5: ("invalid", None, None)}
    assert _ruled("截至关门：杨康 4票（2、3、4、8楼），郭靖 3票（6、7、9楼）。") == {}


@pytest.mark.parametrize("text, meant", [("这轮我站杨康出", "杨康"), ("郭靖我就不投了，杨康", "杨康"), ("楊康，就他了", "杨康"),
                                         ("投七公的对家——杨康", "杨康"), ("今天出杨康，我的票", "杨康"), ("我選楊康", "杨康")])
def test_a_ballot_in_words_no_form_holds_is_never_certain_talk(text, meant):
    """The hostile round 80 (M33, M34, M35, L44, r80-295: each a tie posted): a player named in a clause that speaks of a
    ballot, in everyday words or Traditional script, was read as talk, certain. Asked now, with the player a reading."""
    _, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review or entry.verdict == "counted", entry
    assert meant in (entry.target, *entry.readings), entry
    # talk that names a player and speaks of no ballot stays talk
    for said in ("杨康出来解释一下", "今天出门了，杨康晚点说", "我觉得杨康是狼"):
        _, (entry,) = _day(("欧阳锋", said))
        assert not entry.needs_review and entry.verdict != "counted", (said, entry)


@pytest.mark.parametrize("text", ["欧阳锋手机没电了，托我：杨康", "欧阳锋说他这票给杨康，让我转告一下", "欧阳锋让我转达：杨康",
                                  "我替师父欧阳锋出一票：杨康", "欧阳锋 → 杨康（他托我发的）", "欧阳锋：我投杨康（他让我贴的）"])
def test_a_relay_is_weighed_as_its_principals_ballot(text):
    """The hostile rounds 78–80 (r2 r9 r10, M31, x19: ties posted): a ballot a player passes on for another was weighed for
    nobody, or as the poster's own second ballot. Its reading is now the principal's ballot for the player named."""
    from tally import certainty

    _, (entry,) = _day(("穆念慈", text))
    assert entry.needs_review, entry
    assert any(r.voter == "欧阳锋" and r.target == "杨康" for r in certainty.readings(entry)), certainty.readings(entry)


def test_the_directors_recast_of_a_floor_is_a_ruling():
    """The hostile round 80 (M11: 无人出局 posted, nothing listed): 「5楼的票我替他改成杨康」 was read as nothing at all."""
    assert _ruled("5楼的票我替他改成杨康") == {5: ("counts_as", "杨康", None)}
    # (the hostile round 81, W15/V07: 「改判给」「判给」 ignored, a tie posted)
    assert _ruled("5楼的票改判给杨康") == _ruled("5楼的票判给杨康") == {5: ("counts_as", "杨康", None)}
    assert _ruled("5楼无效，现改判为有效") == {5: ("valid", None, None)}
    assert _ruled("21楼 改票改成 杨康，无效") == {21: ("invalid", None, None)}  # a change told in the reason is no recast


def test_a_second_player_glued_to_the_target_is_asked():
    """The hostile round 79 (c8): 「投杨康郭靖（前面那个是打错的）」 counted for 杨康, certain — the name right after it unread."""
    result, (entry,) = _day(("欧阳锋", "投杨康郭靖（前面那个是打错的）"))
    assert entry.needs_review and {"杨康", "郭靖"} <= {entry.target, *entry.readings} and not result.certain, entry
    _, (entry,) = _day(("欧阳锋", "投票对象：杨康\n投票理由：郭靖说得对"))
    assert not entry.needs_review, entry  # a player named in the reason is the reason's


@pytest.mark.parametrize("text", ["加一", "复制"])
def test_a_follow_up_under_a_quoted_ballot_in_other_words_is_asked(text):
    """The hostile round 80 (M40: a tie posted): 「加一」 under the forum's quote of a ballot was talk, certain."""
    t = _two_two()
    follow = t.add("欧阳锋", text, 2, quote=t.posts[0])
    result, entry = _folded(t, follow)
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry


# -- heldout45's first read (36e6c49): its days held where their writer lets a tool post ---------------------------------

from test_eleventh_round_reads import ROSTER  # noqa: E402

from grammar import director  # noqa: E402
from grammar.names import Roster  # noqa: E402


def test_how_often_after_the_verb_is_no_second_target():
    """d02 #11 「vote 锥形瓶 ⏎ 重新投一次，这次写全名」 was read as two ballots, one of them for 「一次」."""
    _, (_first, entry) = _day(("欧阳锋", "投票：小康"), ("欧阳锋", "vote 杨康\n重新投一次，这次写全名"))
    assert entry.target == "杨康" and "一帖多票" not in entry.reason, entry


def test_a_closing_count_under_a_bracketed_heading_reads_every_row():
    """d03 「【第三日结果】油条 4（汤圆、…），达到出局线 3.6，出局。」: the first row sat on the heading's line and words followed
    its bracket — the whole count was lost and said to leave every voter out; d02 「酒精灯〔代投〕」 in a row was read as a
    proxy nobody could place."""
    text = "【第三日结果】杨康 3（郭靖、黄蓉、穆念慈〔代投〕），达到出局线，出局。\n郭靖 1（杨康）\n弃权：洪七公。"
    read = director.read(text, ROSTER, ("导演",))
    assert read.count == {"郭靖": "杨康", "黄蓉": "杨康", "穆念慈": "杨康", "杨康": "郭靖", "洪七公": None}, read.count
    assert not read.doubts, read.doubts


def test_the_count_promised_for_later_puts_off_no_ruling():
    """blind39 cm062 (phone run-on): 「…改票无效按原票过山车算 就这样 晚上回电脑再发正式票数」 — the count is to come, the rulings
    are made; every floor had waited."""
    assert _ruled("12楼无效只有对象没写理由 15楼有效计郭靖 就这样 晚上回电脑再发正式票数") == {
        12: ("invalid", None, None), 15: ("counts_as", "郭靖", None)}
    assert _ruled("12楼 暂定无效，晚上回电脑再确认") == {}  # the ruling itself put off still waits


def test_the_same_reasoning_for_another_player_counts_for_that_player():
    """blind39 cm019: 「第十一楼 有效，计为 桅杆。…第十四楼…同理，只错一个同音字，计为 望远镜。」 — 同理 is the reason; 14楼 was left
    unread as two verdicts that disagree. Another kind of verdict beside 同理 still disagrees and waits."""
    assert _ruled("11楼 有效，计为 郭靖。14楼 同理，计为 黄蓉。") == {11: ("counts_as", "郭靖", None), 14: ("counts_as", "黄蓉", None)}
    assert 14 not in _ruled("11楼 无效。14楼 同理，计为 黄蓉。")


# -- the hostile round 81 (36e6c49): wrong results it posted on the lab --------------------------------------------------

@pytest.mark.parametrize("text", ["everyone vote 杨康 except me", "all vote 杨康 but not me", "有人让我投杨康，我拒绝"])
def test_a_call_to_others_or_a_request_refused_is_not_the_posters_ballot(text):
    """W01, V01, V02: each counted for 杨康, certain — a wrong elimination posted."""
    _, (entry,) = _day(("欧阳锋", text))
    assert entry.verdict != "counted", entry
    _, (_first, entry) = _day(("欧阳锋", "投票：郭靖"), ("欧阳锋", "大家让我投杨康，那我就投杨康吧"))  # (a change it may be: asked)
    assert entry.needs_review or entry.target == "杨康", entry


@pytest.mark.parametrize("yes", ["好", "收到", "OK", "代投如上"])
def test_a_yes_under_a_quoted_request_is_the_directors_to_confirm(yes):
    """W02, V05, V06: the director quotes a player's request and replies 「好」 — dropped, a tie posted; the README hands it
    to the director."""
    t = _two_two()
    asked = t.add("欧阳锋", "导演，我明天出差，帮我代投杨康，谢谢", 2)
    answer = t.add("导演", yes, 2.5, quote=asked)
    result, entry = _folded(t, answer)
    assert entry.needs_review and "欧阳锋" in entry.relayed_for and not result.certain, entry


def test_where_the_original_ballot_is_is_no_floor_of_the_changes_list():
    """blind39 cm003: 「他的原票在18楼，40楼是直接新发的帖子，…所以改票无效」 voided 18楼 with 40楼 — the original the post says stands."""
    assert _ruled("他的原票在18楼，40楼是新发的帖子，所以改票无效。") == {40: ("invalid", None, None)}
    assert _ruled("18楼，40楼 无效。") == {18: ("invalid", None, None), 40: ("invalid", None, None)}  # a list is still a list


def test_a_run_reversed_by_a_bidi_override_is_read_as_shown_and_asked():
    """The hostile round 81 (K50: a tie posted): 「投\\u202e康杨\\u202c」 shows 投杨康; the scraper stripped the controls and the tally
    read 康杨 with no 杨康 reading, proving the post could change nothing. The text is kept as shown, the order as written beside."""
    from scraper import pages
    from scraper.model import Post, ThreadPage

    post = Post(pid=7, tid=1, floor=2, author="欧阳锋", author_uid=9, posted_at="2026-11-21T10:00:00+08:00",
                time_precision="second", edited_by=None, edited_at=None, quotes=[], text="投\u202e康杨\u202c，理由：划水", html="",
                status="normal", style={"colors": [], "sizes": []})
    page = ThreadPage(variant="x3", tid=1, fid=2, subject="投票帖", page=1, last_page=1, replies=1, posts=[post])
    pages._strip_controls(page)
    assert post.text == "投杨康，理由：划水" and post.style["bidi"] == "投康杨，理由：划水", post
    t = _two_two()
    shown = t.add("欧阳锋", post.text, 2)
    t.posts[-1] = replace(shown, style=post.style)
    result, entry = _folded(t, shown)
    assert entry.needs_review and "杨康" in (entry.target, *entry.readings) and not result.certain, entry


@pytest.mark.parametrize("author, text, voter, target", [("穆念慈", "欧阳锋 QQ 上说他投杨康", "欧阳锋", "杨康"),
                                                          ("穆念慈", "歐陽鋒讓我轉告：楊康", "欧阳锋", "杨康"),
                                                          ("欧阳锋", "杨康我是不会投的，郭靖倒是可以考虑，那就郭靖", "欧阳锋", "郭靖")])
def test_relays_in_traditional_or_by_channel_and_a_choice_after_a_refusal_are_weighed(author, text, voter, target):
    """The hostile round 81 (W04, V11, V30: each dropped, a tie posted)."""
    from tally import certainty

    _, (entry,) = _day((author, text))
    assert entry.needs_review, entry
    assert any(r.voter == voter and r.target == target for r in certainty.readings(entry)), certainty.readings(entry)


@pytest.mark.parametrize("text", ["【票型】杨康 5（2、3、4、8楼 + 丘处机代投）郭靖 4（5、6、7、9楼）",
                                  "【票型】杨康 4 票（更正：5 票，漏了丘处机的代投），郭靖 4 票"])
def test_a_proxy_first_shown_inside_the_directors_count_is_asked(text):
    """The hostile round 81 (W07, W08: a tie posted, nothing listed): the README hands a proxy first shown in a count to the
    director."""
    read = director.read(text, Roster(["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "洪七公", "丘处机"]), ("导演",))
    assert read.doubts and ("丘处机", "杨康") in read.readings, (read.doubts, read.readings)


@pytest.mark.parametrize("text", ["郭靖说得对，投他说的那个", "投他说的那个"])
def test_a_ballot_for_whom_another_named_weighs_every_player(text):
    """The hostile round 80 (RM41, a tie posted): 「投他说的那个」 — the player meant is whom another named: any may be."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and {"杨康", "郭靖"} <= set(entry.readings) and not result.certain, entry
    _, (entry,) = _day(("欧阳锋", "他说的那个人很可疑"))
    assert not entry.needs_review, entry
