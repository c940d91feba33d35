"""Recall by construction: does the poster's own text try to vote, whatever the form?

    >>> attempt("最后还是决定把我的一票献给郭靖", Roster(["郭靖", "黄蓉"])).names
    ('郭靖',)

This is deliberately not the grammar. The grammar (vote.lark, free.lark) decides which wordings are
clean ballots; this looks only for the morphemes a vote is made of — 投 票 选 弃 撤 代投 跟 — shortly
before a roster name (or alias) or a word for nobody, and for ballot labels. A post the grammar reads as
"not a ballot" but this finds an attempt in is flagged for the director, never silently dropped: a form
nobody thought of costs a flag, not a miss.

It stands down only where the attempt is plainly not a ballot of the poster's own today: a question
(投郭靖吗？ · 投谁), a negation (不投郭靖 · 别投他), a hypothetical (如果… · 假如明晚…), or a report of
someone else's vote (楼上投了郭靖 · 郭靖投了黄蓉).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import speech
from .names import Roster, described, nicknames

# (and a vote in English words a grammar form does not hold: 「I'm voting for 郭靖」「going with 郭靖」「lynch 郭靖」 — hostile round 64)
_MORPHEME = re.compile(r"代投|投|票|选|弃|撤|跟|先挂|暂挂|挂票|挂给|预设|照办|照做|照投|(?i:behalf)|"
                       # 投 mistyped on a phone (头 · 頭 · 透 · 偷 · 骰: one sound, or one shape), opening the post or a line with
                       # a player after it (「偷郭靖，理由划水」: hostile rounds 68–69, silent) — an attempt, asked
                       r"(?:(?<=\n)|^)\s*[头頭透偷骰](?=\s*[\u4e00-\u9fff])|"
                       r"(?i:(?<![a-z])(?:vot(?:e|es|ing|ed)(?:\s+for)?|lynch(?:ing)?|going\s+with|go\s+with|put\s+me\s+down\s+for|"
                       r"my\s+vote\s+(?:is|goes)(?:\s+to)?|my\s+(?:pick|choice|ballot)\s*(?:is|:)?|pick(?:ing)?|choos(?:e|ing)|"
                       r"lock(?:ing)?\s+in|(?:i\x27?m\s+)?going|backing|siding\s+with|"
                       # a change in English words (「switching to 杨康」「actually 杨康」「moving my vote to 杨康」: hostile round 67)
                       r"(?:switch(?:ing)?|mov(?:e|ing)|chang(?:e|ing)|shift(?:ing)?|flip(?:ping)?)(?:\s+(?:my\s+)?vote)?\s+to|actually|instead|"
                       # a ballot leaned towards (「leaning 郭靖」: round 68) — an attempt, asked
                       r"lean(?:ing)?(?:\s+towards?)?|soft\s*(?:vote|投)|probably|prob|likely|maybe|perhaps)(?![a-z]))")  # (round 69)
_NOBODY = re.compile(r"弃权|无人|没人|空票|白票|^\s*空(?![间气闲想白])")
# A label — not the label named as a thing (投票对象那一行写的是… · 投票对象和投票理由 · 投票对象有误的票).
_LABEL = re.compile(r"(?:投票对象|改票对象|投票目标|改票目标|改投对象|投票人|代投玩家|委托人)(?!的|有误|错|那|这|一栏|一行|栏|写|是|要|需|必须|里|中|和|与|及|、)")
_CLAUSE = re.compile(r"[，,]")  # (a list 郭靖、黄蓉 stays in its clause)
_WINDOW = 8  # characters between the morpheme and the name it points at
_QUESTION = re.compile(r"[?？]|吗|呢$|谁|哪个|哪位|要不要|是不是|该不该|投不投|怎么|为什么|难道")
_NEGATION = re.compile(r"(?:不|别|没有|没|勿|莫|不要|不会)(?:再|又|还|都|也|就|先|可|千万|再去|继续|乱|瞎)?$")  # (「别再投X了」)
_HYPOTHETICAL = re.compile(r"如果|假如|要是|万一|假设|若是|换作|换做|的话")
_REPORTER = re.compile(r"(?:楼上|楼下|他们|她们|他|她|大家|有人|别人|\d+楼|都|也有人)$")
_COMPOUND = re.compile(r"投票帖|投票贴|票型|票数|选择|选边|跟帖|跟着|跟进|撤退|放弃|投机|投入|投降|弃疗|选手|候选|重投|平票|白投|"
                       r"无效票|无效改票|有效票|废票|票面|改票无效|投票统计|票统计")
# A player pointed at without a name (投他 · 票投给楼上 · 我投3楼 · 投票对象：#5): the tally knows who that is.
_REFERENCE = re.compile(r"楼上|楼主|(?P<floor>\d{1,5}|[一二三四五六七八九十百]{1,4})\s*(?:楼|L\b)|#\s*(?P<hash>\d{1,5})|[他她你](?!们)|这位|此人|这个人|这人|该玩家|这家伙|(?i:(?<![a-z])(?:this guy|him|her)(?![a-z]))")
_POINTING = re.compile(r"投|票|选")  # 跟 · 弃 · 撤 next to 他 are talk (我跟他说), not a ballot
_NUMERALS = dict(zip("一二三四五六七八九", range(1, 10)))
_FILLER = re.compile(r"\s*(?:就|也|还是|都|先|直接)?\s*(?:给了|给|了)?\s*(?:一票给|一票|个)?\s*")  # (这票就给他了)


@dataclass(frozen=True)
class Attempt:
    names: tuple[str, ...]  # the players it points at (empty: nobody, or a label with no name)
    phrase: str  # the words that made it an attempt, for the director
    refers: tuple[str, ...] = ()  # players pointed at without a name: "above", "op", "floor:N", "quoted"


def references(text: str) -> tuple[str, ...]:
    """What a target written without a name points at: 楼上 → "above", 楼主 → "op", 3楼 · #3 → "floor:3",
    他 · 她 → "quoted" (whoever the post quotes, else the post above)."""
    found = []
    for m in _REFERENCE.finditer(text or ""):
        word = m.group()
        if word == "楼上":
            found.append("above")
        elif word == "楼主":
            found.append("op")
        elif m.group("floor") or m.group("hash"):
            number = _number(m.group("floor") or m.group("hash"))
            if number:
                found.append(f"floor:{number}")
        else:
            found.append("quoted")
    return tuple(dict.fromkeys(found))


def _number(written: str) -> int | None:
    if written.isdecimal():
        return int(written)
    if set(written) <= set("一二三四五六七八九十"):  # 三 · 十二 · 二十三
        tens, _, ones = written.partition("十")
        if "十" not in written:
            return _NUMERALS.get(written) if len(written) == 1 else None
        return (_NUMERALS.get(tens, 1) if tens else 1) * 10 + (_NUMERALS.get(ones, 0) if ones else 0)
    return None


def labelled(text: str) -> bool:
    """The text holds a ballot label (投票对象 · 改票对象 …)."""
    return bool(_LABEL.search(text))


def attempt(text: str, roster: Roster | None) -> Attempt | None:
    """A vote attempt in the poster's own (normalised) text, or None."""
    if not text:
        return None
    label = _LABEL.search(text)
    if label:
        line = text[label.start(): text.find("\n", label.start()) if "\n" in text[label.start():] else len(text)]
        return Attempt(names_in(line, roster), line[:30])
    mentioned = re.compile(rf"@\s*({roster.pattern.pattern})\s*") if roster is not None and roster.pattern is not None and "@" in text \
        else None
    # 「@令狐冲 投你了」: the one mentioned is spoken to, never the subject of 投 (「令狐冲投你了」 tells what he did)
    found = hits(mentioned.sub("", text) if mentioned else text, roster)
    if not found:
        return None
    refers = tuple(dict.fromkeys(r for h in found for r in h.refers))
    to_you = refers and roster is not None and re.search(r"给你|投你|就你|你了", text)
    # 「郭大侠，这票给你了」「@令狐冲 投你了」: the one spoken to (hostile rounds 58, 59)
    called = [*_addressed(re.split(r"[，,。!！:：\n]", text, maxsplit=1)[0], roster),
              *(roster.table[m.group(1)] for m in (mentioned.finditer(text) if mentioned else ()))] if to_you else []
    return Attempt(tuple(dict.fromkeys([*(h.name for h in found if h.name), *called])), found[0].phrase, refers)


# The morphemes that cast by themselves; 跟 · 选 · 弃 · 撤 beside a name are as often talk (跟郭靖一个想法).
STRONG = frozenset({"投", "票", "代投", "先挂", "暂挂", "挂票", "挂给"})


@dataclass(frozen=True)
class Hit:
    """One clause that tries to vote: the player it points at (None: nobody, or a pointer), the words,
    what the clause does (grammar/speech.py: cast, relay, void_if, later, interim) and, for a relay,
    whom it is for."""

    name: str | None
    phrase: str
    act: str = speech.CAST
    verb: str = "投"  # the morpheme that made it an attempt
    who: str | None = None
    refers: tuple[str, ...] = ()
    nobody: bool = False


# A clause that settles on a player with no vote word (「我觉得今天该出的是乐天，就他了」「…警长票，给摩羯」): the choice the
# post makes — 他 · 她 the player named before it.
_SETTLES = re.compile(r"^\s*(?:那|那么|所以)?\s*(?:就|先|暂且|暂时|姑且)(?:是)?\s*(?P<who>\S{1,12}?)\s*(?:了|吧|啦)\s*[。.!！~～]*\s*$")
_GIVES = re.compile(r"^\s*(?:就)?给\s*(?P<who>\S{1,12}?)\s*(?:了|吧)?\s*[。.!！~～]*\s*$")
# 「今天我站甘草出局」「希望甘草出局」: the player the poster wants out — and 「这就是我的票」 says the post is the ballot
_WANTS_OUT = re.compile(r"(?:站|希望|想让|让|要|支持)\s*(?P<who>\S{1,12}?)\s*(?:今天)?\s*出局")


# 「我觉得今天该出的就是刻刻，就这么定了吧」「郭靖今天必须出局」: who the poster says should go out — a vote attempt in other words
_OUT_WISH = re.compile(r"(?:该|应该|要|得|必须)\s*(?:出|走|出局)的(?:人|那个|那位)?\s*(?:就|还|肯定)?\s*是\s*(?P<who>[^\s,，。.!！~～:：]{1,12}?)\s*(?:了|吧|啦)?(?=$|[\s,，。.!！~～])|"
                       r"(?:^|[\s,，。.!！:：])(?P<who2>[^\s,，。.!！~～:：]{1,12}?)\s*(?:今天|这轮|这把)?\s*(?:必须|应该|该|就该|可以)\s*(?:出局|出去|走人)")

# 「该出的是胜邪，大家别分票了」: who should go out, urged on the others — campaigning, unless the poster settles it as theirs
_CAMPAIGNS = re.compile(r"大家|各位|你们|(?<![a-z])(?:everyone|guys|y'?all)(?![a-z])", re.I)
_SETTLES_ON = re.compile(r"定了|就这样|就这么|就他|就她|我的票|这票|我投|不多说")

# 「…警长票，给摩羯」「我这票就不浪费了，给郭靖」: the clause before the gift holds the poster's ballot
_OWN_BALLOT = re.compile(r"票\s*$|(?:我这|我的|这|这一|手里的|手上的|我手里这)\s*一?\s*票")
_SURNAME = re.compile(r"(?:投|票给|选)\s*(?:给)?\s*(?:那个|这个|那位|这位)?\s*姓(?P<s>[\u4e00-\u9fff]{1,2}?)的")
# 「我自己：毛尖」 as a line of the poster's own count: the poster's ballot, as the count gives it (heldout16 p16_041)
_OWN_LINE = re.compile(r"^\s*(?:我自己|我本人|本人|我|俺)\s*(?:的票|投)?\s*(?:[:：]|→|->|=>|——|—|--)\s*(?P<who>[^\s,，。:：]{1,12})\s*[。.!！]?\s*$", re.M)


# 「我和X的意见：杨康」「本楼两票：P、X → 杨康」「X: 杨康 (posted by me)」: a line that pairs something with a player, the player
# last — the shape of a ballot with no ballot's words (round 111, cases 07–09: read as talk). Only where the post pairs once: a
# list of pairs is a count or a retold vote.
_PAIRED = re.compile(r"^\s*(?P<left>[^\n]{1,30}?)\s*(?:[:：]|→|->|=>|➡|⇒)\s*(?P<who>[^\s,，。:：()（）\[\]【】]{1,12}?)\s*"
                     r"(?:[(（][^()（）\n]{0,60}[)）])?\s*[。.!！~～]*\s*$", re.M)


# (a pair that is another act's — a skill, a check, a night action: 「【发动技能】理发：老旦」, heldout45 w45_137)
_OTHER_ACT = re.compile(r"技能|发动|使用|查验|验人|守护|守卫|夜晚|行动|刀人|毒|救|道具|卡牌|翻牌|[【\[](?![^】\]]*[投票])[^】\]]*[】\]]")


# 「郭靖 gets my vote」「郭靖 has my vote」: the player before the words that give the vote
_GETS_MY_VOTE = re.compile(r"(?P<who>[^\s,，。:：]{1,12}?)\s*[,，]?\s+(?i:(?:gets|has|got|earns|takes)\s+(?:my\s+vote|it\s+from\s+me)|"
                           r"is\s+my\s+(?:vote|pick|choice)|that[\x27’]?s\s+my\s+(?:vote|pick|choice)|for\s+me|from\s+me|"
                           r"\((?:soft|light|tentative|placeholder)\s+vote\))")


def _settled(text: str, roster: Roster) -> list[Hit]:
    out = [Hit(name, m.group().strip()[-30:], verb="vote") for m in _GETS_MY_VOTE.finditer(text)
           if (name := roster.resolve(m.group("who")).name)] if re.search(r"(?i)\bme\b|\bmy\b|vote\)", text) else []
    out += [Hit(name, m.group().strip()[-30:], verb="票") for m in _OWN_LINE.finditer(text)
           if (name := roster.resolve(m.group("who")).name)] if ("我" in text or "本人" in text or "俺" in text) and (
        ":" in text or "：" in text or "→" in text or "->" in text or "=>" in text or "—" in text) else []
    if not out and (":" in text or "：" in text or "→" in text or ">" in text or "⇒" in text or "➡" in text) and \
            len(paired := [(m, name) for m in _PAIRED.finditer(text) if (name := roster.resolve(m.group("who")).name)]) == 1 and \
            not speech.EVENTS.search(left := roster.pattern.sub("", paired[0][0].group("left"))) and not _OTHER_ACT.search(left):
        out.append(Hit(paired[0][1], text[paired[0][0].start(): paired[0][0].end("who")].strip()[-30:], verb="：" if "：" in paired[0][0].group() else "→"))
    if out and speech.retold(text, speech.tally_lines(text, roster)):
        out = []  # 「昨天的票型抄一下：…我→杨康」: yesterday's count, retold
    out += [Hit(name, m.group().strip()[-30:], verb="出局") for m in _OUT_WISH.finditer(text)
            if (name := roster.resolve(m.group("who") or m.group("who2")).name)] if re.search(r"出|走", text) and not (
        _CAMPAIGNS.search(text) and not _SETTLES_ON.search(text)) else []
    if "出局" in text and re.search(r"这(?:就)?是我的?(?:今天的)?(?:一)?票|我的票(?:就是这个|在此)", text):
        for m in _WANTS_OUT.finditer(text):
            if name := roster.resolve(m.group("who")).name:  # (as written, an alias or the other script: never a near name)
                out.append(Hit(name, m.group().strip()[-30:], verb="出局"))
    for m in _SURNAME.finditer(text) if "姓" in text else ():
        # 「我投那个姓郭的」: a player named by surname — the one player it fits, or an attempt with no name (the director's)
        fits = [n for n in roster.names if n.startswith(m.group("s"))]
        out += [Hit(n, m.group().strip()[-30:], verb="投") for n in fits] or [Hit(None, m.group().strip()[-30:], verb="投")]
    if not re.search(r"就|给|先|暂且|暂时|姑且", text):
        return out
    clauses = re.split(r"[，,。;；!！\n]", text)
    for i, clause in enumerate(clauses):
        m = _SETTLES.match(clause) or (_GIVES.match(clause) if i and _OWN_BALLOT.search(clauses[i - 1]) else None)
        if not m:
            continue
        who = m.group("who")
        if who in ("他", "她", "你", "ta", "TA"):  # (「湛卢，就你了」: the player the post speaks to)
            named = [roster.table[n.group()] for n in roster.pattern.finditer("，".join(clauses[:i]))]
            name = named[-1] if named else None
        else:
            name = roster.resolve(who).name  # the name as written, an alias or the other script — never a near name
        if name:
            out.append(Hit(name, clause.strip()[-30:], verb="就"))
    return out


def hits(text: str, roster: Roster | None) -> list[Hit]:
    """Every clause of the text that tries to vote, labels or not (labels are the grammar's: here only
    the morphemes). Clauses that retell, report, count or tally (speech.SILENT) cast nothing."""
    if text and roster is not None and roster.pattern is not None and not _MORPHEME.search(text):
        return _settled(text, roster)
    if not text or roster is None or not _MORPHEME.search(text):
        return []
    table, pattern = roster.table, roster.pattern
    if pattern is None or not (pattern.search(text) or _NOBODY.search(text) or _REFERENCE.search(text)):
        return _settled(text, roster) if pattern is not None and "姓" in text else []  # (「投那个姓郭的」: a surname)
    tallied = speech.tally_lines(text, roster)
    later = speech.puts_off(text)
    out: list[Hit] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if number in tallied or not _MORPHEME.search(line):
            continue
        line = speech.without_inline_tally(line)
        for sentence in _sentences(line):
            if not _MORPHEME.search(sentence):
                continue
            # a question or a hypothetical governs its whole sentence (假如明晚没人死，我会投郭靖), except
            # a ballot the poster makes void on a condition (投郭靖，如果他解释了这票作废): that is a doubt
            void = speech.voids(sentence)
            if _QUESTION.search(sentence):
                continue
            if (condition := _HYPOTHETICAL.search(sentence)) and not void:
                out += _on_condition(sentence, condition, roster, table, pattern)
                continue
            previous, silent = "", False
            relayed: speech.Act | None = None  # a clause that relays and casts nothing itself (「周伯通托我转达」)
            past = None  # 「第一天他的票投得太准，……偏偏投了闵子华」: the whole sentence is history (asked only if needed)
            for clause in _CLAUSE.split(sentence):
                if not clause:
                    continue
                verb = _MORPHEME.search(clause)
                if verb is None:
                    silent, previous = False, clause  # no vote word: nothing to carry either
                    relayed = what if (what := speech.act(clause, roster)).kind == speech.RELAY else None
                    continue
                if relayed is None and previous and (away := speech.away(previous, roster, clause)):
                    relayed = away  # 「丘处机上不了论坛，票给杨康」
                if relayed is not None and (_HE.match(clause) or _BARE_BALLOT.match(clause) or speech.OWNERLESS.match(clause)):
                    # 「周伯通托我转达，他投郭靖」: 他 is the player the clause before relays for — the relayed ballot, not a report
                    out += _clause_hits(clause, roster, table, pattern, None, later, relayed)
                    relayed, previous = None, clause
                    continue
                relayed = None
                forced = speech.VOID_IF if void else None
                if forced is None:
                    past = speech.past_sentence(sentence) if past is None else past
                    forced = speech.RETELL if past and speech.past_verb(clause) else None
                if silent and speech.carries(previous, clause, roster):
                    forced = speech.REPORT  # …，今天又跑去投一灯了: still someone else's
                found = _clause_hits(clause, roster, table, pattern, forced, later)
                if not found and forced is None and len(_PHONE_GAP.findall(clause)) >= 2 and speech.act(clause, roster).kind in speech.SILENT:
                    # 「郭靖杨康都可疑 先投杨康吧 理由 太细」: a phone's spaces for commas (two or more) — read as one clause it is
                    # someone's vote reported (郭靖杨康都…投); its parts are clauses of their own (heldout34 w34_068, silent)
                    found = [h for part in _PHONE_GAP.split(clause) for h in _clause_hits(part, roster, table, pattern, None, later)]
                out += found
                silent = forced == speech.REPORT or speech.act(clause, roster).kind in speech.SILENT \
                    or _reported_by_name(clause[: verb.start()], pattern)
                previous = clause
    return out or _settled(text, roster)


def _on_condition(sentence: str, condition: re.Match, roster: Roster, table: dict, pattern: re.Pattern) -> list[Hit]:
    """A hypothetical sentence casts nothing (假如明晚没人死，我会投郭靖: an intention) — unless its main clause, after the
    condition's, casts now with no modal before the verb (「一身份一票的话，我两张牌投两票：押金、押金」): a ballot on a
    condition, asked (speech.VOID_IF), never dropped (heldout38 w38_116, silent)."""
    main = sentence[condition.end():]
    cut = _CLAUSE.search(main)
    if cut is None or condition.group() in ("换作", "换做", "假设", "假如") or re.search(r"我是|我当", sentence[:condition.end() + cut.start()]):
        return []  # (「换作我是狼，第一个投杨康」: what the poster would do as someone else — no ballot of theirs)
    out = []
    for clause in _CLAUSE.split(main[cut.end():]):
        verb = _MORPHEME.search(clause)
        before = clause[:verb.start()] if verb else ""
        # (「…，我就把票挪到卧干」「…，我再投」: then, later — an intention; 「警长投的木鱼出局」: a report, its own act)
        if verb and not speech.modal_before(before) and not re.search(r"就|再|才", before) \
                and speech.act(clause, roster).kind not in speech.SILENT:
            out += _clause_hits(clause, roster, table, pattern, speech.VOID_IF)
    return out


_UNRELATED = re.compile(r"\s*(?:无关|没关系|没有关系|不相干|没啥关系|毫无关系)")
_PHONE_GAP = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_HE = re.compile(r"\s*(?:他|她|TA|ta|对方)(?:说)?\s*(?:要|想)?\s*投")
# 「谢逊私聊我，投郭靖」: a clause that opens on the vote word, no voter of its own, after a relaying one — the relayed ballot
_BARE_BALLOT = re.compile(r"\s*(?:就|那就|所以|于是|让|要)?\s*(?:投|选|改投|(?i:vote)\b)")


def _clause_hits(clause: str, roster: Roster, table: dict, pattern: re.Pattern, forced: str | None,
                 later: bool = False, act: speech.Act | None = None) -> list[Hit]:
    if not _MORPHEME.search(clause) or not (pattern.search(clause) or _NOBODY.search(clause) or _REFERENCE.search(clause)):
        return []  # nothing to vote with, or nothing to vote for: no need to ask what the clause does
    what = act or (speech.Act(forced) if forced else speech.act(clause, roster))
    if what.kind in speech.SILENT:
        return []
    out = []
    reach = _before_reach(roster)
    # (「改口的人是月票不是澡票」: the 票 of a player's name is no verb — a roster where every name ends in 票, heldout30)
    inside = [(n.start(), n.end()) for n in pattern.finditer(clause)]
    for m in _MORPHEME.finditer(clause):
        if any(a <= m.start() < b for a, b in inside):
            continue
        # What stands right before the verb (a negation, a reporter, a name, a modal) is read in a bounded window:
        # every pattern asks only for a word ending at the verb, so the window reads as the whole prefix would,
        # and a clause of a thousand verbs costs a thousand windows, not a thousand prefixes.
        before = clause[max(0, m.start() - reach): m.start()]
        if _NEGATION.search(before) or (what.kind != speech.RELAY and (
                _REPORTER.search(before) or _reported_by_name(before, pattern))):
            continue
        if later and speech.modal_before(before):
            continue  # 我晚上回来再投 … 我会投鸠摩智: an intention in a post that puts its ballot off
        if _in_compound(clause, m.start()):
            continue
        after = clause[m.end(): m.end() + _WINDOW]
        named = pattern.search(after)
        if named and what.kind == speech.RELAY and table[named.group()] == what.who:
            named = pattern.search(after, named.end())  # 帮郭靖投黄蓉: 郭靖 is whom it is for, 黄蓉 the target
        said = dict(act=what.kind, who=what.who, verb=m.group())
        if named and _UNRELATED.match(after, named.end()):
            continue  # 「这票跟郭靖无关」: the player named as having nothing to do with it (round 113, C06)
        if named:
            end = m.end() + named.end()
            out.append(Hit(table[named.group()], clause[max(0, end - 30): end], **said))
        elif _NOBODY.search(after):
            out.append(Hit(None, clause[-30:], nobody=True, **said))
        elif _POINTING.fullmatch(m.group()) and (pointed := _REFERENCE.match(after, _FILLER.match(after).end())):
            end = m.end() + after.find(pointed.group()) + len(pointed.group())
            out.append(Hit(None, clause[max(0, end - 30): end], refers=references(pointed.group()), **said))
    if not out and what.kind != speech.RELAY and (m := _for_name(pattern).search(clause)):
        # 为郭靖投一票 · 给郭靖投上一票 · 郭靖一票: the name before the verb is the target.
        out.append(Hit(table[m.group("name")], m.group()[-30:], act=what.kind, who=what.who, verb="投"))
    return out


def _before_reach(roster: Roster) -> int:
    """How far before a verb its readers look: the longest word they ask for ending there (a name and the
    character after it, 应该会, 也有人, a floor number) with room to spare."""
    return 2 * max(map(len, roster.table), default=0) + 16


def may_hit(text: str, roster: Roster | None) -> bool:
    """A cheap superset of the `hits` a ballot's reasons can hold that matter beside the ballot: a word that
    casts by itself (STRONG), and within a few characters a player or a word for nobody. Most have none."""
    if roster is None or roster.pattern is None:
        return False
    return bool(_quick(roster.pattern.pattern).search(text))


@lru_cache(maxsize=64)
def _quick(names: str) -> re.Pattern:
    verbs = "|".join(sorted(STRONG, key=len, reverse=True))
    return re.compile(rf"(?:{verbs})[^，,。\n]{{0,12}}?(?:{names}|弃权|无人|没人|空票|白票|空)|(?:为|给)\s*(?:{names})\s*(?:投|献)")


def _in_compound(clause: str, at: int) -> bool:
    """The morpheme at `at` is inside a word that merely contains it (投票帖 · 无效改票 · 重投)."""
    for start in range(max(0, at - 4), at + 1):
        m = _COMPOUND.match(clause, start)
        if m and m.end() > at:
            return True
    return False


@lru_cache(maxsize=64)
def _for_name(pattern: re.Pattern) -> re.Pattern:
    return re.compile(rf"(?:为|给)\s*(?P<name>{pattern.pattern})\s*(?:投上|投了|投|献上|献出)\s*(?:一|1)?\s*票")


def _sentences(text: str) -> list[str]:
    """Sentences, each keeping its closing ? so that a question still reads as one."""
    return [m.group() for m in re.finditer(r"[^。！!；;\n?？]+[?？]?", text)]


def _reported_by_name(before: str, pattern: re.Pattern) -> bool:
    """郭靖投了黄蓉: a player's name right before the verb makes it a report of their vote."""
    m = None
    for m in pattern.finditer(before):
        pass
    return m is not None and m.end() >= len(before) - 1


def names_in(text: str, roster: Roster | None) -> tuple[str, ...]:
    """Every player named in `text` (aliases as their player), longest names first, in order."""
    if roster is None or roster.pattern is None:
        return ()
    return tuple(dict.fromkeys(roster.table[m.group()] for m in roster.pattern.finditer(text)))


def _addressed(clause: str, roster) -> list[str]:
    """The players a clause that only calls someone (「郭大侠」「小黄」) could be speaking to: by surname and title, or by a
    short form of the name (names.nicknames)."""
    called = clause.strip(" ，,。!！~～@")
    if not called or len(called) > 6 or not described(called, roster):
        return []
    return list(dict.fromkeys([*(n for n in roster.names if n[0] == called[0] and called[0] not in "小老阿大"), *nicknames(called, roster)]))
