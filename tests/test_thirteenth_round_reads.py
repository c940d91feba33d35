"""Issue 41 and 42, the hostile round 81's breaks left open and heldout46's and rulings/blind40's first reads: posts read
wrong or left silent, mended by class and tested on posts written here, never on the sets' own words."""

from __future__ import annotations

import pytest
from test_twelfth_round_reads import _folded, _two_two


def _counted(text: str):
    """The 2 : 2 day (杨康 ← #1 郭靖, #2 黄蓉; 郭靖 ← #3 杨康, #4 穆念慈) and the director's count after it: the day and the
    floors left for the director."""
    t = _two_two()
    post = t.add("导演", text, 2)
    result, _entry = _folded(t, post)
    return result, {e.floor for e in result.entries if e.needs_review}


@pytest.mark.parametrize("text, off", [
    ("目前：杨康 壹票，郭靖 贰票", {1, 2}),  # capital numerals (K19)
    ("截至目前 杨康 一票 郭靖 两票", {1, 2}),  # Chinese numerals (RL04)
    ("【票型】郭靖 1票 ← [s]杨康（3楼，禁言）[/s]、穆念慈", {3}),  # a struck voter, the rest listed (K29)
    ("当前票数：杨康 1 票，郭靖 2 票", {1, 2}),
])
def test_a_count_by_totals_that_gives_a_player_fewer_votes_asks_the_ballots_it_may_leave_out(text, off):
    """Hostile round 81 (K19, K29; round 80's L04): the director's count said 4 : 3 in totals only — in capital numerals, or
    with a voter struck — and the tool posted its 4 : 4 tie, the count never set beside its own. Each ballot of ours for the
    player the count gives fewer votes, and that it does not list, is asked; the day is not proven."""
    result, asked = _counted(text)
    assert asked == off, (text, asked)
    assert not result.certain and result.count_checks, result.count_checks


@pytest.mark.parametrize("text", ["目前：杨康 叁票，郭靖 贰票", "截至目前 杨康 三票 郭靖 两票"])
def test_a_count_by_totals_with_more_votes_than_any_ballot_explains_holds_the_day(text):
    """More votes in the count than ours and no ballot of ours that could be the one (every voter's ballot stands): the
    count's own post is asked, and the day is not proven."""
    result, asked = _counted(text)
    assert asked == {5} and not result.certain, asked
    assert "多出" in next(e.reason for e in result.entries if e.floor == 5)


@pytest.mark.parametrize("text", [
    "目前：杨康 2票，郭靖 2票", "截至目前 杨康 两票 郭靖 贰票",  # agrees
    "昨天杨康 5票 郭靖 1票，今天大家加油",  # another day's
    "如果杨康 3票就出局了",  # a condition
    "杨康 2票+1（欧阳克待查），郭靖 2票",  # a ballot the count says is open: not a total
    "第2天票型：杨康 5票 郭靖 1票",  # a day said to be another
    "【公示】警长 杨康（2 票）；今天计票照旧。",  # a weight, in the opening's words (heldout41 d03's opening post was asked)
])
def test_a_count_by_totals_that_agrees_or_is_no_count_of_this_day_asks_nothing(text):
    result, asked = _counted(text)
    assert not asked and result.certain, (text, asked)


def test_a_later_count_by_totals_that_agrees_clears_the_earlier_one():
    """The director's latest count is the one that says what he counts: an earlier slip he corrected asks nothing."""
    t = _two_two()
    t.add("导演", "目前：杨康 1票，郭靖 2票", 2)
    post = t.add("导演", "更正，目前：杨康 2票，郭靖 2票", 2.5)
    result, _entry = _folded(t, post)
    assert not [e.floor for e in result.entries if e.needs_review] and result.certain


# -- a ballot as it stood before a late edit (rulings/blind40 cn070; blind38 cl006, blind35 ci014, blind23 i006) ------------

from test_eleventh_round_reads import _ruled  # noqa: E402


@pytest.mark.parametrize("text, meant", [
    ("12楼 关门后又改了，改后的不认，按截止前的原样算，就是 黄蓉。", ("keep_original", "黄蓉", None)),
    ("12楼 以关门前的版本为准：黄蓉。", ("keep_original", "黄蓉", None)),
    ("12楼 按修改前的『投票对象：黄蓉』计，修改后的“杨康”不算。", ("keep_original", "黄蓉", None)),
    # the edit voided in one sentence, the ballot as it stood in the next: one ruling, the void of the edit only
    ("12楼 郭靖：关门以后才编辑的，不认。按他编辑之前的黄蓉计。", ("keep_original", "黄蓉", None)),
    ("12楼 截止后编辑的内容作废。算 黄蓉 一票。", ("counts_as", "黄蓉", None)),
])
def test_a_floor_counted_as_it_stood_before_a_late_edit_is_read_so(text, meant):
    assert _ruled(text) == {12: meant}, text


def test_a_void_said_of_the_ballot_itself_is_not_read_as_the_edits():
    assert _ruled("12楼 无效。算 黄蓉 一票。") == {12: ("invalid", None, None)}  # (an edit is never named: the floor is void)
    assert _ruled("12楼 改票无效，仍按原票 黄蓉。") == {12: ("keep_original", "黄蓉", None)}


@pytest.mark.parametrize("ruled, counted", [
    ("郭靖 的改票截止后又编辑了，编辑后的内容不算，按截止前的原样计，即 穆念慈。", ("counted", "穆念慈")),
    ("郭靖 的改票不计，仍按原票 杨康。", ("overruled", "穆念慈")),
])
def test_a_change_counted_as_it_stood_before_its_late_edit_counts_for_the_player_named(ruled, counted):
    """blind40 cn070: 「…的改票截止后又编辑了，编辑后的内容不算，按截止前的原样计，即 电钻。」 on a change — the change as it stood
    counts; it had been voided (the ballot before a change is what 「原票」 names, not what 「截止前的原样」 does)."""
    t = _two_two()
    change = t.add("郭靖", "改票对象：穆念慈\n改票理由：再想想", 1.8, quote=t.posts[0])
    t.add("导演", f"{change.floor}楼 {ruled}", 3)
    entry = next(e for e in _with_posted_rulings(t).entries if e.pid == change.pid)
    assert (entry.verdict == "counted", entry.target) == (counted[0] == "counted", counted[1]), (entry.verdict, entry.reason)


def _with_posted_rulings(t):
    """The s10 day of thread `t` with the rulings its director posted applied, as poll applies them."""
    from dataclasses import replace

    from tallykit import game

    from tally import rulings as posted
    from tally.day import tally_day
    from tally.rules import load_preset

    t.posts = [replace(p, author_uid=1 if p.author == "导演" else 10 + sorted({q.author for q in t.posts}).index(p.author)) for p in t.posts]
    g, rules = game("s10"), load_preset("s10")
    base = tally_day(t.posts, g, g.days[0], rules, {}, sensitivity=False)
    found = posted.from_posts(t.posts, g, g.days[0], base, rules, {}, posted.director_uids(g, t.posts))
    return tally_day(t.posts, g, g.days[0], rules, {pid: r for pid, (r, _) in found.rulings.items()}, sensitivity=False)


# -- heldout46's first read (d32a6b3): a vote attempt read as talk, a change read as a second ballot ----------------------

from test_hostile_round56 import _day  # noqa: E402


@pytest.mark.parametrize("text, meant", [("透票：杨慷\n在地铁上，格式凑合看", "杨康"), ("偷票：郭净", "郭靖")])
def test_a_ballot_under_a_label_typed_wrong_with_a_name_a_sound_off_is_asked(text, meant):
    """heldout46 w46_103 (「头票：陀罗 ⏎ 手机打字 见谅」): a ballot's label a sound off 投票 and a name a sound off a player's —
    read as talk, certain. A line in a ballot's shape is asked with the player it may name."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and meant in entry.readings and not result.certain, (entry.reason, entry.readings)


@pytest.mark.parametrize("text", ["换个人：投票对象：黄蓉\n投票理由：想了想", "重新投一下\n投票对象：黄蓉\n投票理由：想了想"])
def test_a_second_ballot_that_says_it_changes_the_first_is_asked(text):
    """heldout46 w46_117 (「改一下：投票：竹蜻蜓」 under the poster's own ballot): a change in words the form does not name was a
    second ballot, void, certain. It is asked, with the change's reading; a second ballot that says nothing of a change is not."""
    result, (_first, second) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：划水"), ("欧阳锋", text))
    assert second.needs_review and "黄蓉" in second.readings and not result.certain, second.reason
    result, (_first, second) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：划水"), ("欧阳锋", "投票对象：黄蓉\n投票理由：他改口太快"))
    assert not second.needs_review and second.verdict != "counted", second.reason


# -- the hostile round 82 (at c930a8c; /work/scratch/h82/REPORT.md): wrong eliminations posted -------------------------------


@pytest.mark.parametrize("text", ["我坚决反对投杨康", "我抗议投杨康", "本人弃绝投杨康", "I object to vote 杨康"])
def test_a_word_before_the_verb_that_no_reading_explains_leaves_the_ballot_to_the_director(text):
    """Round 82 (「我拒绝投杨康」「我懒得投杨康」「I refuse to vote 杨康」): the word between the poster and the verb was passed
    over and the ballot counted, certain — a refusal posted as an elimination. A word there that no reading explains (a time, a
    surety, the poster as subject) leaves the post to the director, with the player and no ballot as its readings."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.verdict != "counted" and entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["我今天还是投杨康", "最后我决定投杨康", "我作为警长投杨康", "我以大副身份投杨康", "我都只同意一半：投杨康"])
def test_a_word_before_the_verb_a_reading_explains_keeps_the_ballot(text):
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.verdict == "counted" and entry.target == "杨康" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["Vote: 杨康\nUnvote: 杨康", "投票对象：杨康\n我撤回"])
def test_a_ballot_taken_back_below_it_is_asked(text):
    """Round 82 (r82-151): 「Vote: 杨康 ⏎ Unvote: 杨康」 counted 杨康, certain, and the lab posted 杨康 出局."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and not result.certain, entry.reason
    result, (entry,) = _day(("欧阳锋", "投票对象：杨康\n投票理由：他撤回了昨天的发言"))
    assert not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["8楼改判黄蓉", "8楼的票归黄蓉", "8楼更正为黄蓉", "8楼那一票算给黄蓉吧"])
def test_a_floor_recast_in_words_the_reader_does_not_read_waits_for_the_director(text):
    """Round 82 (「5楼改判杨康」「5楼的票给杨康」「5楼的票改成杨康」): no ruling, nothing listed, the floor stood as written
    and the lab posted 无人出局. A floor named beside a recasting verb the grammar does not read waits, listed."""
    from grammar import ruling
    from grammar.names import Roster

    post = ruling.read(text, roster=Roster(["郭靖", "黄蓉", "杨康", "穆念慈"]))
    assert post is not None and (8 in {ref[1] for ref, _ in post.held} or {i.ref[1] for i in post.items} == {8}), text


@pytest.mark.parametrize("text", ["假如今天一定要出一个人，杨康", "真要处决一个的话，那就杨康"])
def test_a_player_named_after_a_condition_the_day_always_meets_is_asked(text):
    """Round 82 (「假如今天必须出人，杨康」): read as talk, certain, and the lab posted 无人出局."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["洪七公的决定是投杨康", "洪七公的意思就是投杨康", "洪七公讲他投杨康，让我贴一下"])
def test_another_players_mind_told_as_a_ballot_is_a_relay_asked(text):
    """Round 82 (「丘处机的意思是投杨康」「丘处机的想法是投杨康」「丘處機說他投楊康，讓我發一下」): dropped, or read as the
    poster's own second ballot — a relay for a player who had not voted, never weighed, and 无人出局 posted."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, (entry.reason, entry.readings)


# -- heldout47's and rulings/blind41's first reads (50fd939) ---------------------------------------------------------------


def test_counted_as_one_players_ballot_for_another_is_read_so():
    """blind41 co023 (「#10 是我上午替 天和 发的代投，有效，算 天和 投 羲和」): read as counted for 天和 — 「算 X 投 Y」 is X's
    ballot, for Y."""
    assert _ruled("12楼 是我替郭靖发的代投，有效，算 郭靖 投 黄蓉。") == {12: ("for_voter", "黄蓉", "郭靖")}
    assert _ruled("12楼 有效，算 黄蓉。") == {12: ("counts_as", "黄蓉", None)}


def test_not_voting_for_him_is_no_abstention():
    """heldout47 w47_115 (「我怀疑九连环，但今天不投他，先看他晚上怎么说」): an abstention, certain."""
    result, (entry,) = _day(("欧阳锋", "我怀疑杨康，不过今天不投她，等她晚上解释"))
    assert entry.verdict != "counted" or entry.target is not None, entry.reason
    result, (entry,) = _day(("欧阳锋", "今天不投了，弃权"))
    assert entry.verdict == "counted" and entry.target is None  # (an abstention said so stays one)


def test_a_title_written_as_the_target_is_asked_with_its_holder():
    """heldout47 w47_035 (「投票：警长」): asked with no reading of the sheriff himself."""
    from tallykit import Thread, game

    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    post = t.add("欧阳锋", "投票对象：警长\n投票理由：两票在手还乱带", 1)
    g = game("s10", title_holder="郭靖")
    entry = next(e for e in tally_day(t.posts, g, g.days[0], load_preset("s10")).entries if e.pid == post.pid)
    assert entry.needs_review and "郭靖" in (entry.suggestion, *entry.readings), (entry.reason, entry.readings)


def test_a_name_a_character_off_two_players_ways_is_asked_with_both():
    """heldout47 w47_084 (「投票对象：青菜」 where 生菜 is a character off by shape and 芹菜 by a near sound): counted for 生菜,
    certain. A name one player's by one slip counts where the game allows it; one that two players' slips could make is
    asked with both, a near sound (-ing/-in, zh/z, n/l) among them."""
    from grammar.names import Roster

    roster = Roster(["生菜", "芹菜", "白菜"])
    match = roster.resolve("青菜", fuzzy=True)
    assert match.name is None and set(match.candidates) >= {"生菜", "芹菜"}, match
    assert roster.resolve("百菜", fuzzy=True).name == "白菜"  # (one player's only: a match, as the seeds allow)


@pytest.mark.parametrize("text, meant", [
    ("关门后的编辑一律不认，12楼 按编辑前的 黄蓉 计。", {12: ("keep_original", "黄蓉", None)}),  # (blind41 co008: held as a rule)
    ("12楼 作废。是我的失误，抱歉，郭靖 别怪我。", {12: ("invalid", None, None)}),  # (co015: the apology read as a correction)
])
def test_a_rule_of_late_edits_or_an_apology_beside_a_ruling_leaves_it_applied(text, meant):
    assert _ruled(text) == meant, text
    assert _ruled("12楼 无效。抱歉，应为13楼。") == {}  # (an apology that corrects still holds the post)


def test_the_directors_own_proxy_voided_with_its_player_said_to_abstain_is_an_abstention():
    """blind22 u020, blind37 ck020, blind41 co015 (「#51 作废，孔方兄 今天视为弃权」): the director's proxy voided as no ballot,
    the abstention the post gives its player lost."""
    t = _two_two()
    proxy = t.add("导演", "代投：欧阳锋 → 杨康", 1.8)
    t.add("导演", f"{proxy.floor}楼 我发晚了，这条代投作废，欧阳锋 本日视为弃权。", 3)
    entry = next(e for e in _with_posted_rulings(t).entries if e.pid == proxy.pid)
    assert entry.verdict == "counted" and entry.target is None and entry.voter == "欧阳锋", (entry.verdict, entry.reason)


def test_what_a_count_goes_by_is_no_player():
    """blind41 co070 (「按存档计，#31 有效，计 胭脂」): 「存档」 read as the player 按 X 计 names — two rulings of #31, held."""
    assert _ruled("12楼 被屏蔽前我截了图。按截图计，12楼 有效，计 黄蓉。") == {12: ("counts_as", "黄蓉", None)}


def test_a_supplement_the_post_says_stands_overrides_its_first_ruling():
    """blind41 co054 (「【裁定】27楼 有效，计 三国志。 ⏎ 【补充】更正：27楼 …改票无效… 以补充为准。」): two rulings of 27楼, held."""
    assert _ruled("【裁定】12楼 有效，计 黄蓉。\n【补充】更正：12楼 没有引用原票，改票无效。以补充为准。") == {12: ("invalid", None, None)}


# -- the hostile round 83 (at cd1293a; /work/scratch/h83/REPORT.md): wrong results posted ---------------------------------


@pytest.mark.parametrize("text", ["我还没打定主意投杨康", "我并不打算投杨康", "投杨康的站出来说一下理由", "投杨康者，皆为狼也"])
def test_a_negated_intention_or_those_who_vote_so_is_never_a_certain_ballot(text):
    """Round 83 (「我还没决定投杨康」「投杨康的请举手」「投杨康者，非我也」): counted, certain, and 杨康 posted out."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.verdict != "counted" or entry.needs_review, entry.reason
    assert not result.certain, entry.reason


def test_a_player_described_by_the_one_named_is_asked_with_every_player():
    """Round 83 (「投郭靖他媳妇」, a vote for 黄蓉): counted for 郭靖, certain, and 郭靖 posted out."""
    result, (entry,) = _day(("欧阳锋", "投杨康他师父"))
    assert entry.needs_review and not result.certain and "郭靖" in entry.readings, entry.reason
    result, (entry,) = _day(("欧阳锋", "投杨康他太划水了"))
    assert not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["【代投】欧阳锋：千万别投杨康", "代投 欧阳锋：不要投杨康"])
def test_a_proxy_whose_words_say_not_to_vote_for_its_player_is_asked(text):
    """Round 83 (「【代投】丘处机：不投杨康」「别投杨康」): counted for 杨康, certain, and 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["【目前票型】杨康 1，郭靖 2", "杨康：1 / 郭靖：2（7楼无效）"])
def test_a_count_with_bare_numbers_is_set_beside_ours(text):
    """Round 83 (K46 「【目前票型】杨康 5，郭靖 4」, K48 「杨康：5 / 郭靖：3（5楼无效）」): never compared, 无人出局 posted."""
    result, asked = _counted(text)
    assert asked == {1, 2} and not result.certain, asked
    result, asked = _counted("12:30 截止，杨康 2楼、郭靖 3楼 都要补理由")
    assert not asked


@pytest.mark.parametrize("reply", ["好的", "收到", "已代", "👌", "done"])
def test_a_quoted_request_the_director_answers_in_a_word_is_asked_as_its_proxy(reply):
    """Rounds 81/82 (「[quote]丘处机：帮我投杨康[/quote] ⏎ 好的 / 收到 / 已代 / OK」): the director answered a player's request,
    and the post was read as no ballot at all — the player's proxy, if made, silently dropped."""
    result, (entry,) = _day(("导演", f"[quote]欧阳锋：帮我投杨康[/quote]\n{reply}"))
    assert entry.needs_review and entry.voter == "欧阳锋" and not result.certain, entry.reason
    header = ("[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=9&ptid=1][color=#999999]欧阳锋 发表于 2026-12-01 20:00"
              "[/color][/url][/size]\n导演帮我投杨康[/quote]\n")
    result, (entry,) = _day(("导演", header + reply))  # a floor of his quoted, Discuz's own header
    assert entry.needs_review and entry.voter == "欧阳锋", entry.reason


@pytest.mark.parametrize("text", ["[quote]欧阳锋：帮我投杨康[/quote]\n不行，最后一小时不能代投",
                                  "[quote]欧阳锋：帮我投杨康[/quote]\n这张不代", "[quote]欧阳锋：投杨康[/quote]\n好的"])
def test_a_quoted_request_refused_or_a_ballot_acknowledged_asks_nothing(text):
    result, (entry,) = _day(("导演", text))
    assert not entry.needs_review and result.certain, entry.reason


@pytest.mark.parametrize("text", [
    "22楼 杨康 投 郭靖 无效——更正，刚才看错了，22楼 有效，计 郭靖。",
    "22楼 无效——抱歉看错了，22楼 是他回复自己的改票，有效，计 郭靖，以本条为准。",
    "22楼 作废 -- 更正：22楼 有效，计 郭靖",
    "22楼 无效——更正，22楼 有效，计 郭靖，以本条为准。",
])
def test_a_verdict_a_dash_turns_to_correct_is_the_corrected_one(text):
    """rulings/blind42 cp048 (「22楼 … 无效——更正，刚才看错了，…有效，计 兰亭，以本条为准」): one sentence to the reader, its
    first verdict applied and the correction after the dash lost."""
    assert _ruled(text) == {22: ("counts_as", "郭靖", None)}, text


@pytest.mark.parametrize("text", ["22楼是 杨康 给自己 5楼 的改票，有效，计 郭靖。", "22楼 是对 5楼 的改票，引用了原帖，有效，计 郭靖。"])
def test_a_floor_a_ruling_names_as_the_one_its_floor_answers_is_not_ruled(text):
    """blind42 cp048: 「22楼是 九成宫 给自己 5楼 的改票…有效，计 兰亭」 ruled 5楼, the original ballot, for 兰亭."""
    assert _ruled(text) == {22: ("counts_as", "郭靖", None)}, text
    assert _ruled("22楼无效，5楼的原票有效。") == {22: ("invalid", None, None), 5: ("keep_original", None, None)}


# -- heldout48's first read (1a3df0b) ----------------------------------------------------------------------------------------

def test_a_correction_word_whose_subject_is_someones_words_takes_no_ballot_back():
    """heldout48 w48_116 (「改票：极哥 ⏎ 刚看到他的解释，更不对了。」): 不对 said of his explanation, read as the ballot taken back."""
    result, (entry,) = _day(("欧阳锋", "投票对象：杨康\n刚看到他的解释，更不对了。"))
    assert not entry.needs_review and result.certain, entry.reason
    result, (entry,) = _day(("欧阳锋", "投票对象：杨康\n刚看到，不对"))
    assert entry.needs_review, entry.reason


def test_floors_in_words_listed_before_the_marked_one_are_floors():
    """rulings/blind42 cp029 (「第廿一、廿三、廿五樓依次計為：月老、棄權、鍾馗」): only the marked 廿五樓 was a floor, and 依次
    matched nothing — held, as 21、23、25楼 would not have been."""
    meant = {21: ("counts_as", "郭靖", None), 23: ("abstain", None, None), 25: ("counts_as", "黄蓉", None)}
    assert _ruled("第廿一、廿三、廿五楼依次计为：郭靖、弃权、黄蓉。") == meant
    assert _ruled("第二十一、二十三、二十五楼依次计为：郭靖、弃权、黄蓉。") == meant


def test_a_new_floor_to_post_is_no_floor_one():
    """rulings/blind42 cp016 (「1楼 说了改票新发一楼注明“改票”即可，…31楼 有效，计 浑仪」): 新发一楼 read as floor 1, and the
    ruling went to it, not to 31楼."""
    assert _ruled("31楼 写的是「改票：郭靖」，1楼 说了改票新发一楼即可，不需要引用，31楼 有效，计 郭靖。") == {31: ("counts_as", "郭靖", None)}


@pytest.mark.parametrize("text", ["洪七公上不了论坛，票给杨康", "洪七公出差了，投杨康", "洪七公手机没电，他的票：杨康"])
def test_a_ballot_after_a_player_said_to_be_away_is_asked_as_his(text):
    """Round 83 V06 (「丘处机上不了论坛，票给杨康」 by a player who had voted): the lab dropped it, check-vote counted it as the
    poster's own, certain — no word makes the ballot the poster's, and the clause before names the one it may be for."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "洪七公" in entry.relayed_for and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["洪七公上不了论坛，我投杨康", "杨康掉线了一天，票给杨康"])
def test_a_ballot_in_the_posters_voice_or_for_the_one_away_is_theirs(text):
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["【代投】欧阳锋 → 杨康 [color=#fefefe]作废[/color]", "【代投】欧阳锋 → [color=white]郭靖[/color]杨康",
                                  "[color=#ffffff]【代投】欧阳锋 → 杨康[/color]"])
def test_a_directors_proxy_that_hidden_words_change_is_asked(text):
    """Round 83 V07 (「【代投】丘处机 → 杨康 [color=#fefefe]作废[/color]」): players see a proxy, the text voids it — read as
    withdrawn, certain, and a tie posted."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and "看不见" in entry.reason and not result.certain, entry.reason
    result, (entry,) = _day(("导演", "【代投】欧阳锋 → 杨康 [color=red]作废[/color]"))
    assert not entry.needs_review and entry.verdict != "counted", entry.reason


def test_a_count_of_voters_after_each_players_colon_is_set_beside_ours():
    """Round 83 N38 (「杨康：郭靖、黄蓉、穆念慈、梅超风、丘处机 ⏎ 郭靖：洪七公、黄药师、杨康 ⏎ （欧阳克5楼无效）」): no number,
    so no count — a voter ours lacks never compared, 无人出局 posted."""
    result, asked = _counted("杨康：郭靖、黄蓉、欧阳锋\n郭靖：杨康、穆念慈\n（洪七公5楼无效）")
    assert asked == {5} and not result.certain, asked
    result, asked = _counted("杨康：郭靖、黄蓉\n郭靖：杨康、穆念慈")
    assert not asked and result.certain, asked


@pytest.mark.parametrize("text, meant", [("20楼 没有回复任何投票楼，不是有效投票，无效。", "invalid"), ("20楼 不是无效票，有效。", "valid")])
def test_a_denied_verdict_then_the_one_it_means_said_plainly_is_that_verdict(text, meant):
    """rulings/blind42 cp057 (「…20楼 发的「改票对象：个园」没有回复任何投票楼…，不是有效投票，无效。」): a denial read as no ruling."""
    assert _ruled(text) == {20: (meant, None, None)}, text
    assert _ruled("20楼 不是有效投票。") == {}  # a denial alone: still the director's to say


def test_two_posts_said_to_be_alike_repeat_no_verdict():
    """rulings/blind42 cp034 (「第卅八樓、第卅九樓 是 月老 網路卡住發了兩次，內容一模一樣。以第卅八樓為準，第卅九樓不計」): 一模一样
    read as 同上 — 「说“同上”，上面却没有裁定」."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER
    post = ruling.read("38楼、39楼 是 杨康 网卡发了两次，内容一模一样。以38楼为准，39楼不计。", roster=ROSTER)
    assert not any("同上" in p for p in post.problems), post.problems
    assert _ruled("5楼无效。7楼一样。") == {5: ("invalid", None, None), 7: ("invalid", None, None)}


# -- the hostile round 84 (at f3d6b75, /work/scratch/h84/REPORT.md) -----------------------------------------------------------

def _posted(text: str, quote: int | None = None):
    """The 2 : 2 day and the director's post after it, its rulings applied as poll applies them: the day."""
    t = _two_two()
    t.add("导演", text, 2, **({"quote": t.posts[quote - 1]} if quote else {}))
    return _with_posted_rulings(t)


@pytest.mark.parametrize("text", ["欧阳锋 2楼无效", "洪七公的2楼无效"])
def test_a_player_named_right_before_a_floor_that_is_not_its_poster_holds_it(text):
    """Round 84 L19/N05 (「黄药师 5楼无效」 where #5 is 欧阳克's): applied, 杨康 posted out."""
    result = _posted(text)
    assert not result.certain and next(e for e in result.entries if e.floor == 2).verdict == "counted", text
    assert _posted("黄蓉 2楼无效").outcome.describe() == "郭靖 出局"  # her own floor: applied


def test_a_headed_correction_of_another_floor_leaves_the_floor_ruled_above_to_the_director():
    """Round 84 L05 (「5楼无效。更正：2楼无效」): both applied, 无人出局 posted where the corrected ruling gives 郭靖 出局."""
    result = _posted("2楼无效。更正：3楼无效")
    assert not result.certain and next(e for e in result.entries if e.floor == 2).verdict == "counted"
    assert next(e for e in result.entries if e.floor == 3).verdict == "invalid"


def test_a_correction_of_a_verdict_on_the_quoted_post_stands():
    """Round 84 N10 (the director quotes #5: 「无效。更正：此楼有效」): the correction dropped, #5 voided, 杨康 posted out."""
    result = _posted("无效。更正：此楼有效", quote=2)
    assert result.outcome.describe() == "无人出局" and next(e for e in result.entries if e.floor == 2).verdict == "counted"
    assert not _posted("无效。有效。", quote=2).certain  # two verdicts, no correction said: the director's
    assert _posted("无效", quote=2).outcome.describe() == "郭靖 出局"


@pytest.mark.parametrize("text", ["代投（第2天）：欧阳锋→杨康", "第二天代投：欧阳锋 投 杨康"])
def test_a_proxy_said_to_be_for_another_day_is_asked(text):
    """Round 84 M06 (「代投（第2天）：丘处机→杨康」 posted on day 1): counted on day 1, 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and "第2天" in entry.reason and not result.certain, entry.reason
    result, (entry,) = _day(("导演", "代投（第1天）：欧阳锋→杨康"))
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["洪七公刚才语音说投杨康", "Relaying for 洪七公: 杨康", "洪七公这票 → 杨康", "（代发）洪七公：投杨康"])
def test_a_ballot_passed_on_in_words_no_form_holds_is_asked_as_his(text):
    """Round 84 M02/M03, g04/g07 (「丘处机刚才语音说投杨康」「Relaying for 丘处机: 杨康」: certain nothing, 无人出局 posted;
    「丘处机这票 → 杨康」「（代发）丘处机：投杨康」: asked without 丘处机's ballot among the readings)."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "洪七公" in entry.relayed_for and not result.certain, entry.reason


def test_a_player_named_before_the_posters_own_vote_word_is_asked():
    """「杨康这票我投定了」: read as talk, certain — the player fronted, then the poster casting."""
    result, (entry,) = _day(("欧阳锋", "杨康这票我投定了"))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text, spans", [("2楼不无效", [["white", "不"]]), ("2楼[color=white]不[/color]无效", [])])
def test_a_ruling_whose_hidden_words_change_it_holds_the_floors_the_page_shows_ruled(text, spans):
    """Round 84 L23 (「5楼[color=white]不[/color]无效」: players read 「5楼无效」): not adopted, and #5 not left to the director
    either — 无人出局 posted."""
    from dataclasses import replace
    t = _two_two()
    post = t.add("导演", text, 2)
    t.posts[-1] = replace(post, style={"colors": ["white"], "sizes": [], **({"spans": spans} if spans else {})})
    result = _with_posted_rulings(t)
    assert not result.certain and next(e for e in result.entries if e.floor == 2).needs_review


def test_a_total_the_director_corrects_in_brackets_is_the_corrected_one():
    """Round 84 L26 (「票数：杨康 4（更正：5，漏了丘处机私信的一票），郭靖 4」): the bracket's numbers set aside as weights,
    4 : 4 agreed with ours, 无人出局 posted."""
    result, asked = _counted("票数：杨康 2（更正：3，漏了欧阳锋私信的一票），郭靖 2")
    assert asked == {5} and not result.certain, asked


@pytest.mark.parametrize("text", ["【代投】欧阳锋 → 杨康（他原话：“投郭靖”）", "欧阳锋说：“投杨康”——但我没收到他的正式委托",
                                  "【代投】欧阳锋 → 杨康\n欧阳锋：我没说过"])
def test_a_directors_proxy_its_own_post_undercuts_is_asked(text):
    """Round 84 QV03/QV08/QV09 (round 83's, re-run with a voter on the roster): the quoted words ask for another player,
    the director says no request came, the player's own line denies it — each counted, certain, 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason
    result, (entry,) = _day(("导演", "代投：欧阳锋 → 杨康\n欧阳锋：谢谢导演"))
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


def test_a_player_described_through_another_is_weighed_as_any_player():
    """Round 84 QV05 (「投穆念慈的心上人」, i.e. 杨康): asked with 穆念慈 alone, proved 都不影响结果, 无人出局 posted."""
    result, (entry,) = _day(("欧阳锋", "投穆念慈的心上人"))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["跟9楼", "我也跟9楼", "投洪七公的那个徒弟", "投出杨康的那个人", "投杨[color=white]不[/color]康"])
def test_a_vote_attempt_the_thread_cannot_resolve_is_never_talk(text):
    """Round 84's re-run of rounds 78–83 offline (f3 「跟7楼」 with no ballot at #7, n9 「投丘处机的那个徒弟」, b11
    「投杨[color=white]不[/color]康」 — players see 「投杨康」): each talk, certain."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and not result.certain, entry.reason


def test_votes_for_a_player_spoken_of_are_no_ballot_for_him():
    """「投杨康的票太多了」 (the votes for him, spoken of): counted for 杨康, certain."""
    result, (entry,) = _day(("欧阳锋", "投杨康的票太多了"))
    assert entry.verdict != "counted" or entry.needs_review, entry.reason
    result, (entry,) = _day(("欧阳锋", "投杨[color=red]不[/color]康"))  # seen by all: 「投杨不康」, talk
    assert not entry.needs_review, entry.reason


# -- heldout49's first read (a04db7f) ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["投票：7号", "投票对象：3号位\n投票理由：划水"])
def test_a_seat_number_as_the_target_is_asked_with_every_player(text):
    """heldout49 w49_046 (「投票：7号」, a seat of the opening's 电梯楼 order): asked as invalid, the seat's player no reading."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "座位号" in entry.reason and {"杨康", "郭靖"} <= set(entry.readings), entry.reason
    assert not result.certain


# -- heldout50's first read (178d8d7) ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["欧阳锋 好像说过要投杨康，等我翻下聊天记录再代投。", "欧阳锋 让我投杨康，晚点再代投"])
def test_a_directors_proxy_put_off_or_hedged_is_not_made(text):
    """heldout50 w50_096 (「纸蝴蝶 好像说过要投纸扇，等我翻下聊天记录再代投。」): counted as made, certain."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason


def test_the_floor_said_alone_to_stand_counts_and_the_list_after_it_is_ruled_on_its_own():
    """rulings/blind44 cr017 (「只认第一条 #44（投 豆浆），#45、#46 不算」): #44 voided with the two it stands over."""
    assert _ruled("只认第一条 #44（投 郭靖），#45、#46 不算。") == {44: ("valid", None, None), 45: ("invalid", None, None),
                                                             46: ("invalid", None, None)}


def test_floors_and_verdicts_in_the_order_a_heading_above_says():
    """rulings/blind44 cr003 (「依次裁定如下： ⏎ 31楼、33楼、36楼 —— 计贾探春、无效、按弃权处理。」): not read."""
    assert _ruled("今天几个有争议的楼，依次裁定如下：\n31楼、33楼、36楼 —— 计郭靖、无效、按弃权处理。") == {
        31: ("counts_as", "郭靖", None), 33: ("invalid", None, None), 36: ("abstain", None, None)}
    assert _ruled("裁定如下：\n31楼、33楼 —— 计郭靖、无效。") == {}  # no order said: the director's


def test_counted_by_one_players_ballot_for_another_is_read_so():
    """rulings/blind44 cr056 (「这条按 南池子 投 北池子 计，算她今天的票」): not read — as 「算 X 投 Y」 is (blind41 co023)."""
    assert _ruled("36楼 这条按 郭靖 投 杨康 计，算她今天的票。") == {36: ("for_voter", "杨康", "郭靖")}


# -- the hostile round 85 (at 8763e52, /work/scratch/h85/REPORT.md) -----------------------------------------------------------

@pytest.mark.parametrize("text", ["D2代投：欧阳锋→杨康", "Day2 代投 欧阳锋→杨康", "【D2代投】欧阳锋→杨康", "代投（明天）：欧阳锋→杨康"])
def test_a_proxy_labelled_for_another_day_in_any_spelling_is_asked(text):
    """Round 85 H30/V13/K10/K12 (「D2代投：丘处机→杨康」 on day 1): counted, 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason
    result, (entry,) = _day(("导演", "代投（D1）：欧阳锋→杨康"))
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["2楼无效（更正：是3楼无效，2楼没问题）", "2楼无效（说错了，是3楼）"])
def test_a_bracket_correcting_the_floor_holds_both_floors(text):
    """Round 85 H01/K05: #5 voided, the bracket's correction dropped, 杨康 posted out."""
    result = _posted(text)
    assert not result.certain and all(e.verdict == "counted" for e in result.entries if e.floor in (2, 3))
    assert _posted("2楼无效（理由：没写对象）").outcome.describe() == "郭靖 出局"


@pytest.mark.parametrize("later", ["刚才2楼那条作废", "2楼那条作废"])
def test_the_directors_earlier_word_on_a_floor_taken_back_is_no_verdict_on_it(later):
    """Round 85 H18/W01 (「5楼无效」, then 「刚才5楼那条作废」「5楼那条作废」): read as #5 void again, 杨康 posted out."""
    t = _two_two()
    t.add("导演", "2楼无效", 2)
    t.add("导演", later, 2.1)
    result = _with_posted_rulings(t)
    assert not result.certain and next(e for e in result.entries if e.floor == 2).verdict == "counted"


@pytest.mark.parametrize("text", ["2楼杨康无效", "杨康 2楼无效", "2楼 杨康 无效"])
def test_a_floor_named_with_its_target_who_has_a_ballot_of_his_own_is_held(text):
    """Round 85 K16/K17, RN05 (「5楼郭靖无效」: #5 is 欧阳克's ballot for 郭靖, who voted at #2): #5 voided, 杨康 posted out."""
    result = _posted(text)
    assert not result.certain and next(e for e in result.entries if e.floor == 2).verdict == "counted", text


@pytest.mark.parametrize("text", ["票数：杨康 2，郭靖 2（错了，杨康应该是3）", "杨康 2→3 票（补欧阳锋私信），郭靖 2 票"])
def test_a_count_the_director_corrects_in_the_line_is_set_beside_ours_corrected(text):
    """Round 85 K18/K19: the corrected 5 for 杨康 never read, 4 : 4 agreed with ours, 无人出局 posted."""
    result, asked = _counted(text)
    assert asked == {5} and not result.certain, asked


@pytest.mark.parametrize("text", ["洪七公托人带话：杨康", "洪七公刚发邮件过来：投杨康", "Per 洪七公: 杨康"])
def test_a_ballot_passed_on_by_messenger_mail_or_per_is_asked_as_his(text):
    """Round 85 V01/V02, r05 (「丘处机托人带话：杨康」: certain nothing; 「丘处机刚发邮件过来：投杨康」: the poster's own vote)."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "洪七公" in entry.relayed_for and not result.certain, entry.reason


def test_a_players_count_that_lists_the_poster_under_a_player_is_asked():
    """Rounds 84/85 M08/K21 (丘处机's 「目前票型：杨康5（郭靖、黄蓉、穆念慈、梅超风、我），郭靖4」): certain nothing, 无人出局 posted."""
    result, (entry,) = _day(("欧阳锋", "目前票型：杨康3（郭靖、黄蓉、我），郭靖2"))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


# -- heldout51's and rulings/blind45's first reads (ecb4247), and the relays left open at the last stop --------------------------

@pytest.mark.parametrize("text", ["欧阳锋掉线了，他说投杨康", "欧阳锋断网了，说投杨康", "欧阳锋（掉线中）：杨康", "欧阳锋（掉线中）：投杨康",
                                  "欧阳锋 asked me to vote 杨康 for him"])
def test_a_ballot_passed_on_for_a_player_away_is_asked_as_his(text):
    """「丘处机断网了，说投杨康」: read as talk, certain — a ballot the poster passes on for a player away, never decided quietly."""
    result, (entry,) = _day(("洪七公", text))
    assert entry.needs_review and "欧阳锋" in entry.relayed_for and not result.certain, entry.reason


def test_a_request_passed_on_under_the_proxy_label_is_a_relay_beside_the_posters_own_ballot():
    """「投票对象：杨康 ⏎ 郭靖托我代投：黄蓉」: read as a proxy for 黄蓉 (the label's value), the poster's own ballot lost."""
    result, (entry,) = _day(("洪七公", "投票对象：杨康\n投票理由：太跳\n欧阳锋托我代投：郭靖"))
    assert entry.verdict == "counted" and entry.target == "杨康", entry.reason
    assert entry.relayed_for == ("欧阳锋",) and not result.certain, entry.reason


@pytest.mark.parametrize("text, asked", [("楼上说投杨康，同意", True), ("欧阳锋提议投杨康，+1", True), ("欧阳锋说投杨康，我不同意", False)])
def test_assent_to_anothers_call_to_vote_is_asked(text, asked):
    """「楼上说投杨康，同意」: talk, certain — a call to vote, and the poster's assent to it."""
    result, (entry,) = _day(("洪七公", text))
    assert (entry.needs_review and "杨康" in entry.readings and not result.certain) == asked, entry.reason


def test_why_the_player_is_away_beside_the_directors_proxy_leaves_it_made():
    """heldout51 w51_019 (「代投：拉布拉多 私信委托（今晚值班上不来）」): asked as put off."""
    result, (entry,) = _day(("导演", "代投：洪七公 私信委托（今晚值班上不来）\n投票对象：杨康\n投票理由：他说的"))
    assert entry.verdict == "counted" and entry.target == "杨康" and not entry.needs_review, entry.reason


def test_the_directors_proxy_corrected_in_its_own_post_counts_as_corrected():
    """heldout51 d03 #18 (「代投：小令（微信 18:50，人在外地）投票 散曲。……更正：……以更正为准：小令 → 元曲。」): counted as first
    written, and asked as put off."""
    result, (entry,) = _day(("导演", "代投：洪七公（微信 18:50，人在外地）投票 杨康。\n……更正：上面打错，洪七公 原话是“投郭靖，杨康 "
                                     "昨天救得太巧”，以更正为准：洪七公 → 郭靖。"))
    assert entry.verdict == "counted" and entry.target == "郭靖", entry.reason


@pytest.mark.parametrize("text, ruled", [
    # cs044: the director's own proxy corrected, then said to stand — counted as corrected (it had stood as first written)
    ("更正：我 40楼 替 欧阳锋 发的代投对象打错了，写成了 郭靖。40楼 按 杨康 计，仍是 欧阳锋 的票。40楼 发于 11:20，离截止一个多小时，代投本身有效。",
     {40: ("counts_as", "杨康", None)}),
    # cs005: the ballot before the edit, named after its label
    ("45楼 关门后编辑的不认，按编辑前的内容计：投票对象 黄蓉（我关门时截了图）。", {45: ("keep_original", "黄蓉", None)}),
    # cs017: a range whose every floor is written out beside it
    ("关门后的 46~49楼 一律不计（46 郭靖、47 黄蓉、48 杨康、49 穆念慈，都是 21:00 之后）。",
     {46: ("invalid", None, None), 47: ("invalid", None, None), 48: ("invalid", None, None), 49: ("invalid", None, None)}),
    ("28L是聊天不算票", {28: ("not_a_vote", None, None)}),  # cs027
    # cs061: a bracket that says when the player's role was made public, not which day's floor
    ("【裁定】14楼 投的 杨康 是酒吧老板（身份已在第一天公示），酒吧老板不能成为投票对象，14楼 无效。", {14: ("invalid", None, None)}),
    # cs066: 暂时 said of the substitute's account, not of the ruling
    ("替补暂时登不上原账号，用自己账号发了 38楼，经私信核实是替补本人，38楼 算 欧阳锋 的票，计 郭靖。", {38: ("for_voter", "郭靖", "欧阳锋")}),
])
def test_blind45s_clear_rulings_are_read(text, ruled):
    assert _ruled(text) == ruled


def test_a_range_not_written_out_floor_by_floor_still_waits():
    assert _ruled("46~49楼 一律不计（46 郭靖、49 穆念慈）") == {}


# -- the hostile round 86 (at ecb4247, /work/scratch/h86/REPORT.md) -----------------------------------------------------------

@pytest.mark.parametrize("text", ["D-2代投：欧阳锋→杨康", "Day 2 proxy: 欧阳锋 → 杨康", "次日代投：欧阳锋→杨康", "Ｄ２代投：欧阳锋→杨康",
                                  "后天代投：欧阳锋→杨康", "明天的代投：欧阳锋→杨康", "(D2)代投：欧阳锋→杨康", "Day-2 代投：欧阳锋→杨康",
                                  "第貳天代投：歐陽鋒→楊康", "下一天代投：欧阳锋→杨康", "Tomorrow's proxy: 欧阳锋 → 杨康", "N2代投：欧阳锋→杨康"])
def test_a_proxy_labelled_for_any_other_day_is_asked(text):
    """Round 86 N06–N09, C15, D01–D05 (「D-2代投」「次日代投」「Ｄ２代投」「第貳天代投」…, on day 1): counted, 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["代投（D1）：欧阳锋→杨康", "第一天代投：欧阳锋→杨康", "代投：欧阳锋→杨康"])
def test_a_proxy_for_this_day_stands(text):
    result, (entry,) = _day(("导演", text))
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["投郭靖，不對，楊康", "投郭靖，錯了，楊康", "投郭靖，口誤，楊康", "投郭靖（打錯，是楊康）", "投票：郭靖\n不對不對，是楊康"])
def test_a_ballot_corrected_in_traditional_script_is_read_as_in_simplified(text):
    """Round 86 C01, C07, D06, D07 (「投郭靖，不對，楊康」): counted for 郭靖, certain, 郭靖 posted out."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


def test_a_count_corrected_in_the_next_sentence_is_set_beside_ours_corrected():
    """Round 86 N16 (「杨康 4 票，郭靖 4 票。哦漏了一张，杨康是5」): 4 : 4 agreed with ours, 无人出局 posted."""
    result, asked = _counted("杨康 2 票，郭靖 2 票。哦漏了一张，杨康是3")
    assert asked == {5} and not result.certain, asked
    result, asked = _counted("杨康 2 票，郭靖 2 票，漏了说一句，杨康是个狼")
    assert not asked and result.certain


@pytest.mark.parametrize("text", ["2楼无效（逃", "2楼无效 (bushi", "2楼无效（狗头）"])
def test_a_ruling_with_a_joke_tail_open_or_closed_rules_nothing(text):
    """Round 86 N30 (「5楼无效（逃」): adopted, 杨康 posted out."""
    assert _ruled(text) == {}


@pytest.mark.parametrize("text", ["投杨康不是", "投杨康[size=1]不是[/size]", "投杨康 才怪"])
def test_a_ballot_denied_right_after_it_is_asked(text):
    """Round 86 b05/C06 (「投杨康[size=1]不是[/size]」): counted, certain, 杨康 posted out."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["转洪七公：杨康", "voting 杨康 on behalf of 洪七公"])
def test_a_ballot_forwarded_for_a_named_player_is_asked_as_his(text):
    """Round 86 r030, r032: asked, but never as 丘处机's ballot."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "洪七公" in entry.relayed_for and not result.certain, entry.reason



@pytest.mark.parametrize("text", ["洪七公私信：投杨康吧，我也不确定。已代投。", "代投：洪七公 → 杨康（他的原话：“随便吧，杨康也行”）",
                                  "代投：洪七公 → 杨康（他说他也不确定）"])
def test_a_proxy_asked_in_doubt_or_leaving_the_pick_is_asked(text):
    """Round 85 V16/W03, re-run in 86 (「丘处机私信：投杨康吧，我也不确定。已代投。」): counted, 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text, meant", [("杨康和郭靖谁发言少我投谁", "郭靖"), ("不投杨康天理难容", "杨康"), ("不投杨康还投谁", "杨康")])
def test_a_ballot_on_a_condition_or_through_a_double_negation_is_asked(text, meant):
    """Round 85 M10/N12, re-run in 86 (「不投杨康天理难容」): talk, certain."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and meant in entry.readings and not result.certain, entry.reason


# -- heldout52's and rulings/blind46's first reads (b099ac5) -----------------------------------------------------------------

def test_the_directors_own_earlier_void_retold_in_a_correction_is_not_ruled_again():
    """rulings/blind46 ct013 (「更正：我上午说 #19 无效，是我看错了。……改判有效，计 慕容复。」): #19 voided again."""
    assert _ruled("更正：我上午说 #19 无效，是我看错了。改判有效，计 杨康。") == {}
    assert _ruled("#19 无效。") == {19: ("invalid", None, None)}


@pytest.mark.parametrize("text", ["33楼 视为 郭靖 角色的投票，计 杨康。", "33楼 当作 郭靖 的投票，计 杨康。"])
def test_a_floor_taken_as_a_characters_ballot_counts_for_that_character(text):
    """rulings/blind46 ct043 (「33楼 视为 孟子 角色的投票，计 荀子」, a substitute's own account): counted as the account's own."""
    assert _ruled(text) == {33: ("for_voter", "杨康", "郭靖")}


def test_a_ballot_for_a_seat_written_with_spaces_and_a_note_is_asked():
    """heldout52 w52_058 (「投 3 号（按电梯楼顺序），理由昨天发言全是空话」): talk, certain."""
    result, (entry,) = _day(("欧阳锋", "投 3 号（按电梯楼顺序），理由昨天发言全是空话"))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text, ruled", [
    # ct003: one floor on each line under 「依次裁定：」 — each line its own ruling, no order to pair
    ("以下几楼依次裁定：\n42楼 —— 20:17 改票，已在关门前一小时内，改票无效，原票照算\n45楼 —— 21:03 发帖，已过关门时间，不计",
     {42: ("keep_original", None, None), 45: ("invalid", None, None)}),
    # ct030: a range written with floor marks and a dash, its posts counted
    ("#22–#25 四楼都是 13:00 之后发的（13:01–13:06），全部不计。",
     {22: ("invalid", None, None), 23: ("invalid", None, None), 24: ("invalid", None, None), 25: ("invalid", None, None)}),
    # ct004: a note under a count — 「没有计入上面」 is the count above, no relative floor
    ("附：23楼 郭靖 的对象栏和理由栏写反了，判无效，没有计入上面；26楼 黄蓉 缺投票理由，也判无效。",
     {23: ("invalid", None, None), 26: ("invalid", None, None)}),
    # ct045: a question someone asked, retold, is no correction of the ruling
    ("【裁定】16L 有效，计 杨康。\n郭靖 写的是「投票对象：杨康」——有人私信问我是不是打错了，规则按写的算。", {16: ("counts_as", "杨康", None)}),
])
def test_blind46s_clear_rulings_are_read(text, ruled):
    assert _ruled(text) == ruled


def test_a_range_of_marked_floors_not_counted_out_still_waits():
    assert _ruled("#22-#25 全部不计。") == {}


# -- heldout53's and rulings/blind47's first reads (0a67df4) -----------------------------------------------------------------

@pytest.mark.parametrize("text, ruled", [
    # cu003: the voter, an arrow, then the ballot kept — the kept name is after the arrow (#11 had counted for its voter)
    ("#28 郭靖 的改票没有回复原投票楼层，改票无效，以 #11 原票为准：郭靖 → 杨康。", {28: ("invalid", None, None), 11: ("keep_original", "杨康", None)}),
    # cu004: the edit after the close is void, not the floor (#37, the quoted post, had been voided)
    ("[b]回复 [url=forum.php?mod=redirect&goto=findpost&pid=2281937&ptid=51406]37#[/url] [i]郭靖[/i] [/b]\n\n"
     "关门后的编辑不认。按编辑前的内容算：投票对象 杨康。编辑后的「黄蓉」不算。", {37: ("keep_original", None, None)}),
    ("37楼 编辑后的「黄蓉」不算，按原票计 杨康", {37: ("keep_original", "杨康", None)}),
    # cu037: 「按房屋规则记黄牌一张」 names the rule, no player
    ("23楼 郭靖（酒吧老板）超过 12 小时才投，按房屋规则记黄牌一张。票本身没问题，照算，计 杨康。", {23: ("counts_as", "杨康", None)}),
])
def test_blind47s_clear_rulings_are_read(text, ruled):
    assert _ruled(text) == ruled


def test_a_ruling_the_director_retells_with_the_time_before_him_is_no_ruling_again():
    """rulings/blind47 cu014 (「更正：上午我说 #17 无效是看错了楼。」)."""
    assert _ruled("更正：上午我说 #17 无效是看错了楼。") == {}
    assert _ruled("我说 #5 无效") == {5: ("invalid", None, None)}


def test_a_ballot_whose_label_and_name_are_typed_in_pinyin_is_asked():
    """heldout53 w53_071 (「toupiao duixiang: nangong, liyou: shurufa huai le」): talk, certain."""
    result, (entry,) = _day(("欧阳锋", "toupiao duixiang: yangkang, liyou: shurufa huai le"))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


def test_a_char_read_only_in_old_dictionaries_is_no_homophone():
    """heldout53 w53_082 (「投票对象：东风」 for 东方: 方 read feng only in the full heteronym table): counted, certain."""
    from grammar.names import same_sound
    assert not same_sound("风", "方") and same_sound("长", "常") and same_sound("重", "虫")


@pytest.mark.parametrize("later", ["代投：洪七公 → 郭靖。5楼作废。",
                                   "更正5楼：洪七公 原话是“投郭靖，那个大侠”，我看串成 杨康 了。洪七公 的代投以本条为准：投票 郭靖。5楼作废。"])
def test_a_proxy_made_again_beside_the_void_of_the_old_ones_floor_is_never_dropped(later):
    """heldout53 d02 #14 (「更正12楼：Ruby 原话是……Ruby 的代投以本条为准：投票 Java。12楼作废。」): the line read as a ruling only —
    the old proxy voided, the new one dropped: 无人出局, certain."""
    t = _two_two()
    t.add("导演", "【代投】洪七公（微信委托）：投票 杨康。", 2)
    t.add("导演", later, 2.1)
    result = _with_posted_rulings(t)
    assert result.outcome.describe() == "郭靖 出局" or not result.certain, result.outcome.describe()


# -- the hostile round 87 (at b099ac5, /work/scratch/h87/REPORT.md) -----------------------------------------------------------

@pytest.mark.parametrize("text", ["Day Two proxy: 欧阳锋 → 杨康", "D+1代投：欧阳锋→杨康", "明晚代投：欧阳锋→杨康", "第2轮代投：欧阳锋→杨康",
                                  "周二代投：欧阳锋→杨康", "二日目代投：欧阳锋→杨康"])
def test_a_proxy_labelled_for_a_day_in_words_or_weekdays_is_asked(text):
    """Round 87 P08, Q01–Q03, V09 (「Day Two proxy」「D+1代投」「明晚代投」「第2轮代投」「周二代投」): counted on day 1, 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason
    result, (entry,) = _day(("导演", "Day One proxy: 欧阳锋 → 杨康"))
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("author, text", [("欧阳锋", "投杨康 [表情]"), ("欧阳锋", "投票对象：杨康 [表情]\n投票理由：太跳"),
                                          ("导演", "代投：洪七公→杨康 [表情]")])
def test_a_smiley_right_after_the_ballot_is_its_tone_and_asked(author, text):
    """Round 87 P66/Q06/Q07 (「投杨康 :lol」 on the page, 「[表情]」 in the archive, set aside): counted, 杨康 posted out."""
    result, (entry,) = _day((author, text))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["票型：杨康 2（+1 私信）；郭靖 2", "又数了一遍，杨康其实是3票", "统计：杨康 2 票 郭靖 2 票\n\nPS 刚收到洪七公私信：杨康。所以杨康 3",
                                  "杨康 2 票 + 洪七公私信 1 票；郭靖 2 票"])
def test_a_count_that_adds_a_ballot_or_recounts_is_set_beside_ours(text):
    """Round 87 P29, P30, P32, V02 (「杨康 4（+1 私信）」「又数了一遍，杨康其实是5票」…): 无人出局 posted, certain."""
    result, asked = _counted(text)
    assert asked == {5} and not result.certain, asked


@pytest.mark.parametrize("text", ["2楼无效（误", "2楼无效（溜"])
def test_a_ruling_left_open_in_a_bracket_at_its_end_rules_nothing(text):
    """Round 87 P34/P36 (「5楼无效（误」「5楼无效（溜」): adopted, 杨康 posted out."""
    assert _ruled(text) == {}
    assert _ruled("2楼无效（格式错）") == {2: ("invalid", None, None)}


@pytest.mark.parametrize("text", ["投楊康吧…也許", "投杨康（认真的吗？不是）"])
def test_a_ballot_hedged_in_traditional_or_denied_in_a_bracket_is_asked(text):
    """Round 87 Q04/Q05: counted, certain, 杨康 posted out."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and not result.certain, entry.reason


def test_a_relay_asked_by_shouting_is_asked_as_his():
    """Round 87 P61 (「丘处机喊我帮他点一票杨康」): asked without 丘处机's ballot among the readings, 无人出局 posted."""
    result, (entry,) = _day(("欧阳锋", "洪七公喊我帮他点一票杨康"))
    assert entry.needs_review and "洪七公" in entry.relayed_for and not result.certain, entry.reason


def test_what_the_count_goes_by_rules_no_floor():
    """rulings/blind48 cv021 (「…12楼 是第一天投票帖的 12楼……今天的帖子按今天的算。」): 「按今天的算」 applied as 「算」 to today's 12楼."""
    assert _ruled("12楼 是第一天投票帖的 12楼。今天的帖子按今天的算。") == {}
    assert _ruled("26l格式对的 算 ，28l不算") == {26: ("valid", None, None), 28: ("invalid", None, None)}


def test_a_bracket_explaining_the_name_is_no_denial():
    """heldout's x0207 (「投票对象：大副（说的是那个叫大副的玩家，不是身份）」): at a glance, as a bracket that ends on 不是 is not."""
    result, (entry,) = _day(("欧阳锋", "投票对象：杨康（说的是那个叫杨康的玩家，不是身份）\n投票理由：太跳"))
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


# -- the hostile round 88 (at e260882, /work/scratch/h88/REPORT.md) -----------------------------------------------------------

@pytest.mark.parametrize("text", ["12月8日代投：欧阳锋→杨康", "12/8 代投：欧阳锋→杨康", "8号代投：欧阳锋→杨康", "Day II proxy: 欧阳锋 → 杨康",
                                  "重投轮代投：欧阳锋→杨康"])
def test_a_proxy_labelled_with_a_date_a_roman_day_or_the_revote_is_asked(text):
    """Round 88 N11–N13, o50, o52 (「12月8日代投」「Day II proxy」「重投轮代投」 on day 1): counted, 杨康 posted out."""
    result, (entry,) = _day(("导演", text))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["12月8日：2楼无效", "12/8 2楼无效"])
def test_a_ruling_dated_rules_nothing_the_tool_can_place(text):
    """Round 88 N07 (「12月8日：5楼无效」 on day 1's thread): applied, 杨康 posted out."""
    assert _ruled(text) == {}


def test_a_date_or_a_count_beside_a_floor_is_no_floor():
    """「5楼 12月7日 21:03 发的」: 12 had been read as a floor of the list — voided with #5."""
    assert _ruled("5楼 12月7日 21:03 发的，关门后，无效") == {5: ("invalid", None, None)}
    assert _ruled("5楼、7、9楼无效") == {5: ("invalid", None, None), 7: ("invalid", None, None), 9: ("invalid", None, None)}


def test_a_count_written_as_a_sum_is_set_beside_ours():
    """Round 88 N17 (「票型：杨康 4+1=5，郭靖 4」): 无人出局 posted."""
    result, asked = _counted("票型：杨康 2+1=3，郭靖 2")
    assert asked == {5} and not result.certain, asked


def test_a_ballot_said_to_be_for_another_player_is_asked():
    """Round 88 o32 (「vote 杨康 for 丘处机」): counted as the poster's own, certain."""
    result, (entry,) = _day(("欧阳锋", "vote 杨康 for 洪七公"))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text, ruled", [
    # cv016: a count to be posted later is no ruling put off; the retold void with 那条 is no ruling again
    ("更正：我昨晚那条说 #40 无效是我看错了。#40 回复的就是 郭靖 自己的 #18。#40 改票有效，计 杨康。昨晚的票型我稍后重发。",
     {40: ("counts_as", "杨康", None)}),
    # cv048: the director's own proxy above taken back — the ruling after it stands
    ("代投：洪七公 → 杨康\n\n——撤回上面的代投。刚发现 洪七公 自己 26楼 已经投了「扬康」，一个同音字，能算，以 26楼 为准，计 杨康。",
     {26: ("counts_as", "杨康", None)}),
])
def test_blind48s_clear_rulings_are_read(text, ruled):
    assert _ruled(text) == ruled


# -- heldout55's first read (a59cd38) -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["我昨天投的杨康，今天还是杨康", "hammer: 杨康，这下4票了吧"])
def test_yesterdays_ballot_said_again_or_a_hammer_is_asked(text):
    """heldout55 w55_095, w55_084 (「我昨天投的豆干，今天还是豆干」「hammer: 酸菜」): talk, certain."""
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


def test_a_signature_that_says_so_is_set_aside():
    """heldout55 w55_011 (「今天先不投…⏎[size=1]—— 签名：上局投票对象：石匠…[/size]」): the signature's old ballot counted."""
    from grammar import structure
    parts = structure.split("今天先不投，晚上回来看。\n\n[size=1]—— 签名：上局投票对象：杨康，投票理由：永远的056[/size]")
    assert "杨康" not in parts.own and "签名" in parts.removed


@pytest.mark.parametrize("text, ruled", [
    # cw051 / cs031: the player deleted his post — 删了 is his, no ruling taken back
    ("第四十一楼现在显示「无效楼层，该帖已经被删除」——郭靖 自己删了投票帖，不计；他 43楼 重新投的 杨康 有效。",
     {41: ("invalid", None, None), 43: ("valid", None, None)}),
    # cw028: 「依次裁定：」 before one floor and its verdict — no order to pair
    ("依次裁定：5楼 有效，计 郭靖；8楼 无效。", {5: ("counts_as", "郭靖", None), 8: ("invalid", None, None)}),
])
def test_blind49s_clear_rulings_are_read(text, ruled):
    assert _ruled(text) == ruled


# -- heldout56's and rulings/blind50's first reads (2a1bedb) -------------------------------------------------------------------

def test_yesterdays_floor_named_with_its_day_in_english_is_not_todays():
    """rulings/blind50 cx070 (「Reminder：昨天 day 1 投票帖第 40 樓的事已經處理完了」): applied to today's 40楼."""
    assert _ruled("Reminder：昨天 day 1 投票帖第 40 楼的事已经处理完了，今天的楼层从头算。") == {}


def test_a_promise_for_the_revote_is_no_ballot_now():
    """heldout56 w56_110 (「重投我还投大雁」): counted, certain."""
    result, (entry,) = _day(("欧阳锋", "重投我还投杨康"))
    assert entry.verdict != "counted" and not result.certain, entry.reason


def test_a_ruling_on_a_condition_after_a_time_word_rules_nothing_yet():
    """blind51 cy029: 「截止前」 had taken the six characters after it as a time word, 「没来更正的话」 with them — the condition was
    lost and the floor applied as an abstention before the player had a chance to correct it."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read("14楼 杨康「投票对象：康」——没有明确对象。还没截止，杨康 可以联系我更正；截止前没来更正的话，就按弃权算。",
                       roster=ROSTER)
    assert post is None or not post.items, post
    # a time word still names its span: the verdict after it is the floor's
    post = ruling.read("14楼 是截止前一小时内的改票，无效。", roster=ROSTER)
    assert post is not None and [(i.ref, i.verdict) for i in post.items] == [(("floor", 14), "invalid")], post


@pytest.mark.parametrize("text", [
    "欧阳锋 私信说“要是杨康被投出去就帮我投无，否则投杨康”。带条件的代投按规则视为弃权，不代投。",
    "欧阳锋短信说“谁票少投谁”，这是给条件让导演定对象，按规则视为弃权。",
    "欧阳锋 早上微信让我代投 杨康，现在离关门不到 10 分钟，这票我不代，欧阳锋 视为弃权。",
])
def test_a_request_the_director_answers_with_an_abstention_is_weighed_as_one(text):
    """heldout57 w57_079, heldout58 w58_087: a proxy request the director answers with the rule that makes it the player's
    abstention (002: 代投给条件视为弃权) was read as a notice — certain, no ballot, where their writers count 欧阳锋's abstention
    (other writers read the same words as a refusal only): the director's to say, with the abstention a reading."""
    result, (entry,) = _day(("导演", text), preset="qisha")
    assert entry.needs_review and entry.voter == "欧阳锋" and entry.nobody, entry
    assert "郭靖" not in entry.readings and "杨康" not in entry.readings, entry  # (the request's words name its target, no voter)


@pytest.mark.parametrize("text", ["@欧阳锋 你那个“杨”到底是哪个？私信我说清楚，不然按弃权算。",
                                  "欧阳锋 托我投“如果杨康跳预言家就投杨康，否则弃权”——条件票，视为弃权，请他自己来投。"])
def test_a_warning_or_a_refusal_that_leaves_the_vote_to_the_player_is_no_abstention(text):
    # (heldout42 w42_086, heldout56 w56_074: their writers' 「none」 — a condition on what the player does next, or the player
    # told to vote himself)
    result, (entry,) = _day(("导演", text), preset="qisha")
    assert not entry.needs_review and entry.kind == "none", entry


@pytest.mark.parametrize("said", ["（就是穆念慈那个）", "（即穆念慈）"])
def test_another_player_said_to_be_the_target_is_a_second_target(said):
    """heldout58 w58_038 「投票对象：帝江（就是混沌那个）」: another player said to be the one voted — two players for one ballot;
    read as a description, it was counted for the first. 「（不是穆念慈）」 and 「（穆念慈的搭档）」 still say whom they mean."""
    result, (entry,) = _day(("欧阳锋", f"投票对象：杨康{said}\n投票理由：装糊涂"))
    assert entry.needs_review and "穆念慈" in entry.readings and not result.certain, entry
    for plain in ("（不是穆念慈）", "（穆念慈的搭档）"):
        _, (entry,) = _day(("欧阳锋", f"投票对象：杨康{plain}\n投票理由：装糊涂"))
        assert not entry.needs_review and entry.target == "杨康", entry


@pytest.mark.parametrize("text, meant", [("投杨康 理由他昨天算票算错两次", "杨康"), ("投扬康 理由他昨天算票算错两次", "杨康"),
                                         ("投杨康 因为她昨天投了郭靖", "杨康")])
def test_a_ballot_whose_reason_tells_what_its_target_did_yesterday_is_a_ballot(text, meant):
    """heldout58 w58_076 「投帐房 理由他昨天算票算错两次」 (002, one similar character allowed): 他 after the ballot is the player
    just voted, and what he did yesterday is the reason — the clause was read as a report of someone's vote, the post as talk."""
    _, (entry,) = _day(("欧阳锋", text), preset="qisha")
    assert entry.verdict == "counted" and entry.target == meant, entry
    # (a label is no ballot: 「投票理由：他昨天投郭靖」 under another target still names 郭靖 as a reason, not as the choice)
    _, (entry,) = _day(("欧阳锋", "投票对象：杨康，投票理由：他昨天投郭靖，今天却说郭靖像好人"), preset="qisha")
    assert entry.target == "杨康" and not entry.needs_review, entry


def test_blind52s_wrong_effects_are_held_or_read_as_meant():
    """blind52's first read (5fc6dbe): 「按编辑前的对象 X 计」 voided the floor (cz008); 「…不算改票，仍以 66楼 X 为准」 voided 66楼,
    the floor it says stands (cz054); 「昨天重投阶段 12楼 的裁定维持不变」 was applied to today's 12楼 (cz046)."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read("44楼 显示“本帖最后由 杨康 于 21:07 编辑”，关门后的编辑不认，按编辑前的对象 郭靖 计。", roster=ROSTER)
    assert [(i.ref, i.verdict, i.target) for i in post.items] == [(("floor", 44), "keep_original", "郭靖")], post
    post = ruling.read("另：杨康 66楼 投 郭靖 后又在 67楼 发新帖“投票对象：黄蓉”，未回复原楼，不算改票，仍以 66楼 郭靖 为准。", roster=ROSTER)
    assert not any(i.ref == ("floor", 66) and i.verdict == "invalid" for i in post.items), post
    post = ruling.read("昨天重投阶段 12楼 的裁定维持不变。今天是新帖，楼层重新算，请勿混淆。", roster=ROSTER)
    assert post is None or post.void or not post.items, post
    # (所以 is no 以: 「所以 17楼 不计」 rules 17 void, as it says)
    post = ruling.read("杨康 昨天已发动若愚，所以 17楼 杨康 这票不计。", roster=ROSTER)
    assert [(i.ref, i.verdict) for i in post.items] == [(("floor", 17), "invalid")], post


# -- hostile round 89 (at 95e0f67) -----------------------------------------------------------------------------------------

def test_an_unclosed_quote_tag_is_the_text_the_forum_shows():
    """Round 89, case 14: 「[quote]投票对象：杨康 ⏎ 投票理由：二」 with no [/quote] — Discuz shows the tag as text and the ballot
    under it plainly; read as a quote, the ballot was talk, certain, and 「无人出局」 was posted alone."""
    _, (entry,) = _day(("欧阳锋", "[quote]投票对象：杨康\n投票理由：二"), preset="qisha")
    assert entry.verdict == "counted" and entry.target == "杨康", entry


def test_a_character_reference_typed_as_text_is_no_name():
    """Round 89, cases 04 and 69: 「投票对象：&#26472;&#24247;」 typed as those characters shows on the page as them (a browser
    sends 杨康 as it is on any forum); decoded, it was a certain ballot for 杨康. A character GBK cannot hold still reads back."""
    from grammar.normalize import decode_references

    _, (entry,) = _day(("欧阳锋", "投票对象：&#26472;&#24247;\n投票理由：跟票"), preset="qisha")
    assert not (entry.verdict == "counted" and entry.target == "杨康" and not entry.needs_review), entry
    assert decode_references("&#134071;田") == "𠮷田" and decode_references("&#26472;") == "&#26472;"


def test_a_ruling_promised_for_later_rules_nothing_now():
    """blind53 da035 「47楼 …没引用原帖，等我吃完饭回来会把它判成无效的，先别吵。」: the director's own ruling in the future — it had
    voided 47楼 now. 「47楼 无效，我会在统计里写明」 still rules."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read("47楼 那个“unvote, vote 杨康”没引用原帖，等我吃完饭回来会把它判成无效的，先别吵。", roster=ROSTER)
    assert post is None or not post.items, post
    post = ruling.read("47楼 无效。", roster=ROSTER)
    assert [(i.ref, i.verdict) for i in post.items] == [(("floor", 47), "invalid")], post


def test_a_proxy_headed_in_english_reads_its_pair_in_order():
    """heldout59 w59_056 「proxy vote: 横钩 → 撇点」: 「vote:」 after the heading is no target's label — the pair is 横钩's ballot for
    撇点, as 「代投：横钩 → 撇点」 (it was read the other way round, certain)."""
    _, (entry,) = _day(("导演", "proxy vote: 欧阳锋 → 杨康\n欧阳锋 PM 我的，reason: 杨康 flip-flop。"))
    assert entry.verdict == "counted" and entry.voter == "欧阳锋" and entry.target == "杨康", entry


def test_a_players_name_from_another_account_is_not_the_player():
    """Round 89, case 12: the admin renames 欧阳锋 (uid 16); a newcomer registers the freed name (uid 17) and, quoting the old
    ballot, changes it — counted as 欧阳锋's change and 郭靖 posted out. The name's first account (or the game file's uid) is
    the player; another account under the name is a stranger, its ballot the director's."""
    from dataclasses import replace

    from tallykit import Thread, game
    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    first = t.vote("欧阳锋", "杨康", 1)
    t.vote("郭靖", "杨康", 1.2)
    change = t.add("欧阳锋", "改票对象：郭靖\n改票理由：想了想还是他", 2, quote=first)
    t.vote("黄蓉", "郭靖", 2.2)
    t.vote("穆念慈", "郭靖", 2.4)
    uids = {"欧阳锋": 16, "郭靖": 11, "黄蓉": 12, "穆念慈": 13}
    t.posts[:] = [replace(p, author_uid=17 if p.pid == change.pid else uids.get(p.author)) for p in t.posts]
    g = game("shediao")
    result = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
    entry = next(e for e in result.entries if e.pid == change.pid)
    assert entry.verdict != "counted" and entry.needs_review and not result.certain, entry
    assert next(e for e in result.entries if e.pid == first.pid).verdict == "counted"
    # the same account all along: the change counts
    t.posts[:] = [replace(p, author_uid=uids.get(p.author)) for p in t.posts]
    result = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
    assert next(e for e in result.entries if e.pid == change.pid).verdict == "counted"


def test_a_target_spelled_out_with_spaces_is_weighed_for_the_players_it_names():
    """Round 89, case 72: 「投票对象：郭 靖 杨 康 ⏎ 投票理由：…先投第一个」 — the proof weighed an abstention and no ballot only,
    and 「无人出局」 was posted alone where 计为郭靖 puts 郭靖 out."""
    _, (entry,) = _day(("欧阳锋", "投票对象：郭 靖 杨 康\n投票理由：两个都可疑，先投第一个"), preset="qisha")
    assert entry.needs_review and {"郭靖", "杨康"} <= set(entry.readings), entry  # (weighed: what the proof folds)


def test_a_player_named_like_an_abstention_is_never_decided_by_the_word():
    """Round 89, cases 01, 26, 62: with a player named 弃权, 「投票对象：弃权」 had been a certain abstention (four of them posted
    the wrong player out) and 「3楼 计为 弃权」 an abstention applied; check-game said nothing of the name."""
    from dataclasses import replace

    from grammar import ruling
    from grammar.names import Roster
    from tallykit import Thread, game
    from tally.day import tally_day
    from tally.game import Player, template_warnings
    from tally.rules import load_preset

    t = Thread()
    t.vote("郭靖", "弃权", 1)
    g = game("shediao")
    g = replace(g, players=(*g.players, Player("弃权", 99)))
    result = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
    assert result.entries[0].needs_review and "弃权" in result.entries[0].readings, result.entries[0]
    post = ruling.read("3楼 计为 弃权。", roster=Roster(["郭靖", "弃权", "杨康"]))
    assert not post.items and [ref for ref, _ in post.held] == [("floor", 3)], post
    assert any("弃权" in line for line in template_warnings(g))
    assert ruling.read("3楼 计为 弃权。", roster=Roster(["郭靖", "杨康"])).items  # (no such player: an abstention, as written)


def test_a_floor_of_yesterdays_runoff_thread_is_not_todays():
    """blind54 db034 「提醒：……昨天对决帖 8楼 那种写「无」的，在对决里是无效的，今天别再犯。」: yesterday's runoff thread's floor, an
    example in a reminder — applied as today's 8楼 void."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read("提醒：对决帖里只能投 郭靖 或 杨康。昨天对决帖 8楼 那种写「无」的，在对决里是无效的，今天别再犯。", roster=ROSTER)
    assert post is None or post.void or not post.items, post


@pytest.mark.parametrize("text", ["投票对象：杨康\n投票理由：（这是第2天的票，提前投）",
                                  "投票对象：杨康\n投票理由：他可疑\n本楼已被导演裁定无效",
                                  "投票对象：杨康\n投票理由：他可疑\n——郭靖代笔",
                                  "投票对象：杨康 ❌\n投票理由：他可疑"])
def test_a_ballot_that_says_it_is_not_todays_or_not_its_own_is_asked(text):
    """Round 89, cases 05, 71, 70, 06: a ballot said to be another day's, ruled void in its own words, written by another
    player, or crossed out by a mark — each counted, certain. 「第二天的票型里…」 in an analysis is no such word."""
    result, (entry,) = _day(("欧阳锋", text), preset="shediao")
    assert entry.needs_review and not result.certain, entry
    _, (entry,) = _day(("欧阳锋", "投票对象：杨康\n投票理由：第二天的票型里，投他的人今天都转向了"), preset="shediao")
    assert not entry.needs_review, entry


def test_a_proxy_asked_for_a_stated_while_before_the_close_is_placed_then():
    """Round 89, case 63: 「代投：欧阳锋→郭靖（委托时间：关门前5分钟）」 under 000's last-hour bar was certain, where the clock form
    「20:57 收到…」 is held; said an hour and more before the close, it stands."""
    result, (entry,) = _day(("导演", "代投：欧阳锋→郭靖（委托时间：关门前5分钟）"), preset="shediao")
    assert entry.needs_review and "关门前5分钟" in entry.reason, entry
    _, (entry,) = _day(("导演", "代投：欧阳锋→郭靖（委托时间：关门前三小时）"), preset="shediao")
    assert not entry.needs_review and entry.verdict == "counted", entry


def test_the_floor_said_to_be_the_one_that_counts_takes_the_verdict_after_it():
    """blind55 dc054 「第十五樓、第十六樓、第十九樓 均為 X 重複發帖投票……只計第十五樓，計為 唐曉芙；十六樓、十九樓 不計。」: 「計為」 after
    the floor said to count went to the three floors named a sentence above — two verdicts each, all held."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read("15楼、16楼、19楼 均为 杨康 重复发帖投票。只计15楼，计为 郭靖；16楼、19楼 不计。", roster=ROSTER)
    assert [(i.ref, i.verdict, i.target) for i in post.items] == [
        (("floor", 15), "counts_as", "郭靖"), (("floor", 16), "invalid", None), (("floor", 19), "invalid", None)], post


@pytest.mark.parametrize("target, meant", [("靖靖", "郭靖"), ("Kang", "杨康")])
def test_an_unannounced_nickname_is_weighed_for_the_players_it_may_mean(target, meant):
    """heldout61 w61_021 「村长」 for 中关村, w61_035 「钱钱」 for 双钱结, w61_072 「Teddy」 for 泰迪, w61_110 「Fe」 for 老铁: each a
    nickname the opening never announced, doubted — but weighed as no ballot only, the player meant never a reading."""
    _, (entry,) = _day(("欧阳锋", f"投票对象：{target}\n投票理由：话多"))
    assert entry.needs_review and meant in entry.readings, entry


def test_a_proxy_pair_the_post_denies_is_asked_both_ways():
    """heldout61 w61_016 「刚才那条代投我把人写反了：委托人是西单，投票对象是回龙观，不是回龙观委托投西单。以本条为准：西单 → 回龙观。」: the
    pair read was the one 「不是」 denies — counted the wrong way round, certain."""
    _, (entry,) = _day(("导演", "刚才那条代投我把人写反了：委托人是欧阳锋，投票对象是杨康，不是杨康委托投欧阳锋。以本条为准：欧阳锋 → 杨康。"))
    assert entry.needs_review and ("欧阳锋" in entry.relayed_for or entry.voter == "欧阳锋"), entry


def test_heldout62_and_blind56s_misses_are_asked_or_rule_nothing():
    """heldout62 w62_002 (a proxy under a pasted QQ log, 「以上，平菇的票：银耳」) and w62_129 (「代改：玉兔 改票对象：嫦娥」) were
    silent notices; w62_020 (「……解释了就当我弃权」) a certain ballot; blind56 dd013 (「从第三天起……像 20楼 那种……到时候一律不计」)
    voided today's 20楼."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    log = ("19:10 代投 欧阳锋（QQ原文照贴）\n[19:02] 欧阳锋：导演 帮我投一下杨康吧 今晚加班回不来\n[19:03] 导演：收到，理由？\n"
           "[19:04] 欧阳锋：理由就说他跟郭靖一唱一和\n以上，欧阳锋的票：杨康。")
    for text, voter, target in ((log, "欧阳锋", "杨康"), ("19:00 欧阳锋私信：“帮我把票改成郭靖”。代改：欧阳锋 改票对象：郭靖", "欧阳锋", "郭靖")):
        _, (entry,) = _day(("导演", text), preset="shediao")
        assert entry.needs_review and entry.voter == voter and entry.target == target, entry
    _, (entry,) = _day(("欧阳锋", "投票对象：杨康\n投票理由：杨康今晚不出来解释这票算数，解释了就当我弃权"), preset="shediao")
    assert entry.needs_review, entry
    post = ruling.read("【公告】从第三天起投票统一用两行格式。像 20楼 那种只写一个名字不写理由的，到时候一律不计，请提前习惯。", roster=ROSTER)
    assert post is None or not post.items, post


def test_heldout63_and_blind57s_misses():
    """heldout63 w63_064: a refused conditional proxy recorded as the player's abstention, whose quoted request holds 如果 — the
    request's condition was taken for one on the abstention, and the post read as a notice (silent). blind57 de015: a count's
    row 「弃权 1（#20）」 applied as a ruling of #20."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    _, (entry,) = _day(("导演", "收到欧阳锋的QQ：“帮我投杨康，如果杨康今天跳了就投郭靖”——条件代投不接受，按规则视为弃权。"), preset="qisha")
    assert entry.needs_review and entry.voter == "欧阳锋" and entry.nobody, entry
    count = "【22:00 中期统计】\n郭靖 3（#5 #9 #14）\n杨康 2（#16 #18）\n弃权 1（#20）\n（统计仅供参考，以关门结算为准）"
    post = ruling.read(count, roster=ROSTER)
    assert post is None or not post.items, post
    assert [(i.ref, i.verdict) for i in ruling.read("弃权：20楼（改票无效）", roster=ROSTER).items] == [(("floor", 20), "abstain")]


def test_a_proxy_read_from_a_request_the_same_line_answers_with_an_abstention_is_asked():
    """heldout64 w64_072 「小猎犬私信：“帮我投奋进或者维多，你看着办”。要求代投必须给明确对象，这条按规则视为弃权。」: the request's first
    name was read as a certain proxy where the director's own words on the line make it an abstention. Two proxies on two lines,
    one of them refused so, keep the other (heldout v0240)."""
    _, (entry,) = _day(("导演", "欧阳锋私信：“帮我投杨康或者郭靖，你看着办”。要求代投必须给明确对象，这条按规则视为弃权。"), preset="qisha")
    assert entry.needs_review, entry
    _, (entry,) = _day(("导演", "代投两则：\n1. 欧阳锋 委托：投票对象 杨康，理由“他昨晚说自己没动”。\n"
                                "2. 洪七公 委托“如果郭靖票数过 4 就投无，否则投郭靖”——有条件，按规则视为弃权，不代投。"), preset="qisha")
    assert entry.verdict == "counted" and entry.voter == "欧阳锋" and entry.target == "杨康", entry


def test_a_label_run_into_a_slip_of_a_name_is_weighed_for_that_player():
    """heldout64 w64_093 「投票对象三角架」 (no colon, 角 for 脚 in 三脚架): asked as talk with no reading of the player — silent
    if the director counts it. The words after the long label, with no space, are read for the name they start with."""
    for text, meant in (("投票对象杨庚", "杨康"), ("投票对象杨庚理由他昨天划水", "杨康"), ("投票对象穆念兹", "穆念慈")):
        result, (entry,) = _day(("欧阳锋", text), preset="shediao")
        assert entry.needs_review and meant in entry.readings, (text, entry)
        assert result.certain == (meant != "杨康"), text  # (杨康 at 3 : 2 would be out; 穆念慈's one vote moves nothing)


def test_a_slip_whose_wrong_character_is_another_players_is_no_match():
    """heldout63 w63_073 「投票对象：天狐」 beside 天狗 and 九尾狐: 狐 for 狗 is a slip of shape, and 狐 is 九尾狐's — counted for
    天狗, certain, where the writer asks which of the two."""
    from grammar.names import AMBIGUOUS, SHAPE, Roster

    assert Roster(names=("天狗", "山童", "雪女")).resolve("天狐", fuzzy=True).how == SHAPE
    match = Roster(names=("天狗", "山童", "九尾狐")).resolve("天狐", fuzzy=True)
    assert match.how == AMBIGUOUS and set(match.candidates) == {"天狗", "九尾狐"}, match


def test_a_proxy_post_that_says_the_player_abstains_is_weighed_as_that_abstention():
    """heldout65 w65_064: the director answers a conditional request with the rule — 「所以 X 今天按弃权计，代投：无。」 — and the
    post was asked as a proxy it could not read, with no reading of X's abstention (silent where the director counts it)."""
    text = "洪七公 发来：“导演帮我投票最多的那个”——规则写明不许让导演定对象，否则视为弃权。\n所以 洪七公 今天按弃权计，代投：无。"
    _, (entry,) = _day(("导演", text), preset="qisha")
    assert entry.needs_review and ("洪七公", None) in {(r.voter, r.target) for r in entry.space} | {(entry.voter, entry.target)}, entry


@pytest.mark.parametrize("text, ruled", [
    ("前面 5楼 那条代投作废（我贴错了对象）。重新代投，QQ记录如下：\n[11:02] 洪七公：导演 帮我投 杨康\n代投 洪七公：投票对象 杨康。",
     [(5, "invalid")]),  # the slip owned in brackets is why the proxy is void
    ("5喽（打错了，5楼）杨康 的票有效。", [(5, "valid")]),  # a bracket mending how the floor was typed, the same floor
    ("核对：\n✔ 3# 郭靖 → 杨康\n✘ 4# 黄蓉 → 杨康 + 郭靖（两个对象）", [(3, "valid"), (4, "invalid")]),  # a checklist's marks
    ("6楼 洪七公 投 杨康，他是警长，这票计两票。", [(6, "valid")]),  # the title's weight said of the ballot
    ("警长 洪七公 的票 #6 计 2 票给 杨康。", [(6, "counts_as")]),
])
def test_rulings_with_their_reasons_marks_and_weights_rule_their_floors(text, ruled):
    """blind59's first read listed these forms for the director: a reason in brackets holding 「我贴错了」 read as the director
    turning back, 「23喽（打错了，23楼）」 as a correction of which floor, a ✔/✘ checklist and 「计两票」 as floors named and not ruled."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read(text, roster=ROSTER)
    assert post is not None and not post.void and not post.held, (text, post.problems if post else None)
    assert [(i.ref[1], i.verdict) for i in post.items] == ruled, (text, post)


@pytest.mark.parametrize("text", [
    "5楼无效（说错了，是3楼）",  # a bracket that corrects the floor still holds the post
    "5楼有效（不对，作废）",  # one that corrects the verdict
    "✔ 3# 郭靖 → 杨康 无效",  # a tick beside a verdict in words: the words rule, whatever the mark
    "如果他是警长，这票计两票",  # a weight under a condition, no floor
])
def test_corrections_of_the_floor_or_verdict_and_marks_beside_words_stay_the_directors(text):
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read(text, roster=ROSTER)
    items = [(i.ref[1], i.verdict) for i in post.items] if post else []
    assert items in ([], [(3, "invalid")]), (text, items)


def test_a_name_broken_over_a_line_after_its_verb_is_the_players():
    """heldout66 w66_088 「投  寂 ⏎ 寞，理由：…」 (七杀's free format): the name cut by a phone's line break was read as a reason
    alone — an abstention by rule, where the writer counts a ballot for 寂寞."""
    _, (entry,) = _day(("欧阳锋", "投  杨\n康，理由：他一直不表态"), preset="qisha")
    assert entry.verdict == "counted" and entry.target == "杨康", entry


def test_a_proxy_change_the_director_does_not_make_is_no_proxy():
    """heldout66 w66_102 「…“帮我把票改成补语” —— …导演不代为改票，维持原票。」 was counted as a proxy for 补语."""
    _, (entry,) = _day(("导演", "欧阳锋QQ：“导演，帮我把票改成杨康” —— 欧阳锋已投过郭靖，改票需引用原楼，导演不代为改票，维持原票。"),
                       preset="anshazhe")
    assert entry.verdict != "counted" and not entry.needs_review, entry


@pytest.mark.parametrize("reason, asked", [
    ("如果导演能确认杨康昨天没被淹，我这票就算数，否则弃权", True),  # the ballot's own fate under a condition
    ("要是他明天被赦免，那就算我白投", False),  # a remark on what may come, not on this ballot
])
def test_a_condition_in_a_labelled_reason_on_the_ballot_itself_is_asked(reason, asked):
    """heldout66 w66_108: a void-if ballot under labels was counted certain (only the target's own line was read for a condition)."""
    _, (entry,) = _day(("欧阳锋", f"投票对象：杨康\n投票理由：{reason}"), preset="anshazhe")
    assert entry.verdict == "counted" and entry.needs_review == asked, entry


def test_a_change_under_a_typed_reply_to_the_voters_own_floor_is_asked():
    """heldout66 w66_124 「回复 5# 话梅 ⏎ 改票对象：果冻」 with no quote the forum made: an unquoted change, certain void — whether
    the typed reply is a reply to her own ballot is the director's. A typed reply to another's floor stays void."""
    from test_hostile_round56 import Thread, game, load_preset, tally_day

    for opening, asked in (("回复 2# 郭靖", True), ("回复 3# 黄蓉", False)):
        t = Thread()
        t.vote("郭靖", "杨康", 1)
        t.vote("黄蓉", "杨康", 1.2)
        t.vote("杨康", "郭靖", 1.4)
        post = t.add("郭靖", f"{opening}\n改票对象：穆念慈\n改票理由：想了想", 2)
        g = game("shediao")
        result = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
        entry = next(e for e in result.entries if e.pid == post.pid)
        assert entry.needs_review == asked and (entry.verdict == "counted") == asked, (opening, entry)


@pytest.mark.parametrize("text, ruled", [
    # not the relayer's ballot, and whose it is: one ruling, the voter's (a relay the voter confirmed)
    ("27楼 洪七公 写「替 欧阳锋 投：杨康」——玩家之间不能代投，27楼 不算 洪七公 的票。欧阳锋 私信我确认了，27楼 计为 欧阳锋 投 杨康。",
     [(27, "for_voter", "杨康", "欧阳锋")]),
    # what the rule would make of it, conceded before the 但 that overrides it
    ("27楼 洪七公 替 欧阳锋 转的票，玩家替别人投票本来不算，但 欧阳锋 短信确认了：27楼 计为 欧阳锋 的票，投 杨康。",
     [(27, "belongs", None, "欧阳锋")]),
    ("郭靖 自己 12楼 的“投票对象：杨康”本来就有效，照算。", [(12, "valid", None, None)]),  # 本来就: a link word, whole
])
def test_a_relay_the_voter_confirmed_is_ruled_as_the_voters_ballot(text, ruled):
    """Rulings sets list these for the director (blind33 cj026, blind34 ck042, blind59 dg019, blind60 dh060): the verdict that
    the floor is not the relayer's own and the one that gives it to the voter were read as two verdicts on one floor."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read(text, roster=ROSTER)
    assert post is not None and not post.void and not post.held, (text, post.problems if post else None)
    got = [(i.ref[1], i.verdict, i.target, i.voter) for i in post.items]
    assert [g[:2] for g in got] == [r[:2] for r in ruled] and all(r[2] in (None, g[2]) and r[3] in (None, g[3])
                                                                   for g, r in zip(got, ruled)), (text, got)


def test_a_rule_said_of_another_players_ballot_is_still_two_verdicts():
    """「不算 X 的票」 beside 「计为 X …」 — the same player — is two verdicts, the director's."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read("27楼 不算 欧阳锋 的票。27楼 计为 欧阳锋 投 杨康。", roster=ROSTER)
    assert post is None or post.void or post.held or not post.items, post


@pytest.mark.parametrize("text", ["25楼 改票有效，计为 欧阳锋→杨康。", "25楼 有效，计 欧阳锋 → 杨康。", "25楼 计为 欧阳锋->杨康"])
def test_counted_as_a_voter_arrow_target_is_the_target_for_that_voter(text):
    """blind61 di009 「改票有效，计为 鞭毛→内质网」 was counted for 鞭毛, the voter: the arrow was read as a link word."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read(text, roster=ROSTER)
    assert [(i.ref[1], i.target, i.voter) for i in post.items] == [(25, "杨康", "欧阳锋")], (text, post)


def test_the_fallback_of_an_if_the_director_has_yet_to_check_is_not_applied():
    """blind61 di067: 「38楼 … 如果是 20:00 之前发的就有效（计 杨康），否则无效、按 12楼 原票 郭靖。等我去后台看秒数。」 applied 12楼
    as valid — the original a void change falls back to, here under an if."""
    from grammar import ruling
    from test_eleventh_round_reads import ROSTER

    post = ruling.read("38楼 欧阳锋 的改票时间显示 20:00。如果是 20:00 之前发的就有效（计 杨康），否则无效、按 12楼 原票 郭靖。"
                       "等我去后台看秒数。", roster=ROSTER)
    assert post is None or not post.items, post.items


def test_a_relay_in_northern_speech_for_a_player_by_another_name_holds_the_day():
    """heldout67 d02: 「二哥在外地手机没电，托俺说一声：他投吕布」 — 俺 for 我, 二哥 no nickname the game file holds — was read as
    talk, and the day posted alone where counting the relay puts the target out."""
    result, (entry,) = _day(("黄蓉", "二哥在外地手机没电，托俺说一声：他投杨康，理由同俺。"), preset="shediao")
    assert entry.needs_review and not result.certain, entry


def test_a_proxy_arrowed_on_a_count_line_is_asked_never_dropped():
    """heldout67 w67_081: a running count on one line, corrected in the same line — 「这里更正：孙权代投 → 曹操」 — was a certain notice."""
    text = "计票（10:00）：杨康 2（郭靖、黄蓉、欧阳锋代投？）——等一下，欧阳锋代投是今早QQ来的，投郭靖，这里更正：欧阳锋代投 → 郭靖。"
    _, (entry,) = _day(("导演", text), preset="qisha")
    assert entry.needs_review and ("欧阳锋", "郭靖") in {(r.voter, r.target) for r in entry.space} | {(entry.voter, entry.target)}, entry


def test_a_relay_whose_ballot_is_quoted_above_it_is_weighed_for_the_one_it_is_for():
    """The hostile round 90, cases 83–84: 「[quote]丘处机：帮我投杨康[/quote] 丘处机托我转的，我自己不投」 was a certain abstention of the
    poster's, with no reading of 丘处机's ballot for 杨康 — and 「无人出局」 was posted where counting it put 杨康 out."""
    _, (entry,) = _day(("洪七公", "[quote]欧阳锋：帮我投杨康[/quote]\n欧阳锋托我转的，我自己不投"), preset="qisha")
    assert entry.needs_review and ("欧阳锋", "杨康") in {(r.voter, r.target) for r in entry.space}, entry


_NESTED = ["郭靖", "郭靖哥", "黄蓉", "杨康", "穆念慈", "欧阳锋", "洪七公", "梅超风", "丘处机", "黄药师"]


def _nested_day(author: str, text: str):
    """郭靖哥 at 3 of 10 (七杀's 40 % is 4), and one post more: the day and its entry."""
    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tallykit import Player

    t = Thread()
    for voter in ("黄蓉", "杨康", "穆念慈"):
        t.vote(voter, "郭靖哥", 1)
    post = t.add(author, text, 2)
    g = game("qisha", players=tuple(Player(n, i + 3) for i, n in enumerate(_NESTED)))
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    return result, next(e for e in result.entries if e.pid == post.pid)


@pytest.mark.parametrize("author, text, pair", [
    ("洪七公", "投票对象：郭靖 哥\n投票理由：可疑", (None, "郭靖哥")),  # the shorter name spaced from the rest of the longer
    ("导演", "【代投】郭靖哥哥私信委托导演代投，投票对象：黄药师", ("郭靖", "黄药师")),  # the longer run into a kinship word
    ("导演", "受郭靖哥哥之托代投：梅超风", ("郭靖", "梅超风")),
    # (the hostile round 91, cases 21, 38, 54, 55, 60, 61: brackets, two spaces, a space in the proxy, 哥们儿)
    ("洪七公", "投票对象：郭靖（哥）\n投票理由：可疑", (None, "郭靖哥")),
    ("洪七公", "投票对象：郭靖  哥哥\n投票理由：可疑", (None, "郭靖哥")),
    ("导演", "【代投】郭靖 哥私信委托导演代投，投票对象：黄药师", ("郭靖哥", "黄药师")),
    ("导演", "【代投】郭靖哥们儿私信委托导演代投，投票对象：黄药师", ("郭靖", "黄药师")),
])
def test_names_that_nest_are_read_both_ways_where_the_words_blur_them(author, text, pair):
    """The hostile round 90, cases 11, 17, 76, 85, 86 (players 郭靖 and 郭靖哥): 「郭靖 哥」 was counted for 郭靖 and 「郭靖哥哥私信委托」
    made a proxy for 郭靖哥, each certain — and 「无人出局」 posted where the other reading made 郭靖哥's fourth vote."""
    result, entry = _nested_day(author, text)
    readings = {(r.voter, r.target) for r in entry.space} | {(entry.voter, entry.target)}
    assert entry.needs_review and (pair in readings if pair[0] else pair[1] in {t for _, t in readings}), entry
    assert not result.certain or pair[1] == "黄药师"  # (黄药师's one vote moves nothing; 郭靖哥's fourth is 40 %)


def test_a_nested_name_written_whole_is_that_player():
    from grammar.names import Roster

    roster = Roster(_NESTED)
    assert roster.blurred("投票对象：郭靖哥") == [] and roster.blurred("郭靖哥私信我") == [] and roster.blurred("投票对象：郭靖") == []


def test_a_ballot_typed_after_a_phone_signature_is_the_posters_own_words():
    """The hostile round 90, case 42: 「—— 来自 iPhone 客户端 投票对象：郭靖」 under a ballot for 杨康 — the second ballot went with the
    signature, and 杨康 was counted certain. A signature alone is still set aside."""
    result, (entry,) = _day(("洪七公", "投票对象：杨康\n投票理由：可疑\n—— 来自 iPhone 客户端 投票对象：郭靖"), preset="shediao")
    assert entry.needs_review and entry.verdict != "counted" and not result.certain, entry
    _, (entry,) = _day(("洪七公", "投票对象：杨康\n投票理由：可疑\n—— 来自 iPhone 客户端"), preset="shediao")
    assert entry.verdict == "counted" and entry.target == "杨康" and not entry.needs_review, entry


def _day_with_rulings(t, preset: str = "shediao"):
    """The day of thread `t` with the rulings its director posted merged in, as poll applies them: (the day, what was found)."""
    from test_hostile_round56 import game, load_preset, tally_day
    from tally import rulings as posted

    g, rules = game(preset), load_preset(preset)
    base = tally_day(t.posts, g, g.days[0], rules, {}, sensitivity=False)
    found = posted.from_posts(t.posts, g, g.days[0], base, rules, {}, posted.director_uids(g, t.posts))
    return tally_day(t.posts, g, g.days[0], rules, posted.merge([], found)), found


@pytest.mark.parametrize("first, second", [("关于2楼：", "无效，理由写在标题里了。"), ("关于第2楼：", "无效，理由写在标题里了。"),
                                           ("这票无效，格式不对。", "（指2楼）"),
                                           # (the hostile round 93, cases 11, 18, 48, 50: numerals in words, 「N楼那票：」, 「↑说的是…」)
                                           ("关于二楼：", "无效，作废。"), ("2楼那票：", "无效，作废。"), ("2L那票：", "无效，作废。"),
                                           ("关于沙发那一票的裁定：", "无效，作废。"), ("无效，作废。", "↑说的是二楼那票")])
def test_a_ruling_written_in_two_posts_leaves_its_floor_to_the_director(first, second):
    """The hostile rounds 90–91, cases 27, 16, 43, 62, 67: 「关于2楼：」 then, in the director's next post, 「无效，理由写在标题里了。」
    (or the verdict first and 「（指4楼）」 after) — neither rules alone; the floor stayed counted, certain, and neither post was
    listed (and in a thread with no other ruling, the posts were never read for rulings at all). The floor now waits for the
    director, the pair said."""
    from test_hostile_round56 import Thread, game
    from tally import rulings as posted

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4)):
        t.vote(voter, target, hours)
    t.add("导演", first, 2)
    t.add("导演", second, 2.1)
    assert posted.maybe_rulings(game("shediao"), t.posts)
    result, found = _day_with_rulings(t)
    entry = next(e for e in result.entries if e.floor == 2)
    assert entry.needs_review and found.unread and not result.certain, (entry, found.unread)


def test_talk_a_moderator_turned_into_a_ballot_after_the_close_is_counted_as_before_and_said():
    """The hostile round 90, case 45: 版主乙 edited 黄蓉's chat post after the close into 「投票对象：郭靖」 — the words before the edit
    were counted (talk), rightly, and the director was told nothing, while the thread's readers see a ballot (the README: 「按编辑前
    存档的内容计票并告诉导演」)."""
    from dataclasses import replace

    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tallykit import CLOSE, timedelta

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("杨康", "郭靖", 1.4)):
        t.vote(voter, target, hours)
    chat = t.add("黄蓉", "大家加油，晚上见", 2)
    edited = (CLOSE + timedelta(hours=1)).isoformat()
    t.posts[-1] = replace(chat, text="投票对象：郭靖\n投票理由：可疑", edited_by="版主乙", edited_at=edited)
    history = {chat.pid: [{"text": "大家加油，晚上见", "seen_at": (CLOSE - timedelta(hours=1)).isoformat()},
                          {"text": "投票对象：郭靖\n投票理由：可疑", "seen_at": (CLOSE + timedelta(hours=2)).isoformat()}]}
    g = game("shediao")
    result = tally_day(t.posts, g, g.days[0], load_preset("shediao"), history=history)
    entry = next(e for e in result.entries if e.pid == chat.pid)
    assert entry.verdict != "counted" and entry.needs_review and "郭靖" in entry.readings and "版主乙" in entry.reason, entry


def test_a_name_another_account_takes_after_an_earlier_day_is_a_strangers_on_a_later_one(tmp_path):
    """The hostile round 90, case 28: 欧阳锋 (uid 7) voted on day 1 and was renamed on the forum; a new account registered the name
    (uid 15) and cast the fourth vote on day 2 — counted as his, and 黄蓉 posted out. The archive holds the account the name
    posted from on day 1: the newcomer's ballot is a stranger's, the director's to rule. Without a day before it, the day
    alone cannot tell (the first account under the name is the player's)."""
    from datetime import datetime, timedelta

    from bansha import pipeline
    from scraper import archive, model
    from tally.game import Day, Game, Player
    from tally.rules import load_preset

    db = archive.open_db(tmp_path / "g.db")
    start = datetime.fromisoformat("2026-11-20T21:00:00+08:00")
    players = ("郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "洪七公", "梅超风", "丘处机", "黄药师", "一灯")
    uids = {name: 3 + i for i, name in enumerate(players)}
    game = Game(name="换号局", preset="qisha", directors=("导演",), players=tuple(Player(n, None) for n in players),
                days=(Day(day=1, vote_thread=1, start=start.isoformat(), close=(start + timedelta(days=1)).isoformat()),
                      Day(day=2, vote_thread=2, start=(start + timedelta(days=2)).isoformat(),
                          close=(start + timedelta(days=3)).isoformat())))
    for tid, day_start, ballots in (
            (1, start, [("欧阳锋", 7, "郭靖"), ("郭靖", uids["郭靖"], "欧阳锋")]),
            (2, start + timedelta(days=2), [("郭靖", uids["郭靖"], "黄蓉"), ("杨康", uids["杨康"], "黄蓉"),
                                            ("穆念慈", uids["穆念慈"], "黄蓉"), ("欧阳锋", 15, "黄蓉")])):
        page = model.ThreadPage(variant="x3", tid=tid, fid=2, subject=f"第{tid}天投票帖", page=1, last_page=1, replies=len(ballots),
                                posts=[], generator=None, now=None, utc_offset="+08:00", formhash=None, uid=None, damage=[])
        archive.save_thread(db, page, forum="bbs.example.org", url="u", source="pc", ppp=10)
        posts = [model.Post(pid=tid * 100 + k, tid=tid, floor=k + 2, author=a, author_uid=u,
                            posted_at=(day_start + timedelta(hours=1 + k)).isoformat(), time_precision="second",
                            edited_by=None, edited_at=None, quotes=[], text=f"投票对象：{t}\n投票理由：可疑", html="",
                            status="normal", style={"colors": [], "sizes": []}) for k, (a, u, t) in enumerate(ballots)]
        archive.save_posts(db, posts, source="pc")
    tally = pipeline.tally_from_archive(db, game, load_preset("qisha"), 2)
    newcomer = next(e for e in tally.entries if e.pid == 203)
    assert newcomer.verdict != "counted" or newcomer.needs_review, newcomer
    assert not (tally.certain and tally.outcome.kind == "out"), tally.outcome


def test_a_relay_whose_ballot_stands_only_in_the_quote_the_page_shows_is_weighed_for_it():
    """The hostile round 91, cases 07–08: on the forum the quote box is kept apart from the post's own words, so
    「[quote]丘处机：帮我投杨康[/quote] 丘处机托我转的，我自己不投」 reached the reader without 杨康 — weighed only as an abstention, and
    「无人出局」 posted where counting the relay made 杨康's fourth vote. The page's quoted words are kept with the quote and read."""
    from dataclasses import replace

    from bansha.demo.forum.bbcode import render_bbcode
    from scraper.message import read_message_html
    from test_hostile_round56 import Thread, game, load_preset, tally_day

    message = read_message_html(render_bbcode("[quote]欧阳锋：帮我投杨康[/quote]\n欧阳锋托我转的，我自己不投"))
    assert "杨康" not in message.text and [q.text for q in message.quotes] == ["欧阳锋：帮我投杨康"], message
    t = Thread()
    for voter in ("郭靖", "黄蓉", "穆念慈"):
        t.vote(voter, "杨康", 1)
    post = t.add("洪七公", message.text, 2)
    t.posts[-1] = replace(post, quotes=message.quotes)
    g = game("qisha")
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert ("欧阳锋", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


def test_a_ruling_that_quotes_one_ballot_and_rules_another_floor_leaves_both_to_the_director():
    """The hostile round 91, case 50: the director quoted 9楼 (梅超风's ballot) and wrote 「3楼无效」 — 3楼 was voided, certain, and
    9楼 counted, without a word of the mismatch. Both wait for the director; a quote of the floor it rules applies as before."""
    from dataclasses import replace

    from test_hostile_round56 import Thread

    for other in (True, False):
        t = Thread()
        for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4)):
            t.vote(voter, target, hours)
        ruled, quoted = t.posts[0], t.posts[2] if other else t.posts[0]
        held = {ruled.floor, quoted.floor} if other else set()
        t.add("导演", f"{ruled.floor}楼无效", 2, quote=quoted)
        t.posts = [replace(p, author_uid=2 if p.author == "导演" else 10 + k) for k, p in enumerate(t.posts)]
        result, _found = _day_with_rulings(t)
        asked = {e.floor for e in result.entries if e.needs_review}
        voided = {e.floor for e in result.entries if e.verdict != "counted" and e.author != "导演"}
        assert asked == held and (voided == set() if held else voided == {ruled.floor}), (other, asked, voided)


@pytest.mark.parametrize("own, author, quoted", [("转达一下", None, "欧阳锋：帮我投杨康"), ("他托我转的", "欧阳锋", "帮我投杨康")])
def test_a_relay_that_names_no_one_is_for_the_one_its_quote_is_by(own, author, quoted):
    """The hostile round 91, cases 24, 25: 「[quote]黄药师：帮我投郭靖[/quote] 转达一下」 and a quote headed 「欧阳克 发表于 …」 over
    「他托我转的」 — asked, with no reading of the quoted player's ballot. The relay is the quote's speaker's (its header, or 「X：」)."""
    from dataclasses import replace

    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tallykit import Quote

    t = Thread()
    for voter in ("郭靖", "黄蓉", "穆念慈"):
        t.vote(voter, "杨康", 1)
    post = t.add("洪七公", own, 2)
    t.posts[-1] = replace(post, quotes=[Quote(None, author, None, quoted)])
    g = game("qisha")
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert ("欧阳锋", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


def test_a_secret_voters_doubtful_post_leaves_the_draft_reading_as_anyones():
    """The hostile rounds 90–91, cases 46, 65: the 法官's 「投杨康吧，大概」 left him out of the draft's 未投有效票 — one name short of
    the living — where the same post by an ordinary player is listed there: the missing name was the judge. His doubtful post
    reads as anyone's; his clear ballot, which anyone else's would have counted, still waits unlisted (round 79)."""
    import re as _re

    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tally.report import render_bbcode
    from tallykit import Player

    def draft(judge: bool, text: str) -> str:
        t = Thread()
        for voter in ("郭靖", "黄蓉"):
            t.vote(voter, "杨康", 1)
        t.add("黄药师", text, 2)
        players = tuple(Player(n, i + 3, roles=("法官",) if judge and n == "黄药师" else ()) for i, n in enumerate(_NESTED))
        g = game("anshazhe", players=players)
        board = render_bbcode(tally_day(t.posts, g, g.days[0], load_preset("anshazhe")), "测试")
        return _re.sub(r"黄药师", "X", board)

    def listed(board: str) -> list[str]:
        return [line for line in board.splitlines() if line.startswith(("未投有效票", "合计", "存活"))]

    assert listed(draft(True, "投杨康吧，大概")) == listed(draft(False, "投杨康吧，大概"))
    assert "X" in next(line for line in listed(draft(True, "投杨康吧，大概")) if line.startswith("未投有效票"))
    assert "X" not in next(line for line in listed(draft(True, "投票对象：杨康")) if line.startswith("未投有效票"))


@pytest.mark.parametrize("own", ["帮他转一下", "帮转一下", "替他转", "转发一下", "代转", "搬运一下", "以上是欧阳锋的票"])
def test_a_relay_in_other_words_under_a_quoted_request_is_weighed(own):
    """The hostile round 92, cases 18, 19, 50: under a quoted 「帮我投杨康」 these were read as talk — 「无人出局；待裁定 0 帖」 posted
    where the relayed vote decided the day."""
    from dataclasses import replace

    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tallykit import Quote

    t = Thread()
    for voter in ("郭靖", "黄蓉", "穆念慈"):
        t.vote(voter, "杨康", 1)
    post = t.add("洪七公", own, 2)
    t.posts[-1] = replace(post, quotes=[Quote(None, "欧阳锋", None, "帮我投杨康")])
    g = game("qisha")
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert ("欧阳锋", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, (own, entry)


def test_a_ballot_wrapped_in_a_decoration_code_names_its_player():
    """The hostile round 92, cases 20, 44: 「[fly]投票对象：郭靖[/fly]」 as a second ballot read 「郭靖[/fly」 — 一帖多票, with 郭靖 never
    a reading, and 「都不影响结果」 posted where he decided it."""
    _, (entry,) = _day(("洪七公", "投票对象：杨康\n投票理由：可疑\n[fly]投票对象：郭靖[/fly]"), preset="shediao")
    assert entry.needs_review and {"杨康", "郭靖"} <= set(entry.readings), entry


def test_a_ruling_split_over_two_posts_by_a_seat_name_and_a_heading_never_pairs_backwards():
    """The hostile round 92, case 25: 「关于沙发：」 then 「无效，作废。」 left 2楼 counted, and the verdict was paired with the next
    director post 「关于5楼：」 — a heading, which heads what comes after it, never what came before."""
    from test_hostile_round56 import Thread

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.5)):
        t.vote(voter, target, hours)
    t.add("导演", "关于沙发：", 2)
    t.add("导演", "无效，作废。", 2.1)
    t.add("导演", "关于3楼：", 2.2)
    result, _found = _day_with_rulings(t)
    assert {e.floor for e in result.entries if e.needs_review} == {2}, [(e.floor, e.reason) for e in result.entries]


def test_a_name_both_director_and_player_is_refused_with_words(tmp_path):
    """The hostile round 92, case 39: a living player also listed in directors — check-game said nothing, and her ballot was read
    as a director's post and dropped."""
    from tally.game import load_game

    path = tmp_path / "game.toml"
    path.write_text('[game]\nname = "测试局"\npreset = "shediao"\ndirectors = ["黄蓉"]\n\n[[players]]\nname = "郭靖"\n\n'
                    '[[players]]\nname = "黄蓉"\n\n[[days]]\nday = 1\nvote_thread = 1\nstart = "2026-11-20 21:00"\n'
                    'close = "2026-11-22 21:00"\n', "utf-8")
    with pytest.raises(ValueError, match="既写在 directors"):
        load_game(path)


def test_a_ballot_crossed_out_with_a_times_sign_is_asked_a_weight_is_not():
    """The hostile round 92, case 55: 「投票对象：杨康×」 — a cross after the name, as ❌ and ✗ are — was counted certain."""
    _, (entry,) = _day(("洪七公", "投票对象：杨康×\n投票理由：可疑"), preset="shediao")
    assert entry.needs_review, entry
    _, (entry,) = _day(("洪七公", "投票对象：杨康\n投票理由：他×2的票太多了"), preset="shediao")
    assert not entry.needs_review and entry.target == "杨康", entry


@pytest.mark.parametrize("own", ["帮忙转一下", "转一下", "帮他转个票", "转过来了", "以上为欧阳锋的票", "这是欧阳锋的票", "欧阳锋的票如上"])
def test_a_post_passing_on_a_quoted_request_in_any_words_is_a_relay(own):
    """The hostile round 93, cases 09, 10, 20, 21, 31: under a quoted 「帮我投杨康」 these were talk, or the poster's own ballot for
    the one quoted — 「无人出局」 posted alone where the relayed vote decided. A post passing on a quoted request is a relay."""
    from dataclasses import replace

    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tallykit import Quote

    t = Thread()
    for voter in ("郭靖", "黄蓉", "穆念慈"):
        t.vote(voter, "杨康", 1)
    post = t.add("洪七公", own, 2)
    t.posts[-1] = replace(post, quotes=[Quote(None, None, None, "欧阳锋：帮我投杨康")])
    g = game("qisha")
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert ("欧阳锋", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, (own, entry)


@pytest.mark.parametrize("tag", ["collapse", "blink", "spoil"])
def test_a_ballot_inside_a_tag_the_forum_does_not_know_names_its_player(tag):
    """The hostile round 93, cases 13, 22: 「[collapse]投票对象：郭靖[/collapse]」 as a second ballot read 郭靖[/collapse as the name."""
    _, (entry,) = _day(("洪七公", f"投票对象：杨康\n投票理由：可疑\n[{tag}]投票对象：郭靖[/{tag}]"), preset="shediao")
    assert entry.needs_review and {"杨康", "郭靖"} <= set(entry.readings), entry



@pytest.mark.parametrize("first, second, floor", [("板凳那一票我的裁定如下：", "无效，不计入票型。", 3),
                                                  ("5L那票我看了一下：", "算无效，不计入票型。", 5), ("对#4的票：", "无效，作废。", 4),
                                                  ("针对板凳那票，裁定如下", "作废，不计入票型。", 3),
                                                  ("无效，不计入票型。", "↑上面说的是三楼那票", 3),
                                                  ("算无效，不计。", "（上一条指的是5L）", 5), ("地板的票", "判无效。", 4),
                                                  # (the hostile round 99, cases 10, 39: a half naming several floors, a heading that
                                                  # rules nothing — 「杨康 出局」 posted against the ruling)
                                                  ("5楼投的理由是照抄3楼的，", "所以判无效。", (3, 5)),
                                                  ("【裁定】以下楼层无效：", "3楼、5楼", (3, 5)),
                                                  # (round 102, cases 23, 26, 28: 「两楼」 read as floor 2, and neither post as a half)
                                                  ("3楼和5楼理由一模一样，复制的。", "两楼均判无效，其他照常。", (3, 5)),
                                                  ("3楼、5楼的理由都是复制的", "这两票都不算。", (3, 5))])
def test_a_ruling_split_over_two_posts_is_read_by_what_each_half_holds(first, second, floor):
    """The hostile round 94, cases 11, 52–54, 71, 74, 75: a heading with a tail (「板凳那一票我的裁定如下：」「6L那票我看了一下：」),
    「对#8的票：」, a verdict opening on 判 or 算, 「↑上面说的是七楼那票」 — each slipped a list of shapes, and decisive days were posted
    against the director's ruling. A post naming one floor and no verdict, beside one giving a verdict and no floor, is one ruling
    in two posts: the floor waits for the director."""
    from test_hostile_round56 import Thread

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.5),
                                 ("洪七公", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    t.add("导演", first, 2)
    t.add("导演", second, 2.1)
    result, _found = _day_with_rulings(t)
    assert {e.floor for e in result.entries if e.needs_review} == ({floor} if isinstance(floor, int) else set(floor)), [
        (e.floor, e.reason) for e in result.entries]


def test_a_verdict_no_post_beside_gives_a_floor_is_listed():
    """A verdict with no floor, and no post beside it naming one (「判无效，理由太水。」 alone): listed for the director, never dropped."""
    from test_hostile_round56 import Thread

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4)):
        t.vote(voter, target, hours)
    t.add("导演", "判无效，理由太水。", 2)
    _, found = _day_with_rulings(t)
    assert [u.floor for u in found.unread] == [4] and "没写是哪一楼" in found.unread[0].why[0], found.unread


@pytest.mark.parametrize("tail", ["写岔了→杨康", "名字填岔了 => 杨康", "对象填反了→杨康", "↑杨康"])
def test_a_correction_pointing_at_another_name_with_an_arrow_is_asked(tail):
    """The hostile round 95, cases 27–29: 「写岔了→杨康」 under a ballot for 郭靖 — a correction in words no list held, the arrow
    pointing at the one meant — was certain for 郭靖, and the lab posted his elimination alone (UTF-8 and GBK)."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n{tail}"), preset="qisha")
    assert entry.needs_review and {"郭靖", "杨康"} <= set(entry.readings), entry
    _, (entry,) = _day(("洪七公", "投票对象：郭靖\n投票理由：他和杨康的票型一样"), preset="qisha")
    assert not entry.needs_review and entry.target == "郭靖", entry


@pytest.mark.parametrize("own", ["帮忙转一下", "转一下", "帮他转个票", "照办（手机发的，见谅）", "收到，马上（手机发的）"])
@pytest.mark.parametrize("header", ["郭靖：帮我投杨康", "郭靖 发表于 2026-12-7 12:00\n帮我投杨康"])
def test_check_vote_reads_a_typed_quote_as_the_thread_reads_the_pages(own, header):
    """The hostile round 94, cases 09, 58b: a relay under a quoted request was flagged in the thread (the page keeps the quote apart)
    and certain talk in check-vote (the quote typed as BBCode stayed in the text); and 「照办」 under a quoted request — no word of
    a list that passed a ballot on — was talk in the thread too, 「无人出局」 posted alone (case 55)."""
    from test_hostile_round56 import load_preset

    from bansha.cli.reading import _fold_one

    entry = _fold_one(f"[quote]{header}[/quote]\n{own}", "黄蓉", None, load_preset("qisha"), ["郭靖", "黄蓉", "杨康", "穆念慈"], None)
    assert not entry.certain and ("郭靖", "杨康") in {(r.voter, r.target) for r in entry.space}, (own, entry)


@pytest.mark.parametrize("own", ["你自己不是已经投了吗？别刷屏", "别刷屏了，自己投吧"])
def test_a_question_or_a_refusal_under_a_quoted_request_is_no_relay(own):
    from test_hostile_round56 import load_preset

    from bansha.cli.reading import _fold_one

    entry = _fold_one(f"[quote]郭靖：帮我投杨康[/quote]\n{own}", "黄蓉", None, load_preset("qisha"), ["郭靖", "黄蓉", "杨康", "穆念慈"], None)
    assert ("郭靖", "杨康") not in {(r.voter, r.target) for r in entry.space}, (own, entry)


@pytest.mark.parametrize("tail", ["以上为杨康的票", "以上系杨康的票", "此乃杨康之票", "杨康的票如上", "这是杨康的票", "以上为杨康所投"])
def test_a_ballot_said_to_be_another_players_is_a_relay_with_or_without_a_quote(tail):
    """The hostile round 94, cases 10, 21, 59, 65, 66: 「以上为X的票」「此乃X之票」「X的票如上」 outside a quote read as the poster's own
    ballot (a dead poster's: a certain abstention) — a decisive GBK day posted alone. And 「以上是我的票」, the poster's own, was taken
    for a relay and held a plain day (case 56)."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n{tail}"), preset="qisha")
    assert entry.needs_review and entry.verdict == "counted", entry
    _, (entry,) = _day(("洪七公", "投票对象：郭靖\n投票理由：可疑\n以上是我的票"), preset="qisha")
    assert not entry.needs_review and entry.target == "郭靖", entry
    _, (entry,) = _day(("洪七公", "投票对象：郭靖\n投票理由：以上是我的看法，这是杨康的票型分析的结论"), preset="qisha")
    assert not entry.needs_review and entry.target == "郭靖", entry


@pytest.mark.parametrize("tag", ["投票", "票", "重要", "h1", "t_1", "tag-a"])
def test_a_ballot_inside_a_tag_of_any_name_names_its_player(tag):
    """The hostile round 94, case 58: 「[投票]投票对象：郭靖[/投票]」 (and [h1], [t_1], [tag-a]) as a second ballot read 郭靖[/投票 —
    only tags of letters were read as the pair the forum shows as typed; 「无人出局」 posted alone."""
    _, (entry,) = _day(("洪七公", f"投票对象：杨康\n投票理由：可疑\n[{tag}]投票对象：郭靖[/{tag}]"), preset="shediao")
    assert entry.needs_review and {"杨康", "郭靖"} <= set(entry.readings), entry
    _, (entry,) = _day(("洪七公", "[投票]郭靖[/投票]\n理由：可疑"), preset="shediao")
    assert entry.target == "郭靖", entry


@pytest.mark.parametrize("text, note", [("投票对象：郭靖\n投票理由：如果杨康今天还不交代的话就算我投郭靖", "条件票"),
                                        ("投票对象：郭靖\n投票理由：发言可疑", "格式不对"),
                                        ("投票对象：郭靖\n投票理由：发言可疑", "法官不能投票")])
def test_a_secret_voters_ruled_ballot_reads_in_public_as_anyones(text, note):
    """The hostile round 95, case 53: the secret 法官 and 丘处机 posted the same ballot and the director ruled both 「无效」 with the
    same note — the posted final put 丘处机 under 弃权 with the note shown and the 法官 under 未投有效票 with the note hidden. The
    public post is the same whether or not the game file sets him apart (a note that speaks of the right to vote is the
    director's own slip: kept off his line only)."""
    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tally.day import Ruling
    from tally.report import render_bbcode
    from tallykit import Player

    def final(judge: bool) -> str:
        t = Thread()
        for voter, target in (("郭靖", "杨康"), ("黄蓉", "杨康"), ("穆念慈", "杨康"), ("杨康", "郭靖")):
            t.vote(voter, target, 1)
        mine = t.add("黄药师", text, 2)
        theirs = t.add("丘处机", text, 2.2)
        names = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公", "黄药师", "梅超风", "丘处机"]
        players = tuple(Player(n, i + 3, roles=("法官",) if judge and n == "黄药师" else ()) for i, n in enumerate(names))
        g = game("qisha", players=players)
        rulings = {p.pid: Ruling(p.pid, "reject", note=note) for p in (mine, theirs)}
        return render_bbcode(tally_day(t.posts, g, g.days[0], load_preset("qisha"), rulings), "测试")

    if "法官" in note:
        assert final(True).count("（法官不能投票）") == 1  # (beside 丘处机's ballot: the director's words of an ordinary player)
        assert final(True).replace("黄药师：无效\n", "黄药师：无效（法官不能投票）\n") == final(False)
    else:
        assert final(True) == final(False), (final(True), final(False))


def test_a_secret_voters_relay_is_weighed_and_listed_as_anyones():
    """The hostile round 95, case 54: the same relay (「[quote]丘处机：帮我投郭靖[/quote] 帮他转一下」) by the secret 法官 and by 梅超风 —
    梅超风's listed in 「待导演裁定」, the 法官's certain talk: 丘处机's relayed vote never weighed, and the list named the 法官. A relay is
    the ballot of the one it is for, whoever carries it."""
    from dataclasses import replace
    from datetime import timedelta

    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tally.report import render_bbcode
    from tallykit import Player, Quote

    def count(judge: bool):
        t = Thread()
        for voter, target in (("郭靖", "杨康"), ("黄蓉", "杨康"), ("穆念慈", "杨康"), ("杨康", "郭靖"), ("洪七公", "郭靖"), ("欧阳克", "郭靖")):
            t.vote(voter, target, 1)
        for author in ("黄药师", "梅超风"):
            post = t.add(author, "帮他转一下，他在外地", 2)
            t.posts[-1] = replace(post, quotes=[Quote(None, None, None, "丘处机：帮我投郭靖")])
        names = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公", "黄药师", "梅超风", "丘处机"]
        players = tuple(Player(n, i + 3, roles=("法官",) if judge and n == "黄药师" else ()) for i, n in enumerate(names))
        g = game("qisha", players=players)
        return t, tally_day(t.posts, g, g.days[0], load_preset("qisha"))

    t, judged = count(True)
    relays = [e for e in judged.entries if e.author in ("黄药师", "梅超风")]
    assert all(e.needs_review and e.relayed_for == ("丘处机",) for e in relays), relays
    at = max(p.posted_at for p in t.posts)
    from datetime import datetime
    now = datetime.fromisoformat(at) + timedelta(minutes=5)
    assert render_bbcode(judged, "测试", as_of=now) == render_bbcode(count(False)[1], "测试", as_of=now)


@pytest.mark.parametrize("text", ["2楼的理由写得真好，大家学习一下。", "6L那个分析写得不错，大家可以参考。"])
def test_a_director_praising_a_floors_reasoning_rules_nothing(text):
    """The hostile round 94, cases 84, 85: a director's 「2楼的理由写得真好」 left #2 to the director — 「说到了 #2 的票」 — and held a
    plain day. Praise of a ballot's reasoning gives the ballot no fate; 「2楼的票不要了」 still does."""
    from grammar import ruling as words
    from grammar.names import Roster

    roster = Roster(["郭靖", "黄蓉", "杨康"], {})
    assert words.read(text, roster=roster) is None
    assert words.read("2楼的票不要了。", roster=roster).held



@pytest.mark.parametrize("tail", ["以上内容为杨康的票", "以上来自杨康", "以上代表杨康", "上为杨康之票", "——杨康的票"])
def test_a_ballot_said_to_be_another_players_in_any_deictic_words_is_a_relay_for_him(tail):
    """The hostile round 96, cases 15, 16, 44, 45: 「以上内容为梅超风的票」「以上来自杨康」 read as the poster's own ballot (a wrong
    elimination posted on both sites), and the flagged forms had no reading for the player named. Now a relay for him, with that
    reading; 「以上是杨康昨天的票，很可疑」 — what he did yesterday — is the poster's reason (case 22)."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n{tail}"), preset="qisha")
    assert entry.needs_review and ("杨康", "郭靖") in {(r.voter, r.target) for r in entry.space}, entry
    _, (entry,) = _day(("洪七公", "投票对象：郭靖\n投票理由：可疑\n以上是杨康昨天的票，很可疑"), preset="qisha")
    assert not entry.needs_review and entry.target == "郭靖", entry


@pytest.mark.parametrize("own", ["你自己不能投吗？算了我帮你", "没问题，不过下次自己来"])
def test_a_reply_that_scolds_then_passes_the_ballot_on_is_a_relay(own):
    """The hostile round 96, cases 31, 32: a reply to a quoted request that asks or scolds and then does it was certain talk —
    a word of asking or declining anywhere in it ruled the relay out; 「无人出局」 posted alone. Only a reply every clause of which
    asks or declines is no relay."""
    from test_hostile_round56 import load_preset

    from bansha.cli.reading import _fold_one

    entry = _fold_one(f"[quote]郭靖：帮我投杨康[/quote]\n{own}", "黄蓉", None, load_preset("qisha"), ["郭靖", "黄蓉", "杨康", "穆念慈"], None)
    assert not entry.certain and ("郭靖", "杨康") in {(r.voter, r.target) for r in entry.space}, (own, entry)


@pytest.mark.parametrize("tail", ["写岔了 ➜ 杨康", "👉杨康", "↓杨康", "名字打错 ⇨ 杨康"])
def test_a_correction_pointing_with_an_arrow_of_any_kind_is_asked(tail):
    """The hostile round 96, cases 14, 49: 「写岔了 ➜ 杨康」 posted 郭靖's elimination alone — the arrows were a list (→ ⇒ ➡)."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n{tail}"), preset="qisha")
    assert entry.needs_review and {"郭靖", "杨康"} <= set(entry.readings), entry


def test_a_tag_pair_named_after_a_player_is_asked():
    """The hostile round 96, case 26: 「投票对象：[杨康]郭靖[/杨康]」 — the forum shows the tags as typed, two names — read as 郭靖,
    certain, and posted. A tag of any other name ([重要]) still reads as the words between."""
    _, (entry,) = _day(("洪七公", "投票对象：[杨康]郭靖[/杨康]\n投票理由：可疑"), preset="qisha")
    assert entry.needs_review and {"郭靖", "杨康"} <= set(entry.readings), entry
    _, (entry,) = _day(("洪七公", "[重要]投票对象：郭靖[/重要]\n投票理由：可疑"), preset="qisha")
    assert not entry.needs_review and entry.target == "郭靖", entry


@pytest.mark.parametrize("text", ["投票对象：杨康\n投票理由：发言可疑\n以上为个人观点，仅供参考",
                                  "投票对象：杨康\n投票理由：杨康→郭靖这条线有问题"])
def test_ordinary_sign_offs_and_reasons_hold_no_day(text):
    """The hostile round 96, cases 30, 22: the common sign-off 「以上为个人观点，仅供参考」 was read as a hedge on the ballot and held
    a plain day; an arrow between two names inside a reason, as a change. 「投杨康，仅供参考」 still asks."""
    _, (entry,) = _day(("洪七公", text), preset="qisha")
    assert not entry.needs_review and entry.target == "杨康", entry
    _, (entry,) = _day(("洪七公", "投票对象：杨康，仅供参考\n投票理由：可疑"), preset="qisha")
    assert entry.needs_review, entry


@pytest.mark.parametrize("text", ["投票对象：郭靖\n投票理由：可疑\n以上为杨康委托票", "投票对象：郭靖\n投票理由：可疑\n杨康托投",
                                  "投票对象：郭靖\n投票理由：可疑\n以上转自杨康", "投票对象：郭靖\n投票理由：可疑\n以上皆为杨康的票",
                                  "投票对象：郭靖\n投票理由：可疑\n来自杨康的票", "投票对象：郭靖\n投票理由：可疑\n以上归杨康",
                                  "投票对象：郭靖\n投票理由：可疑\nfrom 杨康", "下面是杨康的票\n投票对象：郭靖\n投票理由：可疑"])
def test_a_ballot_said_to_be_another_players_above_or_below_is_a_relay_for_him(text):
    """The hostile round 97, cases 60, 61, 67, 70, 71: owner words after the ballot (「以上为X委托票」「以上转自X」「来自X的票」「from X」)
    and a relay announced above it (「下面是X的票」) read as the poster's own — wrong eliminations posted on both sites."""
    _, (entry,) = _day(("洪七公", text), preset="qisha")
    assert entry.needs_review and "杨康" in entry.relayed_for, entry


@pytest.mark.parametrize("arrow", ["➡️", "—>", "——>", "~>", "=》", "☞", "☛", "▶", "►"])
def test_a_correction_pointing_with_any_arrow_a_phone_or_a_keyboard_makes_is_asked(arrow):
    """The hostile round 97, cases 62, 63, 73: 「写岔了➡️杨康」 (the arrow with the phone's variation selector), 「——>」「=》」「☞」「▶」 —
    wrong eliminations posted on both sites."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n写岔了{arrow}杨康"), preset="qisha")
    assert entry.needs_review and {"郭靖", "杨康"} <= set(entry.readings), entry


@pytest.mark.parametrize("text", ["投票对象：杨康\n投票理由：票型：郭靖→杨康", "投票对象：杨康\n投票理由：郭靖→杨康→穆念慈 这条链很可疑",
                                  "投票对象：杨康\n投票理由：发言可疑\n以上仅供参考"])
def test_arrow_chains_in_a_reason_and_a_bare_sign_off_hold_no_day(text):
    """The hostile round 97, cases 64, 75, 76: each held a plainly certain day."""
    _, (entry,) = _day(("洪七公", text), preset="qisha")
    assert not entry.needs_review and entry.target == "杨康", entry


@pytest.mark.parametrize("line", ["郭靖×　杨康√", "（郭靖×）杨康√", "郭靖× 杨康✓"])
def test_a_cross_and_a_tick_beside_two_names_is_asked(line):
    """The hostile round 98, case 61: 「郭靖×　杨康√」 under a ballot for 郭靖 was certain for 郭靖 and posted his elimination."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n{line}"), preset="qisha")
    assert entry.needs_review and {"郭靖", "杨康"} <= set(entry.readings), entry


@pytest.mark.parametrize("decision, target", [("accept", None), ("target", "郭靖")])
def test_a_ruling_never_gives_the_secret_judge_a_vote(decision, target):
    """The hostile round 98, case 66: the director applied the ruling review offered — 「有效」 on the secret 法官's clean ballot — and
    his vote counted: a tie a player without a vote made. Who may vote is the game file's: the ballot stays uncounted and the
    final waits until it is ruled 无效 (a ruling line the count does not keep would show the thread who he is)."""
    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tally.day import Ruling
    from tally.report import secret_ballots
    from tallykit import Player

    t = Thread()
    for voter, to in (("郭靖", "杨康"), ("黄蓉", "杨康"), ("穆念慈", "杨康"), ("杨康", "郭靖"), ("洪七公", "郭靖"), ("欧阳克", "郭靖")):
        t.vote(voter, to, 1)
    mine = t.add("黄药师", "投票对象：郭靖\n投票理由：发言可疑", 2)
    names = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公", "黄药师", "梅超风", "丘处机"]
    g = game("qisha", players=tuple(Player(n, i + 3, roles=("法官",) if n == "黄药师" else ()) for i, n in enumerate(names)))
    ruled = tally_day(t.posts, g, g.days[0], load_preset("qisha"), {mine.pid: Ruling(mine.pid, decision, target)})
    assert ruled.totals["郭靖"] == 3 and [e.pid for e in secret_ballots(ruled)] == [mine.pid], ruled.totals
    void = tally_day(t.posts, g, g.days[0], load_preset("qisha"), {mine.pid: Ruling(mine.pid, "reject")})
    assert void.totals["郭靖"] == 3 and secret_ballots(void) == []


@pytest.mark.parametrize("line", ["以上由杨康提供", "以上乃杨康之意", "杨康 の票", "via 杨康", "↑杨康的票", "郭靖 错 杨康 对", "郭靖x 杨康v",
                                  "郭靖 叉 杨康 勾", "写岔了 杨康", "写岔了 【杨康】", "写岔了》杨康", "👉🏻杨康", "杨康👈",
                                  # (round 101, cases 01–05, 23)
                                  "以上由杨康授意", "按杨康的意思", "(by 杨康)", "郭靖 wrong 杨康 right", "（杨康的票）",
                                  "杨康说投这个", "杨康讲选这位",  # (round 101's check-vote sweep)
                                  # (round 102, cases 01–08: near neighbours of every word a list had held)
                                  "杨康私信我的", "这是杨康想投的", "杨康的选择如下：", "经杨康授权", "以上杨康授权", "奉杨康之命",
                                  "以上杨康口述", "郭靖 is wrong, 杨康 is right", "郭靖 incorrect 杨康 correct"])
def test_a_short_line_naming_another_player_beside_a_ballot_is_asked_whatever_its_words(line):
    """The hostile rounds 99–100 (cases 01–06, 20–33, 54–57 and 100's 32, 33): a relay or a correction in words no pattern held
    (「以上由X提供」「X の票」「郭靖 错 杨康 对」「写岔了 杨康」「👉🏻杨康」) — wrong eliminations posted on both sites, each round finding
    new wordings of a class a list had just closed. A short line of its own that names another player than the ballot's and says
    little else is asked, by its shape."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n{line}"), preset="qisha")
    assert entry.needs_review and "杨康" in entry.readings, entry


@pytest.mark.parametrize("line", ["梅姐私信我的", "梅超凤私信我的", "以上是她在微信上发给我的，我原样贴过来",
                                  # (round 106, cases 01–06, 15, 19, 20; round 107, cases 12, 13: in prose, someone who cannot post)
                                  "我就替他把票发在这里了", "这票不是我的", "以上内容由他口述、我代打", "那票我帮忙挂上来了",
                                  "她也是这票，她上不来论坛",
                                  "她今天出差上不了论坛，所以拜托我把她的这一票发上来", "Posting this for her, her account got locked.",
                                  "理由是她写的，票也是她的"])
def test_a_ballot_said_to_have_come_to_the_poster_is_asked_whoever_it_is_from(line):
    """The hostile round 104, cases 03–08, 29, 33, 39: a relay whose owner is a nickname, a look-alike or a pronoun (「梅姐私信我的」
    「拜托我把他的这一票发上来」「Posting this for X」) — counted as the poster's own, wrong eliminations posted on both sites: the
    ballot's coming to the poster shows the relay, not the owner's name."""
    _, (entry,) = _day(("洪七公", f"投票对象：郭靖\n投票理由：可疑\n{line}"), preset="qisha")
    assert entry.needs_review, entry


def test_a_relay_inside_the_reason_is_asked():
    """The hostile round 104, cases 28, 35: 「投票理由：李堃私信我的，他说王喆划水」 — counted as the poster's own."""
    _, (entry,) = _day(("洪七公", "投票对象：郭靖\n投票理由：周伯通私信我的，他说郭靖划水"), preset="qisha")
    assert entry.needs_review and "周伯通" in (*entry.relayed_for, *entry.readings), entry


@pytest.mark.parametrize("text", ["投票对象：杨康\n投票理由：发言可疑\n——洪七公", "投票对象：杨康\n投票理由：发言可疑\n以上，from 洪七公",
                                  "投票对象：杨康\n投票理由：发言可疑\n仅供参考", "投票对象：杨康\n投票理由：发言可疑\n以上，洪七公"])
def test_a_ballot_signed_with_the_posters_own_name_or_a_bare_sign_off_holds_no_day(text):
    """The hostile round 99, cases 24, 28: a voter signing her own name read as a relay for herself; a bare 「仅供参考」 on its own
    line as a hedge on the ballot — plain days held."""
    _, (entry,) = _day(("洪七公", text), preset="qisha")
    assert not entry.needs_review and entry.target == "杨康", entry


@pytest.mark.parametrize("text", ["代欧阳克：杨康", "替欧阳克：杨康", "代欧阳克 -> 杨康",
                                  "代欧阳克——杨康", "【代】欧阳克：杨康", "代欧阳克，杨康", "代欧阳克 杨康",  # (round 101, cases 06–08, 25)
                                  "欧阳克私信：杨康。已代。", "欧阳克让我转达，杨康", "欧阳克 QQ 上说 杨康 就行",  # (round 103, case 19)
                                  # (round 104, cases 11, 13, 30, 31: inside a notice, a part of the name, 「收到X的，Y」, two on a line)
                                  "今天大家辛苦了，代欧阳克》杨康，明天早点上线别拖到最后一分钟。", "代阳克》杨康", "收到欧阳克的，杨康",
                                  "代欧阳克》杨康、代梅超风》杨康",
                                  "帮欧阳克挂一下杨康。", "给欧阳克挂个杨康。",  # (round 105, cases 28, 29)
                                  # (round 107, cases 09–11; round 106, cases 09–13, 21: in prose, in a count, several in a post)
                                  "欧阳克那票记杨康。", "欧阳克那边是杨康，已登记。", "欧阳克報票：楊康（私訊）",
                                  "代欧阳克》杨康 代梅超风》杨康", "代欧阳克、梅超风》杨康", "收到欧阳克的，杨康；收到梅超风的，杨康",
                                  "目前：杨康 2，郭靖 1。欧阳克那票我帮他挂杨康了。", "提醒：明晚关门。欧阳克的已经收到，杨康。"])
def test_a_directors_proxy_in_shorthand_is_asked(text):
    """The hostile round 100, case 42: the director's 「代欧阳克：杨康」 read as a notice, 「无人出局」 posted where the proxy put
    杨康 out."""
    _, (entry,) = _day(("导演", text), preset="qisha")
    assert entry.needs_review and entry.voter == "欧阳克" and "杨康" in {r.target for r in entry.space}, entry


def test_a_ruling_on_the_secret_judges_post_that_is_no_ballot_never_counts_his_vote():
    """The hostile round 100, cases 52, 57: the 法官's 「郭靖吧，大概」 (no ballot as written), ruled 「计为 郭靖」, counted his vote and
    decided the day — the guard covered only posts read as ballots."""
    from test_hostile_round56 import Thread, game, load_preset, tally_day
    from tally.day import Ruling
    from tally.report import secret_ballots
    from tallykit import Player

    t = Thread()
    for voter in ("黄蓉", "穆念慈", "杨康"):
        t.vote(voter, "郭靖", 1)
    mine = t.add("黄药师", "郭靖吧，大概", 2)
    names = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公", "黄药师", "梅超风", "丘处机"]
    g = game("qisha", players=tuple(Player(n, i + 3, roles=("法官",) if n == "黄药师" else ()) for i, n in enumerate(names)))
    ruled = tally_day(t.posts, g, g.days[0], load_preset("qisha"), {mine.pid: Ruling(mine.pid, "target", "郭靖")})
    assert ruled.totals["郭靖"] == 3 and [e.pid for e in secret_ballots(ruled)] == [mine.pid], ruled.totals



@pytest.mark.parametrize("correction", ["更正：只有3楼无效，5楼是我看错了。",
                                        # (round 102, cases 16, 19: 3楼 reopened too — safe, but the director said it stands)
                                        "5楼那条作废，3楼照旧。", "刚才5楼那条作废，3楼维持。"])
def test_a_correction_keeping_one_floor_of_a_ruling_reopens_only_the_other(correction):
    """The hostile round 99, case 30: 「【裁定】3楼、5楼无效」 then 「更正：只有3楼无效，5楼是我看错了。」 — 5楼 stayed 无效 and 「无人出局」
    was posted. The correction names 5楼 and rules nothing of it: the floor waits for the director; 3楼 keeps its ruling."""
    from test_hostile_round56 import Thread

    t = Thread()
    t.add("导演", "本帖为第1天投票帖。", 0.5)
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.1), ("穆念慈", "杨康", 1.2), ("欧阳克", "杨康", 1.3),
                                 ("洪七公", "杨康", 1.4), ("杨康", "郭靖", 1.5)):
        t.vote(voter, target, hours)
    t.add("导演", "【裁定】3楼、5楼无效，理由都是复制的。", 2)
    t.add("导演", correction, 2.1)
    result = _with_posted_rulings(t)
    third, fifth = (next(e for e in result.entries if e.floor == n) for n in (3, 5))
    assert third.ruling is not None and third.ruling.decision == "reject" and not third.needs_review, third
    assert fifth.needs_review and fifth.ruling is None, fifth


def test_two_director_posts_each_one_pair_read_both_ways_do_not_hold_a_landslide():
    """The hostile round 105, case 17: 「收到欧阳克的，杨康」-like posts (a proxy, or a note; which way round the words do not say)
    held a 6 : 1 day none of their readings could turn: each is one proxy, one ballot at most, whichever way it is read."""
    from tallykit import Thread, game
    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    for k, voter in enumerate(("郭靖", "黄蓉", "穆念慈", "欧阳锋", "一灯", "洪七公")):
        t.vote(voter, "杨康", 1 + k / 10)
    t.vote("杨康", "郭靖", 1.8)
    asked = [t.add("导演", "收到周伯通的，郭靖", 2), t.add("导演", "帮黄药师挂一下郭靖。", 2.1)]
    g = game("qisha")
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    entries = [next(e for e in result.entries if e.pid == p.pid) for p in asked]
    assert all(e.needs_review for e in entries) and result.certain and list(result.outcome.names) == ["杨康"], (
        [(e.floor, e.reason) for e in entries], result.outcome)


def test_a_relay_asked_as_passing_a_word_on_is_never_chat():
    """The hostile round 105, case 08: 「帮梅超风转一下，他说投杨康」 read as chat at a 3 : 3 tie — 无人出局 posted, nothing listed."""
    _, (entry,) = _day(("洪七公", "帮周伯通转一下，他说投杨康"), preset="qisha")
    assert entry.needs_review, entry


def test_a_ruling_the_director_edits_into_an_earlier_post_rules_a_floor_posted_between():
    """The hostile rounds 105, case 11 and 107, case 18: 「补充裁定：3楼无效」 edited by the director into a notice posted before 3楼
    was refused as 「#3 比这条裁定还晚」 — the ruling's moment is the director's own edit, not the notice's."""
    from dataclasses import replace
    from datetime import timedelta

    from tallykit import START, Thread

    t = Thread()
    t.add("导演", "本帖为第1天投票帖。", 0.4)
    notice = t.add("导演", "提醒：关门前一小时不能改票。", 0.5)
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.1), ("穆念慈", "杨康", 1.2), ("杨康", "郭靖", 1.3)):
        t.vote(voter, target, hours)
    t.posts[1] = replace(notice, text="提醒：关门前一小时不能改票。\n补充裁定：4楼无效，理由是复制的。", edited_by="导演",
                         edited_at=(START + timedelta(hours=2)).isoformat())
    fourth = next(e for e in _with_posted_rulings(t).entries if e.floor == 4)
    assert fourth.ruling is not None and fourth.ruling.decision == "reject", fourth


def test_a_players_line_labelled_with_another_players_name_is_read_as_his_ballot():
    """The hostile round 107, case 13 (and 108): 「梅超风：杨康（他手机发不了帖）」 was flagged with the pair read the wrong way round —
    梅超风's proxy *for* 杨康 — so the reading that decided the day, 杨康 for 梅超风, was never weighed (「都不影响结果」)."""
    _, (entry,) = _day(("洪七公", "周伯通：杨康（他手机发不了帖）"), preset="qisha")
    assert entry.needs_review and ("周伯通", "杨康") in {(r.voter, r.target) for r in entry.space}, entry
