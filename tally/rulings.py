"""Rulings: what makes one mean what a director means, and the rulings a director posts in the game's threads.

A director rules where directors already rule — 「【裁定】18楼 无效」 in the vote thread or the process thread,
from a phone. Such a post counts exactly as `bansha rule` would, when all of this holds:

  who     its author is one of the game file's directors, by name and by the uid that name posts under
          (a name seen under two uids rules nothing); a player, a moderator who is not a director, a
          player quoting the director: never
  what    it is unedited by anyone else — the edit stamp names only its author, and a text that changed
          since it was first archived carries the author's own stamp; it is not deleted or hidden
  where   the day's vote thread, or its process thread (shared by several days: the post names the day);
          not the thread's opening post, not before the day began; a post naming another day rules there
  words   grammar/ruling.py reads it in layers: each floor its ruling clauses name, with one meaning, whatever
          reasons stand around them; a post that takes itself back or puts itself off (暂定 · 以上作废) rules nothing
  floors  each floor or pid is a post of the day's vote thread, made before the ruling, by the poster the
          ruling names beside it, a ballot (not the director's own count or notice; 「N楼的改票」 a change),
          and the ruling passes ruling_problem as a typed one must

A post that fails the first three rules nothing. Within a post that passes them, each ruling that fails the
last two — a question, a hedge, a floor that is no ballot — rules nothing and is listed for the director
(「看不懂的裁定帖」) with what was not understood; the post's other rulings apply. The standing ruling on a post is the latest, typed or posted,
by when it was made (merge). Pure: posts, the day's tally and the game in, rulings out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime

from grammar import ruling as words
from grammar.names import Roster, to_simplified
from grammar.tags import floor_value

from . import certainty
from .day import DayTally, Ruling, quote_field, real_pid, shown_otherwise, unseen_colors
from .game import JUDGE, Day, Game
from .report import clip
from .rules import Rules
from .zones import minute_words

RULING_WORDS = {"有效": "accept", "无效": "reject", "计为": "target", "弃权": "target",
                "accept": "accept", "reject": "reject", "target": "target"}


@dataclass
class Unread:
    """A ruling post of the director's that applies nothing, and why (in the director's words)."""

    pid: int
    floor: int | None
    tid: int
    at: str | None
    why: list[str]
    applied: int = 0  # the post's other rulings that apply (a post is read clause by clause)

    def to_json(self) -> dict:
        return {"pid": self.pid, "floor": self.floor, "tid": self.tid, "at": self.at, "why": self.why,
                "applied": self.applied}


@dataclass
class Posted:
    """The rulings the day's threads carry: pid ruled → (ruling, when it was made); the posts not applied."""

    rulings: dict[int, tuple[Ruling, datetime]] = field(default_factory=dict)
    unread: list[Unread] = field(default_factory=list)
    # pid → (post time, edit time) of a ruling from a post edited before the archive read it: made somewhen between
    windows: dict[int, tuple[datetime, datetime]] = field(default_factory=dict)


def source_words(floor: int | None, author: str, at: str | None, pid: int | None = None, thread: str = "") -> str:
    """「裁定来自 #25 导演A 2026-12-02 20:40」 (「裁定来自 进程帖 #5 …」 for a floor of the process thread)."""
    where = thread + (f"#{floor}" if floor is not None else f"pid {pid}")
    return f"裁定来自 {where} {author}" + (f" {minute_words(at)}" if at else "")


def typed_source(by: str | None) -> str:
    return "导演工作台（bansha desk）" if by == "desk" else "bansha rule"


def merge(typed: list[tuple[Ruling, datetime | None]], posted: Posted) -> dict[int, Ruling]:
    """The standing ruling per post: the latest made, typed or posted (a typed one with no time: first)."""
    standing: dict[int, tuple[Ruling, datetime | None]] = {}
    typed_at = {ruling.pid: at for ruling, at in typed}  # (the archive keeps the latest typed ruling per post)
    for ruling, at in [*typed, *posted.rulings.values()]:
        held = standing.get(ruling.pid)
        if ruling.decision == "pending" and ruling.pid in typed_at and (
                at is None or typed_at[ruling.pid] is None or _aware(at) <= _aware(typed_at[ruling.pid])):
            # the director decided it with bansha rule or the desk: a 待定 in the thread is settled there — unless the thread
            # spoke of it after (「更正：3楼有效，之前的无效判错了」 posted after the typed 无效: the hostile round 107, case 26)
            continue
        if held is None or held[1] is None or (at is not None and at >= held[1]):
            standing[ruling.pid] = (ruling, at)
    return {pid: ruling for pid, (ruling, _) in standing.items()}


def _aware(at: datetime) -> datetime:
    """A time to compare with another: a naive one (a ruling typed without a zone) is the machine's local time."""
    return at if at.tzinfo is not None else at.astimezone()


def director_uids(game: Game, posts) -> dict[str, set[int]]:
    """The uids each director's name posts under, as the archive saw them."""
    uids: dict[str, set[int]] = {}
    for post in posts:
        if post.author in game.directors and getattr(post, "author_uid", None):
            uids.setdefault(post.author, set()).add(post.author_uid)
    return uids


def roster_of(game: Game) -> Roster:
    """The names a ruling post may give: the game's players and the aliases the game file lists."""
    return Roster(list(game.player_names), game.aliases)


def maybe_rulings(game: Game, posts) -> bool:
    """Whether any of these posts could be a director's ruling (before the tally it would take to check)."""
    roster = roster_of(game)
    return any(p.author in game.directors and (words.read(p.text, quoting=bool(getattr(p, "quotes", None)), roster=roster) or
                                               getattr(p, "quotes", None) and words.answers_a_question(p.text) or
                                               _half(p.text or "") is not None) for p in posts)  # (half of a split ruling)


def from_posts(posts: list, game: Game, day: Day, base: DayTally, rules: Rules, history: dict[int, list[dict]],
               uids: dict[str, set[int]], archived: list | None = None, gap: str | None = None,
               later: set[int] = frozenset()) -> Posted:
    """The rulings the director posted for `day` in `posts` (the day's vote and process threads), checked
    against `base`, the day's tally without them (see the module's docstring). `archived`: every post the
    archive holds of those threads, ours and deleted ones too (where floors may have moved; default `posts`);
    `gap`: floors the forum handed out that nobody read, where the caller knows of them; `later`: threads of later
    days, whose posts rule this day only where they say so (「第1天 6楼 无效」)."""
    found = Posted()
    roster = roster_of(game)
    shifted = gap or _floors_may_have_shifted(base, archived if archived is not None else posts)
    shared = sum(1 for d in game.days if day.process_thread and d.process_thread == day.process_thread) > 1
    start = game.when(day.start) if day.start else None
    half: dict[int, tuple] = {}  # thread → (the director's post that is half a ruling, its floor or None: a verdict alone)
    for post in posts:
        if post.author not in game.directors:
            continue
        if post.floor == 1 and (post := _added_by_edit(post, history.get(post.pid))) is None:
            continue  # the thread's opening post: its rules are no rulings — only what an edit of the director's added to it
        if start is not None and post.posted_at and datetime.fromisoformat(post.posted_at) < start:
            continue  # the rule posts and notices before the day: no ruling on its votes
        versions = history.get(post.pid) or [] if post.floor != 1 else []  # (the opening post: its added lines alone)
        first = versions[0]["text"] if versions and versions[0].get("text") is not None else post.text
        reading = words.read(post.text, quoting=bool(post.quotes), roster=roster) if post.status == "normal" else None
        if post.status == "normal" and (asked := _quoted_text(post, posts)) and (reading is None or not reading.held) and \
                (again := words.read(f"[quote]{asked}[/quote]\n{post.text}", quoting=True, roster=roster)) is not None and (
                    again.held or (again.takes_back and not (reading and reading.takes_back))):
            # 「是（凑字数凑字数）」 quoting 「导演，6楼是不是无效？」: the forum keeps the quoted words apart from the answer (the
            # archive's quotes), so the question is read with them, as a quote-reply reads on the page (hostile round 58) —
            # and 「是的，抱歉。」 to 「导演你是不是发错局了？」 takes the earlier rulings back (round 62)
            reading = again
        earlier = words.read(first, quoting=bool(post.quotes), roster=roster) \
            if first != post.text or post.status != "normal" else reading
        if post.status == "normal" and all(r is None or not (r.items or r.held) for r in (reading, earlier)):
            # (「【裁定】以下楼层无效：」 reads as a heading that rules nothing: half a ruling all the same — round 99, case 39)
            # 「关于2楼：」 then, in the director's next post, 「无效，理由写在标题里了。」 (or 「这票无效，格式不对。」 then 「（指4楼）」): one
            # ruling written in two posts — neither rules alone, and together they are not one post: the floor waits for the
            # director (the hostile rounds 90–91, cases 27, 16, 43, 62, 67: the floor stayed counted, certain, nothing listed)
            before, this = half.pop(post.tid, None), _half(post.text or "")
            if (reading is not None or earlier is not None) and this is not None and this[0] is not None:
                this = None  # (a post the reader read, naming floors it rules nothing of, says its own words of them: no half)
            alone, verdict = this is not None and this[0] is not None, this is not None and this[0] is None
            # 「关于5楼：」「板凳那票，裁定如下」 head what comes next, never what came before (and 「以下楼层无效：」, a verdict, does too)
            heading = this is not None and this[1]
            if before is not None and (alone and not heading and before[1] is None or verdict and not heading and before[1] is not None):
                first, floors = before[0], before[1] if before[1] is not None else this[0]
                told, listed = (first, post) if before[1] is None else (post, first)  # the verdict's post, the floors' post
                if len(floors) > 1 and len((told.text or "").strip()) > 16 and len(re.findall(
                        r"[\u4e00-\u9fff]", _FLOOR_SAID.sub("", to_simplified(listed.text or "")))) > 2:
                    floors = ()  # several floors in a post of talk, a verdict in a notice (「19楼漏统计了14楼的代投」 then 「…不允许
                    # 改票、不允许代投，新投票仍然有效」, heldout5 f07): no ruling split in two — only a short verdict or a bare list pairs
                named = {p.pid for p in posts if p.tid == post.tid and p.floor in floors}
                entries = [e for e in base.entries if e.pid in named]
                if entries:
                    said = "、".join(f"#{n}" for n in floors)
                    why = (f"导演 #{first.floor}「{clip(first.text.strip(), 16)}」和下一帖 #{post.floor}「{clip(post.text.strip(), 16)}」"
                           f"像是一条裁定写在了两帖里：{said} 怎么算，请导演确认")
                    source = source_words(post.floor, post.author, post.posted_at, post.pid, _thread_words(post.tid, base, game))
                    at = datetime.fromisoformat(post.posted_at) if post.posted_at else None
                    for entry in entries:
                        found.rulings[entry.pid] = (_waits(entry.pid, why, post, source), at)
                    found.unread.append(Unread(post.pid, post.floor, post.tid, post.posted_at, [why]))
                    continue
            if before is not None and before[1] is None:
                _unpaired(found, before[0])
            if this is not None:
                half[post.tid] = (post, this[0])
        if reading is None and earlier is None:
            if post.status == "normal" and found.rulings and (turned := words.turns_back(post.text, roster)) and (
                    at := datetime.fromisoformat(post.posted_at) if post.posted_at else _made_at(post)) is not None:
                # 「6楼无效。」 then 「我反悔了。」: words the reader cannot read, after rulings, that may take them back — the
                # rulings before it wait for the director (an open rule: the words are not read, they are only not explained)
                said = f"：导演后来又说「{clip(' '.join(turned.split()), 31)}」，是不是收回或更正了这条裁定，请导演确认"
                _reopen(found, post, lambda ruling, when, at=at: when is None or when <= at, lambda ruling, said=said: said, at)
            continue
        in_vote = post.tid == base.vote_thread
        said_day = (reading or earlier).day
        if said_day is not None and said_day != day.day and not in_vote:
            continue  # the process thread: another day's ruling
        if post.tid in later and said_day != day.day and day.day not in (reading or earlier).days:
            continue  # a later day's thread: its own rulings, unless it names this day (alone or beside another)
        why = _who_and_what(post, game, uids, first, reading)
        elsewhere = _quoted_elsewhere(post, reading, base) if not why else None
        if elsewhere is not None:
            # 「[quote]9楼 梅超风的票[/quote] 3楼无效」: the ballot quoted is one floor, the words rule another — which is meant, the
            # director says (the hostile round 91, case 50: 3楼 voided, certain, 9楼 counted, not a word)
            why = [elsewhere[0]]
        made = _made_at(post)
        if why and in_vote or why and said_day in (None, day.day):
            # a post the tool will not take as the director's ruling still said something of its floors: they wait for
            # the director, never keep the reading the ruling would have changed (hostile round 51: a typed stamp in the
            # director's own post dropped the ruling and the day was posted without it)
            said_of = [i.ref for i in (reading or earlier).items] + [ref for ref, _ in (reading or earlier).held] + (
                [("pid", elsewhere[1])] if elsewhere is not None else [])
            if (page_words := shown_otherwise(post, post.text or "")) is not None and (
                    shown := words.read(page_words, quoting=bool(post.quotes), roster=roster)):
                # 「5楼[color=white]不[/color]无效」: the readers see 「5楼无效」 — what the page shows rules floors too (round 84 L23:
                # the text's 「不无效」 ruled nothing, the floor kept its ballot and the day was posted)
                said_of += [i.ref for i in shown.items] + [ref for ref, _ in shown.held]
            for ruling in _held(post, replace(reading or earlier, held=[(ref, why[0]) for ref in dict.fromkeys(said_of)]),
                                base, game):
                _keep(found, ruling, made)
        if not why and reading is not None and reading.held and (said_day is None or said_day == day.day):
            for ruling in _held(post, reading, base, game):
                _keep(found, ruling, made)
        if not why and said_day is not None and said_day < day.day and any(d.day == said_day for d in game.days):
            continue  # 「第1天 6楼 无效」 in day 2's thread: a ruling for day 1, read when day 1 is counted
        if not why and said_day is not None and said_day != day.day:
            why = [f"写的是第{said_day}天，却发在{base.title}的投票帖里"]
        if not why and not in_vote and shared and said_day is None:
            why = [f"进程帖由几天共用，这一帖没写是第几天的裁定（例如「第{day.day}天 18楼 无效」）"]
        if not why and reading is not None and reading.taken_back:
            # 「8楼的裁定我撤回」「8楼作罢」: a floor that is the director's own ruling post, taken back or denied — the rulings it
            # made wait for the director again (hostile round 53: each left 7楼无效 applied). (「维持15楼的裁定」 upholds it,
            # 「其余无效票见9、12楼裁定」 cites them: neither takes anything back.)
            named = {ref[1] for ref in reading.taken_back}
            ruled_by = {p.pid for p in posts if p.tid == post.tid and p.floor in named and p.author in game.directors
                        and p.pid != post.pid}
            _reopen(found, post, lambda ruling, when, ruled_by=ruled_by: ruling.source_pid in ruled_by,
                    lambda ruling: f" 又说到裁定所在的 #{ruling.source_floor}：这条裁定请导演重新确认")
        quoted_pids = [pid for q in post.quotes or () if (pid := quote_field(q, "pid"))]
        if not why and reading is not None and len(quoted_pids) == 1 and len(reading.items) == 1 and \
                reading.items[0].ref[0] == "quoted" and reading.items[0].verdict in ("invalid", "not_a_vote") and any(
                    p.pid == quoted_pids[0] and p.author in game.directors for p in posts):
            # 「[quote]6楼无效。[/quote]这条作废」: the director voids their own ruling post by quoting it — its rulings wait for the
            # director again (the hostile round 65: listed as unread, the ruling stood and the day was posted)
            _reopen(found, post, lambda ruling, when, quoted=quoted_pids[0]: ruling.source_pid == quoted,
                    lambda ruling: f" 引用了这条裁定并说作废：这条裁定请导演重新确认")
            continue
        if not why and reading is not None and reading.takes_back and (
                at := datetime.fromisoformat(post.posted_at) if post.posted_at else made) is not None:
            # 「上一条裁定不算」: every ruling the director made before this post waits for the director again
            said = reading.takes_back
            _reopen(found, post, lambda ruling, when, at=at: when is None or when <= at, lambda ruling, said=said: f"：{said}", at)
        if not why and reading is not None and (voided := {i.ref[1] for i in reading.items if i.ref[0] == "floor" and i.verdict in (
                "invalid", "not_a_vote")}) and (ruled_by := {p.pid for p in posts if p.tid == post.tid and p.floor in voided and
                                                           p.author in game.directors and p.pid != post.pid}):
            # 「7楼作废。」「7楼那条不算。」 where 7楼 is the director's own ruling post: its rulings wait for the director again
            # (hostile round 70: listed as unread, the ruling stood and the day was posted)
            _reopen(found, post, lambda ruling, when, ruled_by=ruled_by: ruling.source_pid in ruled_by,
                    lambda ruling: f" 又说裁定所在的 #{ruling.source_floor} 作废：这条裁定请导演重新确认")
        if not why and reading is not None and reading.void:
            why = list(reading.problems)
        rulings: list[Ruling] = []
        if not why:
            rulings, why = _resolve(post, reading, game, base, rules, shifted)
            why = [*reading.problems, *why]
            if rulings and (running := _round_running(post, day, game)) is not None and not _FIRST_ROUND.search(post.text or ""):
                # 「【裁定】2楼无效，重投的票要写清理由。」 posted while the day's 重投 runs in its thread: which round's ballot it
                # means, the floor does not say — it waits for the director, and a published result is not corrected by it
                # (the hostile round 95, case 51: applied to the first round, its posted 「无人出局」 rewritten 「郭靖 出局」)
                said = f"发在{running.label}期间（同一个帖子），没写是哪一轮的票：请写明「首轮N楼」，或由导演确认"
                rulings = [_pending(r, said) if r.decision != "pending" else r for r in rulings]
        if reading is not None and not reading.void and reading.only_valid and in_vote and not _who_and_what(post, game, uids, first, reading):
            for ruling in _left_out(post, reading, base, game):
                _keep(found, ruling, made)
        if why:
            found.unread.append(Unread(post.pid, post.floor, post.tid, post.posted_at, why,
                                      applied=sum(r.decision != "pending" for r in rulings)))
        unchanged = _said_first(post, earlier, first, game, base, rules, shifted) if rulings else {}
        posted = datetime.fromisoformat(post.posted_at) if post.posted_at else made
        # Edited before the archive ever read it: whether a ruling was there from the first or came with the edit is
        # unknown, so between its post's time and its edit's it cannot be put before or after another ruling
        unknown = bool(rulings and post.edited_at and post.edited_by == post.author and len(versions) <= 1 and made != posted)
        for ruling in rulings:
            # A ruling the post made from the first keeps the post's time: an edit that adds a line elsewhere does not
            # make it later than a correction posted since (the hostile round: an unrelated edit revived an old verdict)
            said = unchanged.get(ruling.pid) == (ruling.decision, ruling.target, ruling.voter)
            if unknown and posted and made:
                if _between(found.rulings.get(ruling.pid), ruling, posted, made):
                    found.rulings[ruling.pid] = (_unclear(ruling, post), made)
                    continue
                found.windows[ruling.pid] = (posted, made)
            _keep(found, ruling, posted if said else made)
    for post, floor in half.values():
        if floor is None:
            _unpaired(found, post)
    return found


def _added_by_edit(post, versions: list[dict] | None):
    """The lines the director's edits added to the thread's opening post since the archive first read it, as a post of their
    own made at the edit (「补充裁定：3楼无效」 edited into the rules after the close — the hostile round 107, case 17: never read);
    None where no edit of the director's added a line. The rules the post held from the first are never read as rulings."""
    if not versions or len(versions) < 2 or versions[0].get("text") is None or post.status != "normal" or \
            not post.edited_at or post.edited_by != post.author:
        return None
    before = {line.strip() for line in versions[0]["text"].split("\n")}
    added = [line for line in (post.text or "").split("\n") if line.strip() and line.strip() not in before]
    if not added:
        return None
    return replace(post, text="\n".join(added), posted_at=post.edited_at, quotes=[])


def _unpaired(found: Posted, post) -> None:
    """A verdict the director posted with no floor and no post beside it to say which: listed, never dropped."""
    why = f"导演 #{post.floor}「{clip(post.text.strip(), 16)}」像是一条裁定，却没写是哪一楼：请导演写明（例如「7楼 无效」）"
    found.unread.append(Unread(post.pid, post.floor, post.tid, post.posted_at, [why]))


def _between(held, ruling: Ruling, start: datetime, end: datetime) -> bool:
    """Another ruling of the same ballot, saying something else, made between `start` and `end`."""
    if held is None or held[1] is None:
        return False
    other, at = held
    return (other.decision, other.target, other.voter) != (ruling.decision, ruling.target, ruling.voter) and start <= at <= end


def _unclear(ruling: Ruling, post) -> Ruling:
    return _pending(ruling, f"{source_words(post.floor, post.author, post.posted_at, post.pid)} 这一帖编辑过"
                            f"（{minute_words(post.edited_at)}），存档里没有编辑前的样子：它和另一条裁定谁先谁后说不清，请导演重新裁定")


def _reopen(found: Posted, post, which, why, at: datetime | None = None) -> None:
    """The rulings found so far that `which(ruling, when)` selects wait for the director again: `post` took them back, and
    says so (`why(ruling)` after the post's own words). `at`: the time they take from now on (else their own)."""
    source = source_words(post.floor, post.author, post.posted_at, post.pid)
    for pid, (ruling, when) in list(found.rulings.items()):
        if ruling.decision != "pending" and which(ruling, when):
            found.rulings[pid] = (_pending(ruling, source + why(ruling)), at if at is not None else when)


def _quoted_elsewhere(post, reading, base: DayTally) -> tuple[str, int] | None:
    """(why, the quoted ballot's pid) where a ruling post quotes one ballot and its words rule only other floors."""
    linked = [pid for q in post.quotes or () if (pid := quote_field(q, "pid"))]
    if reading is None or len(linked) != 1 or not reading.items or any(i.ref[0] != "floor" for i in reading.items):
        return None
    quoted = next((e for e in base.entries if e.pid == linked[0] and e.kind in ("vote", "change", "abstain", "proxy")), None)
    ruled = sorted({i.ref[1] for i in reading.items})
    if quoted is None or quoted.floor is None or quoted.floor in ruled:
        return None
    return (f"引用的是 #{quoted.floor}（{quoted.author} 的票），裁定写的却是 {'、'.join(f'#{n}' for n in ruled)}：裁定的是哪一楼，"
            "请导演确认", quoted.pid)


# Half a ruling, as the director splits one over two posts: a floor named with no verdict (「关于2楼：」「板凳那一票我的裁定如下：」
# 「6L那票我看了一下：」「对#8的票：」「（上一条指的是7L）」「↑上面说的是七楼那票」), or a verdict with no floor (「无效，作废。」「判无效。」
# 「算无效，不计。」). Read by what the words hold — one floor and no verdict, or a verdict and no floor — not by the shapes
# directors were seen to write (the hostile rounds 93–94 found a new heading each time a list of them was mended).
_FLOOR_SAID = re.compile(r"(?:第\s*)?(?:\d{1,5}\s*(?:楼|层|樓|#|＃|[LlFf](?![a-zA-Z]))|[#＃]\s*\d{1,5}|"
                         r"[一二三四五六七八九十两廿]{1,3}\s*(?:楼|层|樓))|沙发|板凳|地板")
_VERDICT_SAID = re.compile(r"无效|有效|作废|废票|不算|不计|计为|计作|算作|算数|弃权|照算|照计|维持|(?<![a-z])(?:in)?valid|void", re.I)
_HEADS = re.compile(r"[:：]\s*$|如下|以下|下面")  # what heads the post after it
# The floors named before, counted: 「这两楼」「两楼均」「上述三楼」「这几票都」 (the hostile round 102, cases 23, 26, 28)
_FLOORS_BEFORE = re.compile(r"(?:这|那|上述|以上|上面|前面)\s*[两二三四五六几数]\s*个?\s*(?:楼|层|樓|票|帖)|"
                            r"[两二三四五六几数各]\s*个?\s*(?:楼|层|樓|票|帖)(?=\s*(?:均|都|全|一律|皆|一起|一并|统统|同样))")


def _half(text: str) -> tuple[tuple[int, ...] | None, bool] | None:
    """(the floors, whether it heads what follows) of a post that names floors and no verdict; (None, whether it heads) of one
    that gives a verdict and names no floor (「以下楼层无效：」 heads the floors after it); None of any other post. A long post is
    an announcement, not half a ruling. (Several floors: 「5楼…照抄3楼的，」 then 「所以判无效。」 — the hostile round 99, case 10.)"""
    own = to_simplified(text.strip())
    if not own or len(own) > 80:
        return None
    own = _FLOORS_BEFORE.sub("", own)  # (「两楼均判无效，其他照常。」: the floors of the post before, counted — not floor 2)
    floors = [floor_value(m.group()) for m in _FLOOR_SAID.finditer(own)]
    if _VERDICT_SAID.search(own):
        return (None, bool(_HEADS.search(own))) if not floors else None
    if not floors or any(kind != "floor" or n is None for kind, n in floors):
        return None
    return tuple(dict.fromkeys(n for _, n in floors)), bool(_HEADS.search(own))


def _waits(pid: int, why: str, post, source: str) -> Ruling:
    """The ballot `pid` left to the director by `post` (a "pending" ruling: tally/day.py makes the ballot a doubt)."""
    return Ruling(pid, "pending", None, why, source=source, source_pid=post.pid, source_tid=post.tid, source_floor=post.floor)


_FIRST_ROUND = re.compile(r"首轮|第一轮|初投|初轮|首投|第一次投票|原投票|上一轮|白天的投票|第[一二三四五六七八九十\d]{1,3}天的?投票")


def _round_running(post, day: Day, game: Game) -> Day | None:
    """The later round of `day` that shares the post's thread and had begun when the post was made, or None."""
    at = datetime.fromisoformat(post.posted_at) if post.posted_at else None
    return next((r for r in reversed(day.rounds) if r.vote_thread == post.tid and r.start and at is not None
                 and at >= game.when(r.start)), None) if day.rounds and not day.round else None


def _pending(ruling: Ruling, why: str) -> Ruling:
    """The ballot left to the director: a ruling that decides nothing, saying why."""
    return replace(ruling, decision="pending", target=None, voter=None, note=why)


def _said_first(post, earlier, first: str | None, game: Game, base: DayTally, rules: Rules, shifted) -> dict:
    """pid → (decision, target, voter) of each ruling the post's first archived version already made."""
    if earlier is None or first is None or first == post.text or earlier.void:
        return {}
    try:
        made, _why = _resolve(post, earlier, game, base, rules, shifted)
    except (ValueError, KeyError):
        return {}
    return {r.pid: (r.decision, r.target, r.voter) for r in made}


def _thread_words(tid: int, base: DayTally, game: Game) -> str:
    """Where a ruling post stands, beside its floor: nothing for the day's vote thread."""
    if tid == base.vote_thread:
        return ""
    day = next((d for d in game.vote_days() if d.vote_thread == tid), None)
    return f"{day.label}投票帖 " if day is not None else "进程帖 "


def _keep(found: Posted, ruling: Ruling, made: datetime | None) -> None:
    """The later word on a post stands, wherever it was posted (the process thread's posts come after the vote
    thread's in the list, not in time)."""
    held = found.rulings.get(ruling.pid)
    window = found.windows.get(ruling.pid)
    if held and window and made is not None and _between((ruling, made), held[0], *window):
        found.rulings[ruling.pid] = (_pending(held[0], "裁定帖编辑过、存档里没有编辑前的样子：和另一条裁定谁先谁后说不清，请导演重新裁定"), made)
        return
    if held is None or held[1] is None or (made is not None and made >= held[1]):
        found.rulings[ruling.pid] = (ruling, made)


def _held(post, reading, base: DayTally, game: Game) -> list[Ruling]:
    """The ballots the director says are not decided yet: a "pending" ruling each (tally/day.py makes the ballot a
    doubt, whatever our reading of it)."""
    by_floor = {e.floor: e for e in base.entries if e.floor is not None and e.pid >= 0}
    by_pid = {e.pid: e for e in base.entries}
    at = datetime.fromisoformat(post.posted_at) if post.posted_at else None
    source = source_words(post.floor, post.author, post.posted_at, post.pid, _thread_words(post.tid, base, game))
    out = []
    for (kind, number), why in reading.held:
        if kind == "relative":  # 「楼上无效」「最后那张票无效」: the last ballot before the post
            above = [b for b in base.entries if b.kind in ("vote", "change", "abstain", "proxy") and b.pid != post.pid
                     and b.floor is not None and post.floor is not None and b.floor < post.floor
                     and not (b.author in game.directors and b.kind != "proxy")] if post.tid == base.vote_thread else []
            out += [_waits(ballot.pid, why, post, source) for ballot in above[-1:]]
            continue
        if kind == "player":  # 「欧阳克那票不算」: every ballot of that player's standing before the post
            out += [_waits(ballot.pid, why, post, source) for ballot in base.entries
                    if (ballot.author == number or ballot.voter == number) and ballot.kind in ("vote", "change", "abstain", "proxy")
                    and ballot.pid != post.pid and not (ballot.at and at and ballot.at > at)]
            continue
        if kind == "quoted":
            linked = [q.pid for q in post.quotes if q.pid]
            entry = by_pid.get(linked[0]) if len(linked) == 1 else None
        else:
            entry = by_floor.get(number) if kind == "floor" else by_pid.get(number)
        if entry is None or entry.pid == post.pid or (entry.at and at and entry.at > at) or (
                entry.author in game.directors and entry.kind != "proxy"):
            continue
        out += [_waits(ballot.pid, why, post, source)
                for ballot in [entry, *(e for e in base.entries if e.pid != entry.pid and real_pid(e.pid) == entry.pid)]]
    return out


def _left_out(post, reading, base: DayTally, game: Game) -> list[Ruling]:
    """The counted ballots before a list of valid floors that the list leaves out: each a doubt (a "pending" ruling) —
    the director may have voided them by leaving them out (the lab: 「以下为有效票：」 without 7楼 counted 7楼)."""
    named = {number for (kind, number) in [i.ref for i in reading.items] + [ref for ref, _ in reading.held] if kind == "floor"}
    source = source_words(post.floor, post.author, post.posted_at, post.pid, _thread_words(post.tid, base, game))
    return [_waits(e.pid, f"「{reading.only_valid}」没有列出 #{e.floor}（{e.author}）：这一票是有效还是无效，请导演裁定", post, source)
            for e in base.entries if e.verdict == "counted" and e.floor is not None and post.floor is not None
            and e.floor < post.floor and e.floor not in named and e.author not in game.directors]


def _quoted_text(post, posts) -> str | None:
    """The words of the one post `post` quotes, where it quotes one of `posts` and says no more than a yes or a no."""
    pids = [pid for q in post.quotes or () if (pid := quote_field(q, "pid"))]
    if len(pids) != 1 or not words.answers_a_question(post.text):
        return None
    return next((p.text for p in posts if p.pid == pids[0] and p.text), None)


def _who_and_what(post, game: Game, uids: dict[str, set[int]], first: str | None, reading) -> list[str]:
    """Why this director's post may not rule at all: its account, its state, an edit by someone else."""
    author = post.author
    known = uids.get(author, set())
    if not getattr(post, "author_uid", None):
        return ["读不到发帖账号的 uid，不能确认是导演本人发的"]
    if len(known) > 1:
        return [f"存档里「{author}」这个名字出现在 {len(known)} 个不同的 uid 下（{'、'.join(map(str, sorted(known)))}）："
                "不能确认哪一个是导演，这个名字发的裁定都不采用"]
    if unseen := unseen_colors(post):
        # 「[color=#ffffff]6楼无效[/color]」: words the readers of the thread do not see are no ruling made to them (round 58)
        return [f"这一帖里有看不见的字（颜色 {unseen[0]}）：读者看到的和工具读到的不一样，裁定不采用，请导演确认"]
    if post.status != "normal":
        state = {"deleted": "已被删除", "hidden": "被屏蔽", "banned": "被屏蔽"}.get(post.status, f"状态是「{post.status}」")
        return [f"这一帖{state}，裁定不再采用"]
    if post.edited_by and post.edited_at and post.posted_at and post.edited_at < post.posted_at:
        # the forum stamps an edit after the post was made: a stamp dated before it was typed by whoever edited
        return [f"这一帖的编辑标记（「{post.edited_by}」于 {minute_words(post.edited_at)}）早于发帖时间，不是论坛自己打的："
                "不能确认是谁编辑的，裁定不再采用。导演要这条裁定，请重新发一帖"]
    if post.edited_by and post.edited_by != author:
        return [f"这一帖被「{post.edited_by}」编辑过（{minute_words(post.edited_at)}）：不是导演本人写的样子，"
                "裁定不再采用。导演要这条裁定，请重新发一帖"]
    if first is not None and _squeezed(first) != _squeezed(post.text) and post.edited_by != author:
        return ["这一帖的内容和第一次存档时不一样，却没有导演本人的编辑记录：裁定不再采用。导演要这条裁定，请重新发一帖"]
    if reading is None:
        return ["这一帖编辑以后已经不是裁定了：原来的裁定不再采用"]
    return []


def _squeezed(text: str | None) -> str:
    return "".join((text or "").split())


def _made_at(post) -> datetime | None:
    """When the director made the ruling: the post's time, or the author's own later edit."""
    times = [post.posted_at] + ([post.edited_at] if post.edited_at and post.edited_by == post.author else [])
    moments = [datetime.fromisoformat(t) for t in times if t]
    return max(moments) if moments else None


def _resolve(post, reading, game: Game, base: DayTally, rules: Rules, shifted: str | None) -> tuple[list[Ruling], list[str]]:
    """Each item of the post as a Ruling on a post of the day's vote thread, or every reason it is not one."""
    by_floor = {e.floor: e for e in base.entries if e.floor is not None and e.pid >= 0}  # a post's first ballot
    by_pid = {e.pid: e for e in base.entries}
    at = datetime.fromisoformat(post.posted_at) if post.posted_at else None
    rulings, why = [], []
    unsure: set[tuple] = set()  # floors and pids a link names two ways: neither is ruled
    for label, pid in [*reading.links, *_html_links(getattr(post, "html", "") or "")]:
        entry = by_floor.get(label)
        if entry is None or entry.pid != pid:
            shown = by_pid.get(pid)
            why.append(f"链接的文字写的是 #{label}，链接却指向 pid {pid}" + (f"（#{shown.floor}）" if shown else "")
                       + "：不知道裁定的是哪一楼")
            unsure |= {("floor", label), ("pid", pid)}
    for item in reading.applied:
        kind, number = item.ref
        if item.ref in unsure:
            continue
        said = {"floor": f"#{number}", "pid": f"pid {number}"}.get(kind, "引用的帖子")
        if kind == "quoted":
            linked = [q.pid for q in post.quotes if q.pid]
            entry = by_pid.get(linked[0]) if len(linked) == 1 else None
            if entry is None:
                why.append("裁定没写楼层，引用的又不是（只是）本日投票帖里的一帖：请写明楼层，例如「18楼 无效」")
                continue
        elif kind == "floor" and shifted:
            why.append(f"{said}：{shifted}，楼层号可能和导演裁定时看到的不一样：请引用那一帖再写裁定，或贴它的链接")
            continue
        else:
            entry = by_floor.get(number) if kind == "floor" else by_pid.get(number)
            if entry is None:
                why.append(f"{said} 不是{base.title}投票帖里的帖子")
                continue
        # (the ruling's own moment: its post's time, or its author's later edit — 「补充裁定：4楼无效」 edited into an earlier
        # notice rules a floor posted between the two: the hostile rounds 105, case 11 and 107, case 18, refused it)
        made = _made_at(post)
        edited_since = bool(made and at and made > at and entry.at and entry.at <= made) or \
            post.floor == 1 and bool(made and entry.at and entry.at <= made)  # (lines an edit added to the opening post)
        if entry.pid == post.pid or (entry.at and made and entry.at > made) or (
                post.tid == base.vote_thread and entry.floor and post.floor and entry.floor > post.floor and not edited_since):
            why.append(f"{said} 比这条裁定还晚：裁定只能针对之前的帖子")
            continue
        if entry.author in game.directors and entry.kind != "proxy" and not entry.relayed_for:
            why.append(f"{said} 是导演自己的帖子（公告、票型统计或裁定），不是一张票：不知道裁定的是哪一张票")
            continue
        if item.verdict in ("invalid", "abstain", "valid", "counts_as", "keep_original", "uphold") and entry.kind == "none" and \
                not entry.needs_review and not entry.readings and not entry.relayed_for and entry.author not in game.directors \
                and not _NOT_A_BALLOT_SAID.search(post.text or "") and not (
                    item.verdict == "invalid" and _names_its_author(post.text or "", number, entry.author, kind)):
            # 「38楼 无效。」 where 38楼 is talk (「哈哈哈今天好冷」): a verdict on a post that casts nothing — the floor the director
            # meant may be another; rules nothing, said so (blind20 a064 had been applied)
            why.append(f"{said} 不是一张票（{entry.author} 的发言）：这条裁定说的可能是别的楼，请核对楼层")
            continue
        if item.about == "change" and entry.kind != "change":
            why.append(f"{said} 不是改票（是{entry.author}的投票）：裁定说的是「{said}的改票」，请核对楼层")
            continue
        source = source_words(post.floor, post.author, post.posted_at, post.pid, _thread_words(post.tid, base, game))
        parts = [e for e in base.entries if e.pid != entry.pid and real_pid(e.pid) == entry.pid]

        def held(problem: str, entry=entry, parts=parts, source=source) -> None:
            # the director ruled this ballot in words the tool cannot apply: it waits for the director, never keeps the
            # reading the ruling may change (hostile round 57: 「6楼算杨康的票」 listed, #6 counted and the day posted)
            why.append(problem)
            rulings.extend(_waits(b.pid, problem, post, source) for b in [entry, *parts])

        if item.author and to_simplified(item.author) not in {to_simplified(entry.author), to_simplified(entry.target or "")}:
            # (「his original #11 (Corvin) counts」: the name beside a floor is its poster or the player its ballot names) —
            # another name: the floor or the name is wrong, and which ballot is ruled is the director's (hostile round 58:
            # 「林平之：6楼无效」 listed, #6 counted)
            held(f"{said} 是「{entry.author}」发的，裁定里写的却是「{item.author}」：是哪一楼、哪一张票，请导演核对")
            continue
        if item.author and to_simplified(item.author) == to_simplified(entry.target or "") != to_simplified(entry.author) and any(
                e.author == entry.target and e.kind in ("vote", "change", "abstain") for e in base.entries):
            # 「5楼郭靖无效」 where #5 is 欧阳克's ballot for 郭靖, and 郭靖 has a ballot of his own: the ballot for him, or his own
            # floor with the number wrong? (the hostile round 85, K16/K17: #5 voided, 杨康 posted out)
            held(f"{said} 是「{entry.author}」投给「{entry.target}」的票，「{entry.target}」自己也投了票：裁定里写的「{item.author}」"
                 f"说的是哪一楼，请导演核对")
            continue
        if item.about == "proxy" and entry.kind != "proxy":
            # 「……（40樓），以他本人那票為準，本條代投作廢」: a proxy said void beside a floor that holds the player's own ballot —
            # the words are of another proxy (blind13 s067: the player's own ballot had been voided)
            held(f"{said} 不是代投（是{entry.author}自己的票）：裁定说的是代投作废，请核对楼层")
            continue
        before = [e for e in base.entries if e.voter and e.voter == entry.voter and e.floor and entry.floor and e.floor < entry.floor
                  and e.kind in ("vote", "change", "proxy") and e.target] if item.verdict == "keep_original" and entry.kind == "change" else []
        meant, problem = _meaning(_spelled_as_the_roster(item, game), entry, said, before[-1] if before else None)
        if problem:
            held(problem)
            continue
        if meant[0] == "reject" and entry.kind == "proxy" and entry.voter and re.search(
                rf"{re.escape(entry.voter)}\s*(?:今日|今天|本日|这轮|本轮)?\s*(?:按|记|视为|算|算作|计为)\s*弃权", post.text or ""):
            # 「#51 作废，孔方兄 今天视为弃权」: the director's proxy void, and what that makes of its player — an abstention, said
            # (blind22 u020, blind37 ck020, blind41 co015: the player had been left with no ballot at all)
            meant = ("target", None, None)
        if meant[0] == "accept" and (stray := _unexplained(item, entry, base, game)):
            # 「有效」 keeps the ballot as written: a player it does not account for may be the one meant (「有效，以他改正后的
            # X 计」); beside a verdict that voids a ballot or names its target, a name changes nothing
            held(f"{said} 的裁定里还写了「{'、'.join(stray)}」，裁定却没说算给谁：请写明（例如「{said} 计为 某人」）")
            continue
        decision, target, voter = meant
        no_ballot = decision == "none"
        decision = "reject" if no_ballot else decision
        problem = ruling_problem(base, game, entry.pid, decision, target, voter, rules)
        if problem:
            held(f"{said}：{problem}")
            continue
        if parts and decision == "target":
            held(f"{said} 一帖里有 {len(parts) + 1} 张代投：「计为」不知道说的是哪一张，请写「无效」或「有效」，或分别另发")
            continue
        for ballot in [entry, *parts]:  # 「22楼 无效」 on a post of two proxies: both
            rulings.append(Ruling(ballot.pid, decision, target, item.note, voter=voter, source=source, source_pid=post.pid,
                                  source_tid=post.tid, source_floor=post.floor, no_ballot=no_ballot))
    return rulings, why


_LINK = re.compile(r"<a\b[^>]*href=\"[^\"]*?[?&](?:amp;)?pid=(\d{1,10})[^\"]*\"[^>]*>\s*(?:第\s*)?#?(\d{1,5})\s*(?:楼|层|L|F|#)?\s*</a>",
                   re.I)


def _html_links(html: str) -> list[tuple[int, int]]:
    """(floor the words say, pid the link goes to) of each link in the post that names a floor."""
    return [(int(floor), int(pid)) for pid, floor in _LINK.findall(html)] if "pid=" in html else []


def _floors_may_have_shifted(base: DayTally, posts: list) -> str | None:
    """Why a floor number may no longer name the post the director saw under it: Discuz counts floors from
    the visible posts where a page has a gap (docs/discuz.md), so a post deleted or hidden after the ruling
    moves every later floor down by one. Where the archive knows of such a gap, floors are no identity."""
    thread = [p for p in posts if p.tid == base.vote_thread]
    if any(p.status == "deleted" for p in thread):
        return "投票帖里有帖子被删除"
    floors = sorted(p.floor for p in thread if p.floor is not None)
    if len(floors) != len(set(floors)):
        return "投票帖里有两帖是同一个楼层号（有帖子被删除后楼层重排了）"
    if floors and floors != list(range(floors[0], floors[0] + len(floors))):
        return "投票帖的楼层号不连续（有帖子被删除或等待审核）"
    return None


def _unexplained(item, entry, base: DayTally, game: Game) -> list[str]:
    """The players the ruling names beside its verdict that the floor's post does not explain: not its poster, not a
    player its ballot (or the ballot it changes) names or could be read as naming, not whose ballot it relays."""
    if not item.named:
        return []
    roster = roster_of(game)
    earlier = [e for e in base.entries if e.voter and e.voter == entry.voter and e.pid != entry.pid]
    explained = {entry.author, entry.voter, entry.target, entry.suggestion, item.target, item.voter, item.author,
                 *entry.readings, *entry.relayed_for, *(e.target for e in earlier)} - {None}
    known = {roster.resolve(n).name or n for n in explained}
    return [n for n in item.named if (roster.resolve(n).name or n) not in known]


def _spelled_as_the_roster(item, game: Game):
    """The item with the players it names as the game file spells them: the reader reads Simplified text, a roster may
    be written in Traditional (「計為 鳳凰」 is read 计为 凤凰; the player is 鳳凰) — an alias or the other script, never a
    near name."""
    roster = roster_of(game)

    def spelled(name):  # (resolve without fuzzy: as written, an alias or the other script)
        return (roster.resolve(name).name or name) if name else name
    return replace(item, target=spelled(item.target), voter=spelled(item.voter))


def _meaning(item, entry, said: str, original=None) -> tuple[tuple | None, str | None]:
    """(decision, target, voter) of one item for the post it is on; `original`: the voter's ballot before it."""
    verdict = item.verdict
    if verdict == "invalid":
        return ("reject", None, None), None
    if verdict == "not_a_vote":
        return ("none", None, None), None  # a reject that casts nothing (Ruling.no_ballot)
    if verdict == "valid":
        return ("accept", None, None), None
    if verdict == "abstain":
        return ("target", None, None), None
    if verdict == "counts_as":
        if item.target in entry.relayed_for:
            # 「这票算给阿鲁巴」 on 帮阿鲁巴投…: a ballot for the player it was relayed for, or that player's ballot?
            return None, (f"{said}「计为 {item.target}」：这一帖是替 {item.target} 转投的——是投给 {item.target}，还是算作 "
                          f"{item.target} 的票？请写「算 {item.target} 的票，计为 某人」")
        return ("target", item.target, None), None
    if verdict == "for_voter":
        return ("target", item.target, item.voter), None
    if verdict == "belongs":
        whose = item.voter
        if whose == entry.author:
            return ("accept", None, None), None
        relayed = set(entry.relayed_for) | {r.voter for r in certainty.readings(entry) if r.voter}
        if whose in relayed:
            # 「21楼那张票算郭靖的」 on 帮郭靖投杨康: 郭靖's ballot, for what the relay names (where it names one)
            meant = [n for n in dict.fromkeys([entry.target, *entry.readings]) if n and n != whose]
            return (("target", meant[0], whose) if len(meant) == 1 else ("accept", None, whose)), None
        if whose in {entry.target, entry.suggestion, *entry.readings} - {None}:
            return ("target", whose, None), None  # 「22楼……算作大星淡的票」: the player the ballot names
        return None, (f"{said}「算 {whose} 的」：是计为 {whose}，还是算作 {whose} 的票？请写「计为 {whose}」"
                      f"或「算 {whose} 的票，计为 某人」")
    if verdict == "uphold":
        if entry.kind == "change":
            return ("reject", None, None), None  # 「……改票，维持原判」: the change is void, the ballot before it stands
        return None, f"{said}「维持原判」：原判是什么，工具不知道，请写明（例如「{said} 无效」或「计为 某人」）"
    if verdict == "keep_original":
        if entry.kind == "change" and getattr(item, "as_it_stood", False):
            # 「按截止前的原样计，即 电钻」 on a change: the change as it stood before its late edit, named — for that player
            # (blind40 cn070: voided)
            return ("target", item.target, None), None
        if entry.kind == "change" and item.target and original is not None and original.target != item.target and \
                item.target not in (entry.voter, entry.author):  # (「铜锤 这票仍然是 青衣」: the voter named first is no target)
            # 「#30 仍计 挂号」 where the ballot before the change is #12 (缴费处): the player named is neither the original's
            # nor, perhaps, the change's as it stands — which ballot counts is the director's (blind28 cb017: voided to #12)
            return None, (f"{said} 是改票，裁定说仍计「{item.target}」，它之前的 #{original.floor} 投的却是「{original.target}」："
                          f"算哪一张，请导演确认")
        if entry.kind == "change":
            return ("reject", None, None), None  # the change is void: the ballot before it stands
        if "按关门前存档的内容计票" in (entry.reason or ""):
            return ("accept", None, None), None  # the tally already counts what it said before the edit
        if item.target:
            return ("target", item.target, None), None  # 「以原票为准，仍计紫藤」: the original, as the director names it
        if set(item.named) == {entry.target} and entry.target:
            return ("accept", None, None), None  # 「#11 原票 小面 照算」 on #11's own ballot for 小面: it stands as written
        return None, f"{said} 不是改票，存档里也没有它被编辑前的内容：「按原票计」不知道原票是什么，请写「计为 某人」"
    return None, f"{said}：看不懂的裁定"


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
    if entry.form_invalid and entry.suggestion is None and entry.voter == entry.author and \
            len([n for n in entry.readings if n in game.player_names]) == 1:  # (not a name near a player's: 计为 X says which)
        return None  # 「6楼……缺理由不在无效情形之列，有效」 on 「投票对象：芒种」: the one player its form failed to count
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


def _names_its_author(text: str, number: int, author: str, kind: str) -> bool:
    """The ruling writes the floor with its poster's name beside it (「31楼 加油团 只贴了个「+1」……不计」): the floor is the
    one meant, and voiding its talk changes nothing (blind27 ca003)."""
    if kind != "floor" or not author:
        return False
    floor = rf"(?:#\s*{number}|{number}\s*(?:楼|层|樓|#|F|L))(?!\d)"
    return re.search(rf"{floor}\s*(?:的)?\s*{re.escape(author)}|{re.escape(author)}\s*(?:的|在)?\s*{floor}", text) is not None


# The ruling itself says its floor casts nothing (「17# … is a finger of suspicion, not a vote — 不计」): a verdict on talk, said so
_NOT_A_BALLOT_SAID = re.compile(r"不是投票|不是票|不算投票|非投票|不是一张票|闲聊|发言|聊天|(?:没|没有|没写|未写|无)\s*(?:投票)?对象|"
                                r"只(?:写|贴|发|回)了|(?i:not a (?:vote|ballot)|chatter|suspicion|fos|no target)")
# (「他自己的 29楼 也没对象，只写了「看好戏」，无效」: the floor said to hold no ballot — blind27 ca058)
