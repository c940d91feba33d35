"""Issue 41, the ninth round's sets (heldout30 and rulings/blind24, read once at e8115fe): what their first read missed,
mended by class and tested on posts written here — a follow word inside a ballot's reason, a verb used as someone's noun,
the 票 of a name taken for a verb, the poster's own ballot under a heading a tally's would have, who should go out said in
words, a change's own 换人, a name set aside by a negation, a condition in a refused request's sentence, a count's note
for another floor, and a time since the opening said with 快."""

from __future__ import annotations

import pytest
from tallykit import Thread, game
from test_hostile_round56 import _day  # the 2 : 2 day (郭靖, 杨康) on floors 1–4, then the posts given

from grammar import detect
from grammar.names import Roster
from grammar.when import said_times
from tally.day import tally_day
from tally.rules import load_preset


def test_a_follow_word_inside_a_ballots_reason_is_the_reasons():
    result, (entry,) = _day(("欧阳锋", "投郭靖，理由：昨天跟票太快，像是提前知道结果"), preset="qisha")
    assert entry.kind == "vote" and entry.target == "郭靖" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["两边我都留意，但杨康的跟票更早。", "她的改票很奇怪，大家看看"])
def test_a_ballot_verb_used_as_someones_noun_casts_nothing(text):
    result, (entry,) = _day(("欧阳锋", text), preset="qisha")
    assert entry.kind == "none" and not entry.needs_review, entry.reason


def test_the_posters_own_ballot_after_their_own_possessive_is_still_an_attempt():
    result, (entry,) = _day(("欧阳锋", "我自己的：投票 郭靖"))
    assert entry.target == "郭靖" or (entry.needs_review and "郭靖" in entry.readings), entry.reason


def test_the_piao_of_a_players_name_is_no_ballot_verb():
    roster = Roster(["月票", "澡票", "肉票"], aliases={"月月": "月票"})
    assert detect.hits("改口的人是月票不是澡票", roster) == []
    assert [h.name for h in detect.hits("票投澡票", roster)][:1] == ["澡票"]


@pytest.mark.parametrize("text", ["所以今天我的票：郭靖", "今天想了很多。\n所以今天我的票：郭靖\n理由就是上面那条。"])
def test_the_posters_own_ballot_under_a_heading_is_never_silent(text):
    result, (entry,) = _day(("欧阳锋", text))
    assert (entry.needs_review and "郭靖" in entry.readings) or entry.target == "郭靖", entry.reason


@pytest.mark.parametrize("text", ["我觉得今天该出的就是郭靖，就这么定了吧，不多说", "郭靖今天必须出局"])
def test_who_should_go_out_said_in_words_is_a_vote_attempt(text):
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


def test_a_changes_own_words_of_changing_correct_nothing():
    t = Thread()
    first = t.vote("欧阳锋", "杨康", 0.5)
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "郭靖", 1.2), ("杨康", "郭靖", 1.4)):
        t.vote(voter, target, hours)
    change = t.add("欧阳锋", "改票：郭靖\n理由：杨康今天解释得还行，换人", 2, quote=first)
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in result.entries if e.pid == change.pid)
    assert entry.kind == "change" and entry.target == "郭靖" and not entry.needs_review, entry.reason


def test_a_name_set_aside_by_a_negation_in_a_reason_is_not_chosen():
    t = Thread()
    first = t.vote("欧阳锋", "杨康", 0.5)
    change = t.add("欧阳锋", "unvote, vote 郭靖\n回头看，改口的人是郭靖不是杨康，他的理由前后不一", 2, quote=first)
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in result.entries if e.pid == change.pid)
    assert entry.target == "郭靖" and not entry.needs_review, entry.reason


def test_a_condition_in_a_refused_requests_own_sentence_leaves_the_proxy_beside_it_certain():
    result, (made,) = _day(("导演", "代投：洪七公 → 杨康（私信，有效）。周伯通 要求“黄药师投谁我就投谁”，条件代投，不接。"))
    assert made.kind == "proxy" and made.target == "杨康" and not made.needs_review, made.reason
    result, (made,) = _day(("导演", "代投：洪七公 → 杨康（如果黄药师不跳的话）"))
    assert made.needs_review and not result.certain, made.reason


def test_a_counts_note_taking_back_another_floor_leaves_the_proxy_standing():
    result, (made, _count) = _day(("导演", "代投：洪七公 → 杨康"),
                                  ("导演", "【票型】\n杨康 3 票：郭靖、黄蓉（2楼；6楼改票已作废）、洪七公（5楼代投）\n郭靖 2 票：杨康、穆念慈"))
    assert made.kind == "proxy" and not made.needs_review, made.reason
    result, (made, _later) = _day(("导演", "代投：洪七公 → 杨康"), ("导演", "5楼代投作废，他本人来投了"))
    assert made.needs_review, made.reason


@pytest.mark.parametrize("words, minutes", [("开帖快十二个小时了", 720), ("开局都快11个半小时了", 690), ("开票将近12小时", 720)])
def test_the_time_since_the_opening_said_with_nearly_is_read(words, minutes):
    assert [(s.kind, s.minutes) for s in said_times(words)] == [("since_open", minutes)]


# -- the ruling set (blind24) -------------------------------------------------------------------------------------------

from grammar import ruling  # noqa: E402

ROSTER = Roster(["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公"])


def _ruled(text: str) -> dict:
    post = ruling.read(text, roster=ROSTER)
    return {i.ref[1]: (i.verdict, i.target) for i in post.items} if post and not post.held else {}


def test_a_ruling_interrupted_then_corrected_under_a_heading_below_is_the_corrections():
    assert _ruled("12楼 计为 杨康……不对，看串行了，杨康 是他理由里提到的人，对象那栏写的是 郭靖。更正：12楼 计为 郭靖。") == \
        {12: ("counts_as", "郭靖")}
    assert _ruled("12楼 计为 杨康……不对，看串行了。") == {}  # (no correction below: the director's to say)


def test_a_headed_correction_whose_verdict_follows_in_the_next_sentence_rules_its_floor():
    assert _ruled("[quote]【裁定】27楼 无效[/quote]\n更正：27楼 的对象写的是「郭」，本局只有一个郭。改判有效，计为 郭靖。") == \
        {27: ("counts_as", "郭靖")}
    post = ruling.read("更正：6楼 是我看错了。", roster=ROSTER)
    assert not post.items  # (no verdict after it: what was said of 6楼 waits for the director)


def test_no_ballot_then_abstaining_for_the_day_is_no_ballot():
    assert _ruled("31楼 不算票，杨康 今天按弃权计。") == {31: ("not_a_vote", None)}


def test_what_the_rules_allow_stated_beside_a_floor_rules_nothing_by_itself():
    assert _ruled("穆念慈 私信更正了 12楼：她写的「投票对象：郭」，现已确认是 郭靖。按规则，无效票及时联系导演可以更正，12楼 计为 郭靖。") == \
        {12: ("counts_as", "郭靖")}


def test_the_floor_a_voided_change_is_counted_by_is_ruled_as_it_stands():
    assert _ruled("#31 杨康 的改票是直接发的新帖，没引用 #22，不算，按 #22 的 郭靖 计。") == {31: ("invalid", None), 22: ("valid", None)}


def test_a_day_when_something_happened_is_no_rulings_day():
    post = ruling.read("洪七公 已在第二天发动若愚，此后投票不计入总票数：11楼 洪七公 投 杨康，不计。", roster=ROSTER)
    assert post.day is None and {i.ref[1]: i.verdict for i in post.items} == {11: "invalid"}


# -- the director's pasted logs (heldout30 w30_006, w30_119) ------------------------------------------------------------

from grammar import director  # noqa: E402


def test_the_directors_nickname_in_a_pasted_log_is_the_director_and_one_line_is_one_speaker():
    log = ("代投公示：\n[QQ 10:31] 洪七公：导演 明天上午考试 帮投郭靖\n[QQ 10:31] 周伯通：+1 我也是\n"
           "[QQ 10:33] 海堤：洪七公 收到；周伯通 你要写对象\n——洪七公 → 郭靖。")
    read = director.read(log, Roster(["郭靖", "黄蓉", "杨康", "洪七公", "周伯通"]), ("执法团·海堤",))
    assert [(p.voter, p.target) for p in read.proxies] == [("洪七公", "郭靖")] and not read.doubts, read.doubts


def test_a_players_answer_to_the_directors_question_about_the_reason_is_the_reason():
    log = ("代投公示：\n[14:02:11] 洪七公：导演 我今晚夜班 帮我投郭靖\n[14:02:40] 皮筋：收到，理由要写吗\n[14:03:05] 洪七公：就写 感觉\n"
           "——\n受洪七公委托，投票对象：郭靖，投票理由：感觉。")
    read = director.read(log, Roster(["郭靖", "黄蓉", "杨康", "洪七公"]), ("[611]导演·皮筋",))
    assert [(p.voter, p.target) for p in read.proxies] == [("洪七公", "郭靖")] and not read.doubts, read.doubts


# -- heldout31's first read ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["[quote]黄蓉: 投票：郭靖[/quote]\n+1 同上", "[quote]黄蓉：投票：郭靖[/quote]\n同上"])
def test_a_follow_under_a_pasted_quote_weighs_the_ballot_its_words_hold(text):
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "郭靖" in entry.readings, entry.reason


def test_a_refusal_to_follow_a_pasted_quote_is_talk():
    result, (entry,) = _day(("欧阳锋", "[quote]投票：郭靖[/quote]\n杨康这票我不跟，郭靖昨天那段很清楚"))
    assert "郭靖" not in entry.readings or not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["FoS 杨康, 弃权弃得太干净了", "L-1 on 杨康 now, who wants to hammer? 我不投，等人"])
def test_an_abstention_talked_about_or_put_off_is_no_abstention(text):
    result, (entry,) = _day(("欧阳锋", text), preset="qisha")
    assert entry.kind == "none", entry.reason


@pytest.mark.parametrize("words, minutes", [("unvote, vote 郭靖\n20:41 改一下", 20 * 60 + 41), ("改票理由：08:20 想通了", 8 * 60 + 20)])
def test_a_lines_own_act_timed_at_its_start_says_when_it_is(words, minutes):
    assert [(s.kind, s.minutes) for s in said_times(words)] == [("clock", minutes)]
    assert said_times("他昨晚\n20:41 说要投郭靖") == ()


# -- blind26's doubtful posts ---------------------------------------------------------------------------------------------

def test_one_of_several_floors_voided_which_one_later_rules_none_of_them():
    post = ruling.read("29楼 和 30楼 都是 郭靖 发的新帖，同一个人投了两次，其中一张作废，哪张作废我对完时间再定。", roster=ROSTER)
    assert not _ruled("29楼 和 30楼 都是 郭靖 发的新帖，同一个人投了两次，其中一张作废，哪张作废我对完时间再定。")
    assert {ref for ref, _ in post.held} >= {("floor", 29), ("floor", 30)}


def test_a_relay_ruled_for_one_player_and_left_open_for_the_other_waits():
    text = "54楼 杨康 说「黄蓉 托我投 郭靖」。玩家不能替别人投，这张不算 杨康 的票；算不算 黄蓉 的，得先问她本人。"
    post = ruling.read(text, roster=ROSTER)
    assert ("floor", 54) in [ref for ref, _ in post.held] and not _ruled(text)
