"""Issue 42, hostile round 61 (the lab, at 96448a4): what it broke, mended by class and tested here — floors counted from
the end or from another floor, a ballot counted in order, the director's earlier post undone in words that name no floor,
and a secret 法官's doubtful post that let the final go out where anyone else's held it."""

from __future__ import annotations

import pytest
from tallykit import Thread, game
from test_hostile_round59 import BALLOTS, PLAYERS
from test_rulings_as_written import _posted

from grammar.names import Roster
from grammar.ruling import read
from tally.day import tally_day
from tally.rules import load_preset


@pytest.mark.parametrize("text", ["倒数第二楼无效", "倒数第一楼无效", "5楼的下一楼无效", "6楼下一楼作废", "第6票无效"])
def test_a_floor_counted_from_the_end_from_another_floor_or_in_order_rules_no_floor_it_names(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert rulings == {} and asked and doubtful, (rulings, asked)


def test_a_floor_and_a_verdict_beside_a_ballots_order_still_rule():
    rulings, asked, doubtful = _posted("5楼无效，他是第2票", PLAYERS, BALLOTS)
    assert rulings == {5: ("reject", None)}


@pytest.mark.parametrize("text", ["楼上的话收回。", "撤回楼上。", "上条作废。", "前面那句我说早了，还得再看。", "刚才那条手快了，不算。",
                                  "刚才发的有问题，重新整理后再发"])
def test_the_directors_earlier_post_undone_in_words_that_name_no_floor_reopens_its_rulings(text):
    post = read(text, roster=Roster(PLAYERS))
    assert post is not None and post.takes_back and not post.items


@pytest.mark.parametrize("text", ["上面那条裁定维持", "上面的票型没问题", "楼上说得对"])
def test_the_earlier_post_said_to_stand_takes_nothing_back(text):
    post = read(text, roster=Roster(PLAYERS))
    assert post is None or not post.takes_back


def test_a_secret_judges_doubtful_post_holds_the_final_as_anyones_would():
    from bansha.poll import public_hold
    from tally.game import Player

    def held(judge: str | None):
        players = tuple(Player(n, i + 3, roles=("法官",) if n == judge else ()) for i, n in enumerate(
            ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "洪七公"]))
        g = game("s10", players=players)
        t = Thread()
        for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6),
                                     ("欧阳锋", "郭靖", 1.8)):
            t.vote(voter, target, hours)
        t.add("洪七公", "投杨康吧，大概", 2)
        return public_hold(tally_day(t.posts, g, g.days[0], load_preset("s10")))

    assert held("洪七公") == held(None) and held(None)


@pytest.mark.parametrize("text", ["投郭靖可以吗？", "投郭靖行不行", "投郭靖，对吗"])
def test_a_ballot_put_as_a_question_is_the_directors(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="qisha")
    assert entry.needs_review, entry.reason


def test_a_question_in_the_ballots_reason_leaves_it_certain():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", "投郭靖，他为什么不解释？"), preset="qisha")
    assert not entry.needs_review and entry.target == "郭靖", entry.reason


@pytest.mark.parametrize("text", ["5楼无效（存疑）", "5楼无效（大概率）", "5楼无效，不过我也拿不太准", "5楼无效，我寻思着", "5楼无效，大伙儿没意见吧",
                                  "5楼无效，没毛病吧", "5楼无效（个人看法，导演组还在讨论）", "5楼无效（以上仅代表我个人）",
                                  "5楼无效——摘自昨晚群聊，非正式", "5楼无效。这事还没跟副导对过", "5楼无效，这是上届导演组的口径，本届未定",
                                  "5楼无效（写给副导的，发错地方了）"])
def test_a_ruling_hedged_unofficial_or_put_to_the_players_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert rulings == {} and 5 in doubtful, (rulings, asked)


def test_a_reason_in_brackets_with_a_modal_in_it_still_rules():
    rulings, asked, doubtful = _posted("5楼无效（他应该写全名）", PLAYERS, BALLOTS)
    assert rulings == {5: ("reject", None)}


@pytest.mark.parametrize("count", ["【票型】\n郭靖 3票：杨康、穆念慈、欧阳锋\n杨康 2票：郭靖、黄蓉\n欧阳锋这票还要再核实一下",
                                   "【票型】\n郭靖 2票+1（欧阳锋待查）\n杨康 2票：郭靖、黄蓉",
                                   "【票型】\n郭靖 3票：杨康、穆念慈、欧阳锋\n杨康 2票：郭靖、黄蓉\n注：欧阳锋一票有争议。"])
def test_a_ballot_the_directors_count_calls_open_is_set_beside_ours(count):
    from test_hostile_round56 import _day
    result, (ballot, _count) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：站边太快"), ("导演", count))
    assert ballot.needs_review and not result.certain, ballot.reason


@pytest.mark.parametrize("text", ["5楼无效（2日目）", "像5楼这种写法，下一天开始一律无效", "有人冒充我说5楼无效，别信。"])
def test_another_days_a_later_rule_or_someone_elses_claim_rules_nothing_today(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert rulings == {} and asked, (rulings, asked)


def test_a_verdict_said_of_another_days_ballot_holds_the_floor():
    rulings, asked, doubtful = _posted("5楼的欧阳锋：你上一天那票无效，今天这票没问题。", PLAYERS, BALLOTS)
    assert rulings == {} and 5 in doubtful


def test_yes_to_a_quoted_question_whether_the_post_was_sent_wrong_takes_it_back():
    said = read("[quote]导演你是不是发错局了？[/quote]\n是的，抱歉。", roster=Roster(PLAYERS), quoting=True)
    assert said is not None and said.takes_back
    denied = read("[quote]导演你是不是发错局了？[/quote]\n没有，就是这局。", roster=Roster(PLAYERS), quoting=True)
    assert denied is None or not denied.takes_back


@pytest.mark.parametrize("later", ["刚才那张代投发早了。", "欧阳锋那张先放一放。"])
def test_a_proxy_set_aside_in_a_later_post_is_the_directors(later):
    from test_hostile_round56 import _day
    result, (made, _after) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


def test_a_proxy_only_heard_of_is_the_directors():
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", "代投：欧阳锋 → 郭靖（还没收到他的正式私信，只是群里说的）"))
    assert made.needs_review and not result.certain, made.reason


# -- round 62 (the lab, at 4374c3b) ----------------------------------------------------------------------------------------

def test_yes_to_a_quoted_question_kept_apart_as_the_forum_keeps_it_reopens_the_ruling():
    from dataclasses import replace

    from tally import rulings as posted

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    t.add("欧阳锋", "投票对象：郭靖\n投票理由：站边太快", 2)
    t.add("导演", "5楼无效。", 2.05)
    asked = t.add("黄蓉", "导演你是不是发错局了？", 2.1)
    t.add("导演", "是的，抱歉。", 2.2, quote=asked)
    t.posts = [replace(p, author_uid=1 if p.author == "导演" else 10 + sorted({q.author for q in t.posts}).index(p.author)) for p in t.posts]
    g, rules = game("s10"), load_preset("s10")
    base = tally_day(t.posts, g, g.days[0], rules, {}, sensitivity=False)
    found = posted.from_posts(t.posts, g, g.days[0], base, rules, {}, posted.director_uids(g, t.posts))
    fifth = next(e.pid for e in base.entries if e.floor == 5)
    assert found.rulings[fifth][0].decision == "pending", found.rulings


@pytest.mark.parametrize("text", ["5楼无效（待议）", "5楼无效，回头我翻翻规则。", "5楼无效——以上纯属个人猜测。", "5楼无效，你们怎么看",
                                  "5楼无效（此为隔壁047局的判例）", "5楼无效，翌日生效。", "#5 invalid iirc", "5楼无效 ←这句是转帖，原帖在进程帖",
                                  "5楼无效，等一下，我再翻翻首楼。", "5楼无效，不敢肯定。"])
def test_round_62s_hedged_deferred_or_borrowed_rulings_rule_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert rulings == {} and 5 in doubtful, (rulings, asked)


def test_a_claim_others_make_about_a_floor_rules_nothing():
    rulings, asked, doubtful = _posted("说5楼无效的，请拿出规则来。", PLAYERS, BALLOTS)
    assert rulings == {} and 5 in doubtful


def test_the_earlier_post_told_to_be_ignored_reopens_its_rulings():
    post = read("呃，前一条别管它。", roster=Roster(PLAYERS))
    assert post is not None and post.takes_back


@pytest.mark.parametrize("text", ["差点就投郭靖了。", "我投郭靖的概率很大。", "投郭靖（占个坑，晚点可能改）", "投郭靖（逗）", "郭靖一票，杨康半票",
                                  "vote 郭靖 probably"])
def test_a_ballot_nearly_cast_likely_a_placeholder_a_joke_or_split_is_the_directors(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


def test_a_proxy_the_director_cannot_make_now_is_refused():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("导演", "黄蓉私信让我代投杨康，这个时候我不方便代了。"))
    assert entry.verdict != "counted" and result.certain


def test_a_proxy_whose_chat_log_ends_in_the_player_wavering_is_the_directors():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("导演", "代投，聊天记录如下：\n[20:01] 欧阳锋：帮我投郭靖\n[20:02] 欧阳锋：算了我再想想"))
    assert entry.needs_review and not result.certain
    result, (entry,) = _day(("导演", "代投，聊天记录如下：\n[20:01] 欧阳锋：帮我投郭靖\n[20:02] 欧阳锋：谢谢导演"))
    assert entry.verdict == "counted" and not entry.needs_review


@pytest.mark.parametrize("count", ["截至目前：杨康 3（郭靖、黄蓉、欧阳锋私信）；郭靖 2（杨康、穆念慈）"])
def test_a_ballot_first_shown_in_a_one_line_count_holds_the_day(count):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("导演", count))
    assert entry.needs_review and not result.certain, entry.reason


def test_a_one_line_count_that_marks_a_listed_ballot_open_sets_it_beside_ours():
    from test_hostile_round56 import _day
    result, (ballot, _count) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：站边太快"), ("导演", "【票型】郭靖 2票+1（欧阳锋待查），杨康 2票"))
    assert ballot.needs_review and not result.certain, ballot.reason


# -- round 63 (the lab, at 0a9d518) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["收回前言。", "楼层看岔了，是7楼。"])
def test_a_later_post_taking_back_or_moving_the_earlier_ruling_reopens_it(text):
    post = read(text, roster=Roster(PLAYERS))
    assert post is not None and post.takes_back and not post.items


@pytest.mark.parametrize("text", ["按理说5楼无效，但这局不按理说。", "说实话我挺想判5楼无效的。"])
def test_a_ruling_only_wished_or_said_in_principle_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert rulings == {} and 5 in doubtful, (rulings, asked)


@pytest.mark.parametrize("text", ["投郭靖[doge]", "my vote's on 郭靖 for now", "vote 郭靖 (tentative)"])
def test_a_ballot_marked_as_a_joke_or_for_now_is_the_directors(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("later", ["代投那事黄了。"])
def test_a_proxy_said_to_have_fallen_through_is_the_directors(later):
    from test_hostile_round56 import _day
    result, (made, _after) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


def test_a_proxy_refused_as_against_the_rules_counts_nothing():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("导演", "欧阳锋想让我代投郭靖，规则不允许，拒了。"))
    assert entry.verdict != "counted" and result.certain


def test_a_count_with_the_voters_after_a_colon_and_their_number_in_brackets_is_read():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("导演", "杨康：郭靖、黄蓉、欧阳锋（3）\n郭靖：杨康、穆念慈（2）"))
    assert entry.needs_review and not result.certain, entry.reason  # 欧阳锋 has no post: the count is the only word of it


@pytest.mark.parametrize("text", ["前言作废。", "以上言论作废。"])
def test_the_earlier_words_voided_in_a_later_post_reopen_their_rulings(text):
    post = read(text, roster=Roster(PLAYERS))
    assert post is not None and post.takes_back


def test_a_ruling_wished_and_held_back_rules_nothing():
    rulings, asked, doubtful = _posted("很想说5楼无效，忍住了。", PLAYERS, BALLOTS)
    assert rulings == {} and 5 in doubtful


@pytest.mark.parametrize("text", ["投郭靖（不算）", "VOTE 郭靖 (not really)", "vote 郭靖 (just kidding)", "投郭靖 /s", "vote 郭靖 lol",
                                  "投郭靖，不是认真的", "投郭靖，纯属娱乐", "vote: 郭靖 (placeholder)", "试投郭靖", "投郭靖（待改）",
                                  "vote 郭靖, might switch", "投郭靖，以后再改"])
def test_a_ballot_said_to_be_a_joke_a_try_or_to_change_later_is_the_directors(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text, counts", [("欧阳锋私信让我代投郭靖，我跟他说自己来投，没代。", False),
                                          ("代投：欧阳锋 → 郭靖（未经本人确认）", None), ("代投：欧阳锋 → 郭靖\n——测试一下格式，别当真", None)])
def test_a_proxy_not_made_unconfirmed_or_a_test_never_counts_as_certain(text, counts):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("导演", text))
    if counts is False:
        assert entry.verdict != "counted" and result.certain
    else:
        assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["洪七公那票：郭靖", "投郭靖（代洪七公）", "我和洪七公都投郭靖", "投郭靖，再加洪七公那票"])
def test_another_players_ballot_held_beside_ones_own_is_a_relay_the_director_reads(text):
    """The round's m_b11–m_b14: the other player's ballot, named as held, passed on or cast along, was dropped and the
    post counted as the poster's own alone — a relay the proof never weighed."""
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and "洪七公" in entry.relayed_for, entry.reason


def test_another_players_ballot_spoken_of_in_the_reason_is_reason_text():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", "投郭靖，黄蓉的票我看不懂"), preset="s10")
    assert not entry.needs_review and entry.target == "郭靖", entry.reason


@pytest.mark.parametrize("text", ["same as 黄蓉", "same vote as 黄蓉", "following 黄蓉", "ditto 黄蓉"])
def test_a_ballot_as_another_voters_in_english_is_the_directors(text):
    """m_b20: 「same as 殷离」 was read as talk, silently."""
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


# -- round 64 (the lab, at 6653880) ----------------------------------------------------------------------------------------

def _after(ruling: str, later: str) -> dict:
    """The rulings applied when the director rules 5楼 and then posts `later` (no floor the reader reads)."""
    from test_ruling_blind import read as ruled_day
    floors = {str(f): {"author": a, "voted": v, "kind": "vote"} for f, (a, v) in BALLOTS.items()}
    floors["9"] = {"author": "导演", "kind": "director", "text": ruling}
    item = {"id": "t", "author_role": "director", "text": later, "players": PLAYERS, "floors_exist": floors}
    _, ruled, rulings, _unread = ruled_day(item)
    floor_of = {e.pid: e.floor for e in ruled.entries}
    return {floor_of[pid]: r.decision for pid, r in rulings.items() if r.decision != "pending"}


@pytest.mark.parametrize("later", ["我反悔了。", "scratch that.", "我说错了。", "Retracting my last post.", "I take that back.", "上面判错了。",
                                   "写错楼了，应为7楼。", "5楼手误，7楼才是。", "我指的是7楼。"])
def test_a_later_post_the_reader_cannot_read_that_may_turn_back_holds_the_rulings_before_it(later):
    assert 5 not in _after("5楼无效。", later)


@pytest.mark.parametrize("later", ["还有一小时截止，大家抓紧。", "大家加油", "投票时间到，本帖停止投票。统计稍后公布。"])
def test_a_later_notice_leaves_the_rulings_before_it(later):
    assert _after("5楼无效。", later) == {5: "reject"}


@pytest.mark.parametrize("text", ["5楼本该无效，念在初犯，这次放过。", "#5 would be invalid under the old rules.", "Not ruling #5 invalid.",
                                  "#5 is not void.", "#5 isn't invalid.", "以后凡是5楼这种写法都算无效。", "下次再像5楼这样写就无效了。",
                                  "要不是规则没写，5楼就无效了。", "5楼无效——这是昨天帖子的事，今天的5楼没问题。", "5楼无效（吧）",
                                  "5楼无效，说得不准啊。"])
def test_a_verdict_that_would_have_been_is_denied_or_is_for_later_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert rulings == {} and 5 in doubtful, (rulings, asked)


@pytest.mark.parametrize("text", ["5楼无效，下次注意格式。", "5楼唔计。"])
def test_a_remark_for_next_time_or_cantonese_still_rules(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert rulings == {5: ("reject", None)}, (rulings, asked)


@pytest.mark.parametrize("text", ["洪七公私聊我想代投郭靖，我回他：自己投。", "洪七公让我代投郭靖，我让他自己来投。", "洪七公想代投郭靖，叫他自己投去。",
                                  "洪七公要代投（对象郭靖），被我拒绝了。"])
def test_a_proxy_the_director_told_the_player_to_cast_in_person_is_none(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert made.verdict != "counted", made.reason


@pytest.mark.parametrize("later", ["撤了撤了。", "scratch that."])
def test_a_proxy_turned_back_on_in_words_the_readers_cannot_read_is_the_directors(later):
    from test_hostile_round56 import _day
    result, (made, _later) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["投郭靖（逃", "投郭靖[滑稽]", "投郭靖233333", "投郭靖（笑）", "vote 郭靖 (kidding)", "投郭靖（戏言）", "投郭靖 :P",
                                  "投郭靖（临时）", "vote 郭靖 tbc", "先投郭靖，回头可能改", "投郭靖，还会再改的", "投郭靖，仅供参考",
                                  "投郭靖，随手一投别当真", "vote 郭靖 (for the record, not final)", "投郭靖，暂时的"])
def test_a_ballot_with_a_mark_or_words_of_a_joke_or_a_for_now_after_it_is_the_directors(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["投郭靖吧", "投郭靖！", "投郭靖 2票", "vote 郭靖, hammer!",
                                  "投票对象：郭靖 (Guo Jing)\n投票理由：太跳"])
def test_a_ballot_with_a_particle_a_weight_an_honorific_or_a_name_after_it_stays_certain(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert not entry.needs_review and entry.target == "郭靖", entry.reason


@pytest.mark.parametrize("text", ["I'm voting 郭靖", "郭靖 gets my vote", "voting 郭靖", "going with 郭靖", "I'm voting for 郭靖 today",
                                  "郭靖 has my vote", "put me down for 郭靖", "lynch 郭靖", "预设郭靖，最终看情况", "me too (3楼)",
                                  "ditto (same as above)"])
def test_a_vote_in_english_words_or_a_follow_no_form_holds_is_never_silent(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["投郭靖（也是洪七公的意思）", "我投郭靖，洪七公也是", "洪七公的票：郭靖"])
def test_another_players_ballot_said_along_with_ones_own_is_a_relay_the_director_reads(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and "洪七公" in entry.relayed_for, entry.reason


# -- round 65 (the lab, at bd19efb) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("later", ["搞错人了，应该是洪七公那楼。", "不是欧阳锋，是洪七公。", "我说的是洪七公的票。", "判错人了，是洪七公。"])
def test_a_later_post_that_says_another_player_was_meant_holds_the_rulings_before_it(later):
    assert 5 not in _after("5楼无效。", later)


def test_a_later_post_about_a_player_that_corrects_nothing_leaves_the_rulings():
    assert _after("5楼无效。", "洪七公还没投的抓紧。") == {5: "reject"}


@pytest.mark.parametrize("text", ["按老规矩5楼算无效，不过这局用新规矩。", "5楼无效，不太确定。", "5楼无效，不一定对。", "郭靖你5楼那票再这样写就无效了哦",
                                  "5楼的注意了，再这样就作废。", "5楼小心点，再犯无效。", "I won't rule #5 invalid.", "我不会判5楼无效的。",
                                  "有人说5楼无效，不成立。"])
def test_a_warning_an_old_rule_a_doubt_or_a_verdict_said_not_to_be_made_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings and 5 in doubtful, (rulings, asked)


@pytest.mark.parametrize("text", ["my pick: 郭靖", "郭靖 for me", "郭靖 is my vote", "my choice: 郭靖", "i'm going 郭靖", "郭靖, that's my vote",
                                  "locking in 郭靖", "郭靖 gets it from me", "郭靖 from me", "I choose 郭靖", "郭靖 (soft vote)",
                                  "投郭靖，等会儿可能换", "投郭靖（不是最终票）", "投郭靖，可能会变", "先郭靖吧，回头看", "same as #3 please"])
def test_an_english_or_for_now_ballot_no_form_holds_is_never_certain(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["I'm going to bed", "郭靖 is scum for me", "先这样吧"])
def test_english_talk_or_a_pause_is_no_ballot(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert not entry.needs_review, entry.reason


def test_the_directors_ruling_voided_by_quoting_it_waits_for_the_director():
    from test_ruling_blind import read as ruled_day
    floors = {str(f): {"author": a, "voted": v, "kind": "vote"} for f, (a, v) in BALLOTS.items()}
    floors["9"] = {"author": "导演", "kind": "director", "text": "5楼无效。", "pid": 777}
    item = {"id": "t", "author_role": "director", "text": "[quote]5楼无效。[url=forum.php?mod=redirect&goto=findpost&pid=777]…[/url][/quote]这条作废",
            "players": PLAYERS, "floors_exist": floors}
    _, ruled, rulings, _unread = ruled_day(item)
    floor_of = {e.pid: e.floor for e in ruled.entries}
    assert 5 not in {floor_of[pid] for pid, r in rulings.items() if r.decision != "pending"}


@pytest.mark.parametrize("text", ["不投杨康了", "杨康这票我不要了"])
def test_a_standing_ballot_taken_back_in_words_weighs_the_withdrawal(text):
    # 郭靖 voted 杨康 on floor 2: 「不投杨康了」 may take it back — the tie it makes is weighed, never called harmless
    from test_hostile_round56 import _day
    result, (entry,) = _day(("郭靖", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["我1楼的票作废", "1楼作废（我自己的）"])
def test_a_player_voiding_their_own_floor_is_a_withdrawal_the_director_rules(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("郭靖", text), preset="s10")
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


# -- round 66 (the lab, at adc40c3) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["副导说5楼无效。", "郭靖自己说5楼无效。", "群里都说5楼无效。", "欧阳锋请求把5楼作废。", "I heard #5 is invalid.",
                                  "有人私信我说5楼无效。", "5楼无效——至少我是这么看的。", "#5 is void, barring objections.", "5楼无效（郭靖申诉中）"])
def test_a_verdict_heard_asked_for_or_hedged_in_new_words_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings and 5 in doubtful, (rulings, asked)


@pytest.mark.parametrize("later", ["Hmm, hold on.", "on second thought..."])
def test_a_later_turn_in_english_holds_the_rulings_before_it(later):
    assert 5 not in _after("5楼无效。", later)


@pytest.mark.parametrize("text", ["洪七公私信让我代投郭靖，没理他。", "洪七公托我代投郭靖，我说不行。", "洪七公要我代投郭靖，我跟他说这局没有代投。"])
def test_a_proxy_refused_in_new_words_is_none(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert made.verdict != "counted", made.reason


@pytest.mark.parametrize("text", ["杨康那票别算了", "当我1楼没发", "我那张票撤了吧", "I take back my vote", "nvm my vote"])
def test_a_standing_ballot_taken_back_in_new_words_weighs_the_withdrawal(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("郭靖", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["Someone told me #5 is invalid.", "5楼：作废。——以上是郭靖自己提的申请，我还没批。"])
def test_a_verdict_told_by_someone_or_only_requested_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


def test_a_proxy_too_late_by_the_directors_words_or_not_yet_confirmed_is_not_counted_as_certain():
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", "洪七公让我代投郭靖，可惜过了代投时间。"))
    assert made.verdict != "counted", made.reason
    result, (made,) = _day(("导演", "代洪七公投郭靖（他昨晚私信的，今天还没确认还算不算）"))
    assert made.needs_review and "郭靖" in made.readings and not result.certain, made.reason


@pytest.mark.parametrize("text", ["投杨康（手机打的）233", "1楼那票我撤"])
def test_a_mark_after_an_explained_note_or_a_floor_taken_back_is_the_directors(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("郭靖", text), preset="s10")
    assert entry.needs_review, entry.reason


# -- round 66's last breaks, re-read on the lab (at e7ff54a) ---------------------------------------------------------------

def test_a_players_own_floor_voided_in_a_rulings_words_weighs_the_withdrawal():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("郭靖", "1楼不算"))  # 1楼 is 郭靖's ballot for 杨康
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason
    result, (entry,) = _day(("黄蓉", "1楼不算"))  # another player's floor: talk about it, not a withdrawal
    assert not entry.needs_review and result.certain, entry.reason


@pytest.mark.parametrize("text", ["1楼说得对，我也是", "同意1楼，+1", "1楼 me too"])
def test_a_follow_of_a_floor_in_words_no_form_holds_is_asked_for_that_floors_ballot(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text))  # 1楼: 郭靖 → 杨康
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text, asked", [("郭靖，等我下班再确认", True), ("郭靖，昨天那个发言很可疑", True), ("郭靖 先放着，回头确认", True),
                                         ("郭靖，你昨天为什么不说话", False), ("郭靖，他昨天跟我说要投杨康", False)])
def test_a_post_opening_with_a_player_alone_is_asked_unless_it_speaks_to_or_of_them(text, asked):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review is asked and (not asked or "郭靖" in entry.readings) and result.certain is not asked, entry.reason


@pytest.mark.parametrize("log", ["[20:01] 洪七公：帮我投个票\n[20:02] 我：投谁\n[20:03] 洪七公：郭靖吧，我也拿不准",
                                 "洪七公 20:01\n导演，替我投一下\n洪七公 20:03\n郭靖"])
def test_a_pasted_request_whose_target_comes_in_a_later_line_is_the_directors(log):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", log))
    assert made.needs_review and "郭靖" in made.readings and not result.certain, made.reason


# -- round 67 (the lab, at e7ff54a) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["Word is #5 is invalid.", "小道消息：5楼无效。", "坊间传闻5楼无效。", "Rumor has it #5 is invalid.",
                                  "听群友讲5楼无效", "据传5楼无效。", "People are saying #5 is invalid."])
def test_a_ruling_heard_from_others_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["5楼无效，晚点发正式公告。", "5楼无效，先公示一下，有问题再改。", "5楼无效，关门后再核实一次。",
                                  "#5 invalid, subject to review.", "#5 invalid once the co-director signs off.", "5楼无效[doge]",
                                  "5楼无效hhhh"])
def test_a_ruling_said_to_be_provisional_or_a_joke_rules_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["4+1楼无效", "2*3楼无效", "6-1楼无效"])
def test_a_floor_written_as_a_sum_holds_every_floor_it_may_mean(text):
    post = read(text, roster=Roster(PLAYERS))
    held = [ref for ref, _ in post.held]
    assert not post.items and (("floor", 5) in held or ("floor", 6) in held), post.held


@pytest.mark.parametrize("text", ["洪七公想请我代投郭靖，门都没有。", "洪七公让我代投郭靖，我让他自己上线投。", "洪七公要我代投郭靖，被我怼回去了。",
                                  "洪七公私信让我代投郭靖，已读不回。", "洪七公让我代投郭靖，pass。", "洪七公托我代投郭靖——这局禁止代投，所以不算。"])
def test_a_retold_request_followed_by_words_the_reader_cannot_explain_is_never_a_certain_proxy(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert made.verdict != "counted" or made.needs_review, made.reason


@pytest.mark.parametrize("text", ["洪七公托我代投郭靖。", "洪七公私信让我代投郭靖，已代投。", "洪七公让我代投郭靖，理由：太跳。"])
def test_a_retold_request_made_or_told_with_its_reason_stands(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert made.kind == "proxy" and made.verdict == "counted" and not made.needs_review, made.reason


@pytest.mark.parametrize("text", ["我5楼那票收回", "5楼的票不作数了", "郭靖的票我拿回来了", "retracting my vote", "scrap my vote",
                                  "I'm taking my vote off 郭靖", "郭靖这票算我没投", "放过郭靖吧，我的票先收着", "我的票作罢",
                                  "郭靖的票先拿掉", "把我的票删了吧", "I withdraw, sorry all", "郭靖就算了"])
def test_a_standing_ballot_given_up_in_words_weighs_no_ballot(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))  # 欧阳锋 is 5楼
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["票我不收回", "我的票不变", "导演，我5楼那票是不是作废了？"])
def test_a_standing_ballot_kept_or_asked_about_is_not_given_up(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert not entry.nobody, entry.reason


@pytest.mark.parametrize("text", ["我站1楼", "站1楼这边", "站队1楼", "同意1楼的票", "1楼说的就是我想说的"])
def test_a_follow_of_a_floor_in_its_own_clause_is_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text))  # 1楼: 郭靖 → 杨康
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["ditto ditto", "what he said", "agreed"])
def test_english_agreement_under_a_quoted_ballot_is_asked(text):
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4)):
        t.vote(voter, target, hours)
    quoted = t.vote("穆念慈", "郭靖", 1.6)
    post = t.add("欧阳锋", text, 2, quote=quoted)
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("answer", ["同意，就这么办", "同意楼上的说法", "agreed"])
def test_the_director_agreeing_with_a_ruling_someone_else_proposed_holds_its_floor(answer):
    post = read(f"[quote]郭靖 发表于 2026-12-05 10:00\n5楼无效吧[/quote]\n{answer}", quoting=True, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 5) in [ref for ref, _ in post.held], post


def test_a_ruling_made_if_nobody_objects_rules_nothing_yet():
    rulings, asked, doubtful = _posted("5楼无效，大家没异议就这么定了", PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


def test_a_ballot_ending_in_a_question_mark_is_asked():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", "投郭靖……？"))
    assert entry.needs_review and not result.certain, entry.reason
    result, (entry,) = _day(("欧阳锋", "现在还来得及吧？\n投票对象：郭靖\n投票理由：太跳"))
    assert not entry.needs_review, entry.reason  # (the question is the line above, not the ballot)


@pytest.mark.parametrize("text", ["actually 杨康", "switching to 杨康"])
def test_a_change_in_english_words_is_never_silent(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and "杨康" in entry.readings, entry.reason


@pytest.mark.parametrize("text", ["我不投了", "5楼我不投了", "5楼那张我弃了"])
def test_giving_up_a_standing_ballot_said_as_an_abstention_weighs_the_withdrawal(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))  # 欧阳锋 is 5楼
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


# -- round 68 (the lab, at 1ec9f7b) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["网传5楼无效。", "I hear #5 is invalid.", "5楼无效（草案）", "5楼无效 /doge", "像5楼这种写法，在别的局是无效的。",
                                  "#5 is invalid IMO.", "#5 invalid. Just kidding!", "#5 invalid, will double-check tonight.",
                                  "5楼无效，大家同意吧", "V楼无效"])
def test_round_68_rulings_that_are_no_ruling_rule_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


def test_another_games_ruling_said_to_hold_here_holds_this_threads_floor():
    post = read("上一局的5楼无效，这局照旧", roster=Roster(PLAYERS))
    assert not post.items and ("floor", 5) in [ref for ref, _ in post.held], post


def test_a_reason_that_mentions_another_boards_rules_still_rules():
    rulings, asked, doubtful = _posted("5楼 改投 郭靖——本局规则里没有这一条（别把隔壁版的规矩带过来），改票有效，按 郭靖 计。", PLAYERS, BALLOTS)
    assert 5 in rulings, (rulings, asked)


def test_a_proxy_taken_back_in_new_words_waits():
    from test_hostile_round56 import _day
    result, (made, _later) = _day(("导演", "代投：洪七公→杨康"), ("导演", "洪七公后悔了，刚才那张不算。"))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["撤了撤了，我那票不要了", "rescinding my vote, sorry", "don't count my vote please", "5楼的票我退回了。",
                                  "taking my 郭靖 vote off"])
def test_round_68_ballots_given_up_weigh_no_ballot(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text, asked", [("5楼说出了我的心声。", True), ("抄5楼作业，就这么投。", True), ("co-sign #5", True),
                                         ("5楼说得不对", False), ("5楼是什么意思？", False)])
def test_a_short_post_about_another_voters_floor_is_a_follow_unless_it_disagrees_or_asks(text, asked):
    from test_hostile_round56 import _day
    result, (_vote, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳克", text))  # 5楼: 欧阳锋 → 郭靖
    assert entry.needs_review is asked and (not asked or "郭靖" in entry.readings), entry.reason


@pytest.mark.parametrize("first, text, meant", [(None, "leaning 郭靖", "郭靖"), (None, "soft vote 郭靖", "郭靖"),
                                                ("投票对象：郭靖\n投票理由：跳", "flipping to 杨康", "杨康"),
                                                ("投票对象：郭靖\n投票理由：跳", "我改主意了，杨康。", "杨康")])
def test_a_hedged_ballot_or_a_change_of_mind_in_words_is_asked(first, text, meant):
    from test_hostile_round56 import _day
    posts = ((("欧阳锋", first),) if first else ()) + (("欧阳锋", text),)
    result, entries = _day(*posts)
    entry = entries[-1]
    assert entry.needs_review and meant in entry.readings and not result.certain, entry.reason


# -- round 69 (the lab, at 77173ec) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["5楼无效 lol", "#5 invalid rofl", "5楼无效 233", "5楼无效，just my two cents", "5楼无效，一家之言",
                                  "5楼无效，没人反对吧", "5楼无效，同意的扣1", "#5 invalid, any objections", "5楼无效（黄蓉语）",
                                  "5楼无效——黄蓉如是说", "下一局起，5楼这种写法无效", "Next game, votes like #5 will be invalid.",
                                  "Floor five is invalid.", "5楼无效 ;)", "5楼无效；-)"])
def test_round_69_rulings_that_are_no_ruling_rule_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["5楼无效，没写投票理由 😂", "5楼无效。差两分钟也是差，别找我求情 😂"])
def test_a_laugh_after_the_reason_or_in_a_sentence_of_its_own_is_banter(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["黄老邪托我投郭靖", "替谢逊投郭靖", "谢逊让我投郭靖", "黄药师 asked me to vote 郭靖 for him",
                                  "vote 郭靖 on behalf of 谢逊"])
def test_a_ballot_passed_on_for_someone_off_the_roster_is_never_the_posters_own(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.verdict != "counted" and entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["5楼划掉", "strike my 郭靖 vote", "un-vote", "郭靖那票就当没投吧，反正也不影响啥",
                                  "my vote doesn't matter anyway, drop it", "郭靖那票划掉", "郭靖那票勾掉", "取消郭靖那票"])
def test_round_69_ballots_given_up_weigh_no_ballot(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["同5", "跟5", "same as 5", "跟风5楼，不解释"])
def test_a_follow_of_a_floor_written_bare_is_asked(text):
    from test_hostile_round56 import _day
    result, (_vote, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳克", text))
    assert entry.needs_review and "郭靖" in entry.readings, entry.reason


@pytest.mark.parametrize("text", ["probably 郭靖", "likely 郭靖", "maybe 郭靖", "prob vote 郭靖", "vote 郭靖 prolly"])
def test_a_ballot_hedged_in_english_is_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["5楼无效（如果欧阳克是狼的话）。", "5楼无效（要是欧阳克今晚不补理由）。"])
def test_a_verdicts_condition_in_brackets_is_a_condition(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


def test_a_proxy_with_a_laugh_beside_it_is_asked_and_a_quoted_request_leaves_no_wink():
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", "代投：洪七公→杨康 lol"))
    assert made.needs_review and not result.certain, made.reason
    result, (made,) = _day(("导演", "受 洪七公 委托代投：投票对象 杨康。\n（洪七公 今早 QQ：“下午考试，帮我投杨康，理由随便”）"))
    assert made.kind == "proxy" and not made.needs_review, made.reason  # (the quote set aside must not leave 「：）」)


# -- round 70 (the lab, at 2387084) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["5楼无效，笑死我了", "5楼无效www", "5楼无效，草", "#5 invalid kek", "#5 invalid, lolol", "5楼无效，hiahia",
                                  "#5 invalid (not really)", "#5 invalid, ok with everyone", "5楼无效，大家说呢", "5楼无效，你们看呢",
                                  "#5 invalid, cool with y'all", "5楼无效，可以不", "5楼无效，举手表决", "#5 invalid, yea or nay",
                                  "#5 invalid (per 黄蓉)", "#5 invalid, according to 黄蓉.", "5楼无效，郭靖说的。", "5楼无效，黄蓉讲的",
                                  "5楼无效（引自黄蓉）", "#5 invalid, 黄蓉's words", "#5 invalid, quoting 黄蓉", "#5 invalid, as 郭靖 put it",
                                  "#5 invalid, says 黄蓉.", "#5 invalid I suppose", "5楼无效，嘿嘿"])
def test_words_after_a_verdict_that_nothing_explains_leave_the_floor_to_the_director(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["5楼无效，没写投票理由 😂", "5楼无效，对象写的是已出局的杨康", "#5 invalid, no reason given.",
                                  "5楼无效，没办法，规则如此。", "5楼 诈尸，票不计，判罚另行公布。", "5楼无效（投票对象写了两个人），请重新发帖。",
                                  "#5 void — no target, just 'idk, no idea'", "5楼 有效，计 杨康。", "5楼 计为 杨康（写的「康康」），不是郭靖"])
def test_a_reason_courtesy_or_a_penalty_after_the_verdict_leaves_it_certain(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["以后5楼这种写法一律无效。", "下个白天开始，5楼这种写法无效。", "From now on, votes like #5 are invalid."])
def test_a_rule_from_now_on_with_the_floor_for_its_example_is_asked(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings and asked, (rulings, asked)


@pytest.mark.parametrize("text", ["偷郭靖，理由划水", "頭郭靖，理由划水", "透郭靖", "头郭靖"])
def test_a_ballot_verb_mistyped_before_a_player_is_an_attempt(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["头好痛，郭靖今天怎么不说话", "偷偷说一句，郭靖是好人", "今天偷懒，郭靖随便看看"])
def test_those_characters_in_talk_cast_nothing(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert not entry.needs_review and result.certain, entry.reason


@pytest.mark.parametrize("text", ["my vote is void", "please nullify my vote", "cancel my vote on 郭靖", "郭靖那票算了吧",
                                  "郭靖那票当我放屁", "我的票撤掉", "作废我的票", "郭靖那票废掉"])
def test_round_70_ballots_given_up_weigh_no_ballot(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["vote 郭靖 i guess", "vote 郭靖 I suppose", "投郭靖吧，我猜", "好像该投郭靖", "投郭靖 哈哈", "投郭靖 嘻嘻",
                                  "for 谢逊: vote 郭靖", "谢逊's vote: 郭靖", "代谢逊投郭靖", "on 谢逊's behalf: 郭靖"])
def test_a_ballot_hedged_laughed_at_or_passed_on_is_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["投郭靖，他好像是狼", "投票对象：郭靖😂投票理由：他笑得太假", "投郭靖，理由：他笑死我了"])
def test_a_hedge_or_laugh_in_the_reason_leaves_the_ballot(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.target == "郭靖" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["I'm with 杨康", "what 杨康 said", "I agree with 杨康", "+1 to 杨康",
                                  "[quote]杨康 发表于 2026-12-5 10:00\n投票对象：郭靖\n投票理由：跳[/quote]\n同"])
def test_a_follow_of_a_player_in_english_or_under_a_typed_quote_is_asked(text):
    from test_hostile_round56 import _day
    result, (*_, entry) = _day(("杨康", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text), preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings, entry.reason


@pytest.mark.parametrize("text", ["代投：洪七公→杨康（上一局的）", "代投：洪七公→杨康（别的局）", "代投：洪七公→杨康 hhh", "代投：洪七公→杨康。Not."])
def test_a_proxy_with_another_games_aside_a_laugh_or_a_not_after_it_is_asked(text):
    from grammar import director
    read = director.read(text, Roster(PLAYERS + ["洪七公"]), ("导演",))
    assert not read.standing and read.doubts, read


def test_a_later_forget_the_proxy_above_reopens_it():
    from test_hostile_round56 import _day
    result, (made, later) = _day(("导演", "代投：洪七公→杨康"), ("导演", "Forget the proxy above."))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("count, certain", [("【票型】郭靖 2票（3楼、4楼）；杨康 2票（1楼、2楼）。", False),
                                            ("【票型】郭靖 3票（3楼、4楼、5楼）；杨康 2票（1楼、2楼）。", True),
                                            ("已计：1、2、3、4楼。", False), ("Counted: #1, #2, #3, #4.", False),
                                            ("已计：1、2、3、4、5楼。", True),
                                            ("郭靖 3票（3楼、4楼、洪七公代投）\n杨康 2票（1楼、2楼）", False)])
def test_a_count_by_floors_is_set_beside_ours_and_a_floor_it_leaves_out_holds(count, certain):
    from test_hostile_round56 import _day
    result, _ = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("导演", count))
    assert result.certain == certain and result.outcome.kind == "out", [c.differences for c in result.count_checks]


@pytest.mark.parametrize("text", ["陸樓無效。", "第陸樓無效"])
def test_a_floor_in_traditional_formal_numerals_waits_for_the_director(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, {**BALLOTS, 6: ("穆念慈", "郭靖")})
    assert 6 not in rulings and any("陸" in why for why in asked), (rulings, asked)


@pytest.mark.parametrize("text", ["5楼无效 (≧▽≦)", "5楼无效 [表情]", "5楼无效，假使他不补理由。", "#5 invalid assuming he doesn't edit it.",
                                  "5楼无效，前提：他是狼。", "#5 invalid, should 欧阳锋 turn out to be a wolf.",
                                  "#5 in the discussion thread is invalid.", "Reminder to 5楼: votes without reasons are invalid.",
                                  "5楼吗？无效……的可能性不大。"])
def test_round_70_rulings_in_other_shapes_rule_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["5楼无效，没写理由 [表情]", "5楼 有效{:037:} 对象和理由写在一行是允许的", "提醒 #5：你写的「FoS 郭靖」不是投票，不计。"])
def test_a_face_after_the_reason_or_a_reminder_that_rules_its_floor_still_rules(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 in rulings, (rulings, asked)


def test_a_ballot_from_someone_in_brackets_is_a_relay():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", "vote 郭靖 (from 谢逊)"), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


# -- round 71 (the lab, at 44cff48) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["5楼无效（笑）", "5楼无效（口嗨）", "5楼无效（看心情）", "5楼无效（请示中）", "5楼无效（洪七公的意见）",
                                  "5楼无效（隔壁帖）", "5楼无效（讨论帖里的）", "5楼无效（第三方转达）", "5楼无效（尚未核实）",
                                  "#5 invalid (the other thread)", "（并不）5楼无效", "（假）5楼无效", "（反话）5楼无效", "(¬‿¬) 5楼无效"])
def test_a_bracket_beside_a_ruling_that_turns_it_leaves_the_floor_to_the_director(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["5楼无效（没写理由）", "（更正）5楼无效", "（规则原文：不能投票）5楼 不计。", "Ruling (for the English-board folks): #5 invalid"])
def test_a_bracket_that_gives_the_reason_or_heads_the_ruling_leaves_it(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["代投：洪七公→杨康（明天的）", "代投：洪七公→杨康 (for day 2)", "代投：洪七公→杨康（他还没回我）",
                                  "代投：洪七公→杨康 (unconfirmed)", "代投：洪七公→杨康（据群友说）", "代投：洪七公→杨康（他老婆说的）",
                                  "代投：洪七公→杨康 (via his roommate)", "代投：洪七公→杨康，乐", "代投：洪七公→杨康（梦里）",
                                  "代投：洪七公→杨康 (hypothetical)", "代投：洪七公→杨康（别的帖）"])
def test_a_proxy_said_to_be_another_days_unconfirmed_heard_or_a_joke_is_asked(text):
    from grammar import director
    read = director.read(text, Roster(PLAYERS + ["洪七公"]), ("导演",))
    assert not read.standing and read.doubts, read


@pytest.mark.parametrize("text", ["代投：洪七公→杨康（洪七公 QQ 私信，他在出差）", "执法 proxy — 洪七公 via PM: \"vote 杨康\"\n记：洪七公 → 杨康。"])
def test_a_proxy_with_its_source_or_the_players_reason_stands(text):
    from grammar import director
    read = director.read(text, Roster(PLAYERS + ["洪七公"]), ("导演",))
    assert [(p.voter, p.target) for p in read.standing] == [("洪七公", "杨康")], read


@pytest.mark.parametrize("later", ["上面的代投当我没发", "那张代投别算", "Cancel that proxy.", "Scrap that proxy."])
def test_a_proxy_taken_back_later_in_more_words_is_reopened(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：洪七公→杨康"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["撤", "我撤", "撤撤撤", "withdrawing", "my vote doesn't count"])
def test_round_71_a_standing_ballot_given_up_in_a_word_weighs_no_ballot(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["+1", "same", "me too", "^ this", "附和楼上", "照楼上", "楼上同"])
def test_a_bare_follow_follows_the_ballot_above(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["代表谢逊投郭靖", "转：谢逊——投郭靖", "谢逊（场外）托付：投郭靖", "谢逊委托：投郭靖", "投郭靖\n不太确定"])
def test_round_71_relays_and_a_doubt_on_its_own_line_are_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text, held", [("二乘三楼无效", {2, 3, 5, 6}), ("5楼白投", None), ("5楼的票作不得数", None), ("5楼冇效", None)])
def test_a_worded_sum_waits_and_more_verdict_words_rule(text, held):
    post = read(text, roster=Roster(PLAYERS))
    if held:
        assert not post.items and held <= {ref[1] for ref, _ in post.held}, post
    else:
        assert [(i.ref, i.verdict) for i in post.items] == [(("floor", 5), "invalid")], post


@pytest.mark.parametrize("text", ["#5 invalid... or is it?", "#5 in the sign-up thread is invalid", "5楼无效，黄蓉这么认为",
                                  "5楼无效。\n——以上是黄蓉的建议，我还没定。"])
def test_round_71_rulings_turned_later_in_the_post_rule_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["代投：洪七公→杨康（笑）", "代投：洪七公→杨康 笑", "代投：洪七公→杨康（还没等到他回复）"])
def test_round_71_a_proxy_laughed_at_or_not_yet_answered_is_asked(text):
    from grammar import director
    read = director.read(text, Roster(PLAYERS + ["洪七公"]), ("导演",))
    assert not read.standing and read.doubts, read


@pytest.mark.parametrize("text", ["不算了", "作废", "取消"])
def test_a_bare_take_back_under_ones_ballot_weighs_no_ballot(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["me too, 杨康", "投票对象：郭靖\n投票理由：划水\n没想好", "楼上正解", "顶楼上"])
def test_round_71_follows_and_a_doubt_below_the_reason_are_asked(text):
    from test_hostile_round56 import _day
    result, (*_, entry) = _day(("杨康", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text), preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings, entry.reason


# -- round 72 (the lab, at 1115d05) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["5楼无效（不是）", "5楼无效（没有的事）", "【转】5楼无效", "转：5楼无效", "Fwd: #5 invalid", "5楼无效（试发）",
                                  "#5 invalid (repost)", "#5 invalid. Psych!"])
def test_round_72_rulings_taken_back_in_a_bracket_or_forwarded_rule_nothing(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, BALLOTS)
    assert 5 not in rulings, (rulings, asked)


def test_a_bracket_that_names_who_it_is_not_still_explains():
    rulings, asked, doubtful = _posted("5楼 计为 郭靖（不是杨康）", PLAYERS, BALLOTS)
    assert 5 in rulings, (rulings, asked)


@pytest.mark.parametrize("text", ["代投：洪七公→杨康（雾）", "代投：洪七公→杨康（不是）", "代投：洪七公→杨康（转）", "代投：洪七公→杨康 (repost)"])
def test_round_72_a_proxy_taken_back_in_its_bracket_is_asked(text):
    from grammar import director
    read = director.read(text, Roster(PLAYERS + ["洪七公"]), ("导演",))
    assert not read.standing and read.doubts, read


@pytest.mark.parametrize("later", ["洪七公又私信说不投了。", "洪七公不让我代投了。", "He changed his mind, no proxy."])
def test_round_72_a_proxy_the_player_called_off_is_reopened(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：洪七公→杨康"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["跟一票", "I second that", "seconded", "谢逊的意思：投郭靖", "谢逊让我说：投郭靖"])
def test_round_72_follows_and_relays_are_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["弃了", "改弃", "ignore my vote"])
def test_round_72_a_standing_ballot_dropped_in_a_word_is_asked(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["5楼的票不要了。", "5楼的票没了。"])
def test_a_floors_ballot_said_to_be_gone_waits_for_the_director(text):
    post = read(text, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 5) in {ref for ref, _ in post.held}, post


@pytest.mark.parametrize("text", ["洪七公私聊我，投郭靖", "洪七公跟我说投郭靖", "洪七公QQ上跟我说：投郭靖"])
def test_round_72_a_ballot_right_after_another_player_spoke_to_the_poster_is_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["洪七公私聊我了，我投郭靖", "洪七公告诉我他是好人，投郭靖"])
def test_a_ballot_in_the_posters_own_voice_after_a_chat_stands(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert not entry.needs_review and entry.target == "郭靖", entry.reason


@pytest.mark.parametrize("text", ["以上聊天记录，代投。", "收到，代投了", "照上面的私信代投了"])
def test_a_proxy_the_director_made_of_words_the_post_does_not_carry_holds_the_day(text):
    # (hostile round 72 q11: the chat log pasted in a quote block, whose words the archive does not keep)
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert made.needs_review and not result.certain, made.reason


# -- round 73 (the lab, at 7fd06e5) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["5楼的票吹了。", "5楼这票报废。", "5楼的票就当没投。", "5楼驳回。", "5楼票数归零。", "5楼计零票。",
                                  "5楼不予受理。", "5楼的票撤销，大家知悉。"])
def test_a_floors_ballot_given_a_fate_in_words_no_verdict_list_holds_waits(text):
    post = read(text, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 5) in {ref for ref, _ in post.held}, post


@pytest.mark.parametrize("text", ["60楼 以后的改票请记得回复自己的原楼", "目前票型见 61 楼。", "5楼说得对", "回复 12# 郭靖"])
def test_a_floor_named_as_a_time_a_pointer_or_a_speaker_rules_nothing(text):
    assert read(text, roster=Roster(PLAYERS)) is None


@pytest.mark.parametrize("text", ["【分享】5楼无效", "【存档】5楼无效", "CC: #5 invalid", "【回顾】5楼无效", "5楼无效（想多了）",
                                  "5楼无效（才没有）", "5楼无效（复制）", "#5 invalid. Not really.", "#5 invalid. Sike!",
                                  "#5 invalid. Haha, no.", "5楼无效。——欧阳克的心声", "5楼无效。——某玩家"])
def test_round_73_rulings_reposted_teased_or_someone_elses_wait(text):
    post = read(text, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 5) in {ref for ref, _ in post.held}, post


@pytest.mark.parametrize("text", ["【裁定】5楼无效", "【第二日 投票结果】5楼无效", "#5 invalid. No target given.", "#5 invalid. Thanks.",
                                  "5楼无效。不服的私信。", "5楼无效（没写理由）"])
def test_a_ruling_with_its_heading_reason_or_courtesy_still_rules(text):
    post = read(text, roster=Roster(PLAYERS))
    assert post.items and post.items[0].ref == ("floor", 5) and not post.held, post


@pytest.mark.parametrize("text", ["【分享】代投：洪七公→杨康", "FW: 代投：洪七公→杨康", "代投：洪七公→杨康（没有的事）", "代投：洪七公→杨康（想多了）",
                                  "代投：洪七公→杨康（你猜）", "代投：洪七公→杨康（示范）", "代投：洪七公→杨康 (sample)",
                                  "代投：洪七公→杨康. Sike!", "代投：洪七公→杨康. Not really."])
def test_round_73_a_proxy_reposted_or_teased_is_asked(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text.replace("洪七公", "欧阳锋")))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["学穆念慈", "穆念慈那边", "穆念慈说得对"])
def test_a_short_post_naming_a_player_may_follow_that_players_ballot(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert "郭靖" in entry.readings and not result.certain, entry.readings


@pytest.mark.parametrize("text", ["上面投错人了", "投错了", "手抖了", "oops wrong person", "misclick above", "that vote was a mistake",
                                  "5楼被盗号了", "楼上是我梦游发的", "刚才那票是我朋友发的", "刚才喝多了，别算", "撤了撤了", "我弃",
                                  "I abstain now", "作废吧"])
def test_round_73_a_voter_disowning_the_ballot_above_is_asked(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["我的票不变", "我那票是认真的", "今天好热", "执法团，我那票是投郭靖的，5楼，不是弃权"])
def test_a_voter_keeping_or_explaining_the_ballot_above_is_not_asked(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert not entry.needs_review, entry.reason


@pytest.mark.parametrize("later", ["欧阳锋说他自己来投。", "欧阳锋要亲自投。", "欧阳锋上线了，让他自己投。", "欧阳锋说不麻烦我了。",
                                   "欧阳锋那张报废。", "欧阳锋的代投驳回。"])
def test_round_73_a_later_word_on_the_player_a_proxy_was_made_for_reopens_it(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


def test_a_later_notice_or_the_proxy_said_again_leaves_it():
    from test_hostile_round56 import _day
    for later in ("提醒：21:00 关门。", "欧阳锋→郭靖 已代投。"):
        result, (made, _) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", later))
        assert not made.needs_review and result.certain, (later, made.reason)


@pytest.mark.parametrize("text", ["洪七公微信我，投郭靖", "洪七公在群里@我：投郭靖", "洪七公电话里说投郭靖", "洪七公QQ上说：投郭靖",
                                  "帮洪七公带个话，投郭靖", "谢逊留言：投郭靖", "传话：谢逊投郭靖"])
def test_round_73_relays_told_by_channel_are_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


# -- round 74 (the lab, at 7491a95) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["5楼那票是我猫踩的", "刚才那个是草稿", "sorry wrong thread", "5楼投錯了", "上面说的是气话", "上面那个别当真",
                                  "楼上是测试格式用的", "5楼那是演习", "楼上那票不是认真的", "我退出本轮投票", "我放弃投票"])
def test_round_74_a_voter_saying_the_ballot_above_was_not_meant_is_asked(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert entry.needs_review and entry.nobody and not result.certain, entry.reason


@pytest.mark.parametrize("text", ["上面说得对", "被投了。我两张牌都还在，这票我不解释。"])
def test_a_voter_agreeing_or_standing_by_the_ballot_above_is_not_asked(text):
    from test_hostile_round56 import _day
    result, (_mine, entry) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("欧阳锋", text))
    assert not entry.needs_review, entry.reason


@pytest.mark.parametrize("text, meant", [("投 gj", "郭靖"), ("vote YK", "杨康"), ("投 guo", "郭靖"), ("投郭", "郭靖")])
def test_round_74_initials_a_surname_or_its_pinyin_are_readings_the_proof_weighs(text, meant):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and meant in entry.readings and not result.certain, entry.readings


@pytest.mark.parametrize("later", ["我没委托过导演", "代投？我不知道这事", "I never asked for a proxy", "我自己会投的，不用代", "谁让你代投了"])
def test_round_74_the_player_a_proxy_was_made_for_denying_it_reopens_it(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("欧阳锋", later))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("later", ["谢谢导演代投", "回来了，代投没错，就是郭靖。"])
def test_the_player_thanking_for_or_confirming_a_proxy_leaves_it(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("欧阳锋", later))
    assert not made.needs_review, made.reason


@pytest.mark.parametrize("text", ["5楼无效。反正我是这么想的。", "5楼无效。我个人觉得。", "5楼无效。不过也难说。", "5楼无效。谁知道呢。",
                                  "5楼无效。以上纯属虚构。"])
def test_round_74_a_sentence_after_a_ruling_that_makes_it_an_opinion_or_a_story_holds_it(text):
    post = read(text, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 5) in {ref for ref, _ in post.held}, post


@pytest.mark.parametrize("text", ["代投：欧阳锋→郭靖（上一局的委托）", "代投：欧阳锋→郭靖（去年的）", "代投：欧阳锋→郭靖（按他上次的习惯）",
                                  "代投：欧阳锋→郭靖（他没说投谁，我帮他选的）", "代投：欧阳锋→郭靖（其实是我自己想投的）", "代投：欧阳锋→郭靖，待他回复"])
def test_round_74_a_proxy_of_another_time_or_the_directors_own_choice_is_asked(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["代投：欧阳锋→郭靖（私信，昨晚）", "代投：欧阳锋→郭靖（他今天在外地演出，晚上回不来）"])
def test_a_proxy_with_its_channel_or_why_the_player_asked_stands(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert not made.needs_review and result.certain, made.reason


def test_round_74_a_thinking_face_after_a_ballot_is_asked():
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", "投郭靖🤔"), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("later", ["8楼不是我发的", "8楼是假消息"])
def test_round_74_a_ruling_post_its_director_disowns_waits_for_the_director(later):
    from test_hostile_round52 import _day as thread_day, heldout
    ruled = heldout.judge_day_alone(thread_day(("导演A", "20:30", "【裁定】7楼无效")))
    assert ruled["outcome"] == ("out", ("杨康",))
    taken = heldout.judge_day_alone(thread_day(("导演A", "20:30", "【裁定】7楼无效"), ("导演A", "20:40", later)))
    assert not taken["certain"], later


# -- round 75 (the lab, at 3d3ea30) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["投郭靖 or 杨康", "vote 郭靖 or 杨康", "投郭靖 and 杨康", "投郭靖 & 杨康"])
def test_round_75_two_players_joined_in_the_ballots_words_are_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("later", ["8楼撤", "8楼别信", "8楼有误，稍后更正", "8楼不对", "8楼草稿", "8楼是误发", "8楼以后再说"])
def test_round_75_a_ruling_post_left_open_by_a_later_post_waits(later):
    from test_hostile_round52 import _day as thread_day, heldout
    taken = heldout.judge_day_alone(thread_day(("导演A", "20:30", "【裁定】7楼无效"), ("导演A", "20:40", later)))
    assert not taken["certain"], later


@pytest.mark.parametrize("later", ["不是我，我号被盗了", "导演你搞错了吧", "没有的事", "Hong here — that wasn't me"])
def test_round_75_the_proxied_player_saying_anything_short_after_it_reopens_it(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：洪七公 → 郭靖"), ("洪七公", later))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("later", ["Hong changed his mind.", "Hong wants to vote himself now.", "Hong is online now."])
def test_round_75_a_proxied_player_named_by_the_surnames_pinyin_reopens_it(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：洪七公 → 郭靖"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["代投：欧阳锋→郭靖（瞎编的）", "代投：欧阳锋→郭靖（旧的）", "代投：欧阳锋→郭靖 (he hasn't confirmed)",
                                  "代投：欧阳锋→郭靖 (from last season)", "代投：欧阳锋→郭靖 (made up)"])
def test_round_75_a_proxy_said_to_be_made_up_old_or_unconfirmed_is_asked(text):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", text))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("text", ["洪七公短信：投郭靖", "洪七公在群里@我让投郭靖"])
def test_round_75_relays_by_a_channels_colon_or_an_at_are_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("count, certain", [("票型：郭靖 2（3、4楼），杨康 2（1、2楼）", False), ("票型：郭靖 3（3、4、5楼），杨康 2（1、2楼）", True),
                                            ("当前票型：1楼→杨康 2楼→杨康 3楼→郭靖 4楼→郭靖", False),
                                            ("当前票型：1楼→杨康 2楼→杨康 3楼→郭靖 4楼→郭靖 5楼→郭靖", True)])
def test_round_75_a_count_by_floors_marked_once_or_by_arrows_is_set_beside_ours(count, certain):
    from test_hostile_round56 import _day
    result, _ = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("导演", count))
    assert result.certain == certain and result.outcome.kind == "out", [c.differences for c in result.count_checks]


@pytest.mark.parametrize("text", ["据我所知5楼无效", "就我所知5楼无效"])
def test_round_75_a_ruling_said_as_what_the_director_knows_so_far_waits(text):
    post = read(text, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 5) in {ref for ref, _ in post.held}, post


@pytest.mark.parametrize("text", ["我替洪七公说一句：郭靖", "替洪七公带个话：郭靖"])
def test_round_75_a_relay_whose_ballot_is_a_bare_name_after_the_colon_is_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳锋", text), preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


# -- round 76 (the lab, at e5afccb) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("aside", ["醉话", "酒话", "胡话", "气话", "随手判的", "瞎判的"])
def test_round_76_a_short_aside_after_a_ruling_that_nothing_explains_holds_the_floor(aside):
    post = read(f"6楼无效（{aside}）", roster=Roster(PLAYERS))
    assert not post.items and ("floor", 6) in {ref for ref, _ in post.held}, post


@pytest.mark.parametrize("aside", ["没写理由", "格式错误", "重复投票", "诽谤", "无"])
def test_round_76_a_short_aside_the_lexicon_explains_leaves_the_ruling(aside):
    post = read(f"6楼无效（{aside}）", roster=Roster(PLAYERS))
    assert [(i.ref, i.verdict) for i in post.items] == [(("floor", 6), "invalid")] and not post.held, post


@pytest.mark.parametrize("aside", ["猜他会投", "没问过他", "我做主", "他醉了", "他说无所谓", "他没说", "凭印象", "(my guess)",
                                   "(from memory)", "(unverified)", "(I decided for him)"])
def test_round_76_a_proxys_aside_that_nothing_explains_is_asked(aside):
    from test_hostile_round56 import _day
    aside = aside if aside.startswith("(") else f"（{aside}）"
    result, (made,) = _day(("导演", f"代投：洪七公→杨康{aside}"), preset="s10")
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("aside", ["（私信 14:02）", "(via WeChat, 19:40)", "（QQ）", "（替补）", "（短信，下午四点多）", "(PM'd me, she's overseas this week)"])
def test_round_76_a_proxys_aside_saying_where_and_when_leaves_it_counted(aside):
    from test_hostile_round56 import _day
    _, (made,) = _day(("导演", f"代投：洪七公→杨康{aside}"), preset="s10")
    assert made.kind == "proxy" and not made.needs_review, made.reason


@pytest.mark.parametrize("text", ["abstain", "vote: no lynch", "不投谁", "谁都不投"])
def test_round_76_an_abstention_in_new_words_after_a_ballot_is_an_attempt_not_talk(text):
    from test_hostile_round56 import _day
    _, entries = _day(("欧阳克", "投票对象：郭靖\n投票理由：跳"), ("欧阳克", text), preset="s10")
    assert entries[-1].kind == "abstain" and entries[-1].reason != "发言，不是投票", entries[-1].reason


@pytest.mark.parametrize("text, kind", [("谁都不投", "abstain"), ("不投谁？", "none"), ("投谁好呢", "none")])
def test_round_76_who_that_asks_nothing_is_nobody_and_a_question_is_still_one(text, kind):
    from test_hostile_round56 import _day
    _, (entry,) = _day(("欧阳克", text), preset="qisha")
    assert entry.kind == kind, entry.reason


@pytest.mark.parametrize("text", ["投郭靖 + 杨康", "投郭靖 and/or 杨康", "投郭靖或杨康"])
def test_round_76_two_players_joined_in_a_ballot_are_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳克", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


def test_round_76_two_players_joined_in_a_reason_are_the_reasons():
    from test_hostile_round56 import _day
    _, (entry,) = _day(("欧阳克", "投票对象：郭靖\n投票理由：郭靖和杨康只能留一个"), preset="s10")
    assert entry.target == "郭靖" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["from 洪七公: 郭靖", "洪七公刚打电话说投郭靖"])
def test_round_76_a_relay_from_someone_or_by_phone_is_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳克", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


@pytest.mark.parametrize("reason, asked", [("不是我本人", True), ("开玩笑的", True), ("他开玩笑太多", False), ("跳得太快", False)])
def test_round_76_a_whole_reason_that_disowns_the_ballot_is_asked(reason, asked):
    from test_hostile_round56 import _day
    _, (entry,) = _day(("欧阳克", f"投票对象：郭靖\n投票理由：{reason}"), preset="s10")
    assert entry.needs_review == asked and entry.target == "郭靖", entry.reason


@pytest.mark.parametrize("text", ["上轮6楼无效", "昨儿6楼无效", "yesterday #6 invalid", "yday #6 invalid", "last day's #6 invalid", "d0 #6 invalid"])
def test_round_76_a_floor_of_a_day_before_today_in_new_words_rules_nothing(text):
    post = read(text, roster=Roster(PLAYERS))
    assert post.void and post.problems, post


@pytest.mark.parametrize("count", ["票型：杨康←1楼2楼；郭靖←3楼4楼", "1、2→杨康；3、4→郭靖", "杨康：#1 #2；郭靖：#3 #4", "郭靖(3F,4F) 杨康(1F,2F)",
                                   "【目前票型】杨康 2（1L 2L） 郭靖 2（3L 4L）"])
def test_round_76_a_count_by_floors_in_other_shapes_that_leaves_a_floor_out_holds(count):
    from test_hostile_round56 import _day
    result, _ = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("导演", count))
    assert not result.certain and any("#5" in d for c in result.count_checks for d in c.differences), result.count_checks


def test_round_76_a_count_by_voters_with_their_floors_is_no_count_by_floors():
    from grammar.director import _rows_by_floors
    assert _rows_by_floors("螳螂 5：蜻蜓（2楼）、蟋蟀（4楼）", Roster(["螳螂", "蜻蜓", "蟋蟀"])) == []


@pytest.mark.parametrize("text", ["6楼无效——以上是我昨晚做的梦", "6楼无效——以上是我编的", "6楼无效。然而并没有。"])
def test_round_75_leftovers_a_ruling_said_to_be_a_dream_made_up_or_denied_waits(text):
    post = read(text, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 6) in {ref for ref, _ in post.held}, post
    assert read("6楼无效。剩下的没问题。", roster=Roster(PLAYERS)).items  # (a negation that turns nothing)


def test_round_75_leftovers_a_bare_take_back_of_a_number_is_that_floor():
    post = read("撤7", roster=Roster(PLAYERS))
    assert ("floor", 7) in post.taken_back, post


@pytest.mark.parametrize("text", ["投郭靖，看心情改", "投郭靖，随时改", "vote 郭靖 until further notice", "洪七公托梦给我：投郭靖"])
def test_round_75_leftovers_a_ballot_said_changeable_or_a_dreamt_relay_is_asked(text):
    from test_hostile_round56 import _day
    result, (entry,) = _day(("欧阳克", text), preset="s10")
    assert entry.needs_review and not result.certain, entry.reason


# -- round 77 (the lab, at fc4ca1a) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["替洪七公：杨康", "洪七公的票→杨康", "洪七公 says: 杨康", "洪七公 says vote 杨康", "on behalf of 洪七公: 杨康",
                                  "洪七公发短信说投杨康", "洪七公私信我说投杨康", "洪七公跟我说投杨康"])
def test_round_77_a_relay_for_the_player_who_has_not_voted_is_weighed_for_that_player(text):
    # (the lab: 黄蓉, who had voted 杨康, relays for 洪七公 → 杨康 — 「不影响结果」 was posted; counted for 洪七公 the day ties)
    from test_hostile_round56 import _day
    result, entries = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("黄蓉", text), preset="s10")
    assert entries[-1].needs_review and not result.certain, entries[-1].reason


@pytest.mark.parametrize("text", ["上回6楼无效", "上礼拜6楼无效", "前阵子6楼无效", "刚才那局6楼无效", "上一个投票帖6楼无效", "明日6楼无效",
                                  "prev day #6 invalid", "last round #6 invalid", "D-1 #6 invalid", "old thread #6 invalid"])
def test_round_77_a_floor_of_another_period_in_any_words_rules_nothing(text):
    post = read(text, roster=Roster(PLAYERS))
    assert post.void and post.problems, post


@pytest.mark.parametrize("text", ["QQ群6楼无效", "贴吧6楼无效", "discord #6 invalid", "微博6楼无效"])
def test_round_77_a_floor_of_a_chat_group_or_another_site_waits(text):
    post = read(text, roster=Roster(PLAYERS))
    assert not post.items and ("floor", 6) in {ref for ref, _ in post.held}, post


@pytest.mark.parametrize("text", ["上面6楼无效", "今天6楼无效", "前面6楼无效"])
def test_round_77_this_threads_own_pointers_before_a_floor_still_rule_it(text):
    post = read(text, roster=Roster(PLAYERS))
    assert [(i.ref, i.verdict) for i in post.items] == [(("floor", 6), "invalid")] and not post.void, post


@pytest.mark.parametrize("aside", ["（旧）", "(old)", "(from last game)", "以上是上一局的", "——摘自旧帖", "（存档，仅供参考）", "（他前天说的）"])
def test_round_77_an_aside_on_the_line_under_a_proxy_is_its_aside(aside):
    from test_hostile_round56 import _day
    result, (made,) = _day(("导演", f"代投：洪七公→杨康\n{aside}"), preset="s10")
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("below", ["（私信 14:02）", "（QQ）", "——导演A"])
def test_round_77_a_channel_or_a_signature_under_a_proxy_leaves_it_counted(below):
    from test_hostile_round56 import _day
    _, (made,) = _day(("导演", f"代投：洪七公→杨康\n{below}"), preset="s10")
    assert made.kind == "proxy" and not made.needs_review, made.reason


@pytest.mark.parametrize("later", ["nvm the proxy", "proxy's off", "undo proxy", "proxy = void", "代投失效", "proxy's dead"])
def test_round_77_a_proxy_taken_back_later_in_english_or_said_lost_waits(later):
    from test_hostile_round56 import _day
    result, (made, _) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", later))
    assert made.needs_review and not result.certain, made.reason


@pytest.mark.parametrize("count", ["杨康 ← 1、2；郭靖 ← 3、4", "#1杨康 #2杨康 #3郭靖 #4郭靖", "1楼杨康 2楼杨康 3楼郭靖 4楼郭靖"])
def test_round_77_a_count_by_floors_with_bare_numbers_after_an_arrow_or_floors_before_names_is_compared(count):
    from test_hostile_round56 import _day
    result, _ = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("导演", count))
    assert not result.certain and any("#5" in d for c in result.count_checks for d in c.differences), result.count_checks


def test_round_77_a_proxy_first_shown_in_a_count_by_floors_is_set_beside_ours():
    # (the lab: 「票型：杨康 3（2、3楼、洪七公）…」 — review said nothing needs ruling; the count ties the day)
    from test_hostile_round56 import _day
    result, _ = _day(("欧阳锋", "投票对象：郭靖\n投票理由：跳"), ("导演", "票型：杨康 3（1、2楼、洪七公），郭靖 3（3、4、5楼）"))
    assert not result.certain and any("洪七公" in d for c in result.count_checks for d in c.differences), result.count_checks


@pytest.mark.parametrize("after, waits", [("这是不可能的。", True), ("想得美。", True), ("下辈子吧。", True), ("醒醒。", True), ("呵呵。", True),
                                          ("晚安。", False), ("谢谢配合。", False)])
def test_round_77_a_sentence_after_a_ruling_that_mocks_it_leaves_it_open(after, waits):
    post = read(f"6楼无效。{after}", roster=Roster(PLAYERS))
    assert (("floor", 6) in {ref for ref, _ in post.held}) == waits and bool(post.items) != waits, post
