"""The wiring between the archive and the rules: load a day's posts and rulings, run the tally.

Data flows one way: archive rows → posts → tally. Nothing here writes to the forum.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

import sqlite_utils

from scraper import archive, model, outbox
from tally.day import DayTally, Ruling, tally_day
from tally.game import Game, load_game  # noqa: F401 - the CLI's and poll's entry to a game file
from tally.rules import Rules


class NotFetched(Exception):
    """The archive does not hold a thread the game file names."""


class NotReadable(NotFetched):
    """The archive holds a vote thread whose votes the account that read it could not see."""


def thread_posts(db: sqlite_utils.Database, tid: int):
    return required(archive.read_posts(db, tid), tid)


def players_posts(db: sqlite_utils.Database, game: Game, posts: list) -> list:
    """The posts without ours: our running count lists names, invalid ballots and 「还没有投票：X」, and a
    player's user name can make that read as a ballot (「受X委托」 → a director's 代投 for X). A post of ours
    — an outbox pid, or our account's post ending in our marker — is never a ballot, a flag or a 潜水 post."""
    ours = outbox.our_pids(db, game.name, game.directors)
    return [p for p in posts if p.pid not in ours] if ours else posts


def readable_votes(posts: list, tid: int) -> list:
    """A 回帖仅作者可见 thread read as a guest or a player shows placeholders, not votes: refuse to count."""
    locked = [p for p in posts if p.status == "author_only" and not (p.text or "").strip()]
    if locked:
        raise NotReadable(
            f"帖子 {tid} 开启了「回帖仅作者可见」，抓取它的账号看不到其中 {len(locked)} 帖的内容（只显示“此帖仅作者可见”），"
            "不能计票。请用发这个帖子的导演账号（楼主）或版主账号抓取：bansha poll … --login 导演账号"
            "（或 --cookies 导入该账号的浏览器 Cookie），再计票。"
        )
    return posts


def required(posts: list, tid: int) -> list:
    if not posts:
        raise NotFetched(f"档案库里还没有帖子 {tid}：请先运行 bansha fetch（或 bansha poll）抓取它。")
    return posts


def rulings_for(db: sqlite_utils.Database, game: Game, day: int) -> dict[int, Ruling]:
    return {
        r["pid"]: Ruling(r["pid"], r["decision"], r["target"], r["note"] or "", voter=r.get("voter"))
        for r in archive.load_rulings(db, game.name, day)
    }


def title_holder_for(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int) -> str | None:
    """Who holds the title during this day's vote: the game file says, or the day-1 election decided."""
    day = game.day(day_number)
    if day.title_holder:
        return day.title_holder
    if rules.title_election == "none":
        return None
    for earlier in game.days:
        if earlier.day < day_number and earlier.election_thread:
            election = tally_election(db, game, rules, earlier.day, sensitivity=False)  # only the winner matters
            if election.outcome.kind == "out" and election.outcome.names[0] not in day.dead:
                return election.outcome.names[0]
    return None


def tally_election(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int, *,
                   sensitivity: bool = True) -> DayTally:
    day = game.day(day_number)
    if not day.election_thread:
        raise ValueError(f"第 {day_number} 天没有竞选帖（election_thread）")
    posts = readable_votes(players_posts(db, game, thread_posts(db, day.election_thread)), day.election_thread)
    return tally_day(posts, game, day, rules, rulings_for(db, game, day_number), kind="election",
                     history=archive.post_history(db, [p.pid for p in posts]), sensitivity=sensitivity)


def tally_from_archive(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int, *,
                       sensitivity: bool = True, round: int = 0, as_of=None, as_of_floor: int | None = None) -> DayTally:
    """The day's vote, or with `round` one of its rounds (重投, 高票对决). With `as_of` (a time) or
    `as_of_floor` the count as it stood then: only the posts made up to that moment are read."""
    day = game.day(day_number, round)
    if not day.vote_thread:
        raise ValueError(f"{day.label}没有写投票帖（vote_thread）")
    posts = readable_votes(players_posts(db, game, thread_posts(db, day.vote_thread)), day.vote_thread)
    if as_of is not None:
        posts = [p for p in posts if p.posted_at and datetime.fromisoformat(p.posted_at) <= as_of]
    if as_of_floor is not None:
        posts = [p for p in posts if p.floor is not None and p.floor <= as_of_floor]
    return tally_day(
        posts, game, day, rules, rulings_for(db, game, day_number),
        title_holder=title_holder_for(db, game, rules, day_number),
        history=archive.post_history(db, [p.pid for p in posts]), sensitivity=sensitivity,
    )


def lurk_from_archive(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int,
                      vote: DayTally | None = None):
    """潜水 counts, violations, acceleration requests and card proposals for one day.

    `vote` is the day's tally when the caller already has it; otherwise it is worked out here."""
    from tally.lurk import count_posts, lurk_day

    day = game.day(day_number)
    if not day.discussion_threads:
        raise ValueError(f"第 {day_number} 天没有写讨论帖（discussion_threads）")
    threads = {tid: players_posts(db, game, archive.read_posts(db, tid)) for tid in
               {*day.discussion_threads, day.vote_thread, day.process_thread, day.election_thread} if tid}
    discussion = [p for tid in day.discussion_threads for p in required(threads[tid], tid)]
    if vote is None and day.vote_thread:
        vote = tally_from_archive(db, game, rules, day_number, sensitivity=False)
    earlier_counts, earlier_votes = {}, {}
    for earlier in game.days:
        if earlier.day >= day_number:
            continue
        try:
            earlier_counts[earlier.day] = count_posts(
                players_posts(db, game, [p for tid in earlier.discussion_threads for p in thread_posts(db, tid)]),
                game, earlier, rules.lurk_counts_hidden)
            if earlier.vote_thread and not earlier.accelerated:
                earlier_votes[earlier.day] = tally_from_archive(db, game, rules, earlier.day, sensitivity=False).non_voters
        except NotFetched:
            continue  # a day the archive does not hold: the multi-day rules simply see fewer days
    return lurk_day(game, rules, day, discussion=discussion, threads=threads, vote=vote,
                    earlier_counts=earlier_counts, earlier_votes=earlier_votes)


RULING_WORDS = {"有效": "accept", "无效": "reject", "计为": "target", "弃权": "target",
                "accept": "accept", "reject": "reject", "target": "target"}


def ruling_problem(tally: DayTally, game: Game, pid: int, decision: str, target: str | None,
                   voter: str | None = None, rules: Rules | None = None) -> str | None:
    """Why this ruling cannot mean what a director would mean by it (None: it can). 「有效」 keeps a ballot
    as written, so it is refused where what is written names no player: counting it as an abstention
    silently is not what 有效 says. 「算作 Y 的票」 needs Y to be a player who votes today."""
    entry = next((e for e in tally.entries if e.pid == pid), None)
    if entry is None:
        return f"pid {pid} 不在{tally.title}的投票帖里"
    if decision == "target" and target is not None and target not in game.player_names:
        return f"「{target}」不在游戏文件的玩家名单里"
    if decision != "reject" and is_stranger(game, entry):
        return stranger_words(entry.author)
    if voter is not None:
        if voter not in game.player_names:
            return f"「{voter}」不在游戏文件的玩家名单里"
        if voter not in tally.alive:
            return f"{voter} 已出局，不能算作他的票"
        from tally import certainty
        from tally.game import JUDGE

        barred = {*game.with_role(JUDGE), *next((d.non_voters for d in game.days if d.day == tally.day), ())}
        if voter in barred:
            # Said in the terminal only: the ruling is not recorded, so no post of ours can name who cannot vote.
            return f"{voter} 今天没有投票权，不能算作他的票（这条裁定没有记录）"
        if voter != entry.author and entry.at is not None and tally.close and entry.at >= tally.close:
            return f"pid {pid} 是关门后发的：不能再算作 {voter} 的票（关门后的投票无效）"
        if voter != entry.author and entry.at is not None and rules is not None and \
                certainty.proxy_time_problems(entry.at, tally.close, tally.blackout, rules):
            return (f"pid {pid} 发在本局不允许代投的时段（关门前的禁止代投时间内）：算作 {voter} 的票就是一张违规的代投，"
                    "不能这样裁定")
        if decision == "accept" and entry.target not in game.player_names:
            return f"pid {pid} 写的投票对象不是本局玩家：请写明计为谁，例如 计为 X --for {voter}"
    if decision != "accept" or voter is not None:
        return None
    names = list(dict.fromkeys([*([entry.suggestion] if entry.suggestion else []), *entry.readings]))
    if entry.kind == "none" and len(entry.readings) == 1:
        return None  # a vote-like post naming one player: 有效 counts it for that player
    if entry.kind in ("vote", "change", "proxy") and entry.target in game.player_names:
        return None
    if entry.kind == "abstain" and not entry.form_invalid:
        return None
    written = f"「{entry.target}」" if entry.target else "的内容"
    choices = "、".join([*(f"计为 {n}" for n in names if n in game.player_names), "弃权", "无效"])
    return (f"pid {pid}（#{entry.floor} {entry.author}）投票对象{written}不是本局玩家，“有效”不知道该算给谁："
            f"请裁定为 {choices}")


def is_stranger(game: Game, entry) -> bool:
    """A ballot posted by an account the game file does not list (not a player, card account or substitute)."""
    return entry.voter is not None and entry.voter not in game.player_names and entry.kind != "proxy"


def stranger_words(account: str) -> str:
    """What to do with a ballot from an account the game file does not list."""
    return (f"「{account}」不在游戏文件的玩家名单里，它的票不能用裁定算给谁：如果它是某位玩家的替补，在游戏文件里写 "
            f"[[events]] what = \"顶替\"、to = \"{account}\"；是某位玩家的另一个账号（双马甲），写进那位玩家 cards 的 "
            "account；然后重新计票。都不是的话，裁定「无效」")


class Choice(NamedTuple):
    """One ruling a director is offered for a flagged post: what it records, in the director's words, and
    the day's result under it."""

    decision: str
    target: str | None
    voter: str | None
    words: str
    outcome: str

    @property
    def command(self) -> str:
        """The words after the pid in `bansha rule`."""
        what = {"accept": "有效", "reject": "无效"}.get(self.decision) or (f"计为 {self.target}" if self.target else "弃权")
        return what + (f" --for {self.voter}" if self.voter else "")


def ruling_choices(tally: DayTally, game: Game, entry) -> list[Choice]:
    """The rulings a director is offered for a flagged post, the likeliest first: every reading the proof
    weighs for it (tally/certainty.py), in the director's words, with the day's result under each.
    「有效」 only where what is written names a player."""
    from tally import certainty, report

    options: list[tuple[str, str | None, str | None, str]] = []
    if ruling_problem(tally, game, entry.pid, "accept", None) is None:
        options.append(("accept", None, None, "有效（按帖子写的计）"))
    for reading in certainty.readings(entry)[1:] if entry.needs_review else ():
        ruling = reading.ruling
        if ruling is None or ruling.decision == "accept":
            continue
        options.append((ruling.decision, ruling.target, ruling.voter, reading.words(entry.author)))
    for decision, target in (("target", None), ("reject", None)):  # 弃权 and 无效 are always offered
        if not any(o[0] == decision and o[1] == target and o[2] is None for o in options):
            options.append((decision, target, None, "弃权" if decision == "target" else "不是投票（不计票）"))
    if is_stranger(game, entry):  # the game file, not a ruling, says whose account it is
        options = [("reject", None, None, "不是投票（不计票）")]
    shown = []
    for decision, target, voter, words in options:
        outcome = ""
        if tally.what_if is not None:
            outcome = report.result_line_of(tally, tally.what_if(entry.pid, Ruling(entry.pid, decision, target, voter=voter)))
        shown.append(Choice(decision, target, voter, words, outcome))
    return shown


def vote_links(game: Game, tally: DayTally):
    """pid → the post's permanent address in the tally's vote thread (None where the game names no forum)."""
    if not game.forum or not tally.vote_thread:
        return None
    return lambda pid: model.findpost_url(game.forum, tally.vote_thread, pid)
