"""Director ruling posts written blind to our grammar (fixtures/rulings/blind1.json: from the seeds and ../shared/docs
only, each with the floors it assumes and what a careful director means by it), read through tally/rulings.py as a
day's vote thread holds them.

The line that matters is the wrong application: a post its writer calls doubtful or no ruling at all is never
applied, and a post that is applied does to the ballot what its writer says. Reading fewer than it could is the
safe side: each post left unread is listed for the director (「看不懂的裁定帖」) — the count of those read is held
to a floor so that the reader does not quietly lose forms it knows.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest

from grammar.names import to_simplified
from grammar.ruling import _LINKED_FLOOR  # the link the reader itself reads: its words name a floor, its pid the post
from scraper.model import Post, Quote
from tally import rulings as posted
from tally.day import tally_day
from tally.game import Day, Game, Player
from tally.rules import load_preset
from tallykit import START

RULINGS = Path(__file__).parent.parent / "fixtures" / "rulings"
BLIND = json.loads((RULINGS / "blind1.json").read_text("utf-8"))["posts"]
# blind2 written before the layered reader (issue 41), blind3 after it, blind4 and blind5 after the days-from-the-thread
# and the hostile round's changes, blind6 after the rulings-by-construction change: each read post by post as blind1 is (never a doubtful post applied, never a wrong effect).
LATER = [item for name in ("blind2.json", "blind3.json", "blind4.json", "blind5.json", "blind6.json", "blind7.json", "blind8.json", "blind9.json",
                                 "blind10.json", "blind11.json", "blind12.json", "blind13.json", "blind14.json", "blind15.json",
                                 "blind16.json", "blind17.json", "blind18.json", "blind19.json", "blind20.json", "blind21.json", "blind22.json", "blind23.json", "blind24.json", "blind25.json", "blind26.json",
                                 "blind27.json", "blind28.json", "blind29.json", "blind30.json", "blind31.json", "blind32.json", "blind33.json", "blind34.json", "blind35.json", "blind36.json", "blind37.json", "blind38.json", "blind39.json", "blind40.json", "blind41.json", "blind42.json", "blind43.json", "blind44.json", "blind45.json", "blind46.json", "blind47.json", "blind48.json", "blind49.json", "blind50.json", "blind51.json", "blind52.json", "blind53.json", "blind54.json", "blind55.json", "blind56.json", "blind57.json", "blind58.json", "blind59.json", "blind60.json", "blind61.json", "blind62.json", "blind63.json", "blind64.json", "blind65.json")
         for item in json.loads((RULINGS / name).read_text("utf-8"))["posts"]]
DIRECTOR, DIRECTOR_UID = "导演", 2
CLOSE = START + timedelta(days=2)
_HEADED_DAY = re.compile(r"^\W*(?:\[b\])?\s*(?:[【\[]\s*[^】\]\n]{1,8}?[·・:：\s]|[【\[]?\s*(?:裁定\s*[】\]]\s*)?)(?:第([一二三四五六七八九])[天日]|(?i:(?:rulings?\s+for\s+)?day\s*([1-9])\b))")
_BRACKETED_DAY = re.compile(r"^[^\n]{0,12}?[(（]\s*第([一二三四五六七八九])[天日]\s*[)）]")
_SHORT_DAY = re.compile(r"(?<![A-Za-z])D\s*([1-9])(?!\d)")
_NOTED_DAY = re.compile(r"(?<![A-Za-z])D([1-9])\s+\d{1,2}:\d{2}")  # a floor's note as sets write its time: 「D2 13:00」
_QUOTED_PID = re.compile(r"\[quote\].*?pid=(\d+).*?\[/quote\]", re.S | re.I)


# Posts the set calls doubtful as a whole only because its contract was then all-or-nothing; a post is now read clause
# by clause (issue 41: 「a post rules each floor its ruling clauses name」), and these floors are ruled with one meaning.
# b040 「19楼无效。18楼待定。」: the writer — "Applying 19 alone would not be wrong, but the contract is per post."
# k055 「5楼 有效（计红孩儿）；9楼 还在核对，晚点说。」: the same — "not every named floor gets a verdict, so the post is not
# applied as a whole"; 5楼 is ruled with one meaning (as its ballot reads), 9楼 waits for the director.
# r042 「45楼 无效，对象没写。48楼 和 49楼 …晚点说。」: the same — 45楼 ruled, 48/49 wait (blind12.README.md: "the post cannot be
# applied whole").
# b059 「沙发那票无效」: its writer called 沙发 debatable ("a name, not a number — I pick the safer reading"); the writers of
# blind5–12 each wrote 沙发 · 板凳 · 地板 as clear floors (g059, h028, h070, k041, n062, q063), as directors write them: the
# reader takes them as floors 2, 3 and 4 (grammar/tags.py _SEATS) — the floor it rules is the only one named.
# v049 「55F 法棍 改票引用了自己的原票，有效。56F 可颂 那个……我还没看懂他到底投谁，稍后说。」: the same (blind15's writer calls
# the post doubtful as a whole; 55F is ruled with one meaning, 56F waits).
# y019 「48楼 无效（…）。50楼 那个回复了别人楼层的改票，我晚上回来再裁，先吃饭。」: the same (blind17's writer kept 48 in its rulings).
PER_FLOOR = {"b040": {19}, "k055": {5}, "r042": {45}, "b059": {2}, "v049": {55}, "y019": {48}, "u068": {25}, "l069": {8},
             "cb007": {14},  # (blind28's writer: 「#14 无效……#16 我再看看」 — #14 ruled firmly, #16 left open)
             "ch026": {58}, "ck043": {79},  # (blind34's: 「#58 …这票无效…… #36 …我先跟副导商量一下再裁」 — #58 ruled, #36 left open)
             "cp040": {21}, "cp062": {2},  # (blind42's: 「21楼 有效，计 榜眼。23楼 …还没统一意见，晚点说」; 沙发 ruled, 板凳 先放着)
             "cr069": {53},  # (blind44's: 「53樓 無效；54樓 等我問咗副導先」)
             "cz053": {62},  # (blind52's: 「62楼 无效。63楼 嘛……先放着，明天再说。」)
             "db036": {26},  # (blind54's: 「26楼 计 广济桥，没问题。28楼 我还在和 宝带桥 核对……晚点说。」)
             "dc028": {31},  # (blind55's: 「31楼 有效，计 梧桐；33楼 是不是引用了原票我手机上看不到引用框，回电脑再说。」)
             "dd057": {20},  # (blind56's: 「20楼 有效，计 庞太监。22楼 的情况比较复杂，等我跟副导商量完再说。」)
             "de061": {33},  # (blind57's: 「33楼 太师椅 有效，计 条案；35楼 我还要再看看。」)
             "df069": {30},  # (blind58's: 「30楼 有效，计 香篆；32楼 我还要问一下 铜壶 本人是什么意思，明天再说。」)
             "dh025": {22},  # (blind60's: 「22楼 无效（投的是“警长”……）。24楼 的情况我要查一下编辑记录，晚点说。」)
             "dj026": {43}}  # (blind62's: 「43楼 暗河 弃权，有效。44楼 ……条件票，我先问问副导再说。」)
# A post whose floors the harness cannot build as the forum and the game file would: k027's 47楼 is a 顶替 account, which the
# game file names as the substitute ([[events]] 顶替) — the harness makes every author a player of its own.
# (A findpost link's words and pid give that floor its pid: blind5's m020 and later sets' links are built as the forum's.)
# s060 「第一日投票帖 45楼 …这里补计为 马车」 is posted in a later day's thread: the harness has one day, so it reads as that
# day's floor (poll reads it as a ruling for day 1 where the post names 第一日 in day 2's thread — what the director wrote).
# s058's 34楼 is the director's own proxy under his account 调度员, which the harness makes a player of its own (its ruling voids
# the proxy and says 「房车 本日视为弃权」: the abstention is 房车's, where the harness has no proxy of the director's to rule).
NOT_BUILT = {"k027", "s060", "cc066", "s058"}  # (cc066: blind29's substitute account 满电, as k027's)


def post(pid: int, floor: int, author: str, text: str, at, *, uid: int, status: str = "normal", quotes=()) -> Post:
    return Post(pid=pid, tid=1, floor=floor, author=author, author_uid=uid, posted_at=at.isoformat(),
                time_precision="second", edited_by=None, edited_at=None, quotes=list(quotes), text=text, html="",
                status=status, style={"colors": [], "sizes": []})


def ballot_text(floor: dict, players=()) -> str:
    kind = floor.get("kind") or "vote"
    if floor.get("text"):
        return floor["text"]
    if kind == "change":
        return f"改票对象：{floor.get('voted')}\n改票理由：想了想"
    if kind == "abstain" or kind == "vote" and floor.get("voted") is None and "弃权" in (floor.get("note") or ""):
        # (blind21 writes an abstention's floor as kind "abstain"; blind35 as a vote for nobody, 「投票对象：弃权」 in its note)
        return "投票对象：弃权\n投票理由：看不懂"
    if kind in ("chat", "director", "count"):  # (blind6 writes the director's running count as kind "count")
        return "大家加油"
    # a relay (a player's ballot for another) and the director's proxy: for the player the floor's note names (blind6)
    whom = next((n for n in players if n in (floor.get("note") or "") and n not in (floor.get("author"), floor.get("voted"))), None)
    if kind == "relay" and whom:
        return f"帮{whom}投：投票对象：{floor.get('voted')}"
    if kind == "proxy" and whom:
        return f"代投：{whom} → {floor.get('voted')}"
    return f"投票对象：{floor.get('voted')}\n投票理由：直觉"


def day_of(item: dict):
    """The day's vote thread as the item assumes it, the ruling post last."""
    floors = {int(n): f for n, f in (item.get("floors_exist") or {}).items()}
    authors = {f["author"] for f in floors.values() if f.get("author") and f.get("kind") != "director" and not _directors(f, item)}
    names = list(dict.fromkeys([*item["players"], *sorted(authors - {DIRECTOR})]))
    # The day whose thread the post is in: the one its heading names (【第二天 投票结果及裁定】 · 【执法团裁定·第二天】 · Rulings for
    # Day 2), else day 1.
    heading = _HEADED_DAY.match(item["text"])
    number = ("一二三四五六七八九".index(heading.group(1)) + 1 if heading.group(1) else int(heading.group(2))) if heading else 1
    if not heading and (short := _SHORT_DAY.search(item["text"].split("\n", 1)[0])):
        number = int(short.group(1))  # 「D2 小結」「D3 终票」: the day as boards abbreviate it, in the first line (blind19)
        if re.search(r"(?:昨天|昨日|昨晚)\s*$", item["text"][:short.start()]):
            number += 1  # 「提醒一下：昨天 D1 我裁过 19楼 无效」: the day before this thread's (blind52 cz005)
    elif not heading and (bracketed := _BRACKETED_DAY.search(item["text"].split("\n", 1)[0])):
        number = "一二三四五六七八九".index(bracketed.group(1)) + 1  # 「今日小结（第二天）：…」: the day in brackets (blind36 cj060)
    elif not heading and len(noted := {m.group(1) for f in floors.values() for m in [_NOTED_DAY.search(f.get("note") or "")] if m}) == 1:
        number = int(noted.pop())  # every floor the set notes as 「D2 13:00」: that day's thread (blind43 cq049)
    elif not heading and (other := re.search(r"第([一二三四五六七八九])[天日]投票[帖贴]", item["text"])) and any(
            "今天" in (f.get("note") or "") for f in floors.values()):
        number = "一二三四五六七八九".index(other.group(1)) + 2  # another day's thread named, the floor noted as today's (blind53 da068)
    game = Game(name="测试局", preset="shediao", directors=(DIRECTOR,), players=tuple(Player(n, i + 10) for i, n in enumerate(names)),
                days=(Day(day=number, vote_thread=1, process_thread=3, start=START.isoformat(), close=CLOSE.isoformat()),))
    uid = {n: i + 10 for i, n in enumerate(names)}
    last = max([*floors, 1])
    # 「[url=…findpost&pid=884213…]14#[/url]」: the writer's link gives floor 14 that pid (as the forum's would)
    linked = {int(floor): int(pid) for pid, floor in _LINKED_FLOOR.findall(item["text"])}
    posts = [post(1, 1, DIRECTOR, "第一天投票帖", START, uid=DIRECTOR_UID)]
    for floor in range(2, last + 1):
        f = floors.get(floor)
        at = START + timedelta(minutes=10 * floor)
        if f is None:
            posts.append(post(1000 + floor, floor, "路人甲", "顶", at, uid=99))
            continue
        # (a set may write the director's own floor as author "director": blind4's e060)
        # (blind13 writes the director's running count as kind "count" under the director's own account name)
        author = DIRECTOR if f.get("kind") == "director" or f.get("author") == "director" or _directors(f, item) \
            else f.get("author") or "路人甲"
        posts.append(post(int(f.get("pid") or linked.get(floor) or 1000 + floor), floor, author, ballot_text(f, names), at, uid=uid.get(author, DIRECTOR_UID),
                          status="deleted" if f.get("kind") == "deleted" else "normal"))
    author = DIRECTOR if item["author_role"] == "director" else ("版主丙" if item["author_role"] == "moderator" else names[0])
    quoted = _QUOTED_PID.search(item["text"])
    quotes = [Quote(int(quoted.group(1)), None, None)] if quoted else []
    ruling_post = post(9000, last + 1, author, item["text"], CLOSE + timedelta(minutes=10),
                       uid=DIRECTOR_UID if author == DIRECTOR else 77, quotes=quotes)
    return game, posts, ruling_post


def _directors(floor: dict, item: dict) -> bool:
    """A running count or a notice under an account that is no player's (blind13, blind14 write the director's own account
    name, 「[082]导演」): the director's post."""
    return floor.get("kind") in ("count", "notice") and floor.get("author") not in item["players"]


def effect(entry) -> tuple:
    return entry.voter, entry.kind if entry.verdict == "counted" else "not counted", entry.target if entry.verdict == "counted" else None


def read(item: dict):
    game, posts, ruling_post = day_of(item)
    rules = load_preset("shediao")
    day = game.days[0]
    base = tally_day(posts, game, day, rules, {}, sensitivity=False)
    found = posted.from_posts([*posts, ruling_post], game, day, base, rules, {},
                              posted.director_uids(game, [*posts, ruling_post]))
    everything = {pid: r for pid, (r, _) in found.rulings.items()}
    ruled = tally_day(posts, game, day, rules, everything, sensitivity=False)
    for pid, ruling in everything.items():  # 「18楼暂定无效」: the floor left open is a doubt, never settled by us
        if ruling.decision == "pending":
            entry = next(e for e in ruled.entries if e.pid == pid)
            assert entry.needs_review or entry.verdict != "counted" and entry.kind == "none", (item["id"], entry)
    rulings = {pid: r for pid, r in everything.items() if r.decision != "pending"}
    return base, ruled, rulings, found.unread


def expected_effect(item: dict, ruling: dict, base) -> tuple | None:
    """What the ruling does to its floor's ballot, as the item's writer means it (None: nothing checkable)."""
    entry = next(e for e in base.entries if e.floor == ruling["floor"])
    verdict = ruling["verdict"]
    if verdict == "invalid" and (ruling.get("for_voter") or entry.voter != entry.author) and re.search(
            rf"{re.escape(ruling.get('for_voter') or entry.voter or '')}\s*(?:今日|今天|本日)?\s*(?:按|记|视为|算)\s*弃权", item["text"]):
        # 「61楼 代投作废，鲤鱼灯 今日按弃权计」 (blind16 x028): void, and the director says what that makes of the voter — an
        # abstention; weighed as one either way
        return ruling.get("for_voter") or entry.voter, None, None
    if verdict in ("invalid", "not_a_vote"):
        return None, "not counted", None
    floors_ = item.get("floors_exist") or {}
    if verdict == "abstain" and any(int(r["floor"]) > ruling["floor"] and r["verdict"] in ("valid", "counts_as") and (
            floors_.get(str(r["floor"])) or {}).get("kind") == "change" and floors_[str(r["floor"])].get("author") == (
            floors_.get(str(ruling["floor"])) or {}).get("author") for r in item["rulings"]):
        return None  # 「12楼 算弃权 … 13楼 他引用十二楼改投 括号，有效」: the abstention stands until the change replaces it (blind21 p031)
    if verdict == "abstain" and re.search(r"无效|不算|不计|作废", to_simplified(item["text"])):  # (blind62 dj035 writes 無效)
        # 「无效……按规则视为弃权」: invalid, 弃权 being what the rules make of it — weighed as an abstention either way
        return entry.voter, None, None
    if verdict == "abstain":
        return entry.voter, "abstain", None
    if verdict in ("keep_original", "original"):  # (blind9 writes "original")
        return None  # the ballot that stands is another floor's (a change) or the text before an edit
    floors = item.get("floors_exist") or {}
    author = (floors.get(str(ruling["floor"])) or {}).get("author")
    if any(int(r["floor"]) > ruling["floor"] and r["verdict"] in ("valid", "counts_as") and (floors.get(str(r["floor"])) or {}).get(
            "kind") == "change" and floors[str(r["floor"])].get("author") == author for r in item["rulings"]):
        return None  # 「31楼 有效 … 40楼（他的改票）有效」: valid, and then replaced by the change the same post lets stand (blind9 m014)
    voter = ruling.get("for_voter") or entry.voter
    return voter, None, ruling.get("target")


# Known wrong effects, each left for the next change to mend (a strict xfail: it fails the day it is mended, to be removed).
# (blind13 s016 「关门后的编辑内容不认。……按编辑前的 仙道彰 计；编辑后改成的 森重宽 作废」 had voided 58楼: a verdict on an
# edit's words now keeps the ballot as it stood before the edit — here, with no earlier version archived, held.)
# (blind22 u020 「我自己的这条代投作废，柳毅井 今日视为弃权」 had voided the director's own proxy as no ballot, no abstention
# kept for 柳毅井: the abstention the post says is now the ruling's, as blind37 ck020 and blind41 co015.)
# (blind23 i006, blind35 ci014, blind38 cl006, blind40 cn070: an edit after the close whose earlier ballot the post names — 「按编辑前的
# 原票计：投票对象 潼关」「按截止前的原样计，即 电钻」 — had not been applied as that target; the floor now counts as it stood.)
# (blind26 w058: phone-typed 「62是引用61改的票 但已经是截止前50分钟 不算 按61 计扶梯」 had counted 62 for 扶梯 — 「截止前」 took six
# characters after it as a time; read word by word, the run-on is held for the director.)
# (blind32 cf039 「早上我说 17楼 无效，是我看漏了——……。改票有效，计为 漆面泥。」 had voided 17: the director's earlier ruling,
# recalled and owned as a slip, is told now, not made — 17 waits.)
# blind34 ch060 「#40 寒潮 改票没引用原帖，作废，寒潮 视为弃权。」: applied as written; its writer calls the post doubtful, the
# director's 视为弃权 departing from 002 (a void change leaves the original ballot standing) — arguable: the director rules.
# blind35 ci030 (「木瓜 本日按未投票（弃权）算」): the player's abstention in other words (blind29 cd040's, mended with u020's).
# (blind37 ck042: a relay confirmed by its voter and counted for him (「74楼 不算 丝绸 的票。…74楼 计为 亚麻 投 香云纱」) had been
# voided; with 「关门前一小时」 read as a time and no more, the floor's two verdicts are the director's.)
# (blind39 cm003 「…他的原票在18楼，40楼…所以改票无效，…仍按18楼的 定音鼓 计。」 had voided 18楼, the original the post says
# stands: 「原票在18楼」 is where the original is, not a floor of the change's list.)
# (blind51 cy029 「14楼 …截止前没来更正的话，就按弃权算」 had applied an abstention: 「截止前」 took 「没来更正的话」 into a time word, and
# the condition was lost — the time words now name a span and no more.)
# (blind52, first read at 5fc6dbe: cz008 「……关门后的编辑不认，按编辑前的对象 宋应星 计」 had voided 44楼 — 「对象」 between 的 and the
# name; cz054 「学士 66楼 投 校尉 后又在 67楼 发新帖……不算改票，仍以 66楼 校尉 为准」 had voided 66楼, the ballot the post says stands —
# now held; cz046 「昨天重投阶段 12楼 的裁定维持不变」 had applied to today's 12楼 — a stage of yesterday is yesterday's.)
# (blind53 da035, first read at 21cbab8: 「47楼 …没引用原帖，等我吃完饭回来会把它判成无效的，先别吵。」 — a promise to rule later —
# had been applied as 47楼 void now: the director's own ruling in the future, and a wait for the director, are pending words.)
# (blind54 db034, first read at 07c618e: 「提醒：……昨天对决帖 8楼 那种写「无」的，在对决里是无效的，今天别再犯。」 — yesterday's runoff
# thread's floor, an example in a reminder — had been applied as today's 8楼 void: a thread of yesterday is yesterday's.)
# (blind56 dd013, first read at a96e41a: 「【公告】从第三天起……像 20楼 那种只写一个名字不写理由的，到时候一律不计」 — a policy for later
# days, its floor an example — had been applied as today's 20楼 void.)
# (blind57 de015, first read at e09c8a5: a running count closed 「（统计仅供参考，以关门结算为准）」 — its row 「弃权 1（#20）」 had been
# applied as a ruling of #20: the abstentions tallied as a player's row is are a count.)
# blind58 df030 (first read, 0a02604): 「提醒：两水一票。……另外 17楼 那种只发一个「顶」的，不算发言考勤。」 — attendance, not a ballot:
# 「不算」 applied to 17楼 (a chat post, so no count moves, but a post that rules no ballot applied).
# (blind61, first read at 4f0e19c: di009 「……改票有效，计为 鞭毛→内质网」 had taken the voter before the arrow for the target;
# di067 「如果是 20:00 之前发的就有效（计 牛市），否则无效、按 12楼 原票 熊市。等我去后台看秒数。」 had applied 12楼, the fallback of
# an if the director has yet to check.)
KNOWN_WRONG: set[str] = {"ce054", "ch060", "ci030", "df030"}


@pytest.mark.parametrize("item", [pytest.param(i, marks=pytest.mark.xfail(strict=True, reason="known wrong effect"))
                                  if i["id"] in KNOWN_WRONG else i for i in BLIND + LATER], ids=[i["id"] for i in BLIND + LATER])
def test_a_blind_ruling_post_is_applied_only_as_its_writer_means_it(item):
    if item["id"] in NOT_BUILT:
        pytest.skip("the harness cannot build this post's floors (see NOT_BUILT)")
    base, ruled, rulings, unread = read(item)
    if item["expected"] != "certain":
        floors = {e.floor for e in ruled.entries if e.pid in rulings}
        assert not rulings or floors <= PER_FLOOR.get(item["id"], set()), f"{item['id']} ({item['expected']}) was applied: {rulings}"
        return
    # a ballot the writer names and does not rule is never voided (blind36 cj005 · cj039, blind28 cb010: the verdict on a change
    # had voided the original it named — no check of the set's own looked there)
    wanted, kinds = {w["floor"] for w in item["rulings"]}, {int(n): f.get("kind") for n, f in (item.get("floors_exist") or {}).items()}
    floor_of = {e.pid: e.floor for e in ruled.entries}
    voided = [floor_of.get(pid) for pid, r in rulings.items() if r.decision == "reject" and floor_of.get(pid) not in wanted
              and kinds.get(floor_of.get(pid)) in ("vote", "change", "proxy", "relay", "abstain")]
    assert not voided or item["expected"] != "certain", (item["id"], "voided a ballot it does not rule", voided)
    if not rulings:
        pytest.skip("read as doubtful: listed for the director (" + "；".join(w for u in unread for w in u.why) + ")")
    for want in item["rulings"]:
        entry = next(e for e in ruled.entries if e.floor == want["floor"])
        if entry.pid not in rulings and entry.pid not in {r.pid for r in rulings.values()}:
            continue  # a floor the post leaves for the director (listed, never guessed): the safe side
        expected = expected_effect(item, want, base)
        if expected is None:
            continue
        voter, kind, target = expected
        got_voter, got_kind, got_target = effect(entry)
        if voter is not None:
            assert got_voter == voter, (item["id"], effect(entry), expected)
        if kind is not None:
            assert got_kind == kind, (item["id"], effect(entry), expected)
        if target is not None:
            assert got_target == target, (item["id"], effect(entry), expected)
        if want["verdict"] == "abstain":
            assert got_target is None, (item["id"], effect(entry), expected)


def test_the_reader_still_reads_the_forms_it_knows():
    """At the first read (the grammar as first written) 7 of the 35 posts their writer calls certain were read,
    and one doubtful post was applied (b050: a link whose words name one floor and whose pid is another's); after
    the forms this set showed, 21 — the rest listed for the director — and none. The floor keeps that."""
    applied = [i["id"] for i in BLIND if i["expected"] == "certain" and read(i)[2]]
    assert len(applied) >= 21, applied


def test_the_later_sets_are_read_as_directors_write_them():
    """blind2 (first read 3 of 74 clear rulings applied) and blind3 (written after the layered reader, first read 57 of
    68, two with a wrong effect and one doubtful post applied — fixtures/rulings/README.md): each clear post applied
    whole, none of the others applied (the test above), and the count of whole applications held where it stands."""
    whole = {}
    for item in LATER:
        # blind2's ids are c001…, blind3's d001… (a later set's ca…, ck… are counted by the per-post test above: read
        # here too, they made this one test the suite's longest)
        if item["expected"] != "certain" or not re.fullmatch(r"[cd]\d+", item["id"]):
            continue
        _base, ruled, rulings, _unread = read(item)
        ruled_floors = {e.floor for e in ruled.entries if e.pid in rulings}
        whole[item["id"]] = {w["floor"] for w in item["rulings"]} <= ruled_floors
    assert sum(v for k, v in whole.items() if k.startswith("c")) >= 73
    assert sum(v for k, v in whole.items() if k.startswith("d")) >= 64
