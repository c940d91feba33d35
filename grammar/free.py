"""Free-format ballots: what a post without labels tries to vote for, read with free.lark.

    >>> read("投 郭靖。\\n理由：太像狼", Roster(["郭靖", "黄蓉"])).kind
    'vote'

A post is split into sentences; each sentence is cut into the tokens free.lark declares (roster names
first, then the vote words, then runs of other characters) and parsed. The phrases found are then read
in their context — who speaks (我 / 楼上 / 黄蓉), a condition (如果), a negation (不), a question — and
summed up for the whole post. Nothing here decides validity: ballot.py applies the preset.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError
from lark.lexer import Lexer

from . import speech
from .names import Roster, to_simplified

# The vocabulary, longest spellings first within each group. Compounds that merely contain 投 are
# words, not votes (投机, 投票帖, …): they are matched before VOTE.
_COMPOUNDS = ("投票帖|投票贴|投票楼|投票区|投票时间|投票格式|投票规则|投票结果|投票期|投票权|投票数|投票率|投票情况|"
              "投机|投入|票?投[错漏反偏歪岔]|投资|投降|投靠|投诉|投稿|投放|投影|投射|投掷|投胎|投缘|投篮|投身|投递|投喂|投毒|投石|投鼠|白投|重投|重新投票|平票|"
              "票数|票型|选择|选边|改变|改天|改口|无聊|无法|无论|无所|无关|无语|无奈|无辜|无非|无意|无效|无视|弃票权")
_WORDS = {
    "CHANGE": "改投给|改投|改票给|改票投|改票为|改票到|改一下票|改下票|改个票|改票|改成|改为|转投|换投|换成",
    "PROXY": "帮我代投|替我代投|请导演代投|导演代投|代我投|帮我投|代投",
    "SAME": "跟楼上|同楼上|同意楼上|附和楼上|照楼上|随楼上|跟着楼上|楼上同|顶楼上|楼上正解|同上|跟票|附议|我也这么投|我也这样投|也这么投|也这样投|照这个投|我也投这个|也投这个",
    "WITHDRAW": "撤回投票|撤回|撤票|收回投票|收回|撤销投票|撤销|那票不算|这票不算|那一票不算|票作废",
    # (hostile round 76: 「谁都不投」「不投谁」「abstain」「vote: no lynch」 after a ballot had been read as talk)
    "ABSTAIN": "弃权|弃票|弃了|弃掉|投空|投个空|空票|投白票|白票|谁都不投|谁也不投|不投谁|哪个都不投|一个都不投|(?i:abstain(?:ing)?|no\\s*lynch)",
    "SELECT": "我就选|我要选|我选|就选",
    "VOTE": "这一票投给|这一票给|这票投给|这票给|一票给|我的一票给|我的票给|我的票投|我的票是|票投给|投票给|投给|票给|票投|投票|投出|投",
    "ONE": "一票",
    "COND": "如果|要是|假如|假设|若是|万一|换作|换做|的话",
    "OR": "或者|或是|还是|以及|或|和|与|及",
    "NEG": "不会|不要|不能|不可以|不许|不准|不得|不该|不用|先不|暂不|不|别|没有|没|勿|莫",
    "OTHER": "楼上|楼下|他们|她们|他|她|大家|有人|别人|\\d+楼",
    "ME": "我|俺|本人|老子|咱|吾",
    "PAST": "了|过|的就是|的还是|的也是|的都是|的是",
    "REASON": "理由|因为|原因|由于|毕竟",
    "PARTICLE": "吧|啦|呀|哦|喔|啊|咯|嘛|呗|哈|~",
    "NOBODY": "无",
}
_STOP = "。!?;！？；\n"
_SEP_CHARS = "[,，、…·/|]"
_SEP_STRIP = ",，、…·/|"
# (「谁都不投」「谁也不投」「今天不投谁了」: nobody — 谁 that asks nothing)
_QUESTION_WORDS = re.compile(r"[?？]|[吗呢么][!~。]*$|(?<!不投)谁(?![都也])|哪个(?![都也])|哪位|要不要|是不是|投不投|该不该|怎么")
_DROPPED = re.compile(r"[\s\"'“”‘’「」『』《》〈〉()（）<>\[\]【】@:：*#]+")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaffA-Za-z0-9]")
_IMPERATIVE = ("别", "不要", "勿", "莫")
_BETWEEN = {"再", "又", "还", "都", "也", "就", "先", "可", "千万", "再去", "又去", "还去", "继续", "乱", "瞎"}


@dataclass(frozen=True)
class Phrase:
    kind: str  # vote | change | abstain | proxy | same (select is a vote)
    name: str | None  # the roster name, when the target was one
    written: str | None  # the target as written (a name, or a run of characters), None when there is none
    nobody: bool  # the target was 无
    context: str  # "" | "me" | "other" | "cond" | "neg": what stood before the verb
    question: bool
    line: int
    verb: str
    imperative: bool = False  # 别投 / 不要投: said to others, not a ballot of one's own
    past: bool = False  # 没投 / 还没有投票: a state ("hasn't voted yet"), not a decision to abstain
    hedged: bool = False  # 想投 / 打算投: not decided yet
    future: bool = False  # 我会投 / 要投: said as what the poster will do
    topic: bool = False  # a player named before the verb in its clause (宋以沫今天我不投: not voting for him)
    elsewhere: bool = False  # a condition about another day or role (假如明晚…我会投)
    act: str = "cast"  # what the phrase's clause does (grammar/speech.py)
    relayed_for: str | None = None  # a relay (帮郭靖投 · 郭靖托我投): the player it is for (None: 他/她, or no relay)
    # the word right before the verb in its clause that no reading explains (「我拒绝投杨康」「我懒得投」「I refuse to vote」):
    # what it does to the ballot is not known — refused, or cast? (hostile round 82: each counted, certain, a wrong elimination)
    unexplained: str = ""


@dataclass
class Reading:
    """What a post without labels tries to do."""

    kind: str  # none | vote | change | abstain | same | proxy_request | conditional | several | relay
    phrase: Phrase | None = None
    targets: tuple[str, ...] = ()  # what the ballot phrases point at, as written (several: each)
    reason: str | None = None  # the rest of the post, when it says something
    mentioned: tuple[str, ...] = ()  # every roster name in the post: the plausible readings
    line: int | None = None
    opening: bool = False  # a name opening the post followed by a reason ("郭靖，理由：…")
    old: str | None = None  # a change that names the ballot it replaces (改票 郭靖→黄蓉): the old target
    phrases: list[Phrase] = field(default_factory=list)


class _Phrases(Transformer):
    def _phrase(self, kind, children):
        token = next((c for c in children if isinstance(c, Token)), None)
        target = next((c for c in children if isinstance(c, tuple)), None)
        return ("phrase", kind, str(token) if token is not None else "", target, getattr(token, "start_pos", None))

    def vote(self, c):
        return self._phrase("vote", c)

    def select(self, c):
        return self._phrase("vote", c)

    def change(self, c):
        return self._phrase("change", c)

    def abstain(self, c):
        return self._phrase("abstain", c)

    def proxy(self, c):
        return self._phrase("proxy", c)

    def same(self, c):
        return self._phrase("same", c)

    def withdraw(self, c):
        return self._phrase("withdraw", c)

    def named(self, c):
        names = tuple(dict.fromkeys(str(t) for t in c if t.type == "NAME"))
        return ("name", names[0]) if len(names) == 1 else ("names", names)

    def unnamed(self, c):
        return ("word", c[0])

    def nobody(self, c):
        return ("nobody", c[0])

    def start(self, c):
        return list(c)


class _Tokens(Lexer):
    """The sentence arrives already tokenized (a list of Tokens): pass it through."""

    def __init__(self, conf):
        pass

    def lex(self, data):
        return iter(data)


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = Path(__file__).with_name("free.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", lexer=_Tokens, transformer=_Phrases())


@lru_cache(maxsize=64)
def _scanner(names: tuple[str, ...], chars: bool = True) -> re.Pattern:
    """The tokens' pattern; without `chars`, the same tokens but a plain character (which stands for itself,
    one at a time, exactly where no token begins): finditer then skips plain text in C, and finds the same names."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    groups = [f"(?P<NAME>{alternatives})"] if names else []
    if names:
        # A verb right before a player's name is a verb, even where it would start a compound (投石头);
        # there, 票 alone is one too (票郭靖 · 最后票郭靖 · 票：郭靖).
        # (投票对象 唢呐: the format's label without its colon, right before a name, is the verb — no vote for 「对象」)
        groups.append(f"(?P<VOTE_>(?:投票对象|投票目标|{_WORDS['VOTE']}|票)(?=(?:{alternatives})))")
    groups.append(f"(?P<WORD>{_COMPOUNDS})")
    groups += [f"(?P<{kind}>{words})" for kind, words in _WORDS.items()]
    groups.append(f"(?P<SEP>{_SEP_CHARS})")
    if chars:
        groups.append(r"(?P<CHAR>[\u3400-\u9fff\uf900-\ufaffA-Za-z0-9])")
    return re.compile("|".join(groups))


def _tokens(sentence: str, roster: Roster, names: dict[str, str]) -> list[Token]:
    """One sentence → Tokens; consecutive plain characters become one WORD, other symbols are dropped
    (an emoji or a ～ next to a name must not stop it resolving), but end a WORD."""
    scanner = _scanner(tuple(names))
    out: list[Token] = []
    word_start = None
    position = 0
    word: list[str] = []

    def flush(end: int) -> None:
        nonlocal word, word_start
        if word:
            out.append(Token("WORD", "".join(word), start_pos=word_start, end_pos=end))
            word, word_start = [], None

    while position < len(sentence):
        m = scanner.match(sentence, position)
        if m is None:  # a symbol, an emoji, punctuation we do not read: a boundary
            flush(position)
            position += 1
            continue
        kind = "VOTE" if m.lastgroup == "VOTE_" else m.lastgroup
        if kind == "CHAR" or (kind == "WORD"):
            if word_start is None:
                word_start = m.start()
            word.append(m.group())
        else:
            flush(m.start())
            value = names.get(m.group(), m.group()) if kind == "NAME" else m.group()
            out.append(Token(kind, value, start_pos=m.start(), end_pos=m.end()))
        position = m.end()
    flush(position)
    return _fix_nobody(out)


_REASON_SAME = "理由·"  # a SAME token right after a reason word carries this mark in its text


def _fix_nobody(tokens: list[Token]) -> list[Token]:
    """无 is a target only right after a verb (投无 / 改投无); elsewhere it is part of a word. A 、 or /
    between two names lists them (投郭靖、黄蓉): it joins them as 或 does."""
    fixed = []
    for i, tok in enumerate(tokens):
        if tok.type == "ABSTAIN" and i + 1 < len(tokens) and re.match(r"[弃投]?得", str(tokens[i + 1])):
            # 「调车, 弃权弃得太干净了」: the abstention talked about (弃得), someone's act told, no ballot cast
            fixed.append(Token("WORD", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos))
        elif tok.type == "NOBODY" and not (i and tokens[i - 1].type in ("VOTE", "CHANGE", "PAST")):
            fixed.append(Token("WORD", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos))
        elif tok.type == "SAME" and any(t.type == "REASON" for t in tokens[:i]):
            # 「理由 同上」: the reason said to be the one above — a follow only where the post casts nothing else (_sum_up);
            # 「投月票，理由：昨天跟票太快」: 跟票 in the reason's words is what the reason tells, not a second ballot
            fixed.append(Token("SAME", _REASON_SAME + str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos))
        elif tok.type == "SEP" and str(tok) in "、/" and 0 < i < len(tokens) - 1 \
                and tokens[i - 1].type == "NAME" and tokens[i + 1].type == "NAME":
            fixed.append(Token("OR", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos))
        else:
            fixed.append(tok)
    return fixed


def _sentences(text: str) -> list[tuple[int, str, list[bool], frozenset[int]]]:
    """(line number, sentence, whether each of its clauses asks, where a colon was dropped) for every sentence of the post, symbols
    that never matter removed, and an inline tally after its heading (昨天的票型：A投B，C弃权) left out. A
    question is a clause's business: "投郭靖，你们说呢？" still votes."""
    out = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = speech.without_inline_tally(line)
        first: dict[str, int] = {}  # where each sentence first stands in its line (a search per sentence is quadratic)
        for found in _SENTENCE_RUN.finditer(line):
            sentence = found.group()
            cleaned = _DROPPED.sub("", sentence)
            gaps = _colon_gaps(sentence) if cleaned and _BREAK.search(sentence) else frozenset()
            if cleaned:
                clauses = re.split(_SEP_CHARS, cleaned)
                at = first.setdefault(sentence, found.start())
                asks = line[at + len(sentence): at + len(sentence) + 1] in ("?", "？")
                questions = [bool(_QUESTION_WORDS.search(c + ("?" if asks and i == len(clauses) - 1 else "")))
                             for i, c in enumerate(clauses)]
                out.append((number, cleaned, questions, gaps))
    return out


_SENTENCE_RUN = re.compile(f"[^{_STOP}]+")  # the sentences of a line, between its stops


_BREAK = re.compile(r"[:：]+")


def _colon_gaps(sentence: str) -> frozenset[int]:
    """Where, in the sentence with its dropped symbols removed, a colon stood (「同意一半：投马克」): no word before it
    governs the verb after it. One pass: each colon is in one dropped run."""
    gaps, removed = set(), 0
    for dropped in _DROPPED.finditer(sentence):
        if _BREAK.search(dropped.group()):
            gaps.add(dropped.start() - removed)
        removed += len(dropped.group())
    return frozenset(gaps)


_TRIGGER = re.compile("|".join(_WORDS[k] for k in ("VOTE", "SELECT", "CHANGE", "ABSTAIN", "PROXY", "SAME", "WITHDRAW")) + "|票")
# Not decided yet: 想投 · 打算投 · 可能投 before the verb, or the post puts it off (再看看 · 待定 · 等他解释完再定).
_HEDGE_BEFORE = re.compile(r"(?:想|打算|准备|可能|倾向于?|考虑|也许|或许|大概|估计|应该会|多半)$")
# 「算了还是椒图吧」: a player settled on after all, no vote word — a change in ordinary words, the director's (heldout23 w23_101)
_SETTLED_AGAIN = re.compile(r"^\s*(?:算了|那|那就|嗯|行|好吧)?\s*[,，\s]*(?:还是|就|最后还是|最终还是)\s*([^\s,，。!！?？:：]{1,6}?)\s*吧\s*(?:[,，。!！~～]|$)")
_SETTLED_HEAD = re.compile(r"^\s*([^\s,，。!！?？:：]{1,6}?)\s*吧\s*[,，。!！~～]")  # a word settled on, opening the post
_DEFERRED = re.compile(r"再看看|再想想|再说|再等等|等等再|待定|观望|还没想好|没想好|还在想|先看看|看情况|等.{0,12}再(?:定|投|决定|说)|"
                       r"[,，~～]\s*(?:大概|可能|也许|或许|估计|多半|应该)\s*(?:吧|吧吧|啦)?\s*[。.~～!！?？]*\s*$")  # (「投张无忌吧，大概」)
_WATCHING = re.compile(r"观察|观望|再看看|再看一[轮下会天]|盯着|等等看|等一下|等会")  # (「今天先不投，再看一轮」: heldout36 w36_055)
_WAITING = re.compile(r"观察|观望|再看|看看|等(?!于|同|级|号|待遇)|暂时|暂且|盯着|先(?:不|别|缓|等|看|盯)")  # (「我不投，等人」)
_THIS_ROUND = re.compile(r"这轮|本轮|这一轮|今天|今日|这次|本次|这票|这一票")
# A condition about another day or another role is chatter, not a condition on today's ballot.
_ELSEWHERE = re.compile(r"明天|明晚|明日|下一轮|下轮|下次|以后|下一天|换作|换成我|换我|如果我是|假如我是|要是我是|我是狼|我是杀手|当狼")


_PLUS_ONE_AFTER = re.compile(r"(同上|同楼上|跟上|附议|跟票)\s*[+＋]\s*[1１](?![\d.])")


def read(text: str, roster: Roster) -> Reading:
    """Read a normalised post (no labels left to read) for a ballot in free format."""
    text = to_simplified(text)  # 「我選楊康」「楊康，就他了」: read as in Simplified (the hostile round 80: certain none)
    text = _PLUS_ONE_AFTER.sub(r"\1", text)  # 「同上 +1」: 同上 said twice, no ballot for 「1」 (heldout52 w52_077)
    names = _name_table(roster)
    if not _TRIGGER.search(text) and not any(text.startswith(n) for n in names) and not _SETTLED_HEAD.match(text) \
            and not _SETTLED_AGAIN.match(text):
        return Reading("none", mentioned=tuple(n for n in dict.fromkeys(names.values()) if n in text))
    return _read_cached(text, tuple(names.items()), roster)


@lru_cache(maxsize=16384)
def _read_cached(text: str, _names: tuple, roster: Roster) -> Reading:
    """Posts repeat (chatter, pasted ballots, every cron run re-reads the thread): read each once per roster."""
    return _read(text, roster)


def _read(text: str, roster: Roster) -> Reading:
    names = _name_table(roster)
    pair = change_pair(text, roster)
    if pair is not None:
        old, new, line = pair
        phrase = Phrase("change", new, new, False, "me", False, line, "改投")
        return Reading("change", phrase, targets=(new,), mentioned=tuple(n for n in dict.fromkeys(names.values()) if n in text),
                       line=line, phrases=[phrase], old=old, reason=_rest(text, Reading("change", phrase, targets=(new,)), roster))
    phrases: list[Phrase] = []
    mentioned: list[str] = []
    first_tokens: list[Token] = []
    has_reason_word = False
    tallied = speech.tally_lines(text, roster)
    scanner = _scanner(tuple(names), False)
    for index, (number, sentence, questions, gaps) in enumerate(_sentences(text)):
        if index and (number in tallied or not _may_cast(sentence, roster)):
            # a line of a running tally is everyone's vote; a sentence whose every vote word retells, reports
            # or counts casts nothing: neither is read word by word (an analysis is mostly such sentences)
            mentioned += [names[m.group()] for m in scanner.finditer(sentence) if m.lastgroup == "NAME"]
            has_reason_word = has_reason_word or bool(_REASON_WORD.search(sentence))
            continue
        if index == 0 and not _TRIGGER.search(sentence):
            # no vote word: only how the post opens is read (郭靖，理由：…), and a name opens it within a few
            # characters — the rest of the sentence is not cut into tokens (a list of a thousand names)
            first_tokens = _tokens(sentence[:_OPENING], roster, names)[:2]
            mentioned += [names[m.group()] for m in scanner.finditer(sentence) if m.lastgroup == "NAME"]
            has_reason_word = has_reason_word or bool(_REASON_WORD.search(sentence))
            continue
        tokens = _tokens(sentence, roster, names)
        if index == 0:
            first_tokens = tokens
        mentioned += [str(t) for t in tokens if t.type == "NAME"]
        has_reason_word = has_reason_word or any(t.type == "REASON" for t in tokens)
        if number in tallied or not any(
                t.type in ("VOTE", "SELECT", "CHANGE", "ABSTAIN", "PROXY", "SAME", "WITHDRAW") for t in tokens):
            continue  # a line of a running tally is everyone's vote, not the poster's
        phrases += _phrases(tokens, number, questions, _Acts(sentence, tokens, roster), gaps)
    mentioned_t = tuple(dict.fromkeys(mentioned))
    reading = _sum_up(phrases, roster)
    reading.mentioned = mentioned_t
    if reading.kind == "none" and first_tokens and first_tokens[0].type == "NAME":
        # "郭靖，理由：…" / "郭靖一票": a name standing alone at the head of the post is its point when
        # 一票 or a reason follows ("欧阳克那一票的理由…" is about a vote, not one).
        after = first_tokens[1].type if len(first_tokens) > 1 else None
        alone = after in (None, "SEP", "PARTICLE", "ONE")
        if alone and (after == "ONE" or has_reason_word):
            name = str(first_tokens[0])
            reading = Reading("vote", targets=(name,), mentioned=mentioned_t, line=1, opening=True)
        elif after == "PARTICLE" and str(first_tokens[1]).startswith("吧"):
            # 「致远吧，昨天说话太飘」: a name settled on at the head of the post, the reason after it — the director's to
            # count (heldout21 w21_088: read as talk, silent)
            reading = Reading("hedge", targets=(str(first_tokens[0]),), mentioned=mentioned_t, line=1)
    if reading.kind == "none" and (settled := _SETTLED_HEAD.match(text) or _SETTLED_AGAIN.match(text)) and (
            near := roster.resolve(settled.group(1), fuzzy=True).name):
        reading = Reading("hedge", targets=(near,), mentioned=mentioned_t, line=1)  # 「至远吧，…」: a near name, the same
    reading.reason = _rest(text, reading, roster)
    if reading.kind in ("vote", "change", "several") and reading.phrases and speech.puts_off(text) \
            and all(p.future or p.hedged for p in reading.phrases):
        # 我晚上回来再投，先说一声，我会投鸠摩智: the ballot is put off, and what is said of it is an intention.
        return Reading("none", mentioned=reading.mentioned)
    if reading.kind in ("abstain", "several", "hedge", "same") and speech.says_not_now(text):
        # 这帖只是分析，不算投票 · 票我晚点按格式投: a word for nobody or a lean in such a post casts nothing.
        return Reading("none", mentioned=reading.mentioned)
    if reading.kind in ("vote", "change") and reading.phrase is not None and reading.phrase.unexplained:
        # 「我拒绝投杨康」「我懒得投杨康」: a word before the verb no reading explains — a ballot, or its refusal?
        return Reading("unexplained", reading.phrase, targets=reading.targets, reason=reading.reason,
                       mentioned=reading.mentioned, line=reading.line, phrases=reading.phrases)
    if reading.kind in ("vote", "change", "abstain", "several") and (
            any(p.hedged for p in reading.phrases) or _DEFERRED.search(text)):
        # 我也想投郭靖，不过再看看 · 先不投，再看看: not a ballot yet — doubtful, never binding.
        reading = Reading("hedge", reading.phrase, targets=reading.targets, reason=reading.reason,
                          mentioned=reading.mentioned, line=reading.line, phrases=reading.phrases)
    return reading


@lru_cache(maxsize=64)
def _name_table_cached(names: tuple[str, ...], aliases: tuple[tuple[str, str], ...]) -> dict[str, str]:
    table = {n: n for n in names}
    table.update({a: n for a, n in aliases if a})
    return table


def _name_table(roster: Roster) -> dict[str, str]:
    return _name_table_cached(tuple(roster.names), tuple(sorted(roster.alias_pairs())))


_REASON_WORD = re.compile(_WORDS["REASON"])
_OPENING = 64  # characters of a first sentence without a vote word that are cut into tokens


def _may_cast(sentence: str, roster: Roster) -> bool:
    """Whether some clause of the sentence holds a vote word and may cast (a cheap test before the tokens)."""
    if not _TRIGGER.search(sentence):
        return False
    return any(_TRIGGER.search(clause) and speech.act(clause, roster).kind not in speech.SILENT
               for clause in re.split(_SEP_CHARS, sentence))


class _Acts:
    """What each clause of a sentence does (grammar/speech.py), read only for the clauses a phrase stands in."""

    def __init__(self, sentence: str, tokens: list[Token], roster: Roster):
        self.sentence, self.roster = sentence, roster
        self.cuts = [0, *(t.start_pos for t in tokens if t.type == "SEP"), len(sentence)]
        self.known: dict[int, speech.Act] = {}

    def __len__(self) -> int:
        return len(self.cuts) - 1

    def clause(self, i: int) -> str:
        start = i
        while start > 0 and self.sentence[self.cuts[start]:self.cuts[start] + 1] in ("、", "/"):
            start -= 1  # a list (夜航船、柚子茶一起投小狐狸) reads as one clause
        return self.sentence[self.cuts[start]:self.cuts[i + 1]].lstrip(_SEP_STRIP)

    def __getitem__(self, i: int) -> speech.Act:
        if i not in self.known:
            clause = self.clause(i)
            what = speech.act(clause, self.roster)
            if what.kind == speech.CAST and i > 0 and self[i - 1].kind in speech.SILENT \
                    and speech.carries(self.clause(i - 1), clause, self.roster):
                what = speech.Act(speech.REPORT)  # …，今天又跑去投一灯了: still them
            elif what.kind == speech.RELAY and what.beside:
                what = speech.Act(speech.CAST)  # 「我和洪七公都投郭靖」: the poster's own ballot; the relay beside it is a cue
            self.known[i] = what
        return self.known[i]


def _phrases(tokens: list[Token], number: int, questions: list[bool], acts: "_Acts", gaps: frozenset[int] = frozenset()
             ) -> list[Phrase]:
    try:
        items = _parser().parse(tokens)
    except LarkError:  # the grammar accepts every token sequence; a guard only
        return []
    out = []
    previous: list[Token] = []  # the chatter since the last phrase: who speaks, a condition, a negation
    clause = 0
    said = "".join(str(t) for t in tokens_of(items))  # the sentence's words besides its phrases
    elsewhere_said: bool | None = None
    for index, item in enumerate(items):
        if isinstance(item, Token):
            previous.append(item)
            clause += item.type == "SEP"
            continue
        # what follows, read lazily: _asked looks at a few items, and a copy of the rest per phrase is quadratic
        following = (items[j] for j in range(index + 1, len(items)))
        question = _asked(previous, following, questions[min(clause, len(questions) - 1)])
        _tag, kind, verb, target, verb_at = item
        if _possessed(previous) and kind in ("vote", "change", "same"):
            previous = []
            continue  # 「月票的跟票更早」「她的改票很奇怪」: the verb as a noun, someone's — told of, not cast
        what = acts[min(clause, len(acts) - 1)] if acts else speech.Act(speech.CAST)
        if what.kind in speech.SILENT:
            previous = []
            continue  # retold, reported, counted: casts nothing for the poster
        if target and target[0] == "names":  # 投郭靖或者黄蓉: each is a ballot, so the post has several
            for name in target[1]:
                out.append(Phrase(kind, name, name, False, _context(previous), question, number, verb))
            previous = []
            continue
        written = str(target[1]) if target else None
        name = written if target and target[0] == "name" else None
        if target and target[0] == "word" and _WHO.match(written or ""):
            question = True  # 「今天投谁你心里没数？」: the one asked about, not a target
        nobody = bool(target and target[0] == "nobody")
        # (「别再投X了」「不要又投X」: an adverb between the negation and the verb)
        at = len(previous) - 1
        while at > 0 and previous[at].type == "WORD" and str(previous[at]).strip() in _BETWEEN and previous[at - 1].type == "NEG":
            at -= 1
        negation = str(previous[at]) if previous else ""
        hedged = bool(previous) and previous[-1].type == "WORD" and bool(_HEDGE_BEFORE.search(str(previous[-1])))
        # 「但我先不投」「暂时不投」 hold the ballot back for now; 「这轮先不投了」 says for the round: an abstention.
        held_back = negation in ("先不", "暂不") or (negation == "不" and len(previous) > 1 and previous[-2].type == "WORD"
                                                  and str(previous[-2]).endswith(("暂时", "暂且", "先", "还", "暂")))
        # 「先观察，不投」「再看看，暂不投」: the wait said in a clause of its own holds the ballot back all the same
        held_back = held_back or (negation == "不" and bool(_WAITING.search(said)))
        hedged = hedged or (held_back and not (_THIS_ROUND.search(said) and not _WATCHING.search(said))) or (
            negation == "不" and bool(_WATCHING.search(said)))  # (「今天说话太顺了，先盯着，不投」: watching, whatever day it names)
        context = _context(previous)
        if context in ("", "me") and _condition_after(items, index):
            context = "cond"  # 「投杨康的话我就是狗」: 的话 after the phrase makes it the condition, not a ballot (round 80, N13)
        if context == "cond" and elsewhere_said is None:
            elsewhere_said = bool(_ELSEWHERE.search(said))  # once per sentence, not once per phrase in it
        elsewhere = context == "cond" and elsewhere_said
        relayed = what.kind == speech.RELAY
        if relayed and name is not None and name == what.who:
            previous = []
            continue  # 帮郭靖投黄蓉: 郭靖 is whom the ballot is for; the phrase for 黄蓉 follows
        out.append(Phrase(kind, name, None if nobody else written, nobody, "" if relayed else context, question, number,
                          verb, imperative=negation in _IMPERATIVE, past=negation in ("没", "没有"),
                          hedged=hedged or what.kind == speech.LATER, elsewhere=elsewhere,
                          future=bool(previous) and speech.modal_before("".join(str(t) for t in previous[-2:])),
                          # (「今天不投他」: the one not voted for, said after the verb — no abstention, heldout47 w47_115)
                          topic=any(t.type == "NAME" for t in _this_clause(previous)) or _points_after(items, index),
                          act=what.kind, relayed_for=what.who, unexplained=_unexplained(previous, kind, hedged, verb_at, gaps) or _relative_after(items, index)))
        previous = []
    return out


# Words that may stand right before the ballot's verb and leave it the poster's ballot, cast now: when (今天 · 这轮), how
# surely (就 · 还是 · 坚决 · 一定), the poster as subject (我这票 · 本人) — built from these, a word is explained. Any other word
# there may refuse, oppose or put off the ballot (拒绝 · 反对 · 懒得 · 没法): the ballot is the director's to read.
_EXPLAINED_PART = (r"今天|今日|今晚|今儿|这轮|本轮|这一轮|这次|本次|这回|本日|现在|此刻|最后|最终|终于|还是|就|也|还|再|都|先|只|"
                   r"又|仍|仍然|依然|依旧|照样|照旧|继续|直接|果断|坚决|坚定|毫不犹豫地?|必须|必定|一定|肯定|决定|决定了|干脆|索性|"
                   r"同样|坚持|当然|果然|真的|这票|这一票|我这票|的票|票|来|得|要|会|将|选择|宁可|宁愿|只能|只好|还得|一起|一样|"
                   r"了|吧|呢|嗯|好|这|那|这一|那一|那就|所以|因此|于是|然后|第一|首先|正式|本人|自己|我|俺|的|已经|已|暂|暂时|暂且|"
                   r"上午|中午|下午|晚上|早上|早|晚|刚才|刚刚|刚|补|补个|补一个|顺便|顺手|表态|结论|总之|总结|正常|一个人|"
                   r"警长|身份|记录|留个记录|当个记录|态度|一票|两票|二票|仍旧|就是|明明|之前|以[^投票]{1,6}?身份|作为[^投票]{1,6}")
_EXPLAINED = re.compile(rf"(?:{_EXPLAINED_PART})+|(?i:(?:i|i'?ll|i\s+will|i'?m|my|my\s+vote|final(?:ly)?|also|still|today|now|so|"
                        r"then|ok|okay|yes|and|the|d\d|day\s*\d|[\s,.'])+)")


def _unexplained(previous: list[Token], kind: str, hedged: bool, verb_at: int | None, gaps: frozenset[int]) -> str:
    """The word right before a ballot's verb and touching it (「我拒绝投」; not 「……一半：投」, a clause of its own), where no
    reading explains it (see _EXPLAINED)."""
    if kind not in ("vote", "change") or hedged or not previous or previous[-1].type != "WORD" or \
            verb_at is None or previous[-1].end_pos != verb_at or verb_at in gaps:
        return ""
    word = str(previous[-1]).strip()
    if re.search(r"你|您|他|她|大家|别人|有人", word) or (word.startswith("如") and len(previous) > 1 and str(previous[-2]) == "不"):
        return ""  # (「你投末班车」: another's ballot, spoken of; 「还不如集中投衡山」: a suggestion — each read as before)
    if len(previous) > 1 and previous[-2].type == "NEG" and previous[-2].end_pos == previous[-1].start_pos and \
            not re.match(r"(?:一个人|一人|人|任何人|谁|哪个|几个人|几人)", word):  # (「没有一个人投冯雨桐」: nobody did, told)
        return str(previous[-2]) + word  # 「我还没决定投杨康」「我不想投杨康」: the word explained, its negation not (round 83, V10)
    return "" if not word or _EXPLAINED.fullmatch(word) or word in _BETWEEN else word


def _relative_after(items: list, index: int) -> str:
    """「投杨康的请举手」「投杨康者，非我也」: the phrase names those who vote so (的 · 者 right after it), it casts nothing."""
    if index + 1 < len(items) and isinstance(items[index + 1], Token) and items[index + 1].type in ("WORD", "PAST"):
        after = str(items[index + 1])
        if re.match(r"(?:的(?!票|理由|原因|一票|话|是)|者|的票\s*(?:太多|很多|不少|够|已经|有|都|数|目前|加起来|一共|总共|还))", after):
            # (「投郭靖的是黄蓉」: who voted, read elsewhere; 「投杨康的票太多了」: the votes for him, spoken of)
            return after[:4]
    return ""


def _points_after(items: list, index: int) -> bool:
    """A person right after the phrase's verb (不投他 · 不投她们 · 不投楼上): whom the poster does not vote for."""
    return index + 1 < len(items) and isinstance(items[index + 1], Token) and items[index + 1].type == "OTHER"


def _condition_after(items: list, index: int) -> bool:
    """「投杨康的话……」: a condition word right after the phrase, in its clause."""
    for item in items[index + 1:index + 4]:
        if not isinstance(item, Token) or item.type == "SEP":
            return False
        if item.type == "COND":
            return str(item) == "的话"
    return False


def _possessed(previous: list[Token]) -> bool:
    """The words right before a verb make it someone's noun (X的 · 她的 · 昨天的), not the poster's act — 我的 excepted
    (「我的改票：郭靖」 is the poster's own)."""
    if not previous or previous[-1].type != "WORD" or not str(previous[-1]).endswith("的"):
        return False
    word = str(previous[-1])
    if word == "的":
        return len(previous) > 1 and previous[-2].type in ("NAME", "OTHER")
    return not re.search(r"我|俺|本人|自己", word) and len(word) <= 4


def _this_clause(previous: list[Token]) -> list[Token]:
    """The tokens before a phrase in its own clause."""
    cut = max((i for i, t in enumerate(previous) if t.type == "SEP"), default=-1)
    return previous[cut + 1:]


def tokens_of(items: list) -> list:
    """The plain tokens among parsed items (what follows a phrase in its sentence)."""
    return [item for item in items if isinstance(item, Token)]


_ASKING = re.compile(r"要不要|是不是|该不该|投不投|谁|哪|怎么|为什么|难道")
_ENDINGS = set("吗呢么吧啊呀嘛")
_WHO = re.compile(r"谁|哪|什么|啥|何人")


def _asked(before: list[Token], after, clause_asks: bool) -> bool:
    """Whether a phrase is asked rather than said: a question word before it in its clause (要不要投郭靖),
    or its clause asks and nothing but a sentence-final particle follows it (投郭靖吗？). A ballot followed
    by more words stays a ballot even if the clause ends with "?" (投郭靖，他是狼吧？)."""
    for tok in reversed(before):
        if tok.type == "SEP":
            break
        if tok.type == "WORD" and _ASKING.search(str(tok)):
            return True
    if not clause_asks:
        return False
    for item in after:
        if not isinstance(item, Token) or item.type == "SEP":
            break
        if item.type in ("PARTICLE", "PAST") or (item.type == "WORD" and set(str(item)) <= _ENDINGS):
            continue
        return False
    return True


def _context(previous: list[Token]) -> str:
    """Who or what governs a verb: the nearest subject, condition or negation before it in the sentence."""
    if any(tok.type == "COND" for tok in previous):
        return "cond"  # 如果…我就投郭靖: a condition anywhere before the verb governs it
    last = len(previous) - 1  # (an adverb between the negation and the verb: 「别再投」「不要又投」)
    while last > 0 and previous[last].type == "WORD" and str(previous[last]).strip() in _BETWEEN and previous[last - 1].type == "NEG":
        last -= 1
    for tok in reversed(previous):
        if tok.type == "NEG" and previous and tok is previous[last]:
            return "neg"
        if tok.type == "COND":
            return "cond"
        if tok.type in ("ME",):
            return "me"
        if tok.type in ("OTHER",):
            return "other"
        if tok.type == "NAME" and tok is previous[-1]:
            return "other"  # 黄蓉投了郭靖: a report of someone else's vote
        if tok.type == "SEP":
            break
    return ""


def _sum_up(phrases: list[Phrase], roster: Roster) -> Reading:
    mine, conditional, relays = [], [], []
    said_change = False  # 「改票，投黄蓉」「改一下票 投良宵引」: the change said by itself, then the ballot it makes
    for p in phrases:
        if p.kind == "change" and p.written is None and not p.nobody and not p.question and p.context in ("", "me") \
                and p.act != speech.RELAY and not p.elsewhere and not mine:
            said_change = True
        if p.question or p.context == "other" or p.elsewhere:
            continue  # a question, someone else's vote reported, or another day's or role's what-if
        if p.act == speech.RELAY:
            if p.kind in ("vote", "change", "abstain") and (p.written or p.nobody or p.kind == "abstain") \
                    or p.kind == "withdraw":
                relays.append(p)  # 帮郭靖投黄蓉 · 帮郭靖撤票: a ballot passed on for another player, never the poster's own
            continue
        if p.context == "cond":
            if not (p.kind == "proxy" and p.written is None and not p.nobody):
                conditional.append(p)  # (「要是来不及就私信主持代投」: a proxy asked for on a condition, for nobody — heldout44 d01)
            continue
        if p.context == "neg":
            if p.kind == "vote" and p.written is None and not p.nobody and not p.imperative and not p.past \
                    and not p.topic:
                mine.append(Phrase("abstain", None, None, False, "neg", False, p.line, "不" + p.verb, hedged=p.hedged))
            continue  # 别投我 / 不投郭靖: not a ballot
        if p.kind in ("vote", "change") and p.written is None and not p.nobody:
            continue  # a verb alone (我去投票了) points at nobody
        if p.kind in ("vote", "change") and p.name is None and not p.nobody and not _looks_like_a_name(p.written, roster):
            continue  # 投机取巧, 改变主意: the word after the verb is no player and no name-like word
        mine.append(p)
    if not mine:
        if conditional:
            first = conditional[0]
            return Reading("conditional", first, targets=tuple(p.written for p in conditional if p.written), line=first.line,
                           phrases=conditional)
        if relays:
            first = relays[0]
            return Reading("relay", first, targets=tuple(dict.fromkeys(p.name or p.written for p in relays if p.written)),
                           line=first.line, phrases=relays)
        return Reading("none")
    if any(p.kind != "same" for p in mine):
        mine = [p for p in mine if not (p.kind == "same" and p.verb.startswith(_REASON_SAME))] or mine
    # the same ballot written twice is one ballot — an abstention too, whether said as one or as a change to nobody
    # (「改投弃权。……今天不投了」)
    ballots = list(dict.fromkeys(("abstain", None, True) if p.kind == "abstain" or (p.nobody and p.kind == "change") else
                                 (p.kind, p.name or p.written, p.nobody) for p in mine))
    first = mine[0]
    kinds = {b[0] for b in ballots}
    if len(ballots) > 1 and not (kinds <= {"vote", "change"} and len({b[1] for b in ballots}) == 1):
        return Reading("several", first, targets=tuple(b[1] or _unnamed(b[0], b[2]) for b in ballots),
                       line=first.line, phrases=mine)
    kind = {"proxy": "proxy_request"}.get(first.kind, first.kind)
    if first.nobody and kind != "change":
        kind = "abstain"
    if kind == "same" and first.written:
        kind = "vote"  # 跟票郭靖: following the vote for a named player
    if kind == "vote" and said_change and len(ballots) == 1:
        kind = "change"
    targets = (first.name or first.written,) if (first.name or first.written) else ()
    return Reading(kind, first, targets=targets, line=first.line, phrases=mine)


def _unnamed(kind: str, nobody: bool) -> str:
    """A ballot of a `several` post that names nobody, as the director reads it in the reason."""
    if kind == "abstain" or nobody:
        return "弃权"
    return "跟票（同上/同意楼上）" if kind == "same" else "没写对象的一票"


_NOT_A_NAME = re.compile(r"^(?:的|得|地)|^(?:前|后|第[一二三四五六七八九十]|这|那|哪|每|另)(?:一)?(?:种|个|位|边|方|派|类|样|批)|"
                         # 「重新投一次」「再投一下」「投两回」: how often, not whom (heldout45 d02: read as a ballot for 「一次」)
                         r"^[一两二三几再]\s*(?:次|下|回|遍|轮)")


def _looks_like_a_name(written: str | None, roster: Roster) -> bool:
    """A run after a verb that is no exact name still counts as a try when some part of it could be one
    (a homophone or similar shape of a player), or when it is short enough to be a name by itself — not
    a word that points at a choice (我选前一种 · 投那个) or a particle (投的就是)."""
    if not written or _NOT_A_NAME.search(written):
        return False
    if resolve_prefix(written, roster, fuzzy=True)[0] is not None:
        return True
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9_.\-]{1,23}", written):
        return True  # 「vote kestrel」「投xijiangyue」: a handle or a name in pinyin is one word, however long
    return 2 <= len(written) <= 4


def resolve_prefix(written: str, roster: Roster, *, fuzzy: bool):
    """The longest prefix of a run that resolves to a player: (match, the prefix) or (None, written)."""
    for size in range(min(len(written), 6), 1, -1):
        match = roster.resolve(written[:size], fuzzy=fuzzy)
        if match.name or match.candidates:
            return match, written[:size]
    return None, written


def _rest(text: str, reading: Reading, roster: Roster) -> str | None:
    """What the post says besides its ballot: the free-format reason (a marker word, or any clause that
    is not a ballot phrase and says something)."""
    if reading.kind == "none":
        return None
    marker = re.search(r"(?:理由|因为|原因|由于)[:：是]?(.+)", text, re.S)
    if marker and len(_HAN.findall(marker.group(1))) >= 2:
        return _tidy(marker.group(1))
    kept = []
    verbs = "|".join(f"(?:{words})" for kind, words in _WORDS.items() if kind in ("VOTE", "CHANGE", "PROXY", "SAME", "ABSTAIN", "SELECT"))
    for clause in re.split(r"[，,。！？!?；;\n]", text):
        if re.search(verbs, clause):
            # the ballot clause itself (or a reported one): only what follows its target may be a reason
            target = next((t for t in reading.targets if t and t in clause), None)
            if target and reading.phrase is not None and reading.phrase.context in ("", "me"):
                tail = clause.split(target, 1)[1]
                tail = re.sub(r"^(?:一票|吧|了|啦|呀|哦|啊)+", "", tail.strip())
                if len(_HAN.findall(tail)) >= 2:
                    kept.append(tail)
            continue
        if len(_HAN.findall(clause)) >= 2:
            kept.append(clause)
    return _tidy("，".join(kept)) if kept else None


def _tidy(text: str) -> str | None:
    text = re.sub(r"[^\u3400-\u9fff\uf900-\ufaffA-Za-z0-9，,。.！!？?、：:（）()\s]", "", text)
    text = re.sub(r"\s+", " ", text).strip(" ,，。.!！~～、:：")
    return text or None


_ARROW = r"(?:→|->|=>|⇒|—>|-{1,2}>|＞|>)"
_PAIR = (r"(?P<old>{n})\s*(?:{arrow}|改成|改为|改投|换成|换投|转投|变成)\s*(?P<new>{n})|"
         r"(?:从|由)\s*(?P<old2>{n})\s*(?:改投|改票|改成|改为|改|换成|换)\s*(?:给|到|成|为)?\s*(?P<new2>{n})|"
         r"不投\s*(?P<old3>{n})\s*了?\s*[,，]?\s*(?:改投|改成|改为|转投|改票给|投)\s*(?P<new3>{n})|"
         r"(?P<old4>{n})\s*的?票\s*(?:改投|改给|改成|改为|换成)\s*(?P<new4>{n})")
_CHANGE_VERB = re.compile(r"改票|改投|换票|转投|改成|改为|换成|换投|改")
_CLAUSE_END = re.compile(r"[。！!；;?？，,]")
_CLAUSE_REACH = 200
_ARROW_ONLY = re.compile(_ARROW)


@lru_cache(maxsize=64)
def _pair_pattern(names: str) -> re.Pattern:
    return re.compile(_PAIR.format(n=names, arrow=_ARROW))


def change_pair(text: str, roster: Roster) -> tuple[str, str, int] | None:
    """A change that names the ballot it replaces and the new one — 改票 郭靖→黄蓉 · 郭靖改成黄蓉 · 从郭靖改投黄蓉 ·
    不投郭靖了投黄蓉: (old, new, line). An arrow counts only on a line that says it changes (a line
    「郭靖→黄蓉」 alone may as well be a running tally); questions and reports are not changes."""
    if roster.pattern is None or not (_CHANGE_VERB.search(text) or "不投" in text or ">" in text or "→" in text):
        return None
    pattern = _pair_pattern(roster.pattern.pattern)
    for number, line in enumerate(text.split("\n"), start=1):
        changes = None  # whether the line says it changes: asked once per line, not once per pair on it
        cuts: list[int] | None = None  # where the line's clauses begin: found once, not re-split before each pair
        for m in pattern.finditer(line):
            old = next(g for g in (m.group("old"), m.group("old2"), m.group("old3"), m.group("old4")) if g)
            new = next(g for g in (m.group("new"), m.group("new2"), m.group("new3"), m.group("new4")) if g)
            if cuts is None:
                cuts = [c.end() for c in _CLAUSE_END.finditer(line)]
            before = bisect.bisect_right(cuts, m.start())
            # the clause it stands in, at most _CLAUSE_REACH characters of it before the pair (what a clause does
            # is said near its verb; a line of pairs with no comma must not make each pair read the line again)
            clause = line[max(cuts[before - 1] if before else 0, m.start() - _CLAUSE_REACH):m.start()] + m.group()
            if m.group("old") and _ARROW_ONLY.fullmatch(line[m.end("old"):m.start("new")].strip()):
                if changes is None:
                    changes = bool(_CHANGE_VERB.search(line))
                if not changes:
                    continue  # 郭靖→黄蓉 with no word of changing
            if _QUESTION_WORDS.search(line[m.end():m.end() + 3]) or speech.act(clause, roster).kind in speech.SILENT:
                continue
            old, new = roster.table.get(old, old), roster.table.get(new, new)
            if old != new:
                return old, new, number
    return None
