"""What happens to players during a game, written once as [[events]]: identity cards (003 双身份), deaths
during a day, 若愚 from a day on, the title passed on (移交/殉职), 顶替 and 双马甲 accounts.

Each rule test cites the seed sentence it follows."""

from __future__ import annotations

import pytest

from tallykit import Thread
from tally import report
from tally.day import COUNTED, INVALID, Ruling, tally_day
from tally.game import Game
from tally.rules import load_preset

HEAD = '''
[game]
name = "[090]暗杀者"
preset = "{preset}"
directors = ["导演"]
'''
DAYS = '''
[[days]]
day = 1
vote_thread = 1
start = "2026-11-20 21:00"
close = "2026-11-22 21:00"

[[days]]
day = 2
vote_thread = 1
start = "2026-11-22 21:00"
close = "2026-11-24 21:00"

[[days]]
day = 3
vote_thread = 1
start = "2026-11-24 21:00"
close = "2026-11-26 21:00"
'''
PLAYERS = ["刘备", "关羽", "张飞", "赵云", "马超"]


def make(events: str = "", *, preset: str = "anshazhe", players: str | None = None) -> Game:
    if players is None:
        players = "".join(f'\n[[players]]\nname = "{n}"\ncards = ["民", "匪"]\n' for n in PLAYERS)
    return Game.from_toml(HEAD.format(preset=preset) + players + DAYS + events)


def tally(game: Game, day: int, thread: Thread):
    return tally_day(thread.posts, game, game.day(day), load_preset(game.preset).with_overrides(game.rules))


def test_an_execution_takes_the_current_card_and_the_result_post_names_it():
    # 003: 双身份是指,每个玩家有两个身份 … 第一身份死亡后,启动第二身份继续游戏 …
    #      被杀者、淹死者、与法官殉情者不宣布身份,高票处决者宣布身份。
    game = make('\n[[events]]\nwhat = "处决"\nplayer = "刘备"\nday = 1\n')
    day1 = Thread()
    for voter in ("关羽", "张飞", "赵云"):
        day1.vote(voter, "刘备", 1)
    result = tally(game, 1, day1)
    assert result.outcome.names == ["刘备"]
    assert result.fates == {"刘备": "第一身份被处决，身份：民"}
    assert "刘备 第一身份被处决，身份：民" in report.render_bbcode(result, game.name)
    # Day 2: 刘备 plays on with the second card, votes and can be voted; put out again, the last card goes.
    assert "刘备" not in game.day(2).dead and game.day(2).cards_lost == {"刘备": 1}
    day2 = Thread()
    day2.vote("刘备", "关羽", 49)
    for voter in ("关羽", "张飞", "赵云"):
        day2.vote(voter, "刘备", 50)
    result = tally(game, 2, day2)
    assert [e.verdict for e in result.entries][0] == COUNTED
    assert result.fates == {"刘备": "第二身份被处决，出局，身份：匪"}


def test_a_one_card_game_reads_as_before():
    game = make(preset="shediao", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS))
    day1 = Thread()
    day1.vote("关羽", "刘备", 1)
    result = tally(game, 1, day1)
    assert result.fates == {}
    assert "刘备 出局" in report.render_bbcode(result, game.name)


def test_the_last_card_executed_puts_the_player_out_of_later_days():
    game = make('\n[[events]]\nwhat = "被杀"\nplayer = "刘备"\nday = 1\n\n[[events]]\nwhat = "处决"\nplayer = "刘备"\nday = 2\n')
    assert game.day(1).cards_lost == {"刘备": 1} and "刘备" not in game.day(1).dead
    assert "刘备" not in game.day(2).dead
    assert "刘备" in game.day(3).dead


def test_the_identity_is_not_revealed_where_the_preset_says_nothing():
    # 000 has no such rule: its result post says only who is out.
    game = make('\n[[events]]\nwhat = "处决"\nplayer = "刘备"\nday = 1\n', preset="shediao")
    day1 = Thread()
    day1.vote("关羽", "刘备", 1)
    assert tally(game, 1, day1).fates == {"刘备": "第一身份被处决"}


def test_a_death_during_the_day_voids_later_ballots_only():
    # 001: only players alive at the time may vote (存活的角色才能投票); a ballot cast while alive stands.
    game = make(preset="s10", events='\n[[events]]\nwhat = "出局"\nplayer = "刘备"\nday = 1\nat = "2026-11-21 15:00"\n',
                players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS))
    assert game.day(1).deaths_at == {"刘备": "2026-11-21 15:00"} and "刘备" in game.day(2).dead
    day1 = Thread()
    before = day1.vote("刘备", "关羽", 1)  # 22:00 on the 20th
    after = day1.change("刘备", "张飞", 20, quote=before)  # 17:00 on the 21st, after his death
    ballot_for_him = day1.vote("赵云", "刘备", 2)
    result = tally(game, 1, day1)
    entries = {e.pid: e for e in result.entries}
    assert entries[before.pid].verdict == COUNTED and result.totals == {"关羽": 1}
    assert entries[after.pid].verdict == INVALID and "11-21 15:00 出局" in entries[after.pid].reason
    # A ballot for a player who died during the day cannot put him out twice: the director rules on it.
    assert entries[ballot_for_him.pid].verdict == INVALID and entries[ballot_for_him.pid].needs_review
    assert "刘备" not in result.non_voters


def test_ruoyu_stops_counting_from_the_next_day():
    # 001: 【若愚】白痴可发动技能免于投票出局，若白痴发动此技能，则此后白痴投票不计入总票数。
    game = make(preset="s10", events='\n[[events]]\nwhat = "若愚"\nplayer = "刘备"\nday = 1\n',
                players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS))
    assert game.day(1).votes_not_counted == () and game.day(2).votes_not_counted == ("刘备",)
    assert game.day(3).votes_not_counted == ("刘备",)  # said once, not repeated per day
    day2 = Thread()
    day2.vote("刘备", "关羽", 49)
    day2.vote("张飞", "赵云", 49)
    totals = tally(game, 2, day2).totals
    assert totals["赵云"] == 1 and not totals.get("关羽")


def test_the_title_passes_to_the_successor():
    # 001: 【殉职】<锁定技>警长出局后，须选择一名未出局的角色（已发动【若愚】的白痴除外）来继任警长。
    game = make(preset="s10", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS),
                events='\n[[days]]\nday = 4\nvote_thread = 1\n\n[[events]]\nwhat = "处决"\nplayer = "刘备"\nday = 1\n\n'
                       '[[events]]\nwhat = "殉职"\nplayer = "刘备"\nday = 2\nto = "关羽"\n')
    assert game.day(1).title_holder is None and game.day(2).title_holder == "关羽"
    day2 = Thread()
    day2.vote("关羽", "张飞", 49)
    day2.vote("赵云", "马超", 49)
    result = tally(game, 2, day2)
    assert result.totals == {"张飞": 2, "马超": 1}  # 警长投出的票计为两票


def test_a_substitute_account_carries_the_slot():
    # 000: 替补玩家将收到该玩家的角色、身份、行动及账号、密码，代替该玩家继续游戏。 (The same account there;
    # where the forum gives the substitute an account of his own, 顶替 names it.)
    game = make(preset="shediao", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS),
                events='\n[[events]]\nwhat = "顶替"\nplayer = "刘备"\nday = 1\nat = "2026-11-21 12:00"\nto = "刘备的替补"\n')
    day1 = Thread()
    first = day1.vote("刘备", "关羽", 1)
    day1.change("刘备的替补", "张飞", 20, quote=first)  # quotes the slot's own vote: a valid change
    result = tally(game, 1, day1)
    assert result.totals == {"张飞": 1}


def test_the_substitutes_own_ballot_beside_the_old_accounts_that_day_is_the_directors_call():
    """The hostile round 80 (L51): 顶替 on day 1, the old account 投郭靖, then the substitute 投杨康 — the old account's counted,
    the substitute's void as a second ballot, certain: a wrong elimination posted. Which is the slot's, no seed says."""
    game = make(preset="shediao", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS),
                events='\n[[events]]\nwhat = "顶替"\nplayer = "刘备"\nday = 1\nto = "刘备的替补"\n')
    day1 = Thread()
    early = day1.vote("刘备", "关羽", 1)
    late = day1.vote("刘备的替补", "张飞", 20)
    result = tally(game, 1, day1)
    old, new = (next(e for e in result.entries if e.pid == p.pid) for p in (early, late))
    # (the old account's ballot that day is asked — the takeover's time unknown —, the substitute's stands beside it)
    assert old.needs_review and "关羽" in (old.target, *old.readings) and new.target == "张飞" and not result.certain, (old, new)


def test_voting_for_him_while_quoting_a_substitutes_post_means_the_player_it_plays():
    # Issue 27: 「我投他」 quoting a post of the 顶替 account read the account, not the player: a reading that
    # named nobody on the roster, never weighed.
    game = make(preset="shediao", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS),
                events='\n[[events]]\nwhat = "顶替"\nplayer = "刘备"\nday = 1\nat = "2026-11-21 12:00"\nto = "刘备的替补"\n')
    day1 = Thread()
    said = day1.add("刘备的替补", "我是来顶替的，大家好。", 20)
    pointed = day1.add("关羽", "投他，理由：顶替上来就乱说话", 21, quote=said)
    result = tally(game, 1, day1)
    entry = next(e for e in result.entries if e.pid == pointed.pid)
    assert entry.needs_review and "刘备" in entry.readings and "刘备的替补" not in entry.readings


def test_double_accounts_play_one_card_each():
    # 003 附:双马甲双身份玩法 — 玩家先披第一个马甲 … 第一个马甲死亡后禁言(可留遗言),换第二个马甲继续游戏。
    players = ('\n[[players]]\nname = "超人"\ncards = [{identity = "民", account = "超人"}, {identity = "警", account = "克拉克"}]\n'
               + "".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS[1:]))
    game = make('\n[[events]]\nwhat = "被杀"\nplayer = "超人"\nday = 1\n', players=players)
    day2 = Thread()
    day2.vote("克拉克", "关羽", 49)
    assert tally(game, 2, day2).totals == {"关羽": 1}


def test_the_judge_plays_one_card_and_cannot_vote():
    # 003: 法官牌默认为出局状态,即法官只剩一张身份牌 … 不能杀人、验人、投票
    players = ('\n[[players]]\nname = "法官甲"\nroles = ["法官"]\ncards = ["民"]\n'
               + "".join(f'\n[[players]]\nname = "{n}"\ncards = ["民", "民"]\n' for n in PLAYERS))
    game = make('\n[[events]]\nwhat = "处决"\nplayer = "法官甲"\nday = 1\n', players=players)
    day1 = Thread()
    judge = day1.vote("法官甲", "关羽", 1)
    for voter in ("关羽", "张飞"):
        day1.vote(voter, "法官甲", 2)
    result = tally(game, 1, day1)
    assert next(e for e in result.entries if e.pid == judge.pid).verdict == INVALID
    assert result.fates == {"法官甲": "出局，身份：民"}  # one card: out, and 003 reveals the executed identity
    assert "法官甲" in game.day(2).dead


@pytest.mark.parametrize("events, words", [
    ('what = "处决"\nplayer = "刘备"\ndya = 1\n', "是不是要写 day"),
    ('what = "处死"\nplayer = "刘备"\nday = 1\n', "what 只能是"),
    ('what = "处决"\nplayer = "刘bei"\nday = 1\n', "不在 [[players]] 名单里"),
    ('what = "处决"\nplayer = "刘备"\nday = 9\n', "[[days]] 里有的第几天"),
    ('what = "殉职"\nplayer = "刘备"\nday = 1\n', "接任者"),
])
def test_event_typos_are_errors_that_say_what_to_write(events, words):
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        make("\n[[events]]\n" + events)


def test_a_substitutes_posts_count_for_the_slot():
    from tally.lurk import count_posts

    game = make(preset="shediao", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS),
                events='\n[[events]]\nwhat = "顶替"\nplayer = "刘备"\nday = 1\nat = "2026-11-21 12:00"\nto = "刘备的替补"\n')
    talk = Thread()
    for hours in (1, 2):
        talk.add("刘备", "我先说两句。", hours)
    for hours in (20, 21, 22):
        talk.add("刘备的替补", "我是替补，接着说。", hours)
    assert count_posts(talk.posts, game, game.day(1))["刘备"] == 5


ROUNDS = '''
[[days]]
day = 1
vote_thread = 1
discussion_threads = [2]
start = "2026-11-20 21:00"
close = "2026-11-22 21:00"

[[days.rounds]]
kind = "{kind}"
vote_thread = 5
start = "2026-11-22 21:00"
close = "2026-11-23 12:00"
candidates = ["刘备", "关羽"]
'''


def rounds_game(kind: str, preset: str) -> Game:
    players = "".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS)
    return Game.from_toml(HEAD.format(preset=preset) + players + ROUNDS.format(kind=kind))


def test_a_revote_belongs_to_its_day_and_is_titled_so():
    # 003: 次日中午1点宣判,处决最高票者(出现平票则进行重投) — the revote is part of the same day.
    game = rounds_game("重投", "anshazhe")
    assert [d.label for d in game.vote_days()] == ["第1天", "第1天重投"]
    assert [d.day for d in game.days] == [1]  # no day 101, no second day for the lurk rules
    revote = game.day(1, 1)
    assert revote.vote_thread == 5 and revote.runoff == ("刘备", "关羽")
    thread = Thread()
    thread.vote("张飞", "刘备", 49)  # 22:00 on the 22nd, in the revote's window
    thread.vote("赵云", "马超", 49.5)  # not a candidate of the revote
    result = tally_day(thread.posts, game, revote, load_preset("anshazhe"))
    assert result.totals == {"刘备": 1}
    assert report.render_bbcode(result, game.name).startswith("[b]［090］暗杀者 第1天重投投票结果[/b]")
    assert "重投只能投 刘备、关羽" in next(e.reason for e in result.entries if e.author == "赵云")


def test_a_runoff_in_the_days_own_thread_ignores_the_first_votes():
    # 002: 由导演重新发讨论帖、投票帖 … 高票对决阶段的投票不允许弃权！ (here the director reused the thread)
    game = rounds_game("高票对决", "qisha")
    runoff = game.day(1, 1)
    thread = Thread()
    thread.vote("张飞", "马超", 1)  # the day's own vote: not a ballot of the runoff
    thread.vote("张飞", "关羽", 49)
    thread.vote("赵云", "无", 49.5)
    result = tally_day(thread.posts, game, runoff, load_preset("qisha"))
    assert result.totals == {"关羽": 1}
    assert [e.author for e in result.entries] == ["张飞", "赵云"]
    assert "不允许弃权" in result.entries[1].reason


def test_poll_picks_the_round_under_way():
    from bansha.poll import pick_day

    game = rounds_game("重投", "anshazhe")
    assert pick_day(game, game.when("2026-11-21 10:00")).label == "第1天"
    assert pick_day(game, game.when("2026-11-23 08:00")).label == "第1天重投"
    assert pick_day(game, game.when("2026-11-25 08:00")).label == "第1天重投"  # its final result may be due


def test_round_typos_are_errors():
    with pytest.raises(ValueError, match="kind 只能是"):
        rounds_game("复投", "anshazhe")
    with pytest.raises(ValueError, match="是不是要写 candidates"):
        Game.from_toml(HEAD.format(preset="anshazhe") + '\n[[players]]\nname = "刘备"\n'
                       + ROUNDS.format(kind="重投").replace("candidates", "candidate"))


def test_check_game_prints_the_game_as_understood(tmp_path):
    import subprocess
    import sys

    text = (HEAD.format(preset="anshazhe") + "\n[rules]\ndrowning_min_posts = 3\n"
            + '\n[[players]]\nname = "法官甲"\nroles = ["法官"]\ncards = ["民", "民"]\n'
            + "".join(f'\n[[players]]\nname = "{n}"\ncards = ["民", "匪"]\n' for n in PLAYERS)
            + ROUNDS.format(kind="重投") + '\n[[events]]\nwhat = "被杀"\nplayer = "刘备"\nday = 1\n')
    game_file = tmp_path / "g.toml"
    game_file.write_text(text, "utf-8")
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "check-game", game_file], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    shown = done.stdout
    assert "第1天重投：2026-11-22 21:00 → 2026-11-23 12:00；投票帖 5" in shown
    assert "已失去身份牌 刘备 1 张" in shown and "候选 刘备、关羽" in shown
    assert "第1天 刘备 被杀，从第1天起生效" in shown
    assert " *drowning_min_posts = 3" in shown and "  changes_allowed = 1" in shown
    assert "法官甲 是法官" in shown  # 003: 法官牌默认为出局状态,即法官只剩一张身份牌


@pytest.mark.parametrize("line, words", [('announce = "进程帖"', "只能是"), ('announce = "process"', "没有写进程帖")])
def test_announce_says_where_results_go_or_what_is_missing(line, words):
    with pytest.raises(ValueError, match=words):
        Game.from_toml(HEAD.format(preset="shediao").replace("[game]\n", f"[game]\n{line}\n") + DAYS)


@pytest.mark.parametrize("entry, bad, words", [
    ('\n[[players]]\nname = "刘备"\nuid = "3"\n', 'uid = "3"', "[[players]]（刘备） 的 uid 应是整数，写的是 '3'"),
    ('\n[[days]]\nday = 1\nvote_thread = 12\ndiscussion_threads = 13\n', "discussion_threads = 13",
     "的 discussion_threads 应是整数列表，写的是 13"),
    ('\n[[days]]\nday = 1\naccelerated = "yes"\n', 'accelerated = "yes"', "的 accelerated 应是true 或 false，写的是 'yes'"),
])
def test_type_errors_name_the_key_and_the_line(entry, bad, words):
    text = HEAD.format(preset="shediao") + entry
    with pytest.raises(ValueError) as error:
        Game.from_toml(text)
    assert f"{words}（第 {text.splitlines().index(bad) + 1} 行）" in str(error.value)


def test_a_day_without_its_number_is_an_error():
    with pytest.raises(ValueError, match="每一项都要有 day"):
        Game.from_toml(HEAD.format(preset="shediao") + "\n[[days]]\nvote_thread = 12\n")


@pytest.mark.parametrize("what, first_day_out", [("处决", 2), ("被杀", 1), ("淹死", 1), ("殉情", 1), ("出局", 1), ("罚下", 1)])
def test_each_way_out_takes_effect_from_its_documented_day(what, first_day_out):
    # 003: 被杀者、淹死者、与法官殉情者 … 高票处决者 — an execution follows its day's vote, the others are
    # announced on the day they count from; 000: 红牌罚下 takes every card at once.
    game = make(f'\n[[events]]\nwhat = "{what}"\nplayer = "刘备"\nday = 1\n')  # 刘备 holds two cards
    lost = [game.day(n).cards_lost.get("刘备", 0) for n in (1, 2, 3)]
    taken = 2 if what == "罚下" else 1
    assert lost == [0 if n < first_day_out else taken for n in (1, 2, 3)]
    assert ("刘备" in game.day(3).dead) == (what == "罚下")


def test_the_title_can_be_handed_over_with_yijiao():
    game = make(preset="s10", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS),
                events='\n[[events]]\nwhat = "移交"\nplayer = "刘备"\nday = 2\nto = "张飞"\n')
    assert [game.day(n).title_holder for n in (1, 2, 3)] == [None, "张飞", "张飞"]


@pytest.mark.parametrize("extra, words", [
    ('\n[[players]]\nname = "甲"\ncards = "民"\n', "cards 应是列表"),
    ('\n[[players]]\nname = "刘备"\n' + DAYS + '\n[[events]]\nwhat = "被杀"\nplayer = "刘备"\nday = 1\nat = 1500\n', "at 应是文字"),
    ('\n[[players]]\nname = "刘备"\n\n[[days]]\nday = 1\nstart = "2026-11-20 21:00"\nclose = "2026-11-22 21:00"\n\n'
     '[[days.rounds]]\nkind = "重投"\nstart = "2026-11-22 21:00"\nclose = "2026-11-23 12:00"\ncandidates = "刘备"\n', "candidates 应是文字列表"),
])
def test_wrong_types_in_cards_events_and_rounds_are_named(extra, words):
    with pytest.raises(ValueError, match=words):
        Game.from_toml(HEAD.format(preset="anshazhe") + extra)


def test_a_time_on_ruoyu_does_not_move_it_into_its_own_day():
    game = make(preset="s10", players="".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS),
                events='\n[[events]]\nwhat = "若愚"\nplayer = "刘备"\nday = 1\nat = "2026-11-22 21:00"\n')
    assert game.day(1).votes_not_counted == () and game.day(2).votes_not_counted == ("刘备",)


def test_a_ruling_made_for_a_revote_in_the_days_own_thread_leaves_the_first_vote_as_it_was():
    """Issue 42, 13: a 重投 shares the day's thread by default; a ruling on one of its ballots re-counted the day's
    first vote too (`tally --day 1` and the export said 出局 where 平票，重投 was posted). A post of a later round is
    that round's: the first vote does not read it, ruled or not."""
    players = "".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS)
    game = Game.from_toml(HEAD.format(preset="anshazhe") + players + ROUNDS.format(kind="重投").replace("vote_thread = 5\n", ""))
    first, revote = game.day(1), game.day(1, 1)
    assert revote.vote_thread == first.vote_thread
    thread = Thread()
    thread.vote("张飞", "刘备", 1)
    thread.vote("赵云", "关羽", 2)
    late = thread.add("马超", "重投我投刘备，他一直没说清楚", 49)  # the revote's, in its own words
    rules = load_preset("anshazhe")
    ruling = {late.pid: Ruling(late.pid, "target", "刘备")}
    before = tally_day(thread.posts, game, first, rules, ruling)
    assert (before.outcome.kind, sorted(before.outcome.names)) == ("revote", ["关羽", "刘备"]), before.outcome
    assert late.pid not in {e.pid for e in before.entries}
    assert tally_day(thread.posts, game, revote, rules, ruling).totals == {"刘备": 1}


def test_the_old_accounts_ballot_once_its_slot_is_taken_over_is_not_the_players():
    """The hostile round 82 (N53): 顶替 on day 1, and only the old account voted that day — counted, certain, and a wrong
    elimination was posted. Before the takeover's time (where the game file gives one) it is the slot's; after it, or on a later
    day, it is not; on the day itself with no time given, it is the director's call."""
    events = '\n[[events]]\nwhat = "顶替"\nplayer = "刘备"\nday = 1\n{at}to = "刘备的替补"\n'
    players = "".join(f'\n[[players]]\nname = "{n}"\n' for n in PLAYERS)
    for at, hours, counted, asked in (("", 5, False, True), ('at = "2026-11-21 12:00"\n', 1, True, False),
                                      ('at = "2026-11-21 12:00"\n', 20, False, False)):
        game = make(preset="shediao", players=players, events=events.format(at=at))
        day1 = Thread()
        ballot = day1.vote("刘备", "关羽", hours)
        entry = next(e for e in tally(game, 1, day1).entries if e.pid == ballot.pid)
        assert (entry.verdict == "counted", entry.needs_review) == (counted, asked), (at, hours, entry.reason)
    game = make(preset="shediao", players=players, events='\n[[days]]\nday = 2\nvote_thread = 1\n' + events.format(at=""))
    day2 = Thread()
    ballot = day2.vote("刘备", "关羽", 49)
    entry = next(e for e in tally(game, 2, day2).entries if e.pid == ballot.pid)
    assert entry.verdict != "counted" and "顶替" in entry.reason, entry.reason
