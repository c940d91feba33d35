"""Issue 41, the eighth round's sets (heldout25 and rulings/blind19, read once at 4bd08d8): what their first read missed,
mended by class and tested on posts written here — a ballot verb typed in pinyin before a name in characters, a nickname
in pinyin, a time said just past, a change said in words of its own, 投错 as no ballot, a pasted log whose voter corrects
herself, and 依次 before floor lists that each carry their own verdict."""

from __future__ import annotations

import pytest
from tallykit import Thread, game
from test_hostile_round56 import _day  # the 2 : 2 day (郭靖, 杨康) on floors 1–4, then the posts given

from grammar import director, ruling
from grammar.names import Roster
from grammar.when import said_times
from tally.day import tally_day
from tally.rules import load_preset

PLAYERS = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通", "黄药师"]


@pytest.mark.parametrize("text, meant", [("tou 郭晶 ta zuotian luan tiao", "郭靖"), ("tou 郭靖 ta zuotian luan tiao", "郭靖"),
                                         ("tp 杨糠 shouji da bu liao zi", "杨康")])
def test_a_ballot_verb_in_pinyin_before_a_name_in_characters_is_never_silent(text, meant):
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and meant in entry.readings and not result.certain, entry.reason


def test_a_nickname_typed_in_pinyin_after_a_pinyin_label_is_a_reading():
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    post = t.add("欧阳锋", "toupiao: jingge\nshouji meiyou zhongwen", 2)
    from tallykit import NAMES
    from tally.game import Player
    g = game("s10", players=tuple(Player(n, i + 3, aliases=("靖哥",) if n == "郭靖" else ()) for i, n in enumerate(NAMES)))
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


def test_a_time_said_just_past_is_said_to_be_now():
    (said,) = said_times("关门了？看时间刚过九点……那我还是补一票吧")
    assert (said.kind, said.minutes) == ("clock", 9 * 60)
    assert said_times("他昨晚九点说的") == ()


@pytest.mark.parametrize("text", ["改票\n投票对象：黄蓉\n投票理由：昨天那票作废，她今天更可疑", "改一下票 投黄蓉 她太划水",
                                  "改票，投黄蓉，她太划水"])
def test_a_change_said_in_words_of_its_own_before_the_ballot_is_the_change(text):
    # 郭靖 voted 杨康 on floor 2; the opening's change is a new post that says 改票
    result, (entry,) = _day(("郭靖", text), preset="qisha" if "投票对象" not in text else "anshazhe")
    assert entry.kind == "change" and entry.target == "黄蓉", entry.reason


@pytest.mark.parametrize("text", ["要不要改票？投黄蓉 她太划水", "我不改票，投黄蓉，她太划水"])
def test_a_change_asked_about_or_denied_is_no_change(text):
    result, (entry,) = _day(("郭靖", text), preset="qisha")
    assert entry.kind != "change", entry.reason


def test_voted_wrong_is_said_of_a_ballot_not_cast_for_a_player():
    result, (entry,) = _day(("郭靖", "unvote, vote 黄蓉\n昨天那票投错人了"), preset="s10")
    assert "错人" not in (entry.reason or "") and "黄蓉" in (entry.target, *entry.readings), entry.reason


def test_a_pasted_log_whose_voter_corrects_herself_weighs_the_corrected_proxy():
    text = "WeChat 记录：\n郭靖 18:40  导演 help me vote 杨康 pls\n郭靖 18:41  不对 是黄蓉 typo\n导演 18:41  ok\n已按最后一句代投：黄蓉。"
    said = director.read(text, Roster(PLAYERS), ("导演",))
    assert said.doubts and ("郭靖", "黄蓉") in said.readings, (said.doubts, said.readings)


def test_floor_lists_each_with_its_verdict_after_in_turn_rule_each_floor():
    read = ruling.read("依次裁定：#5、#6 作废，#7 算给 黄蓉，#8 维持有效。", roster=Roster(PLAYERS))
    assert read is not None and not read.held
    assert {ref[1]: (i.verdict, i.target) for i in read.items for ref in [i.ref]} == {
        5: ("invalid", None), 6: ("invalid", None), 7: ("counts_as", "黄蓉"), 8: ("valid", None)}


def test_in_turn_over_one_list_still_pairs_or_holds():
    read = ruling.read("5楼、6楼 依次 有效、无效。", roster=Roster(PLAYERS))
    assert {ref[1]: i.verdict for i in read.items for ref in [i.ref]} == {5: "valid", 6: "invalid"}
    read = ruling.read("5楼、6楼、7楼 依次 有效、无效。", roster=Roster(PLAYERS))
    assert not read.items and read.held


def _ruled(text: str) -> dict:
    read = ruling.read(text, roster=Roster(PLAYERS))
    assert read is not None and not read.held, read and read.held
    return {i.ref[1]: (i.verdict, i.target, i.author) for i in read.items if i.ref[0] == "floor"}


def test_a_floor_a_ballot_replied_to_is_its_context():
    assert _ruled("#21 郭靖“投 杨康，理由：划水”有效；#23 杨康 回 #21 说“我投你”，没写名字，无效。") == {
        21: ("valid", None, "郭靖"), 23: ("invalid", None, "杨康")}
    assert _ruled("在地铁上 手机回 12f无效 对象写错了 17f有效 计黄蓉") == {
        12: ("invalid", None, None), 17: ("counts_as", "黄蓉", None)}


def test_floors_with_their_posters_in_brackets_in_order_each_name_its_own():
    assert _ruled("第5、6、7楼（郭靖、黄蓉、杨康）都投 欧阳锋，格式齐全，三张全部有效。") == {
        5: ("valid", None, "郭靖"), 6: ("valid", None, "黄蓉"), 7: ("valid", None, "杨康")}


def test_the_original_kept_after_a_void_change_counts():
    assert {f: v for f, (v, _t, _a) in _ruled("郭靖 20:14 在 52F 改票（回复 40F），已经进了关门前一小时，改票不算，维持 40F 投 杨康。").items()} \
        == {52: "invalid", 40: "valid"}


def test_a_review_said_as_a_heading_is_done():
    assert _ruled("复核结果如下——对前面裁定的复核：12楼 郭靖 维持原判（无效）；17楼 黄蓉 改判有效，计 杨康。") == {
        12: ("invalid", None, "郭靖"), 17: ("counts_as", "杨康", "黄蓉")}


# -- heldout26 and blind20 (read once at 5e4a630) --------------------------------------------------------------------------

@pytest.mark.parametrize("text, pair", [
    ("代投：郭靖 → 黄蓉。\n更正：郭靖 说她打错了，黄蓉 已经出局，要投的是 杨康。以这一行为准：郭靖 → 杨康。", ("郭靖", "杨康")),
    ("代投：郭靖 → 黄蓉。\n（更正：私信原话是“投杨康”，上一行我看串行了，代投对象为 杨康，以这一行为准。）", ("郭靖", "杨康")),
    ("代投（微信转文字）：\n“导演，我明天出差，帮我投杨康，理由：他太跳” —— 郭靖 09:12\n受 郭靖 委托，投票对象：杨康。", ("郭靖", "杨康")),
    ("【替补】郭靖 换替补，新玩家委托代投：杨康。", ("郭靖", "杨康")),
    ("顶替公示：郭靖 换替补，账号不变。替补托我：unvote，vote 杨康。原10楼那票作废，以这条改票为准。", ("郭靖", "杨康"))])
def test_a_directors_proxy_corrected_pasted_or_a_substitutes_reads_whole(text, pair):
    said = director.read(text, Roster(PLAYERS), ("导演",))
    assert not said.doubts and [(p.voter, p.target) for p in said.proxies if p.void is None] == [pair], (said.doubts, said.proxies)


def test_not_voting_now_said_of_a_ballot_cast_before_is_no_certain_abstention():
    result, (entry,) = _day(("欧阳锋", "现在郭靖三票，再来一票就到线了，有人补吗？我不投了，我那张“无”已经交了。"), preset="qisha")
    assert entry.needs_review, entry.reason


def test_a_verdict_on_a_floor_that_casts_nothing_rules_nothing():
    from test_ruling_blind import read as ruled_day
    item = {"id": "t", "author_role": "director", "text": "6楼 无效。", "players": PLAYERS,
            "floors_exist": {"5": {"author": "郭靖", "voted": "杨康", "kind": "vote"},
                             "6": {"author": "黄蓉", "voted": None, "kind": "chat", "text": "哈哈哈今天好冷"}}}
    _, ruled, rulings, unread = ruled_day(item)
    assert not rulings and any("不是一张票" in w for u in unread for w in u.why), unread


def test_counted_floors_name_no_floor():
    assert _ruled("6 楼、9 楼 都是已出局的 黄蓉 发的，属于诈尸，两楼均不计。") == {6: ("invalid", None, None), 9: ("invalid", None, None)}


@pytest.mark.parametrize("text, want", [
    ("维持原判：20# 无效——投票对象写的是「郭」，全场姓郭的不止一个，谁知道是哪个？", {20: ("invalid", None, None)}),
    ("关于 40楼 的申诉：维持原判，无效；41楼 同理，无效；42楼 改判为有效，计 杨康。",
     {40: ("invalid", None, None), 41: ("invalid", None, None), 42: ("counts_as", "杨康", None)}),
    ("Ruling: 26楼 黄蓉 单独一个 unvote，不算投票也不算弃权；27楼 接着的 “vote 杨康” 算数, counted for 杨康。",
     {26: ("not_a_vote", None, "黄蓉"), 27: ("counts_as", "杨康", None)}),
    ("另：第88楼 黄蓉 的改票引用的是 郭靖 的帖，不算，黄蓉 仍投 杨康（第71楼）。", {88: ("invalid", None, "黄蓉"), 71: ("valid", None, None)})])
def test_a_ruling_with_a_rhetorical_question_an_appeal_a_no_ballot_or_the_original_in_brackets_reads(text, want):
    assert _ruled(text) == want


@pytest.mark.parametrize("text", ["6楼无效——谁说的？", "6楼无效——对吧？"])
def test_a_ruling_questioned_after_its_dash_still_asks(text):
    read = ruling.read(text, roster=Roster(PLAYERS))
    assert not read.items and read.held


def test_the_directors_earlier_ruling_voided_with_an_apology_after_this_ruling_leaves_it():
    read = ruling.read("61楼 计为 杨康，之前的裁定作废，抱歉。", roster=Roster(PLAYERS))
    assert [(i.ref, i.verdict, i.target) for i in read.items] == [(("floor", 61), "counts_as", "杨康")] and read.takes_back


def test_floors_listed_bare_under_a_heading_that_names_floors_are_ruled():
    assert _ruled("以下楼层无效：\n3、8、19\n（3 郭靖 只写了“投他”；8 是 黄蓉 的第二次改票。）") == {
        3: ("invalid", None, None), 8: ("invalid", None, None), 19: ("invalid", None, None)}


def test_a_ruling_corrected_under_a_quote_of_the_earlier_one_reads_as_said_after_it():
    read = ruling.read("[quote]【裁定】27楼 黄蓉 改票无效，没有回复原票。[/quote]\n更正：刚才看错了。\n27楼 改票有效，黄蓉 计为 杨康，上面那条作废。",
                       quoting=True, roster=Roster(PLAYERS))
    assert [(i.ref, i.verdict, i.target) for i in read.items] == [(("floor", 27), "counts_as", "杨康")] and read.takes_back


def test_a_tick_after_a_verdict_in_a_post_that_crosses_nothing_out_confirms_it():
    assert _ruled("・20楼 黄蓉 弃权 ✔") == {20: ("abstain", None, "黄蓉")}
    read = ruling.read("5楼无效 ×\n6楼无效 √", roster=Roster(PLAYERS))
    assert not read.items


def test_the_else_branch_of_a_conditional_ruling_rules_nothing():
    read = ruling.read("如果 郭靖 今晚之前能说清 38楼 的“老杨”指的是谁，38楼 就算给他说的那个人；说不清就无效。", roster=Roster(PLAYERS))
    assert read is None or not read.items
