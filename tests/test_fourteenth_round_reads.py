"""Issue 42, the hostile round 108's breaks: ballots tied to another player by the grammar of a sentence rather than a listed
word, relays weighed as the other player's ballot, and the director's proxies beside a rule or a reminder for everyone — tested
on posts written here, in other words and names than the round's."""

from __future__ import annotations

import pytest
from tallykit import Thread
from test_twelfth_round_reads import _folded, _two_two

BALLOT = "投票对象：杨康\n投票理由：发言太飘\n"


def _decisive(text: str, author: str = "周伯通"):
    """The 2 : 2 day (杨康, 郭靖) and `text` by `author`, whose ballot for 杨康 is the third: the tally and its entry."""
    t = _two_two()
    post = t.add(author, text, 2)
    return _folded(t, post)


@pytest.mark.parametrize("line", [
    "一灯那份我一起交了", "我顺手把一灯的也投了", "一灯嘱咐过，按这个来", "一灯跟我是一票，他懒得发", "一灯今天没空，叫我帮他报一下",
    "一灯走之前托付过我，照这个投", "受一灯所托", "我替他提交的，一灯在医院", "一灯表示他也投这个，人在开会",
    "算一灯一票", "一灯本人确认过", "一灯讓我幫他貼的", "[size=1]代一灯[/size]", "（替一灯）",
])
def test_a_ballot_another_player_asks_for_owns_or_shares_is_weighed_as_his_beside_the_posters(line):
    """Round 108, cases 01–07 and 12: 「他让我顺便发」「我帮X交的」「X出门前交代过我」「X委托」「我代他提交」 — each near neighbour of a
    listed relay was the poster's certain own ballot and the day was posted alone. Another player in a part towards the ballot
    (asking for it, owning it, having it done for him, sharing it, unable to post it) is asked whatever the verb, and weighed
    as his ballot: two ballots in one post, which no single reading holds, so the day waits."""
    result, entry = _decisive(BALLOT + line)
    assert entry.needs_review and "一灯" in entry.relayed_for, entry
    assert not result.certain, result.proof


@pytest.mark.parametrize("line", [
    "一灯的发言我也觉得有问题", "一灯昨天那票投得很怪", "他的发言让我很不舒服", "一灯说的和杨康说的对不上",
    "一灯也投了杨康，但白痴的票不算", "跟一灯的思路一样", "一灯替杨康解释得太急", "我和一灯昨天都被他骗了",
    "帮一灯打掩护太明显", "为一灯报仇", "他一直帮一灯带节奏", "我跟一灯都觉得他是狼", "一灯也是这个判断", "一灯懒得发言，但他更懒",
    "一灯说他自己会来投，我就不替他操心了", "这票跟一灯无关，纯粹是我自己的判断",  # (round 113, C26, C06)
])
def test_a_reason_that_speaks_of_another_player_holds_no_day(line):
    """The frames are roles towards this ballot: a reason that speaks of another player's words, votes or doubts is the poster's."""
    result, entry = _decisive(f"投票对象：杨康\n投票理由：发言太飘，{line}")
    assert not entry.needs_review and result.certain, entry.reason


def _mine_twice(line: str):
    """杨康 ← 郭靖, 黄蓉; 郭靖 ← 杨康, 穆念慈, 欧阳克: 周伯通 votes 杨康 (2 : 3… 3 : 3), then posts the same ballot again with
    `line` — only a reading of the second post as 一灯's ballot gives 杨康 four."""
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.1), ("杨康", "郭靖", 1.2), ("穆念慈", "郭靖", 1.3),
                                 ("欧阳克", "郭靖", 1.4), ("周伯通", "杨康", 1.5)):
        t.vote(voter, target, hours)
    return _folded(t, t.add("周伯通", BALLOT + line, 2))


@pytest.mark.parametrize("line", ["一灯私訊我的", "一灯私信我的", "这张是替别人发的，一灯的"])
def test_a_relay_under_the_posters_own_earlier_ballot_is_weighed_as_the_other_players(line):
    """Round 108 (r106-08, case 11): the same ballot again with 「X私訊我的」 or 「这张是替别人发的，X的」 was asked with no reading as
    X's ballot, so the proof found 「都不影响结果」 and posted the tie. Where the words pass the ballot on, X's is a reading."""
    result, entry = _mine_twice(line)
    assert entry.needs_review and "一灯" in entry.relayed_for, entry
    assert not result.certain


def _directors(text: str):
    t = _two_two()
    post = t.add("导演", text, 2)
    return _folded(t, post)


@pytest.mark.parametrize("text", [
    "提醒：关门前半小时不接受代投。一灯的已经收到，杨康。",  # a rule for everyone in another sentence
    "大家好。一灯今天出差，那票我替他放杨康那儿了。还没投的请抓紧。",
    "一灯那票我帮他挂杨康了。别刷屏。",
    "一灯那张我收了，杨康。", "一灯那边：杨康，已记录",  # taken down in the director's words
    "截止前提醒一下，一灯的票（杨康）我已经收到了，大家抓紧。",  # a reminder around the pair
])
def test_a_directors_proxy_beside_a_rule_or_a_reminder_for_everyone_is_asked(text):
    """Round 108 (r106-13, r106-21, cases 08–10, 13, 14): a refusal or a negation anywhere in the post made the proxy in another
    sentence certain nothing, 「无人出局」 posted where it put 杨康 out. What makes it no proxy is said in its own sentence or of
    its own players."""
    result, entry = _directors(text)
    assert entry.needs_review and not result.certain, entry


@pytest.mark.parametrize("text", ["一灯那票记杨康？", "一灯那边我还没收到，杨康等会再说。",
                                  "一灯想让我代投杨康，我没答应。"])
def test_a_directors_pair_refused_by_name_or_asked_is_no_proxy(text):
    result, entry = _directors(text)
    assert "一灯" not in entry.relayed_for and entry.target is None, entry


def _opening_edited(edited: str | None):
    """A day whose opening post (the director's, floor 1) holds the rules, and — where `edited` is given — the director's
    later edit of it, with the first version in the archive's history: the rulings read from the thread."""
    from dataclasses import replace
    from datetime import timedelta

    from tallykit import START, game

    from tally import rulings as posted
    from tally.day import tally_day
    from tally.rules import load_preset

    rules_text = "本帖为第1天投票帖。格式不对的票无效，4楼以后的票照常计。"
    t = Thread()
    opening = t.add("导演", rules_text, 0.1)
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.1), ("穆念慈", "杨康", 1.2), ("杨康", "郭靖", 1.3)):
        t.vote(voter, target, hours)
    history = {}
    if edited is not None:
        t.posts[0] = replace(opening, text=edited, edited_by="导演", edited_at=(START + timedelta(hours=2)).isoformat())
        history = {opening.pid: [{"text": rules_text, "status": "normal"}, {"text": edited, "status": "normal"}]}
    t.posts = [replace(p, author_uid=1 if p.author == "导演" else 10 + i) for i, p in enumerate(t.posts)]
    g, rules = game("s10"), load_preset("s10")
    base = tally_day(t.posts, g, g.days[0], rules, {}, sensitivity=False)
    return posted.from_posts(t.posts, g, g.days[0], base, rules, history, posted.director_uids(g, t.posts))


def test_a_ruling_edited_into_the_opening_post_is_read_at_the_edit():
    """The hostile round 107, case 17 (and 108): 「补充裁定：3楼无效」 added by editing the vote thread's opening post after the
    final was never read — the opening post is skipped whole, for its rules are no rulings. What the director's edit added is."""
    found = _opening_edited("本帖为第1天投票帖。格式不对的票无效，4楼以后的票照常计。\n补充裁定：3楼无效，理由是复制的。")
    floors = {r.source_floor: r for r, _ in found.rulings.values()}
    assert [r.decision for r, _ in found.rulings.values()] == ["reject"] and 1 in floors, found.rulings


@pytest.mark.parametrize("edited", [None, "本帖为第1天投票帖。格式不对的票无效，4楼以后的票照常计（已更正错字）。"])
def test_the_opening_posts_rules_or_an_edit_that_adds_no_line_rule_nothing(edited):
    found = _opening_edited(edited)
    assert not found.rulings and not found.unread, (found.rulings, found.unread)


@pytest.mark.parametrize("minutes, standing", [(-30, "reject"), (30, "pending")])
def test_a_typed_ruling_settles_a_doubt_the_thread_raised_before_it_never_one_raised_after(minutes, standing):
    """The hostile round 107, case 26 (and 108): `bansha rule 3楼 无效`, then the director posted 「【裁定】更正：3楼有效，之前的无效判错
    了」, which the reader could not take whole — the thread's doubt was dropped because a typed ruling stood, and the older 无效
    decided the day, posted alone. A doubt the thread raises after the typed ruling reopens the floor."""
    from datetime import datetime, timedelta, timezone

    from tally import rulings as posted
    from tally.day import Ruling

    typed_at = datetime(2026, 12, 5, 21, 0, tzinfo=timezone(timedelta(hours=8)))
    found = posted.Posted()
    found.rulings[7] = (Ruling(7, "pending", note="改口"), typed_at + timedelta(minutes=minutes))
    assert posted.merge([(Ruling(7, "reject"), typed_at)], found)[7].decision == standing


@pytest.mark.parametrize("text", ["【裁定】更正：3楼有效，之前的无效判错了，理由不是抄的。", "更正：3楼有效，上次的裁定搞错了。"])
def test_a_correction_that_names_the_earlier_verdict_as_wrong_rules_its_new_verdict(text):
    """The hostile round 107, case 26: the director's 「更正：3楼有效，之前的无效判错了」 was refused as a change of mind — the 无效 it
    names is the earlier ruling it corrects, not a verdict of this post, and 【裁定】 before 更正 is the same correction's heading."""
    from grammar import ruling as words

    read = words.read(text)
    assert [(i.ref, i.verdict) for i in read.items] == [(("floor", 3), "valid")] and not read.held, (read.items, read.held)


@pytest.mark.parametrize("text", ["3楼无效。说错了，是4楼无效", "3楼无效。等下，是4楼无效", "3楼无效。等等，写错了，4楼无效"])
def test_a_slip_said_without_its_subject_holds_both_floors(text):
    """「3楼无效。说错了，是4楼无效」 applied both verdicts: the slip with no subject before it is the director's own — whether the
    floor or the verdict was wrong, the director says (3楼 voided for nothing, otherwise)."""
    from grammar import ruling as words

    read = words.read(text)
    assert {ref for ref, _ in read.held} == {("floor", 3), ("floor", 4)}, read.held


@pytest.mark.parametrize("text", ["7楼改票无效，按 2楼 原票（郭靖）计，明早再定。", "7楼改票应该无效，按 2楼 原票（郭靖）计。"])
def test_the_original_a_hedged_ruling_falls_back_to_is_open_with_it(text):
    """rulings/blind64's first read (one doubtful post applied): a void change the director only leans to, 「按 N楼 原票（X）计」
    beside it, applied N楼's original as ruled. The fallback of a hedge is as open as the hedge (as an if's already was)."""
    from grammar import ruling as words
    from grammar.names import Roster

    read = words.read(text, roster=Roster(["郭靖", "黄蓉", "杨康"]))
    assert not read.items and {ref for ref, _ in read.held} == {("floor", 2), ("floor", 7)}, (read.items, read.held)


@pytest.mark.parametrize("text", ["26楼 写错了，他截止前私信我更正为 红柳，按更正计 红柳。", "26楼 按他改过的计为 红柳"])
def test_counted_by_the_correction_counts_the_player_named_after_it(text):
    """rulings/blind64's first read: 「按更正计 红柳」 was read as a ballot for 「更正」. By the correction, the player is the one after 计."""
    from grammar import ruling as words
    from grammar.names import Roster

    read = words.read(text, roster=Roster(["郭靖", "黄蓉", "红柳"]))
    assert [(i.ref, i.verdict, i.target) for i in read.items] == [(("floor", 26), "counts_as", "红柳")], read.items


def test_a_relay_beside_the_posters_own_ballot_holds_no_landslide_and_holds_a_close_day():
    """The hostile round 110, case 19 (issue 42's class 11): a relay beside the poster's own ballot held a 6 : 2 day — 「看不出是替
    谁投的票…无法证明结果不变」. Such a post moves two ballots at most (its own, and the one it passes on): a day two cannot turn is
    proven; the 2 : 2 day above, which one turns, is still held."""
    t = Thread()
    for k, voter in enumerate(("郭靖", "黄蓉", "穆念慈", "欧阳锋", "欧阳克", "洪七公")):
        t.vote(voter, "杨康", 1 + k / 10)
    t.vote("杨康", "郭靖", 1.8)
    post = t.add("周伯通", BALLOT + "一灯那份我一起交了", 2)
    result, entry = _folded(t, post)
    assert entry.needs_review and "一灯" in entry.relayed_for and result.certain, result.proof
    close, _ = _decisive(BALLOT + "一灯那份我一起交了")
    assert not close.certain


@pytest.mark.parametrize("text", ["投票对象：[图片]\n投票理由：见图", "我的票→[图片]", "[图片]\n票在图里"])
def test_a_ballot_written_in_a_picture_is_weighed_for_anyone(text):
    """The hostile round 110, cases 27, 28: the deciding ballot was a picture (「我的票→[img]…[/img]」); the tool weighed only 弃权
    or nothing, found 「都不影响结果」 and posted 无人出局. What the picture says the tool cannot read: a ballot for any candidate."""
    result, entry = _decisive(text)
    assert entry.needs_review and {"杨康", "郭靖"} <= {r.target for r in entry.space} and not result.certain, entry


@pytest.mark.parametrize("text", ["投票对象：杨康 [图片]\n投票理由：截图为证", "[图片] 哈哈哈哈，笑死"])
def test_a_picture_beside_a_ballot_or_chat_is_no_unread_ballot(text):
    result, entry = _decisive(text)
    assert entry.unknown is None, entry


@pytest.mark.parametrize("line", ["一灯今晚值夜班。这张是他的意思，我只是按了发送", "一灯的票由我保管，同上", "@一灯 你的我帮你投了哈",
                                  "一灯也是这张，他被禁言了", "submitting for 一灯 too, he asked me", "一灯不会用论坛，干脆我来",
                                  # (round 111, cases 01–04, 06)
                                  "（一灯同意用我的楼表态）", "一灯把账号丢给我了，就在这说一声他也投杨康", "一灯和我商量过了，我俩一起",
                                  "一灯讲伊也投搿个人，伊手机坏脱了", "发言可疑（一灯由我代）"])
def test_a_line_tying_a_player_who_never_votes_to_the_ballot_is_asked(line):
    """The hostile round 109, cases 21–26 (and 37): relays in words no frame held were the poster's certain ballots, and a wrong
    elimination was posted alone. A line beside a ballot that names a player with no ballot of his own at the close, in words
    that tie him to this ballot and tell no event of the game, is asked — weighed as his beside the poster's own."""
    result, entry = _decisive(BALLOT + line)
    assert entry.needs_review and "一灯" in entry.relayed_for and not result.certain, entry.reason


def test_the_same_line_naming_a_player_who_voted_himself_asks_nothing():
    """A relay for a player who cast his own ballot adds none: the line is talk (the 2 : 2 day's 郭靖 voted)."""
    result, entry = _decisive(BALLOT + "郭靖今晚值夜班。这张是他的意思，我只是按了发送")
    assert not entry.needs_review and result.certain, entry.reason


@pytest.mark.parametrize("text", ["距截止还有一小时。一灯今天请假，他指定杨康。", "提醒：一灯的票到我这儿了——杨康。其他人别忘了。",
                                  "Reminder: 一灯 asked me to put his vote on 杨康.", "📮一灯→杨康（导演代）⏰还剩30分钟", "一灯\n杨康\n（代）"])
def test_a_directors_sentence_naming_a_player_who_never_votes_and_another_is_asked_as_his_proxy(text):
    """The hostile round 109, cases 29–34, 38, 49: the director's proxy in words no form reads was a certain notice, 无人出局
    posted. Two players in one sentence of the director's, one of whom has no ballot at the close: his proxy, or a notice?"""
    result, entry = _directors(text)
    assert entry.needs_review and ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


@pytest.mark.parametrize("text", ["一灯还没投，杨康你也催催他。", "一灯今天请假了吗？杨康说的。", "一灯今天请假，杨康别急，明天再说。"])
def test_a_directors_question_or_refusal_naming_them_is_no_proxy(text):
    result, entry = _directors(text)
    assert not entry.needs_review, entry.reason


def test_a_line_naming_the_secret_judge_is_asked_as_one_naming_anyone():
    """Issue 42, 14: whose ballot a line may pass on is asked whoever is named — the thread must not learn that the secret 法官
    cannot vote from which posts wait for the director."""
    from tallykit import game
    from tally.day import tally_day
    from tally.game import Player
    from tally.rules import load_preset

    def reason(judge: str) -> str:
        players = tuple(Player(n, i + 3, roles=("法官",) if n == judge else ()) for i, n in enumerate(
            ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通", "黄药师"]))
        g = game("anshazhe", players=players)
        t = Thread()
        t.vote("郭靖", "杨康", 1)
        post = t.add("黄蓉", "投票对象：杨康\n投票理由：发言太飘\n一灯也是这张，他被禁言了", 2)
        r = tally_day(t.posts, g, g.days[0], load_preset("anshazhe"))
        return next(e.reason for e in r.entries if e.pid == post.pid)

    assert reason("一灯") == reason("周伯通") and "一灯" in reason("一灯")


@pytest.mark.parametrize("preset", ["s10", "qisha", "shediao"])
def test_a_relay_for_the_trailing_player_beside_his_own_ballot_holds_no_landslide(preset):
    """The hostile rounds 110 and 112, case 19: at 杨康 6 : 郭靖 1, 丘处机's ballot for 郭靖 with 「梅超风让我帮他也投郭靖」 was held —
    the bound moved two ballots of the heaviest weight off the leader. The poster's own ballot can leave only the name it counts
    for, and the one it passes on comes from nobody (or its player's own ballot): 郭靖 reaches 3 at most."""
    from tallykit import game
    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    for k, voter in enumerate(("郭靖", "黄蓉", "穆念慈", "欧阳锋", "欧阳克", "洪七公")):
        t.vote(voter, "杨康", 1 + k / 10)
    t.vote("杨康", "郭靖", 1.8)
    post = t.add("周伯通", "投票对象：郭靖\n投票理由：直觉\n一灯让我帮他也投郭靖，他在开会", 2)
    g = game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert entry.needs_review and "一灯" in entry.relayed_for and result.certain, result.proof


def test_a_relay_with_no_ballot_of_the_posters_is_weighed_for_the_silent_player_it_names():
    """The hostile round 109, case 27 (and 111): 「X没空，他的决定是杨康，我转达到这里。」 was asked with the pair read the wrong way
    round — X *for* 杨康 — and 无人出局 posted where X's ballot for 杨康 was the third."""
    result, entry = _decisive("一灯没空，他的决定是杨康，我转达到这里。")
    assert ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry.space


def test_a_proxy_told_under_a_count_is_asked():
    """The hostile round 109, case 29 (and 111): 「当前票型：…。补：X走之前把票交给我了，杨康。」 was a certain count."""
    result, entry = _directors("当前票型：杨康 2，郭靖 2。补：一灯走之前把票交给我了，杨康。")
    assert entry.needs_review and ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


@pytest.mark.parametrize("text", ["还有20分钟截止。已收到一灯私信（杨康），未投的玩家：洪七公、周伯通。",
                                  "各位注意：明天白天发言时间延长。另：一灯票→杨康。晚安。"])
def test_a_proxy_in_a_clause_of_a_longer_notice_is_asked(text):
    """The hostile round 111, cases 14, 15: the director's proxy as a clause beside a list of who has not voted, or as 「X票→Y」 in
    a notice, was a certain notice and 无人出局 posted."""
    result, entry = _directors(text)
    assert entry.needs_review and ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


# -- after round 112: relays with no ballot's form, spaced names, the director's count and notices -----------------------------

@pytest.mark.parametrize("text", ["我和一灯的意见：杨康", "本楼两票：周伯通、一灯 → 杨康", "一灯: 杨康 (posted by me, he is away)"])
def test_a_line_pairing_a_player_who_never_votes_with_a_target_is_asked_as_both_ballots(text):
    """The hostile round 111, cases 07–09: a post with no ballot's words that pairs the poster and a silent player with a
    target (「X的意见：Y」「本楼两票：P、X → Y」「X: Y」) was talk, and a tie posted where it made the third ballot. The shape of
    a ballot — something, then a colon or an arrow, then a player closing the line — is a vote attempt, the poster's and the
    silent player's both."""
    result, entry = _decisive(text)
    assert entry.needs_review and ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space}, entry
    assert "一灯" in entry.reason and not result.certain, result.proof


@pytest.mark.parametrize("text", ["郭靖 → 杨康\n黄蓉 → 杨康\n杨康 → 郭靖", "昨天出局的：欧阳锋", "@郭靖：你怎么看杨康", "查杀：杨康"])
def test_a_list_of_pairs_an_event_or_a_name_spoken_to_is_no_attempt_by_its_shape(text):
    from grammar import detect
    from grammar.names import Roster

    assert detect.attempt("我和一灯的意见：杨康", Roster(["郭靖", "黄蓉", "杨康", "欧阳锋", "一灯"])) is not None
    assert detect.attempt(text, Roster(["郭靖", "黄蓉", "杨康", "欧阳锋", "一灯"])) is None


def test_a_player_who_never_votes_named_with_his_letters_spaced_out_is_asked():
    """The hostile round 111, case 11: 「一　灯　同　上」 (full-width spaces between the letters) was no name, the ballot certain."""
    result, entry = _decisive(BALLOT + "一　灯　同　上")
    assert entry.needs_review and "一灯" in entry.relayed_for and not result.certain, entry.reason


def test_a_voter_the_directors_one_row_count_marks_open_is_weighed_for_that_row():
    """The hostile round 111, case 13: 「目前：杨康 3（郭靖、黄蓉、穆念慈、欧阳克*）⏎ *欧阳克私信投出」 — a count behind a heading
    on its own line was never read, and a proxy shown only in the count was lost."""
    result, entry = _directors("目前：杨康 3（郭靖、黄蓉、一灯*）\n*一灯私信投出")
    assert entry.needs_review and ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


def test_a_count_of_one_row_is_that_players_whole_not_the_days():
    """One row is the leader's count: the ballots for another player it leaves out are not missed."""
    result, entry = _directors("目前：杨康 2（郭靖、黄蓉）")
    assert not entry.needs_review and result.certain and not result.count_checks, result.count_checks


@pytest.mark.parametrize("text", ["一灯问我能不能投杨康，我说可以，自己来投。", "一灯私信问投杨康行不行，我让他自己去投。",
                                  "一灯想投杨康，让他本人来，导演不代劳", "一灯私信问杨康的身份，我没回答。"])  # (round 113, B14, C17)
def test_the_director_telling_a_player_to_vote_himself_makes_no_proxy(text):
    """The hostile round 111, C22: a question answered with 「自己来投」 was asked as the director's proxy."""
    result, entry = _directors(text)
    assert not entry.needs_review, entry.reason


def test_a_proxy_beside_a_rule_for_whoever_has_not_voted_is_that_players():
    """The hostile round 109, case 35: 「X的一票：Y（私信）。没投的视为弃权。」 was read as Y's abstention, the proxy lost."""
    result, entry = _directors("截止前最后提醒！一灯的一票：杨康（私信）。没投的视为弃权。")
    assert ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


def test_a_silent_players_request_pasted_above_a_ballot_is_weighed_as_his():
    """The hostile round 111, case 05: 「[quote]X：帮我也投杨康，我今晚上不来[/quote] 收到，照办。」 above the poster's ballot was
    the poster's certain ballot, posted alone. Words pasted from a chat, opening on a silent player, that ask for a vote are his
    ballot passed on as well as the poster's own."""
    result, entry = _decisive("[quote]一灯：帮我也投杨康，我今晚不在[/quote]\n收到。\n" + BALLOT)
    assert entry.needs_review and "一灯" in entry.relayed_for and not result.certain, entry.reason
    copied = _decisive("[quote]一灯：投票对象：杨康[/quote]\n同意\n" + BALLOT)[1]
    assert "一灯" not in copied.relayed_for, copied.reason  # (his ballot copied to agree with: no request)
    # (the lab, round 113: the page shows the typed quote as a quote block, kept apart from the post's text)
    from dataclasses import replace

    t = _two_two()
    post = t.add("周伯通", "收到，照办。\n" + BALLOT, 2)
    t.posts[-1] = replace(post, quotes=[{"pid": None, "author": None, "time": None, "text": "一灯：帮我也投杨康，我今晚不在"}])
    result, entry = _folded(t, t.posts[-1])
    assert entry.needs_review and "一灯" in entry.relayed_for and not result.certain, entry.reason


def test_a_line_moving_another_voters_ballot_onto_this_one_is_asked():
    """The hostile round 111, case 10: 「X说他那张作废，跟我走」 under a ballot — a relay that changes a ballot X cast earlier — was
    certain, and a one-vote lead posted alone where X's ballot moved made a tie."""
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.1), ("穆念慈", "杨康", 1.2), ("杨康", "郭靖", 1.3),
                                 ("欧阳锋", "郭靖", 1.4)):
        t.vote(voter, target, hours)
    result, entry = _folded(t, t.add("周伯通", "投票对象：郭靖\n投票理由：站边太快\n穆念慈说她那张作废，跟我走", 2))
    assert entry.needs_review and "穆念慈" in entry.relayed_for and not result.certain, entry.reason


def test_a_relay_for_someone_no_roster_name_reaches_is_asked():
    """The hostile round 111, case 12: 「梅姐说她也这么投，懒得上线」 — a nickname nobody announced — left the ballot certain."""
    result, entry = _decisive(BALLOT + "梅姐说她也这么投，懒得上线")
    assert entry.needs_review and "认不出" in entry.reason and not result.certain, entry.reason


# -- heldout71 and rulings/blind65, written blind at 282266d, read once ------------------------------------------------------

def test_a_count_with_its_rows_on_one_line_sets_each_voter_beside_his_row():
    """heldout71 d01: 「家人 5（…）　小畜 4（…）　明夷 1（家人）」 — rows on one line, spaces between — gave the first row every
    voter after it: 家人 counted for himself, and his own ballot set in doubt."""
    from grammar import director
    from grammar.names import Roster

    count = director.read("【统计】杨康 3（郭靖、黄蓉、一灯[代投]）　郭靖 2（杨康、穆念慈×2）　黄蓉 1（洪七公）",
                          Roster(["郭靖", "黄蓉", "杨康", "穆念慈", "一灯", "洪七公"]), ("导演",)).count
    assert count == {"郭靖": "杨康", "黄蓉": "杨康", "一灯": "杨康", "杨康": "郭靖", "穆念慈": "郭靖", "洪七公": "黄蓉"}, count


def test_a_format_examples_word_that_is_a_players_nickname_is_his_ballot():
    """heldout71 w71_018: 「投票对象：包子 投票理由：昨晚第一个跳出来…」 where 包子 is 蒙古包's announced nickname and also the
    example word of every rules post — read as a pasted example, certain, and the ballot lost. With a reason of its own it is his
    ballot; with the example's reason too it is asked."""
    from grammar.ballot import parse_post
    from grammar.names import Roster

    roster = Roster(["蒙古包", "骑楼", "土楼"], aliases={"包子": "蒙古包"})
    assert parse_post("投票对象：包子 投票理由：昨晚第一个跳出来说自己没技能", None, roster).kind == "vote"
    example = parse_post("投票对象：包子\n投票理由：包子也好吃", None, roster)
    assert example.kind == "none" and example.vote_like and example.readings == ("蒙古包",)
    assert parse_post("投票对象：包子\n投票理由：包子也好吃", None, Roster(["骑楼", "土楼"])).vote_like is False


@pytest.mark.parametrize("seen_after, typed", [(11, True), (45, False), (3600, False)])
def test_a_stamp_the_archive_saw_within_half_a_minute_of_the_post_was_typed_by_its_poster(seen_after, typed):
    """The hostile rounds 112/114, case 32: a player's post opening on a typed 「本帖最后由 导演 于 … 编辑」 dated before his own post
    read as edited at an unknown time, with a reading for every player, and held a clear day. Discuz stamps only an edit made more
    than 60 seconds after the post: a stamp the archive read within half a minute (room for the two clocks) was typed by the
    poster. One first seen later may be the forum's, in the editor's own clock (dated before the post): the day waits, as before."""
    from dataclasses import replace
    from datetime import datetime, timedelta

    from tally.day import tally_day
    from tally.rules import load_preset
    from tallykit import game

    t = _two_two()
    post = t.add("周伯通", "随便聊两句，今天天气不错，大家加油。", 2)
    posted = datetime.fromisoformat(post.posted_at)
    stamp = (posted - timedelta(minutes=4)).replace(second=0).isoformat()
    t.posts[-1] = post = replace(post, edited_by="导演", edited_at=stamp)
    seen = [{"seen_at": (posted + timedelta(seconds=seen_after)).isoformat(), "text": post.text, "edited_by": "导演",
             "edited_at": stamp}]
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"), {}, history={post.pid: seen})
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert entry.needs_review is not typed and result.certain is typed, entry.reason


# -- hostile round 113 (at 282266d) -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["一灯在高铁上信号时有时无，嘱我把他那张也落在杨康身上", "一燈在國外，時差睡著了，我把他那張也記在楊康名下",
                                  "一灯刚才下线了。临走前他说：跟你一样。", "一灯话佢都係投呢个，佢冇得上网", "此票一式两份：一份我的，一份一灯的",
                                  "一 灯 也 一 样", "Two votes here: mine and 一灯's (he's AFK)",
                                  # (round 115)
                                  "一灯那边我问过了，答案一样，一起算上", "Also casting 一灯's vote here", "一灯把票寄存在我这里了",
                                  "一灯说随我，那就一样", "一灯：我也是。（这是他微信回我的原话）",
                                  # (round 117)
                                  "（一灯附议，由本人代为录入）", "此票一人两用：我的，和一灯的", "一灯那票寄我这了，开票时一起开",
                                  "同上×2（另一张是一灯的）", "一 灯 也 投 这 个，他 托 我 的"])
def test_round_113s_relays_beside_a_ballot_are_asked(line):
    """The hostile round 113, cases 01, 03–08: his ballot written down with this one (「他那张也落在Y身上」「記在Y名下」), a copy of it
    (「跟你一样」「一式两份」「都係投呢个」), two ballots in one (「Two votes here」), a name spaced with half-width spaces."""
    result, entry = _decisive(BALLOT + line)
    assert entry.needs_review and "一灯" in entry.relayed_for and not result.certain, entry.reason


def test_a_relay_for_a_nickname_nobody_announced_is_asked():
    result, entry = _decisive(BALLOT + "灯灯也是这个意思，他今天来不了")
    assert entry.needs_review and "认不出" in entry.reason and not result.certain, entry.reason


def test_another_ballot_said_to_be_a_silent_players_under_the_posters_own_is_weighed_as_his():
    """The hostile round 113, case 13: 「另一张是X的，内容同上」 under the poster's second copy of his ballot read X as a change's
    target (「是X」), the relay lost and 无人出局 posted."""
    t = _two_two()
    t.add("周伯通", BALLOT, 1.9)
    result, entry = _folded(t, t.add("周伯通", BALLOT + "另一张是一灯的，内容同上", 2))
    assert "一灯" in entry.relayed_for and not result.certain, entry.reason


def test_two_pairs_one_the_posters_own_in_dashes_are_both_ballots():
    result, entry = _decisive("一灯 —— 杨康\n我 —— 杨康")
    assert ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry.space


@pytest.mark.parametrize("text", ["🗳️ 杨康 ③（郭靖 黄蓉 一灯📩）", "统计：\n杨康——郭靖/黄蓉/一灯^\n郭靖——杨康/穆念慈\n^ 电话里说的",
                                  "【票型播报 20:30】杨康：郭靖、黄蓉、一灯（代）；郭靖：杨康、穆念慈", "一 灯 → 杨 康（私）",
                                  # (round 115: rows with no heading, a pipe table, a [table])
                                  "杨康：郭靖 黄蓉 一灯\n郭靖：杨康 穆念慈 欧阳锋", "杨康 | 郭靖 黄蓉 一灯\n郭靖 | 杨康 穆念慈 欧阳锋",
                                  "[table][tr][td]杨康[/td][td]郭靖、黄蓉、一灯[/td][/tr][tr][td]郭靖[/td][td]杨康、穆念慈、欧阳锋[/td][/tr][/table]",
                                  # (round 117: bars, arrows to the row's player, sums, bold heads)
                                  "杨康 ████ 3 郭靖 黄蓉 一灯\n郭靖 ██ 2 杨康 穆念慈", "郭靖 黄蓉 一灯 ⇒ 杨康\n杨康 穆念慈 欧阳锋 ⇒ 郭靖",
                                  "杨康=郭靖+黄蓉+一灯\n郭靖=杨康+穆念慈", "[b]杨康[/b] 郭靖 黄蓉 [i]一灯[/i]\n[b]郭靖[/b] 杨康 穆念慈 欧阳锋"])
def test_a_player_who_never_votes_in_a_row_of_the_directors_count_is_asked_as_his_proxy(text):
    """The hostile round 113, cases 14, 16, 17, 27: a proxy shown only in a count no count reader held (circled numbers, dashes
    and slashes, a heading with its time, 「（代）」) or in spaced letters was a certain notice, and 无人出局 posted."""
    result, entry = _directors(text)
    assert entry.needs_review and ("一灯", "杨康") in {(r.voter, r.target) for r in entry.space} and not result.certain, entry


def test_the_roster_in_the_directors_opening_post_is_no_count():
    result, entry = _directors("存活玩家（8人）：\n杨康 郭靖 黄蓉 穆念慈 一灯 洪七公 周伯通 欧阳锋\n请按格式投票。")
    assert not entry.needs_review and result.certain, entry.reason


@pytest.mark.parametrize("lead, preset, posted", [(True, "s10", True), (False, "s10", False), (False, "qisha", True)])
def test_a_proxy_line_from_an_account_outside_the_game_moves_one_ballot_at_most(lead, preset, posted):
    """The hostile round 114, cases 97, 98: 「应X要求代投Y」 from an account the game file does not list held any day — a 6 : 1
    landslide too — as a post the proof could bound nothing about. Whoever's it is, it moves one ballot onto the player it names:
    a day that cannot turn goes out, a day that can waits — and a day where nobody reaches 七杀's 40 % whatever one ballot does
    (round 116, case 97) goes out too."""
    from tallykit import game
    from tally.day import tally_day
    from tally.rules import load_preset

    t = _two_two()
    if lead:
        for k, voter in enumerate(("欧阳锋", "欧阳克", "洪七公")):
            t.vote(voter, "杨康", 1.8 + k / 100)
    post = t.add("路人甲", "应一灯要求代投郭靖，他私信我的。", 2)
    g = game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert entry.needs_review and "不在名单里" in entry.reason and result.certain is posted, result.proof


def test_a_correction_that_speaks_of_the_ballots_parts_and_names_no_one_is_asked_for_everyone_the_post_names():
    """The hostile round 116, case 27: 「上面对象和理由里的人写反了，对调一下」 under a ballot — a correction of the ballot in words
    that name no player — left it certain for the first name, and 无人出局 posted where the swap put 杨康 out."""
    result, entry = _decisive("投票对象：郭靖\n投票理由：杨康一直在带节奏\n上面对象和理由里的人写反了，对调一下")
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


def test_a_pasted_pair_list_naming_a_silent_player_beside_the_posters_own_line_is_weighed_as_his():
    """The hostile round 115, case 09: after his own ballot, 「X（不在线）：杨康 ⏎ 我：杨康」 — a pasted count of two — was asked as
    the poster's with no reading as X's ballot, and 无人出局 posted where it made 杨康's third."""
    t = _two_two()
    t.vote("周伯通", "杨康", 1.9)
    t.vote("欧阳锋", "郭靖", 1.95)
    result, entry = _folded(t, t.add("周伯通", "一灯（不在线）：杨康\n周伯通：杨康", 2))
    assert entry.needs_review and "一灯" in entry.relayed_for and not result.certain, entry.reason


def test_the_directors_word_that_a_player_who_never_votes_sent_his_ballot_is_asked_for_anyone():
    """The hostile round 117, case 13: 「欧阳克已私信投票，不用催了」 in a reminder — a proxy whose target the post does not say —
    was a certain notice, and 无人出局 posted."""
    result, entry = _directors("还没投票的：周伯通、洪七公。一灯已私信投票，不用催了。")
    assert entry.needs_review and {"杨康", "郭靖"} <= {r.target for r in entry.space if r.voter == "一灯"}, entry
    assert not result.certain
    quiet, entry = _directors("一灯还没私信投票，请抓紧。")
    assert not entry.needs_review, entry.reason


def test_a_silent_players_ballot_handed_over_in_a_pasted_chat_is_weighed_as_his():
    """The hostile round 115, case 04: 「[quote]X 说：我今晚没空，票就交给你了[/quote] 好。」 above the ballot — no target in his words."""
    result, entry = _decisive("[quote]一灯 说：我今晚没空，票就交给你了[/quote]\n好。\n" + BALLOT)
    assert entry.needs_review and "一灯" in entry.relayed_for and not result.certain, entry.reason


@pytest.mark.parametrize("line", ["查杀：一灯", "昨晚查验：一灯 好人", "@一灯 看这里"])
def test_a_seers_check_or_a_mention_on_its_own_line_beside_the_ballot_is_talk(line):
    """The hostile rounds 113 and 117 (C21, 20, 23, 24): a line beside a clear ballot giving a seer's check of a player, or speaking
    to him, was asked as a choice or a relay and held a clear day."""
    result, entry = _decisive(BALLOT + line)
    assert not entry.needs_review and result.certain, entry.reason
