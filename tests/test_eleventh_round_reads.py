"""Issue 41, heldout39's first read (e1bdc7a): posts the tool doubted where a careful director reads them at once, mended
by class and tested on posts written here — the word for nobody with the reason after it, 「unvote X, vote Y」 as one
change, one of two proxies corrected by its voter's nickname, a log's closing arrow line, an abstention proxy whose aside
says the player has not decided."""

from __future__ import annotations

from test_hostile_round56 import _day

from grammar import director
from grammar.names import Roster

ROSTER = Roster(["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "洪七公"], {"靖哥哥": "郭靖", "蓉儿": "黄蓉", "老毒物": "欧阳锋",
                                                                      "七公": "洪七公"})


def _proxies(text: str) -> tuple[dict, list]:
    read = director.read(text, ROSTER, ("导演",))
    return {p.voter: p.target for p in read.proxies if p.void is None}, read.doubts


def test_the_word_for_nobody_with_the_reason_after_a_space_is_an_abstention():
    _, (entry,) = _day(("欧阳锋", "投票：弃权 这两天太忙 没看完"), preset="anshazhe")
    assert entry.kind == "abstain" and not entry.needs_review, entry
    # a note that may change it still asks
    _, (entry,) = _day(("欧阳锋", "投票：弃权 或者投杨康"), preset="anshazhe")
    assert entry.needs_review, entry


def test_unvote_naming_the_old_ballot_then_vote_is_one_change():
    _, (_first, entry) = _day(("欧阳锋", "投票：杨康"), ("欧阳锋", "unvote 杨康, vote 郭靖"), preset="anshazhe")
    assert entry.kind == "change" and entry.target == "郭靖", entry


def test_one_of_two_proxies_corrected_by_its_voters_nickname_is_corrected():
    made, doubts = _proxies("代投：蓉儿 → 杨康；老毒物 → 穆念慈。\n更正第二条：老毒物说的是 靖哥哥，不是穆念慈。")
    assert made == {"黄蓉": "杨康", "欧阳锋": "郭靖"} and not doubts, (made, doubts)
    made, doubts = _proxies("代投：蓉儿 → 杨康；老毒物 → 穆念慈。\n更正：老毒物那条看错了，她说的是 郭靖。")
    assert made == {"黄蓉": "杨康", "欧阳锋": "郭靖"} and not doubts, (made, doubts)
    # the correcting line names the other proxy's voter: which one it corrects is the director's
    made, doubts = _proxies("代投：蓉儿 → 杨康；老毒物 → 穆念慈。\n更正：老毒物那条看错了，蓉儿说的是 郭靖。")
    assert doubts, made


def test_an_arrow_line_under_a_pasted_log_gives_the_player_and_the_ballot():
    made, doubts = _proxies("【代投】七公 微信：\n[07:41] 七公：在吗 帮我投杨康\n[07:52] 导演：收到\n→ 洪七公：投票 杨康")
    assert made == {"洪七公": "杨康"} and not doubts, (made, doubts)


def test_an_abstention_proxy_whose_aside_says_the_player_has_not_decided_stands():
    made, doubts = _proxies("代投两张：蓉儿 → 杨康；七公 → 弃权（本人说没想好，先弃）。")
    assert made == {"黄蓉": "杨康", "洪七公": None} and not doubts, (made, doubts)
    # an aside that leaves it open is still asked
    made, doubts = _proxies("代投两张：蓉儿 → 杨康；七公 → 弃权（本人说没想好，等他回复再说）。")
    assert "洪七公" not in made and doubts, (made, doubts)


# -- rulings/blind34's first read (32ba8e1): verdicts written in ways the reader left to the director ------------------

from grammar import ruling  # noqa: E402


def _ruled(text: str) -> dict:
    post = ruling.read(text, roster=ROSTER)
    return {i.ref[1]: (i.verdict, i.target, i.voter) for i in post.items} if post and not post.held else {}


def test_one_verdict_for_several_floors_then_whom_each_counts_for_in_order():
    assert _ruled("7楼、9楼 都只错了一个同音字，规则允许，有效，依次计 郭靖、黄蓉。") == {
        7: ("counts_as", "郭靖", None), 9: ("counts_as", "黄蓉", None)}
    # as many names as floors, or nothing applied
    assert _ruled("7楼、9楼 有效，依次计 郭靖、黄蓉、杨康。") == {}


def test_a_rulings_table_reads_row_by_row_under_a_floor_column():
    table = ("[table]\n[tr][td]楼层[/td][td]判定[/td][td]说明[/td][/tr]\n[tr][td]44[/td][td]有效[/td][td]计 郭靖[/td][/tr]\n"
             "[tr][td]47[/td][td]无效[/td][td]对象写了「郭大侠」[/td][/tr]\n[/table]")
    assert _ruled(table) == {44: ("counts_as", "郭靖", None), 47: ("invalid", None, None)}


def test_an_arrow_inside_a_verdicts_bracket_is_no_count_row():
    assert _ruled("24L、26L、27L 依次为：有效（杨康→郭靖）、无效（对象不明确）、弃权（1楼 约定可以弃权）。") == {
        24: ("valid", None, None), 26: ("invalid", None, None), 27: ("abstain", None, None)}


def test_the_original_named_and_said_to_stand_keeps_the_original():
    assert _ruled("25# 杨康 改投 黄蓉，没有引用原投票帖 → 原票 郭靖 照算。") == {25: ("keep_original", "郭靖", None)}
    # the original's own floor named before it: that floor counts for the player named (blind38 cl048: 「#11 原票 小面 照算」)
    assert _ruled("61楼 杨康 的改票没有引用原帖，无效，29楼 原票 郭靖 照计。") == {61: ("invalid", None, None), 29: ("counts_as", "郭靖", None)}
    assert _ruled("#27 杨康 的改票没有回复自己的 #11，不算；#11 原票 郭靖 照算。") == {27: ("invalid", None, None), 11: ("counts_as", "郭靖", None)}
    # the original post named in brackets is the ballot's own, not another thread's
    assert _ruled("第61楼 杨康 的改票没有引用原帖（原帖 29 楼），无效，29楼 原票 郭靖 照计。") == {
        61: ("invalid", None, None), 29: ("counts_as", "郭靖", None)}


def test_counted_for_one_then_said_to_be_anothers_ballot_is_a_proxy_ruling():
    assert _ruled("41楼 计为 黄蓉，算 洪七公 的票。") == {41: ("for_voter", "黄蓉", "洪七公")}


def test_a_log_closed_by_whose_ballot_goes_to_whom_is_that_proxy():
    made, doubts = _proxies("代投，聊天记录贴一下：\n[QQ 18:42] 七公：导演 帮我代投一下\n[QQ 18:42] 导演：投谁\n"
                            "[QQ 18:43] 七公：杨康吧\n以上，洪七公 的票计入 杨康。")
    assert made == {"洪七公": "杨康"} and not doubts, (made, doubts)


def test_a_rule_cited_before_whom_the_floor_counts_for_is_the_floors_ruling():
    # (heldout41 w41_065: the post had read as no ruling at all — the ballot fixed by contacting the director, silent)
    assert _ruled("7楼 杨康 私信更正：对象是郭靖。按规则联系导演可以更正，按郭靖计。") == {7: ("counts_as", "郭靖", None)}
    # a rule stated alone is still no verdict on the floor before it
    assert 7 not in _ruled("7楼 理由太短。按规则，无效票及时联系导演可以更正。")


# -- rulings/blind35's first read (0e46881) ------------------------------------------------------------------------------


def test_a_day_told_as_when_something_happened_is_not_the_rulings_day():
    post = ruling.read("11楼 洪七公 的票不计入。洪七公 第二天已经发动【若愚】，此后投票不计入总票数。", roster=ROSTER)
    assert post.day is None and {i.ref[1]: i.verdict for i in post.items} == {11: "invalid"}


def test_looked_at_again_is_done_not_put_off():
    assert _ruled("回头看了数据：22楼 杨康 发帖时间是 12:59:47，在截止之前，有效，计 郭靖。") == {22: ("counts_as", "郭靖", None)}
    assert _ruled("22楼 回头我再看看。") == {}


def test_a_space_after_a_verdict_closes_its_clause_on_a_phone():
    assert _ruled("第十二楼洪七公没写理由也无效 都记得重新发帖别编辑") == {12: ("invalid", None, None)}


def test_yesterdays_thread_named_by_its_day_is_another_days_floor():
    post = ruling.read("昨天第一日投票帖的 第十二楼（杨康 投 郭靖）我回头又看了一下，也是无效的。", roster=ROSTER)
    assert post.void and any("昨天" in why for why in post.problems), post


def test_a_recalled_ruling_answered_by_what_really_happened_is_told_and_the_original_ruling_undone():
    post = ruling.read("经 杨康 申诉复核：刚才 20:10 我说 50楼 是关门前一小时内的改票、不计——实际发帖时间是 19:58:40，不属于最后一小时。"
                       "改判：50楼 改票有效，杨康 计 郭靖。原裁定撤销。", roster=ROSTER)
    assert {i.ref[1]: (i.verdict, i.target) for i in post.items} == {50: ("counts_as", "郭靖")} and not post.void, post
    assert post.takes_back  # the earlier post's rulings wait for the director


def test_an_english_aside_that_says_why_the_player_is_away_is_the_proxys_story():
    made, doubts = _proxies("Proxy for 洪七公 (she's on a flight): vote 杨康. 请求是 15:10 私信的。")
    assert made == {"洪七公": "杨康"} and not doubts, (made, doubts)
    made, doubts = _proxies("Proxy for 洪七公 (she's on a flight, not sure): vote 杨康.")
    assert doubts, made


def test_heldout41s_covered_posts_read_by_class():
    # a proxy corrected on a line that opens on what the target is
    made, doubts = _proxies("代投 穆念慈：杨康。\n更正：是郭靖，我抄错了，私信原文是“郭”。")
    assert made == {"穆念慈": "郭靖"} and not doubts, (made, doubts)
    # a proxy made in the format (按格式) is no example of one
    _, doubts = _proxies("代投：洪七公 私信委托，投票对象：杨康。英文那楼不算，他让我按格式代投。")
    assert not any("格式示例" in why for why in doubts), doubts
    # 「投票：pass」 is the English boards' abstention; a sentence's stop then the reason ends the target
    _, (entry,) = _day(("欧阳锋", "投票：pass，两边都不信"), preset="anshazhe")
    assert entry.kind == "abstain" and entry.verdict == "counted", entry
    _, (entry,) = _day(("欧阳锋", "先复盘一下。郭靖和杨康互踩。\n所以今天投票：杨康。理由如上。"), preset="anshazhe")
    assert entry.kind == "vote" and entry.target == "杨康" and not entry.needs_review, entry


# -- hostile round 78 (64379ef, the lab) -----------------------------------------------------------------------------


def test_a_name_a_reader_sees_once_the_white_words_are_gone_is_a_reading():
    from dataclasses import replace

    from scraper.message import read_message_html
    from tally.day import tally_day
    from tally.rules import load_preset
    from tallykit import Thread, game

    message = read_message_html('投杨<font color="white">不</font>康，理由：划水')
    assert message.style["spans"] == [["white", "不"]] and message.text == "投杨不康，理由：划水"
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    hidden = t.add("欧阳锋", message.text, 2)
    t.posts[-1] = replace(hidden, style=message.style)
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in result.entries if e.pid == hidden.pid)
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry


def test_a_proxy_entrusted_to_the_director_is_for_the_player_who_entrusted_it():
    made, doubts = _proxies("【代投】洪七公私信委托导演代投：杨康")
    assert made == {"洪七公": "杨康"} and not doubts
    made, _ = _proxies("【代投】洪七公短信委托主持人代投：杨康")
    assert made == {"洪七公": "杨康"}
    made, _ = _proxies("【代投】洪七公委託：楊康")  # (in Traditional script)
    assert made == {"洪七公": "杨康"}


def test_a_ballot_said_never_to_happen_or_cast_for_another_is_asked():
    _, (entry,) = _day(("欧阳锋", "投杨康是不可能的，这辈子都不可能"))
    assert entry.needs_review, entry
    _, (entry,) = _day(("欧阳锋", "投杨康，理由：他不可能是好人"))
    assert not entry.needs_review and entry.target == "杨康", entry
    _, (entry,) = _day(("欧阳锋", "受洪七公所托，投杨康一票"))
    assert entry.needs_review, entry


def test_a_floor_denied_for_another_rules_the_one_meant_and_an_unclear_pair_waits():
    post = ruling.read("【裁定】2楼 无效。\n更正：不是2楼，是5楼无效，2楼有效。", roster=ROSTER)
    assert {i.ref[1]: i.verdict for i in post.items} == {5: "invalid", 2: "valid"}, post
    post = ruling.read("2楼，是5楼无效", roster=ROSTER)
    assert not post.items and {ref[1] for ref, _ in post.held} == {2, 5}, post


def test_a_count_whose_total_holds_a_proxy_made_nowhere_else_holds_the_day():
    result, (entry,) = _day(("导演", "截至目前：杨康2，郭靖3（含洪七公代投）"))
    assert entry.needs_review and "洪七公" in entry.reason and not result.certain, entry
    # the proxy made in the same post: no doubt of its own
    made, doubts = _proxies("代投：洪七公 → 郭靖\n票数：杨康2，郭靖3（含洪七公代投）")
    assert made == {"洪七公": "郭靖"} and not doubts


def test_a_ballot_put_as_a_suggestion_or_joining_a_call_is_never_silent():
    for text in ("要不就投杨康吧……我也说不好", "大家都投杨康吧，我也投"):
        result, (entry,) = _day(("欧阳锋", text))
        assert entry.needs_review and "杨康" in entry.readings and not result.certain, (text, entry)
    _, (entry,) = _day(("欧阳锋", "大家都投杨康吧"))  # a call alone, no ballot of the poster's
    assert not entry.needs_review


# -- heldout42's first read (ca35ca4) --------------------------------------------------------------------------------


def test_heldout42s_uncovered_posts_read_by_class():
    # a ballot split between two players is asked, never counted whole for one
    result, (entry,) = _day(("欧阳锋", "两票我拆开：一票给杨康，一票给郭靖，两边都可疑。"))
    assert entry.needs_review and {"杨康", "郭靖"} <= set(entry.readings) and not result.certain, entry
    # a ballot by its place in a list above it is asked, with that place's player first
    result, (entry,) = _day(("欧阳锋", "怀疑度排序：1. 杨康 2. 郭靖\n今天先投第一个，理由见上。"))
    assert entry.needs_review and entry.readings[0] == "杨康" and not result.certain, entry
    # the target inside the player's quoted request
    made, doubts = _proxies("代投：洪七公 私信“导演，明天全天手术，帮我投票对象：杨康，理由见讨论帖”。已核对是本人。")
    assert made == {"洪七公": "杨康"} and not doubts, (made, doubts)
    # …and a quoted request that chooses or corrects still asks
    made, doubts = _proxies("代投：洪七公 私信“帮我投杨康，不对，投郭靖”。")
    assert "洪七公" not in made or doubts
    # a proxy made, then another player's request refused in a sentence of its own
    made, doubts = _proxies("代投两张里只发一张：洪七公 → 杨康。欧阳锋 说“如果杨康不解释就投杨康”，带条件，不代，请本人来投。")
    assert made == {"洪七公": "杨康"} and not doubts, (made, doubts)


def test_the_original_that_stands_named_by_its_floor_after_the_keep_words_counts():
    post = ruling.read("24楼 杨康 的改票引用的是 郭靖 的 16楼，不是自己的原票。这次改票无效，以原票 10楼（黄蓉）为准。", roster=ROSTER)
    assert {i.ref[1]: i.verdict for i in post.items if i.ref[1] in (10, 24)} == {24: "keep_original", 10: "valid"}, post


def test_the_floor_a_change_should_have_replied_to_is_told_not_voided():
    # (blind36 cj039, cj005: the verdict on the change had voided the original it named)
    post = ruling.read("这个改票回复的是 郭靖 的 31#，不是你自己的 16#。改票须回复原投票楼层，无效。", roster=ROSTER)
    assert post is None or 16 not in {i.ref[1] for i in post.items if i.verdict == "invalid"}, post
    post = ruling.read("#41 杨康 新发了一个投票，他 #9 早就投了 郭靖。这等于改票，而且也没回复 #9，无效，杨康 仍按 #9 的 郭靖 计。",
                       roster=ROSTER)
    assert {i.ref[1]: i.verdict for i in post.items} == {41: "invalid", 9: "valid"}, post
    # …and a floor ruled in its own sentence after 已经投过 is ruled
    post = ruling.read("另：杨康 自己在 62楼 已经投过 郭靖，有效。", roster=ROSTER)
    assert {i.ref[1]: i.verdict for i in post.items} == {62: "valid"}, post
    # the floor described as a player's ballot, then a verdict in a sentence of its own, is the floor named before it's
    post = ruling.read("11楼 杨康 只写了「同上」。同上的是谁？上面 10楼 是 郭靖 投 黄蓉，对不上。无效。", roster=ROSTER)
    assert 10 not in {i.ref[1] for i in post.items}, post


# -- hostile round 79 (a29167c, the lab) -----------------------------------------------------------------------------


def test_a_correction_in_a_sentence_of_its_own_on_the_proxys_line_corrects_it():
    made, doubts = _proxies("【代投】洪七公私信委托导演代投：郭靖。更正：是杨康")
    assert made == {"洪七公": "杨康"} and not doubts, (made, doubts)


def test_a_ballot_handed_over_in_words_no_form_holds_is_never_silent():
    for text in ("杨康吃我一票，发言太划水了", "送杨康一票", "周伯通掉线了，他的票是杨康，我帮他说一声"):
        result, (entry,) = _day(("欧阳锋", text))
        assert entry.needs_review and "杨康" in entry.readings and not result.certain, (text, entry)
    _, (entry,) = _day(("欧阳锋", "给杨康一个面子，先不说他"))
    assert not entry.needs_review


def test_a_bracket_of_times_before_the_floor_leaves_its_ruling_whole():
    # (blind37 ck042: a bracket of times before the floor made the sentence read as no ruling at all — then held; with
    # 「关门前一小时」 read as the time it names and no more, the relay's ruling is read: 74楼 is 杨康's ballot for 郭靖)
    post = ruling.read("（关门前一小时），74楼 计为 杨康 投 郭靖。", roster=ROSTER)
    assert post is not None and [(i.ref, i.verdict, i.voter, i.target) for i in post.items] == [
        (("floor", 74), "for_voter", "杨康", "郭靖")], post


def test_check_vote_asks_where_the_count_asks_whatever_the_grammar_read():
    """Hostile round 79: 「大家都投杨康吧，我也投」 was certain nothing to check-vote and doubtful to the count."""
    import json
    import subprocess
    import sys

    shown = subprocess.run([sys.executable, "-m", "bansha.cli", "check-vote", "--preset", "s10", "--players", "郭靖,黄蓉,杨康",
                            "--json"], input="大家都投杨康吧，我也投", capture_output=True, text=True, timeout=60)
    said = json.loads(shown.stdout)
    assert said["certain"] is False and any(r.get("target") == "杨康" for r in said["readings"]), said


def test_a_counts_first_row_on_its_headings_line_is_set_beside_ours():
    """Hostile round 79 (k7): 「票型：杨康←郭靖、黄蓉、丘处机（私信）」 showed a proxy first in the count; a tie was posted."""
    result, (entry,) = _day(("导演", "票型：杨康←郭靖、黄蓉、周伯通（私信）"))
    assert entry.needs_review and "周伯通" in entry.reason and not result.certain, entry
