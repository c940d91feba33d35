"""The director's own posts read in the director's role: the proxies they make, and the counts they post.

    >>> read("【代投】受郭靖委托代投黄蓉（郭靖私信委托）", Roster(["郭靖", "黄蓉"])).proxies
    [Proxy(voter='郭靖', target='黄蓉', line=1, words='【代投】受郭靖委托代投黄蓉(郭靖私信委托)', void=None)]

A director's post is no ballot — an opening, a reminder, a count, a ruling, the result — with one exception: a proxy
in the director's own words is the proxied player's ballot (rules.md, "The director's own posts"). Directors write
them as they come (rules.md, "How directors really write rulings and proxies"): 「受X委托代投Y」, 「代投：X → Y」, the
request pasted from a QQ or WeChat log with several speakers, two in one post, one taken back (撤回委托，以上代投作废)
or corrected (更正：X委托的是Z) in a later line, a substitute announced and the substitute's ballot under it, English
mixed in. The post is read in layers:

  segment  the director's own words (grammar/structure.py), in lines; a line of a pasted chat log (a time and a
           speaker before the words) is the speaker's, not the director's; a line of a running count is the count's
  tag      grammar/tags.py: names, proxy and entrust words, ballot words, corrections, retractions, refusals
  pair     each clause that makes a proxy names the player it is for (受X委托 · X私信委托 · 代X投 · 代投：X · for X)
           and the target (投Y · 投票对象：Y · → Y · vote Y · 弃权); a chat log gives the pair its request line names
           (the speaker's own 帮我投Y); a substitute's ballot is for the player the substitute plays
  settle   a voter's later pair replaces an earlier one only where the post says it corrects (更正 · 以此为准 · 应为);
           a retraction or refusal naming the voter (or the post's only proxy) voids it; two pairs for one voter
           that nothing settles, a condition (如果 · 那个人 · 谁…就投谁), a proxy word with no pair: a doubt

A count — lines 「X → Y」「Y 3 票：A、B、C」 — is read as voter → target, to be set beside the tool's own count
(tally/certainty.py's `compare_count`): where they differ, one of the two is wrong. This module knows only words.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import timedelta
from fractions import Fraction
from functools import lru_cache

from . import tags
from .names import Roster, to_simplified
from .normalize import normalize
from .speech import VOTES, closed_up, count_rows, cut_outside_brackets, tally_lines
from .structure import face_after, split


@dataclass(frozen=True)
class Proxy:
    """One proxy the post makes: for `voter`, a ballot for `target` (None: 弃权), and why it is void (None: it stands)."""

    voter: str
    target: str | None
    line: int
    words: str
    void: str | None = None
    stated: tuple[str, ...] = ()  # times the words state (「20:25 收到杨康短信」): the tally weighs them against the close


@dataclass
class Reading:
    proxies: list[Proxy] = field(default_factory=list)  # in post order, corrections and retractions applied
    doubts: list[str] = field(default_factory=list)  # what a proxy clause leaves unexplained: the director's to confirm
    readings: list[tuple[str, str | None]] = field(default_factory=list)  # the pairs a doubt could mean
    count: dict[str, str | None] = field(default_factory=dict)  # a running count or closing tally: voter → target
    void_floors: set[int] = field(default_factory=set)  # floors a count's note says it did not count (「（6楼扣除）」)
    floor_count: dict[int, str | None] = field(default_factory=dict)  # a count by floors: floor → target (ANY: counted, for whom unsaid)
    proxy_words: bool = False  # the post speaks of proxies at all
    example: bool = False  # a proxy shown as the format to use: not counted unless the director says it is one
    totals: dict[str, Fraction] = field(default_factory=dict)  # the votes the post says each player has (「杨康 肆票」)
    totals_day: int | None = None  # the day those totals are said to be of (「第2天票型」), None where unsaid
    totals_listed: dict[str, frozenset[str]] = field(default_factory=dict)  # the voters written after a total (「郭靖 3票 ← A、B」)
    unsure_rows: dict[str, str] = field(default_factory=dict)  # a voter the count marks open (UNSURE): the row it lists him in
    days_said: tuple[int, ...] = ()  # the days the post names (「代投（第2天）」): a proxy for another day is no ballot of this one

    @property
    def standing(self) -> list[Proxy]:
        return [p for p in self.proxies if p.void is None]

    @property
    def certain(self) -> bool:
        return not self.doubts


# A line of a pasted chat log: a time, then the speaker, then what they said (「[14:05] 傻姑：…」 「【私聊 20:43】小满：…」
# 「09:41 许微：…」), or the speaker first (「许微 09:41：…」 「许微(123456) 09:41:02」 on its own line, QQ's way).
_CHAT = re.compile(r"^\s*[\[【(（]?[^\]】)）:：\n]{0,8}?(?:\d{2,4}[-/.]\d{1,2}[-/.]\d{1,2}\s*)?\d{1,2}:\d{2}(?::\d{2})?\s*[\]】)）]?\s*"
                   r"(?P<speaker>[^\s:：]{1,24})\s*[:：]\s*(?P<said>.*)$")
# A line of a proxy list: 「1）沈舟：投票对象 江迟」「① 九筒 站内信：…」 — the player first, then what they asked.
# A list item's mark: 1）· (2) · ① · 一、 · 第二张： · - (every board numbers its lists its own way)
_ITEM = r"(?:[(（]?\d{1,2}[)）.、]|[①-⑩]|[(（]?[一二三四五六七八九十][)）.、]|第[一二三四五六七八九十\d]{1,2}[张条份个][:：、]?|[-·•*])"
_LISTED = re.compile(rf"^\s*{_ITEM}?\s*$")
# 「——以上，毽子 投票：跳绳」: the line under a pasted log that sums it up as the player's ballot
_SUMMED_UP = re.compile(r"^\s*[—─-]*\s*(?:以上|综上|即)\s*[,，:：]?\s*")
_NOT_A_SPEAKER = re.compile(r"代投|委托|投票|对象|理由|代发|更正|裁定|^(?:补|补充|追加|追记|注|附|另|再补|PS|P\.S\.?)$|proxy|vote|"
                            # (「现在 12:18，犬齿刚找我：代投 门牙」: the time the director speaks at, not a speaker — heldout37 w37_071)
                            r"^(?:现在|刚才|刚刚|此刻|目前|今天|今日|今早|早上|上午|中午|下午|傍晚|晚上|昨晚|今晚|凌晨|截至|截止)$", re.I)
_CHAT_SPEAKER_FIRST = re.compile(r"^\s*(?P<speaker>[^\s:：\d][^\s:：]{0,23})(?:\s*[(（]\d{4,12}[)）])?\s+(?:\d{2,4}[-/.]\d{1,2}[-/.]\d{1,2}\s+)?"
                                 r"\d{1,2}:\d{2}(?::\d{2})?\s*(?:[:：]\s*(?P<said>.*))?$")
_CHAT_BRACKETED = re.compile(r"^\s*[\[【(（]\s*(?P<speaker>[^\s:：\d\]】)）][^\s:：\]】)）]{0,23})\s+(?:\d{2,4}[-/.]\d{1,2}[-/.]\d{1,2}\s+)?"
                             r"\d{1,2}:\d{2}(?::\d{2})?\s*[\]】)）]\s*[:：]?\s*(?P<said>.*)$")  # 【滇红 10:02】帮我投祁红
# 「梅超风: ⏎ 帮我投杨康」「梅超风 晚上8:01 ⏎ 代我投杨康」: the speaker alone on a line, the words on the next (a log pasted with no
# proxy word; read only where the post names none — a count's 「票型：」 line is no speaker's)
_CHAT_SPEAKER_ALONE = re.compile(r"^\s*([^\s:：\[【(（]{1,24})\s*(?:(?:上午|下午|晚上|早上|凌晨|中午)?\s*\d{1,2}[:：]\d{2}(?:[:：]\d{2})?\s*[:：]?|[:：])\s*$")
_CHAT_BY_CHANNEL = re.compile(r"^\s*(?P<speaker>[^\s:：\d(（【\[]{1,12}?)\s*[(（]?(?:私信|私聊|短信|短消息|站内信|QQ|微信|悄悄话)[)）]?\s*"
                              r"(?:说|里说)?\s*[:：]\s*(?P<said>.+)$")
_LABEL_LINE = re.compile(r"^\s*(?:投票对象|对象|投票目标|投票理由|理由|改票对象|投票)\s*:")
_REASON = re.compile(r"(?:投票理由|理由|原因)\s*[:：]?.*$|(?:reason|because)\s*:.*$", re.I)  # (「票投北风 理由他一直在保东风」)
# Where a proxy clause says whom it is for, right before or after the name.
_HEADED_ROW = re.compile(r"(?m)^(\s*(?:[【\[][^】\]\n]{0,12}[】\]])?\s*(?:目前|当前|最新|中途|截至[^:：\n]{0,10})?\s*(?:票型|票数|票况|计票|统计)"
                         r"[^:：\n]{0,10}[:：])[ \t]*(?=[^\s:：,，。]{1,12}?\s*(?:←|<-|<=))")
# 「【第三日结果】油条 4（汤圆、粽子、…）」: a bracketed heading with the count's first row on its line (heldout45 d03: the row was
# lost, and the count said to leave 汤圆 out)
# (and a plain heading with its colon: 「目前：杨康 3（郭靖、…）」 — round 111, case 13: the row with a proxy in it was lost)
_BRACKET_HEADED_ROW = re.compile(r"(?m)^(\s*[【\[][^】\]\n]{0,12}(?:结果|票型|票数|统计|计票)[^】\]\n]{0,6}[】\]]|"
                                 r"\s*(?:目前|当前|最新|现在|中途|截至[^:：\n]{0,10}|截止目前)\s*(?:的)?\s*(?:票型|票数|票况|计票|统计)?\s*[:：]|"
                                 r"\s*(?:票型|票数|票况|计票|统计)\s*[:：])[ \t]*"
                                 r"(?=[^\s:：,，。]{1,12}?\s*\d+(?:\.\d+)?\s*票?\s*[(（])(?![^\n]*[|｜])")  # (not a count on one line, 「｜」 between rows)
_ROWS_ON_ONE_LINE = re.compile(r"([)）])[ \t\u3000]+(?=[^\s:：,，。()（）]{1,12}?\s*\d+(?:\.\d+)?\s*票?\s*[(（])")
_ROW_THEN_WORDS = re.compile(r"(?m)^([^\s:：,，。()（）]{1,12}\s*\d+(?:\.\d+)?\s*票?\s*[(（](?:[^()（）\n]|[(（][^()（）\n]*[)）])*[)）])"
                             r"\s*[,，;；]\s*(\S[^\n]*)$")
_COUNT_HOLDS_PROXY = re.compile(r"([^\s,，。:：;；、()（）\d]{1,12}?)\s*(?:\d+(?:\.\d+)?\s*票?)\s*[(（][^()（）\n]{0,30}?"
                                # (round 81, W07/W08: 「（2、3、4、8楼 + 丘处机代投）」「（更正：5 票，漏了丘处机的代投）」)
                                r"(?:含|包括|其中|另有|加上?|[+＋]|漏了|漏掉了?|少算了|少了)\s*"
                                r"([^\s,，。:：;；、()（）]{1,12}?)\s*(?:的)?\s*(?:代投|代票)")
_ENTRUSTED_THEN = re.compile(r"(?:委托|托|请|让|叫)\s*(?:导演|主持人?|我|本导|执法团?|裁判)\s*(?:代投|代为投票|帮投|代为投)\s*[:：]?\s*$")
_FOR_BEFORE = re.compile(r"(?:受|代|替|帮|应|为|代投\s*[:：]|代投\s+|proxy\s*投|委托人\s*[:：]?|被代投人\s*[:：]?|【代投】|proxy\s+(?:vote\s+)?(?:for|on\s+behalf\s+of)|on\s+behalf\s+of|for)\s*$", re.I)
_FOR_AFTER = re.compile(r"^\s*(?:[(（]代投?[)）]\s*[:：]|(?:[(（][^)）]{0,20}[)）])?\s*(?:\d{1,2}:\d{2}\s*)?(?:私信|站内信|短消息|短信|悄悄话|QQ|微信|PM)?\s*"
                        r"(?:委托|要求|请求|托导演|托我|请导演|拜托|让我|叫我|的代投|这一?票|那一?票|那条|这条|那张|这张|asked|PM'?d|PMed|\s*说|"
                        r"[:：]\s*(?:投票对象|投票目标|对象)(?!\s*[:：]?\s*$)))", re.I)  # 代投 念奴娇：投票对象 青玉案 · 梅超风（代）：杨康
# Where a clause names the target: after these words (or an arrow), and 弃权 for nobody.
_TARGET_BEFORE = re.compile(r"(?:投票对象|投票目标|对象|投票|投给|票给|票投|改投|代投|投|vote|→|->|=>|＞|>|委托的是|投的是|要投的是|应为|"
                            r"改为|改成)\s*[:：]?\s*$", re.I)
_CORRECTS = re.compile(r"更正|纠正|订正|以此为准|以本行为准|以这个为准|以下为准|应为|应该是|委托的是|要投的是|抄错|写错|打错|看错")
_RETRACTS = re.compile(r"撤回委托|撤销委托|取消委托|收回委托|委托撤回|委托作废|代投作废|取消代投|撤回代投|不再代投|以上代投作废|代投取消|"
                       r"(?:撤回|撤销|取消)\S{0,6}代投|代投(?:不计|无效|已撤回)|代投[^,，。;；\n]{0,8}(?:撤回|作废|取消)|"
                       r"(?:以上|上面|这条|这张)(?:的)?代投(?:作废|取消|撤回|不算|不作数|无效)|作废|不用代投|不要代投|别代投|不用帮他投|不用帮她投|"
                       r"说算了|又说算了|(?:那张|这张|那条|这条|这行|此条)\s*(?:代投)?\s*(?:撤回|撤销|取消|删掉?|删了|去掉|划掉)(?![^。\n]{0,6}[吗？?])|"
                       r"(?:那张|这张|他|她)[^,，。;；\n]{0,6}(?:说|又说)?\s*不(?:用|要)?投了|"  # (「（洪七公那张刚说不投了）」, round 59)
                       # the hostile round (issue 42): not today's, never made, a test — and in English
                       r"昨天的代投|不是今天的|还没委托|尚未委托|没有委托|勿计|别计|不要计|测试[,，、 ]|测试$|"

                       r"(?i:unvote|withdr[ae]wn?|changed\s+(?:her|his|their|my)\s+mind|cancel+ed|ignore\s+this|"
                       r"(?:forget|scratch|drop|disregard|ignore)\s+(?:about\s+)?(?:the|my|that|this)\s+proxy|proxy\s+(?:is\s+)?(?:off|void|gone))")
_ASKED_CLAUSE = re.compile(r"[^,，。;；!！?？\n()（）]*[?？]")  # a clause that asks: what it says is not done
_REFUSES = re.compile(r"不予代投|不代投|不代(?=\s*[。;；!！，,]|\s*$)|驳回|拒绝了|我拒绝|没同意|没有同意|不同意|没答应|不答应|不批准?|规则上不行|不能代投|无法代投|不予受理|不受理|无法受理|不能受理|不接受代投|不接受委托|拒绝代投|不能代(?!表)|不予代|不代了|不代为|不替(?:他|她|TA|ta)?\s*改|不帮(?:他|她|TA|ta)?\s*改|"
                      r"不再处理|不予处理|不处理|不算数|不能接|不接受|不接|代不了|代投不了|"
                      r"不方便代|没法代|不好代|帮不了|不帮了|代不成|拒了|回绝了?|推掉了?|规则不允许|不允许代|没代(?!投)|没有代(?!投)|"  # (round 62 · 63)
                      # the player told to vote in person (「我回他：自己投」「我让他自己来投」「叫他自己投去」: round 64)
                      r"(?:让|叫|请|要|劝)\s*(?:他|她|TA|ta|其|本人)?\s*自己\s*(?:来|去|上来)?\s*投|自己\s*(?:来|去)?\s*投(?:去|吧)|"
                      r"没理(?:他|她)?|不理(?:他|她)|我说不行|说了不行|这局没有代投|本局没有代投|没有代投这回事|"  # (round 66)
                      r"过了代投时间|代投时间已过|已过代投时间|超过了?代投时间|来不及代|"
                      r"(?:回|告诉|跟|对)\s*(?:他|她|TA|ta)\s*(?:说)?\s*[:：]?\s*(?:你)?自己\s*(?:来|去)?\s*投")
# 「条件部分不予受理」: the director refuses the condition a player added, not the proxy.
_REFUSES_PART = re.compile(r"(?:条件部分|附加条件|附加的|另外的?要求)[^。\n]{0,8}(?:不予受理|不受理|不接受|不能代|不予代投|不处理)")
# A request the player made conditional, as the post retells it: the seeds want a proxy's target said plainly.
_CONDITION = re.compile(r"如果|假如|要是|的话|票最多的|最高票的|谁[^。\n]{0,10}就投谁|投[^。\n]{0,6}投的那个|那个人|你懂的|跟票")
_HEADING = re.compile(r"代投|委托|代发|代为|托导演|托我|之托|所托|托管|[(（]代[)）]|应\s*\S{1,12}\s*要求|(?:替|帮)\s*\S{1,12}?\s*记\s*(?:一|这)?\s*票|proxy", re.I)
_COUNT_HEADING = re.compile(r"票型|统计|票数|计票|截至|截止目前|目前|结果")
# 「（代投）」「（导演代投）」 beside a name in a count: how a ballot came, not a proxy made here.
_COUNT_ANNOTATION = re.compile(r"[(（〔【\[][^)）〕】\]\n]{0,12}(?:代投|代发)[^)）〕】\]\n]{0,6}[)）〕】\]]")  # (〔代投〕: heldout45)
_SUBSTITUTE = re.compile(r"顶替|替补|接替|接手")
_SUBSTITUTE_ASKS = re.compile(r"委托|托我|让我|请我|代投|(?i:vote)|投票对象|改票对象|改投|投")
# A ruling on a floor: the floor and a verdict in one line (the ruling reader's, grammar/ruling.py).
_RULED = re.compile(r"(?:#\s*\d|\d\s*(?:楼|层|樓|[LlFf#])|第[一二三四五六七八九十百\d]+\s*楼)[^\n]*?"
                    r"(?:无效|有效|作废|不算|不计|计为|算作|视为|按原票|以原票|维持原判|算[^\n]{1,12}的票|裁定)")
# The director leaves the proxy's fate open in the same post: 这票如何处理统计时一并说明.
_LEFT_OPEN = re.compile(r"如何处理|怎么处理|怎么算|待定|再议|一并说明|稍后说明|稍后裁定|请.{0,4}裁定|暂不计|确认后生效|确认后再|还没确认|"
                        r"未确认|待确认|尚未确认|"
                        r"等[^。\n]{0,8}确认|[?？]\s*[)）]?\s*$|"
                        # 「等我翻下聊天记录再代投」「晚点再代投」: the proxy to be made later, not made (heldout50 w50_096: counted)
                        r"(?:再|才|然后|之后|回头|晚点|稍后|待会|等会)\s*(?:帮(?:他|她)|替(?:他|她)|给(?:他|她))?\s*(?:代投|代发|代为投)|"
                        r"(?:好像|似乎|大概|可能|应该|估计)\s*(?:是|有)?\s*(?:说过|说|要|想|让我|托我|委托)")
# A proxy shown as the shape to write, not made: 「按这个格式代发：【代投】受X委托代投Y」 · 举例：…
# (not 「他让我按格式代投」: a proxy made in the format — heldout41 w41_007)
_EXAMPLE = re.compile(r"(?<![按照依])格式|举例|例如|比如|示例|样例|模板|范例|for example|e\.g\.", re.I)
# A line in the director's own words that hands a player's ballot over (「梅超风让我帮他投杨康」「丘处机私聊我说他这票给杨康」「代梅超风投杨康」)
_OWN_WORDS = re.compile(r"投|票给|一票|这票|的票|代发")
_NO_BALLOT = re.compile(r"没投|未投|还没投|尚未投|没有投|投票截止|截止|提醒|请[^。\n]{0,6}投|投票帖|投票时间|得票|票数|票型|格式|有误|"
                        r"重新投|无效|有效|弃权|\d+\s*票|平票|重投|裁定|(?:\d|[一二三四五六七八九十])\s*(?:楼|层|L\b|F\b)|"
                        r"(?:让他|叫他|请他|他)?自己\s*(?:来|去)?\s*(?:投|发)|(?:让他|叫他|请他)\s*(?:本人|亲自)\s*(?:来|去)|不\s*代")
# (「我说可以，自己来投」「让他本人来，导演不代劳」: no proxy made — rounds 111, C22; 113, B14)
_QUOTED = re.compile(r"[“「『\"][^”」』\"\n]{0,200}[”」』\"]")
_TIME = re.compile(r"(?<!\d)(\d{1,2})\s*[:：]\s*(\d{2})(?!\d)")
_CHANGES = re.compile(r"改票|改投|原投票由|原票由")  # 代投（改票）：将其原投票由 梅超风 改为 欧阳克
_ARROW_PAIR = re.compile(rf"^\s*{_ITEM}?\s*([^\s→>=\-:：,，]{{1,12}})\s*(?:→|->|=>|＞)\s*([^\s,，。;；:：(（]{{1,12}})")
# A count's note lines: what it did not count and who has not voted (「无效：幺鸡 的代投（…）」「未投票：北风」).
_COUNT_NOTE = re.compile(r"^\s*[【\[]?\s*(?:无效|不计|不计入|未投票|尚未投票|还没投票|弃权|无|没投|另|注)\s*[】\]]?\s*[:：]")
_LIST_HEADING = re.compile(r"(?:代投|委托|proxy)[^。\n]{0,30}[:：]\s*$|代投如下|以下(?:是|为)?代投|[两二三四五六\d]\s*[张条份个笔]\s*代投|"
                           r"代投\s*[两二三四五六\d]\s*[张条份个笔]", re.I)
_ABOVE_VOIDED = re.compile(r"(?:上面|上一|前面|刚才|之前|原来)\S{0,4}?(?:作废|不算|无效|不作数)")
# A line's heading (「【更正】」「更正：」): what kind of line follows, not a correction of its own
_LINE_HEAD = re.compile(r"^\s*[—─-]*\s*(?:[【\[]\s*[^】\]\n]{1,6}\s*[】\]]|(?:更正|补充|另|注)\s*[:：])\s*")
_STANDS = re.compile(r"(?:那张|这张|那条|这条|那票|这票|的代投|代投)\s*(?:仍然|仍|依然|照样|继续)?\s*(?:有效|照常|保留|不变|照算|维持|算数)")
_ASIDE = re.compile(r"^\s*[【\[]?\s*(?:另|注)\s*[】\]]?\s*[:：]")
_BEFORE_CLOSE = re.compile(r"(?:关门|截止|截至|结束|收票)\s*前\s*(\d{1,3}|[一两二三四五六七八九十半]{1,3})\s*(?:个)?\s*(分钟|分|小时|钟头)")
_HEADED_PAIR = re.compile(r"(?im)^(\s*(?:【代投】|代投|proxy))\s*(?:投票|vote|投)\s*[:：](?=\s*[^\s→>=:：,，]{1,12}\s*(?:→|->|=>|＞))")
_ENGLISH_PROXY = re.compile(r"proxy|on behalf of|asked (?:me )?(?:via pm )?to vote|pm'?d me|asked via pm", re.I)


# A line that judges a relay or says how proxies are made (「玩家之间转达的票不算谷雨的票」「一发如需代投请私信我」「代投只由
# 导演发出」): a ruling's reason or the rule, not a proxy made — it makes none unless it names a pair in a proxy's shape.
_MADE = re.compile(r"已代投|已经代投|代投完毕|已代发|已经代发|代发了|已代为发|已帮(?:他|她)投|已替(?:他|她)投|已代为投|照办|已照办|按你说的投了|帮你投了|替你投了|"
                   # 「以上聊天记录，代投。」「收到，代投了」: 代投 as the director's own clause, what it points back at unread
                   # (hostile round 72 q11: the chat log was pasted in a quote block the post's text does not carry)
                   r"(?:^|(?<=[，,。；;：:\n])|(?<=以上|上面|如上|照此|按此|据此))\s*(?:照此|按此|据此)?\s*代投(?:了|好了|过了)?\s*(?=[。.!！~～]|$)|"
                   r"(?:照|按|根据|依)(?:以上|上面)[^。\n，,；;]{0,10}代投(?:了|好了|过了)?\s*(?=[。.!！~～]|$)",
                   re.M)
_ASKS_TARGET = re.compile(r"(?:对象|投谁|投给谁|票给谁|给谁|投哪个|投哪位|which|who)\s*[?？]", re.I)
_JUDGES = re.compile(r"(?<!算)不算(?!数?不)|(?<!计)不计|(?<!有效)无效|(?<!作废)(?<!作废不)作废(?!不)|不是[^,，。;；]{0,8}的票|不属于|"
                     r"如需|如要|须由|只由|只能由|只允许|须在|须事先")  # (算不算 · 作废不作废: a question, judging nothing)

# 「上面这条不算」「以上不算」: the director takes back the line above (「不算」 alone is a ruling's verdict word).
_ABOVE_VOID = re.compile(r"(?:上面|以上|前面|上一条|这条|刚才|刚刚)[^。\n]{0,6}(?:不算|不作数|作废)")


def read(text: str, roster: Roster | None, directors: tuple[str, ...] = ()) -> Reading:
    """The proxies and the count a director's post makes (see the module's docstring)."""
    if not text or roster is None or roster.pattern is None:
        return Reading()
    out = _read(text, roster, _with_nicknames(tuple(directors)))
    if stated := stated_totals(text, roster):
        out = replace(out, totals=stated[0], totals_day=stated[1], totals_listed=stated[2])
    simplified = to_simplified(text)  # (the words every check below reads: the lexicon's are Simplified)
    if (out.count or out.floor_count or out.totals) and _COUNT_WITHDRAWN.search(simplified):
        # 「现在票型：腰果 4（…）……等等，杏仁投的是松子，我重算一下，先别看这条。」: a count its own post takes back is no count to set
        # beside ours (heldout56 w56_032, once a count behind a heading on its line was read)
        out = replace(out, count={}, floor_count={}, totals={}, totals_listed={}, unsure_rows={})
    if out.proxies and re.search(r"第|[DdNnＤｄＮｎ]\s*[-_#.+＋]?\s*[\d０-９]|(?i:day|night|round|tomorrow|yesterday|tonight)|明|后天|后晚|下一|"
                                 r"[次翌隔]日|隔天|昨|前天|下周|下星期|周|星期|礼拜|日目|\d\s*[月日号/]|重投|复投|决胜|PK", simplified):
        wide = unicodedata.normalize("NFKC", simplified)  # (「Ｄ２代投」: full-width letters and digits, the hostile round 86 C15)
        out = replace(out, days_said=tuple(dict.fromkeys(
            REVOTE if _REVOTE.fullmatch(d) else -1 if _RELATIVE.fullmatch(d) or _DATED.fullmatch(d) else int(d) if d.isdigit() else _ROMAN_DAYS.get(d) or
            _ENGLISH_DAYS.get(d.lower()) or tags.chinese_number(d.translate(_FORMAL_DIGITS)) or -1
            for m in _PROXY_DAY.finditer(wide) for d in m.groups() if d)))
    if faced := [p for p in out.standing if p.target and face_after(text, re.escape(p.target))]:
        # 「代投：丘处机→杨康 :lol」 on the page: a smiley right after the proxy's target (the scraper keeps 「[表情]」, which the
        # reader sets aside) — its tone, the director's to confirm (the hostile round 87, Q07: counted, 杨康 posted out)
        out = replace(out, doubts=[*out.doubts, *(f"代投「{p.voter} → {p.target}」后面紧跟着一个表情：这张代投是不是认真的，请导演确认"
                                                  for p in faced)], readings=[*out.readings, *((p.voter, p.target) for p in faced)])
    if denied_pairs := [p for p in out.standing if p.target and re.search(
            rf"(?:不是|并非|而非|并不是|而不是)\s*{re.escape(p.voter)}\s*(?:的)?\s*(?:委托|托|让|请|要)", simplified)]:
        # 「委托人是西单，投票对象是回龙观，不是回龙观委托投西单。以本条为准：西单 → 回龙观」: the pair read is the one the post
        # denies — which way round, the director's to confirm (heldout61 w61_016: counted the wrong way round, certain)
        out = replace(out, doubts=[*out.doubts, *(f"帖子里说「不是{p.voter}委托」：这张代投是谁替谁投，请导演确认" for p in denied_pairs)],
                      readings=[*out.readings, *((p.voter, p.target) for p in denied_pairs), *((p.target, p.voter) for p in denied_pairs)])
    if out.standing and (denied := _DENIES_THE_PROXY.search(simplified)):
        # 「丘处机说：“投杨康”——但我没收到他的正式委托」: the director's own words deny what a proxy needs (the hostile round 84,
        # QV08: counted, 杨康 posted out)
        out = replace(out, doubts=[*out.doubts, f"导演说「{_clip(denied.group())}」：这张代投算不算，请导演确认"],
                      readings=[*out.readings, *((p.voter, p.target) for p in out.standing), *((p.voter, None) for p in out.standing)])
    negated = [p for p in out.standing if p.target and re.search(
        rf"(?:不|别|不要|别再|勿|莫|千万别|没|不会|不想)\s*(?:投|选|票给|投给)\s*{re.escape(p.target)}", p.words)]
    if negated:
        # 「【代投】丘处机：不投杨康」「别投杨康」: the proxy's own words say not to vote for the player it names — for him, or
        # against him? (the hostile round 83, V01 V02: counted for 杨康, certain, and 杨康 posted out)
        out = replace(out, doubts=[*out.doubts, *(f"代投写的是「{_clip(p.words)}」：是投「{p.target}」还是不投他，请导演确认"
                                                  for p in negated)],
                      readings=[*out.readings, *((p.voter, p.target) for p in negated), *((p.voter, None) for p in negated)])
    if out.proxies or out.doubts or out.count or out.floor_count or out.example:
        return out
    if abstained := _request_abstained(simplified, roster):
        # 「张果老私信说“要是吕洞宾被投出去就帮我投无，否则投吕洞宾”。带条件的代投按规则视为弃权，不代投。」: a request the
        # director answers with the rule that makes it the player's abstention (002: 代投给条件视为弃权) — the player's abstention,
        # or only a refusal? Either is a reading; never the notice it looked like (heldout57 w57_079, heldout58 w58_087: silent)
        named, said = abstained
        return replace(out, doubts=[f"导演说「{_clip(said)}」：是记 {'、'.join(named)} 今天弃权，还是只是不代投，请导演确认"],
                       readings=[(n, None) for n in named])
    if answered := _quoted_request_answered(text, roster, directors):
        # 「[quote]丘处机：帮我投杨康[/quote] ⏎ 好的」「…⏎ 已代」: the director answers a quoted request in words of their own
        # that neither refuse it nor spell the proxy out — made, or only heard? (hostile rounds 81/82: read as nothing)
        voter, target, said, reply = answered
        return replace(out, doubts=[f"导演引用了「{voter}」请代投的话（「{_clip(said)}」），回的是「{_clip(reply)}」，没有按代投的写法写："
                                    f"算不算这张代投，请导演确认"], readings=[(voter, target)])
    if shorthand := [(voter, roster.table[m.group(2)], m.group()) for m in re.finditer(
            rf"(?:^|[\n，,、；;。！!\s])\s*[【\[(（]?\s*(?:代|替|帮)(?!投|发|为|表|理|办|替|忙)\s*[】\])）]?\s*"
            rf"([^\s\W]{{1,8}}?(?:\s*[、和及&]\s*[^\s\W]{{1,8}}?)*)\s*[】\])）]?\s*"
            rf"[^\w\n、]{{1,6}}\s*({roster.pattern.pattern})", _FORMATTING.sub("", simplified))
            for written in re.split(r"\s*[、和及&]\s*", m.group(1)) for voter in _whom(written, roster)]:
        # 「代欧阳克：杨康」「替欧阳克 -> 杨康」: a proxy in shorthand — made, or a note? (the hostile round 100, case 42: read as a
        # notice, 「无人出局」 posted where the proxy put 杨康 out). Between the two any run of marks — 「：」「》」「/」「>>」「⇒」
        # 「｜」, the rounds 100–102 found one a round while they were listed — the forum's formatting around either name
        # (「代X：[b]Y[/b]」); at a clause's start, two on one line, inside a notice; the voter as a player's name, a look-alike
        # or a part of one (「代欧阳》杨康」: the rounds 103–104)
        return replace(out, doubts=list(dict.fromkeys(f"导演写的「{_clip(said.strip(' ，,、；;。！!'))}」像是代投，但不是代投的写法："
                                                      "算不算这张代投、替谁投，请导演确认" for _, _, said in shorthand)),
                       readings=list(dict.fromkeys((voter, target) for voter, target, _ in shorthand)))
    if changed := [(roster.table[m.group(1)], roster.table[m.group(2)]) for m in re.finditer(
            rf"(?:代改|代为改票|替\S{{0,4}}改票|帮\S{{0,4}}改票)\s*[:：]?\s*({roster.pattern.pattern})[^\n]{{0,12}}?(?:改票对象|改投|改成|改为)\s*[:：]?\s*"
            rf"({roster.pattern.pattern})", simplified) if roster.table[m.group(1)] != roster.table[m.group(2)]]:
        # 「代改：玉兔 改票对象：嫦娥」: the director changing a player's ballot for her — a proxy of a change, which no seed says
        # the director may make (heldout62 w62_129: read as a notice, silent)
        return replace(out, doubts=[*out.doubts, *(f"导演替「{a}」改票为「{b}」：规则没说导演能不能替玩家改票，算不算，请导演确认"
                                                  for a, b in dict.fromkeys(changed))],
                       readings=[*out.readings, *dict.fromkeys(changed)])
    if out.proxy_words and (said := [(roster.table[m.group(1)], roster.table[m.group(2)]) for m in re.finditer(
            rf"({roster.pattern.pattern})\s*(?:的|那)\s*(?:一)?\s*票\s*(?:[:：]|是|为|投|给)\s*({roster.pattern.pattern})",
            simplified) if roster.table[m.group(1)] != roster.table[m.group(2)]]):
        # 「19:10 代投 平菇（QQ原文照贴）⏎ [19:02] 平菇：导演 帮我投一下银耳吧 …⏎ 以上，平菇的票：银耳。」: the proxy said in the
        # director's own words under a pasted log no form read — never nothing (heldout62 w62_002: silent)
        return replace(out, doubts=[f"导演的帖子说「{a}的票：{b}」，像是代投，但没有按代投的写法读出来：算不算这张代投，请导演确认"
                                    for a, b in dict.fromkeys(said)], readings=list(dict.fromkeys(said)))
    pair = _bare_pair(text, roster)
    if pair is None:
        if loose := _loose_pairs(text, roster):
            # 「欧阳克私信：杨康。已代。」: two players and a word of asking or passing on in a sentence of the director's that no
            # form above read — a proxy, or a note? Which way round the words alone may not say (the hostile round 103, case 19:
            # read as a notice, 「无人出局」 posted where the proxy put 杨康 out — a form list again; round 106: inside a count)
            return replace(out, doubts=[f"导演的帖子「{_clip(said)}」提到「{a}」和「{b}」，又有代投、转达的用词，但没有按代投的写法写："
                                        f"是不是代投、谁替谁投，请导演确认" for a, b, said in loose],
                           readings=list(dict.fromkeys(p for a, b, _ in loose for p in ((a, b), (b, a)))))
        return out
    # 「丘处机那票我代了：杨康」「收到。丘处机：杨康」「丘处机→杨康」「代投如上」 under a quoted request: a proxy in the director's
    # own shorthand, or a note — no form says; never silent (the hostile round 80: each dropped, a tie posted)
    return replace(out, doubts=[f"导演的帖子像是替「{pair[0]}」代投「{pair[1]}」，但没有按代投的写法写：算不算这张代投，请导演确认"],
                   readings=[pair])


# An abstention said of a request (视为弃权 · 按弃权算 · 记为弃权), beside the words of a request made to the director.
_ABSTENTION_SAID = re.compile(r"(?:视为|视作|按|算作?|记为|计为|记作|计作|当作?|作)\s*(?:本日|今日|今天|当日)?\s*(?:弃权|弃票)")
_REQUEST_WORDS = re.compile(r"私信|私聊|短信|微信|QQ|站内信|委托|代投|托我|让我|请我|找我|帮我投|帮他投|帮她投|条件")
_NOT_YET = re.compile(r"否则|不然|要不|的话|如果|若是?|要是|假如|再不|还不")
_ROW_OPENS = re.compile(r"\s*[^\s:：,，。()（）]{1,12}?\s*\d+(?:\.\d+)?\s*票?\s*[(（]")  # 「腰果 4（核桃、…）」: a count's row
_COUNT_WITHDRAWN = re.compile(r"重(?:新)?算|重新统计|重新数|先别看|别看这条|这条作废|本条作废|此条作废|算错了|数错了|统计有误|统计错了|稍后更正")
_NOBODY_YET = re.compile(r"(?:没|未|还没|尚未|没有)\s*(?:投|表态|投票)\s*的|其余|其他人|剩下的|其他玩家|逾期|超时|过时")
_VOTES_ITSELF = re.compile(r"(?:自己|本人|亲自)\s*(?:来|再)?\s*(?:投|发|补)")
_FLOOR_SAID = re.compile(r"\d\s*(?:楼|层|樓|[LlFf#])|[#＃]\s*\d|第[一二三四五六七八九十百\d]+\s*[楼層层樓]")


def said_before_close(words: str) -> timedelta | None:
    """How long before the close words like 「关门前5分钟」「截止前半小时」 say (a proxy's stated time), or None."""
    said = _BEFORE_CLOSE.search(words)
    if said is None:
        return None
    amount = said.group(1)
    count = 0.5 if amount == "半" else int(amount) if amount.isdigit() else tags.chinese_number(amount) or 0
    return timedelta(hours=count) if said.group(2) in ("小时", "钟头") else timedelta(minutes=count)


def _blank_quotes(text: str) -> str:
    """The text with each quotation's characters blanked, in place: what the post says in its own words, positions kept."""
    return _QUOTED.sub(lambda m: "＂" * len(m.group()), text)


def _request_abstained(own: str, roster: Roster) -> tuple[list[str], str] | None:
    """The players whose request to the director the post (in Simplified characters) answers with an abstention, and the words
    that say so — none where the post rules a floor (the ruling reader's) or names more than two players outside the request's
    quoted words."""
    said = _ABSTENTION_SAID.search(own)
    if said is None or not _REQUEST_WORDS.search(own) or _FLOOR_SAID.search(own):
        return None
    start = max(own.rfind(c, 0, said.start()) for c in "。；;！!\n") + 1
    # (the request's own words — 「“帮我投狐狸，如果狐狸今天跳了就投雪女”」 — name its target, not its maker, and its 如果 is the
    # request's condition, not one on the abstention: heldout63 w63_064)
    outside = _blank_quotes(own)
    if _NOT_YET.search(outside[start:said.start()]) or _VOTES_ITSELF.search(outside) or _NOBODY_YET.search(outside[start:said.start()]):
        # 「…私信我说清楚，不然按弃权算」「条件票，视为弃权，请她自己来投」: a warning, or the player still votes; 「没投的视为弃权」:
        # a rule for whoever has not voted, no request answered (round 109, case 35: 「X的一票：Y（私信）」 before it read as Y's)
        return None
    names = roster.pattern.pattern
    # whose abstention: the player it is said of (「扫地机 视为弃权」), else who asked (「货郎短信说」「黄药师 私信让我代投」)
    named = [roster.table[m.group(1)] for m in re.finditer(rf"({names})\s*(?:的?(?:本日|今日|今天|当日|这票|那票|票))?\s*$",
                                                          outside[start:said.start()])][-1:] or list(dict.fromkeys(
        roster.table[m.group(1)] for m in re.finditer(rf"({names})\s*(?:[^\s，,。；;]{{0,6}}?)(?:私信|私聊|短信|微信|QQ|站内信|托我|让我|"
                                                       rf"请我|找我|委托|的代投请求|的委托|说)", outside)))
    if not named:
        named = _named(outside, roster)
    if not 1 <= len(named) <= 2:
        return None
    return named, own[start:said.end()]


def _bare_pair(text: str, roster: Roster) -> tuple[str, str] | None:
    """One player and another beside them, a colon or an arrow between, and nothing else a director's post would say."""
    own = to_simplified(normalize(split(text).own))
    lines = [line for line in own.split("\n") if line.strip()]
    if not lines or len(lines) > 3 or _COUNT_HEADING.search(own):
        return None
    found = [m for line in lines if (m := _BARE.match(line)) and roster.table.get(m.group("v")) and roster.table.get(m.group("t"))]
    if len(found) != 1:
        return None
    voter, target = roster.table[found[0].group("v")], roster.table[found[0].group("t")]
    return (voter, target) if voter != target else None


_FORMATTING = re.compile(r"\[/?(?:b|i|u|s|size|color|font|align|backcolor|strike)(?:=[^\]\n]*)?\]", re.I)


def _whom(written: str, roster: Roster) -> tuple[str, ...]:
    """The players a name written after 代 may be: the one it names (exactly, by alias, look-alike or homophone), else every
    player whose name holds it (「欧阳」), else none."""
    if written in roster.table:
        return (roster.table[written],)
    if (found := roster.resolve(written, fuzzy=True)).name:
        return (found.name,)
    return tuple(n for n in dict.fromkeys(roster.table.values()) if len(written) >= 2 and written in n)


# Words of asking a director for a ballot, passing one on or taking it down (a request's channel, entrusting, 代 · 替 · 转达 ·
# 收了 · 记录: the hostile round 108, 「X那张我收了，Y」「X那边：Y，已记录」)
_PASSED_ON = re.compile(r"代|替|托|委|帮|挂|登记|报票|那票|这票|收到|私信|私讯|私聊|私戳|[(（]\s*私\s*[)）]|密|微信|短信|QQ|站内信|转达|转告|帮他|帮她|"
                        r"收|已记|记下|记上|记了|记好|记录了|那张|这张|那边|这边|报上|交了|交给|交我|给我|到我|在我这|在我手|转|放在|放到|"
                        r"票\s*(?=→|->|=>|＞)|"  # (「另：X票→Y」: a ballot pointed at its target — round 111, case 15)
                        r"(?i:\bfor\b|\bpm\b|\bdm\b)")


# What says a proxy was not made, or the sentence is about something else: a negation, a reminder, a ruling's verdict
_NOT_MADE = re.compile(r"不|没|未|别|勿|非|无|撤|拒|驳|否|计为|算作|记为|有效|作废|更正|[?？吗]")
_REMINDS = re.compile(r"提醒|抓紧|黄牌|还没投|没投的")
_STATUS_TOLD = re.compile(r"出局|放逐|处决|淘汰|身份|改口")  # (「已出局：14号参宿、15号填星」: who is out, no ballot)


def _loose_pairs(text: str, roster: Roster) -> list[tuple[str, str, str]]:
    """(one player, another, the words) for each sentence of the director's own words — short, no count, no floor — that
    names exactly two players beside a word of asking or passing a ballot on (「收到A的，Y；收到B的，Y」: one each). What makes
    it no proxy is said in its own sentence (a negation, a condition, a verdict), in the clauses that hold the two names (a
    reminder: 「提醒一下，X的票（Y）我已经收到了」 holds one), or in another sentence that refuses or voids one of the two — never
    by a rule or a request to everyone elsewhere in the post (the hostile round 108: 「不接受代投。X的已经收到，Y。」「…还没投的请
    抓紧」「不要灌水」 made the proxy beside them certain nothing)."""
    said = to_simplified(normalize(split(text).own))
    sentences = [s.strip() for s in re.split(r"[；;。！!\n]", said) if s.strip()]
    out = []
    for own in sentences:
        words = roster.pattern.sub("", own)
        if len(own) > 60 or _COUNT_HEADING.search(own) or _FLOOR_SAID.search(own) \
                or re.search(r"代投|[｜|→]|投给了|投了|票投", own) or not _PASSED_ON.search(words) or \
                _NOT_MADE.search(words) or _CONDITION.search(words) or _REFUSES.search(words) or _SAYS_VOID.search(words) or \
                _STATUS_TOLD.search(words):
            continue  # (a count's row 「韩青崖｜苏半夏｜代投」, a vote told 「警长 编钟 的票投给了 箜篌」: read as counts, not here)
        found = list(roster.pattern.finditer(own))
        named = list(dict.fromkeys(roster.table[m.group()] for m in found))
        if len(named) != 2:
            continue
        first = max(own.rfind(mark, 0, found[0].start()) for mark in "，,：:") + 1
        last = min([at for mark in "，," if (at := own.find(mark, found[-1].end())) >= 0] or [len(own)])
        if _REMINDS.search(own[first:last]):
            continue
        if any(other != own and {roster.table[m.group()] for m in roster.pattern.finditer(other)} & set(named) and (
                _REFUSES.search(other) or _SAYS_VOID.search(other) or re.search(r"不|没|未|撤|别", roster.pattern.sub("", other)))
               for other in sentences):
            continue  # 「X的代投我没收。」: refused or voided by name elsewhere in the post
        out.append((named[0], named[1], own))
    return out


def _quoted_request_answered(text: str, roster: Roster, directors: tuple[str, ...]) -> tuple[str, str, str, str] | None:
    """(voter, target, the request, the director's reply) where the post quotes one player's request for a proxy — a floor
    of theirs, or a chat line — and answers it in a few words that neither refuse nor void it; else None."""
    parts = split(text)
    reply = to_simplified(normalize(parts.own)).strip()
    if not parts.quotes or not reply or reply.count("\n") > 2 or _REFUSES.search(reply) or _SAYS_VOID.search(reply) \
            or re.search(r"[?？吗]\s*$", reply) or re.match(r"不行|不可以|不能|不好|(?i:no\b)", reply):
        return None
    as_above = bool(_AS_ABOVE.match(reply))  # (「代投如上」: the request quoted is the proxy, whatever words it asked in)
    found = set()
    for quote in parts.quotes:
        quoted = to_simplified(normalize(quote.text))
        heard = [(quote.author, quoted)] if quote.author else []
        heard += [_said_in_log(line, "") for line in quoted.split("\n")]  # (「丘处机：帮我投杨康」: a log line without its time)
        for speaker, said in heard:
            voter = roster.resolve(speaker).name if speaker else None
            if voter and voter not in directors and said and (as_above or _ASKS_FOR_BALLOT.search(said)) and (target := _request(said, voter, roster)):
                found.add((voter, target, said))
    if len(found) != 1:
        return None
    (voter, target, said), = found
    return voter, target, said, reply


_AS_ABOVE = re.compile(r"^\s*(?:代投|代发|已代投|代)\s*(?:如上|同上|见上|见楼上)\s*[。.!！]?\s*$")
_BARE = re.compile(r"^\s*(?:收到|好的|ok|OK|已收到)?\s*[。.!！,，]?\s*(?P<v>[^\s:：→>（(]{1,12}?)\s*(?:私信|私聊|微信|短信|QQ|站内信)?\s*(?:那票|的票|这票|那一票|票)?\s*"
                   r"(?:[(（][^)）\n]{0,6}[)）])?\s*(?:我代了|我来代|我代|代了)?\s*(?:[:：]|→|->|=>)\s*(?P<t>[^\s:：（(。.!！]{1,12}?)\s*"
                   r"(?:[(（][^)）\n]{0,6}[)）])?\s*[。.!！]?\s*$")


def _with_nicknames(directors: tuple[str, ...]) -> tuple[str, ...]:
    """The director accounts and the names they go by in a pasted log: 「[611]导演·皮筋」 signs 「皮筋：收到」 (heldout30)."""
    parts = [p for d in directors for p in re.split(r"[·・•\]】|/]", d)[1:] if len(p.strip()) >= 2]
    return tuple(dict.fromkeys([*directors, *(p.strip() for p in parts)]))


@lru_cache(maxsize=4096)
def _read(text: str, roster: Roster, directors: tuple[str, ...]) -> Reading:
    # a count written on one line: its rows, each a line (「票型核对：2楼 A→B，…」)
    # (in simplified characters, as the ruling reader reads: 「【代投】丘處機委託：楊康」 is a proxy — hostile round 78: a notice)
    # (a count's first row on its heading's line — 「票型：杨康←郭靖、黄蓉、丘处机（私信）」 — is a row of its own: hostile round 79,
    # the proxy it first shows was never set beside the tool's count, and a wrong result was posted)
    # (「酒精灯〔代投〕」 in a count: how the ballot came, as 「（代投）」 — normalize would read 〔代投〕 as a label: heldout45 d02)
    own = _BRACKET_HEADED_ROW.sub(r"\1\n", _HEADED_ROW.sub(r"\1\n", to_simplified(normalize(
        re.sub(r"〔\s*((?:导演)?代投|代发)\s*〕", r"（\1）", split(text).own)))))
    # 「油条 4（汤圆、粽子、春卷、馄饨），达到出局线 3.6，出局。」: the wagon's row, then words that name no player — a line of
    # their own (heldout45 d03: the whole count was lost, the director's count said to leave every voter out)
    # 「家人 5（…）　小畜 4（…）　明夷 1（家人）」: rows on one line, spaces between — each a line (heldout71 d01: the first row took
    # every voter after it, 家人 counted for himself)
    own = _ROWS_ON_ONE_LINE.sub(r"\1\n", own)
    own = _ROW_THEN_WORDS.sub(lambda m: f"{m.group(1)}\n{m.group(2)}" if roster.pattern.search(m.group(2)) is None else m.group(), own)
    # 「proxy vote: 横钩 → 撇点」: the heading in English, its 「vote:」 (normalized to 投票:) no target's label before the pair —
    # the proxy is 横钩's ballot for 撇点, as 「代投：横钩 → 撇点」 (heldout59 w59_056: read the wrong way round)
    own = _HEADED_PAIR.sub(r"\1:", own)
    own, written_rows = count_rows(own, roster)
    lines = own.split("\n")
    out = Reading(proxy_words=bool(_HEADING.search(own) or _ENGLISH_PROXY.search(own) or _MADE.search(own) or (
        _SUBSTITUTE.search(own) and re.search(r"委托|托我|让我|请我|(?i:vote)", own))))  # (a substitute's ballot passed on)
    rows = {n for n, line in enumerate(lines, start=1) if line in written_rows
            and (not (_HEADING.search(line) or _MADE.search(line)) or _COUNT_ANNOTATION.search(line))}  # (「…（本条即代投）」)
    counted = set(tally_lines(own, roster)) | rows
    if counted and not _COUNT_HEADING.search(own) and _HEADING.search(own):
        counted = set()  # 「代投两张： ⏎ 碧螺春→普洱 ⏎ 六安瓜片→大红袍」: under a proxy heading, arrows are proxies
    # 「白水哩→狮子原爽、小濑川白望→臼泽塞、…」: a count written on one line, each ballot an arrow
    counted |= {n for n, line in enumerate(lines, start=1) if len(_ARROWS.findall(line)) >= 2 and "、" in line
                and not (_HEADING.search(line) and not _COUNT_HEADING.search(own))}  # (「代投 A→Y、B→Y」: two proxies)
    out.count = _count(lines, counted, roster, out.unsure_rows)
    out.floor_count, by_voter = _count_floors(own, roster)
    if out.floor_count:
        out.count = {**by_voter, **out.count}
    out.void_floors = {int(n) for number in rows for note in _VOID_NOTE.finditer(lines[number - 1])
                       for n in _FLOOR_NUMBER.findall(note.group())}
    if not out.proxy_words:
        asked: dict[str, str] = {}  # a speaker who asked for a ballot without its target yet → the words that asked
        for n, line in enumerate(lines):
            speaker, said, _ = _chat(line, lines[n + 1] if n + 1 < len(lines) else "")
            if speaker is None and (alone := _CHAT_SPEAKER_ALONE.match(line)) and n + 1 < len(lines):
                speaker, said = alone.group(1), lines[n + 1]  # 「梅超风: ⏎ 帮我投杨康 ⏎ 导演A: ⏎ 嗯」 (round 53)
            # (「小昭(12345) 20:01:03」: QQ's number after the name is no part of it)
            who = roster.resolve(re.sub(r"[(（][^)）]*[)）]", "", speaker).strip("()（）[]【】")).name if speaker else None
            if who and who not in directors and said and (target := _request(said, who, roster)):
                # 「梅超风 20:01:33 ⏎ 导演，我这票投杨康，帮我发一下 ⏎ 导演A 20:02:10 ⏎ 好的」: a request pasted with no word
                # of a proxy made — whether the director made it is the director's to say (hostile round 52: dropped)
                out.doubts.append(f"帖子里贴了「{who}」请导演代投的聊天记录（「{_clip(said)}」），没有写代投：算不算这张代投，请导演确认")
                out.readings.append((who, target))
            elif who and who not in directors and said and _ASKS_FOR_BALLOT.search(said):
                asked.setdefault(who, said)
            elif who in asked and said and (named := [p for p in _named(said, roster) if p != who]):
                # 「洪七公：帮我投个票 ⏎ 我：投谁 ⏎ 洪七公：杨康吧，我也拿不准」: the request's target in a later line of its speaker
                out.doubts.append(f"帖子里贴了「{who}」请导演代投的聊天记录（「{_clip(asked[who])}……{_clip(said)}」），没有写代投：算不算这张代投、投给谁，请导演确认")
                out.readings += [(who, target) for target in named]
                del asked[who]
        if out.doubts:
            return out
        _own_words(lines, counted, roster, out, lines)
        return out
    pairs: list[tuple[str, str | None, int, str, bool]] = []  # (voter, target, line, words, corrects)
    stated = tuple(f"{int(h):02d}:{m}" for h, m in _TIME.findall(_REASON.sub("", own)))
    # 「（委托时间：关门前5分钟）」: a time said from the close — kept as written, the tally places it (the hostile round 89, case 63:
    # a proxy asked for inside the last hour was certain, where 「20:57 收到…」 is held)
    stated += tuple(m.group() for m in _BEFORE_CLOSE.finditer(_REASON.sub("", own)))
    retracted: dict[str, str] = {}
    refused: dict[str, str] = {}
    heading_voter: str | None = None
    chat_voter: str | None = None
    substitute_for: str | None = None
    listing = False
    pending: str | None = None  # words that correct the proxy above, not yet followed by the pair they correct
    unread_lines: list[tuple[str, list[str]]] = []  # lines under a proxy heading read as no pair, weighed once the post is read
    asked_again: dict[str, tuple[str, list[str]]] = {}  # a chat line where the player corrects their request
    on_condition: dict[str, tuple[str, list[str]]] = {}  # a chat request on a condition
    announced = False  # a heading that announces the proxies below it (代投两张： · 以下代投), not a rule's line
    asked = False  # the log's last line not a player's asked whom the ballot is for
    own_lines: list[str] = []  # the director's other words
    log_lines = _log_lines(lines, roster)
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        if number in counted or (_COUNT_ANNOTATION.search(line) and (out.count or counted)) or not line.strip() or (
                out.count and _COUNT_NOTE.match(line) and not (_ASIDE.match(line) and _HEADING.search(line))):
            continue  # (「另：应X要求代投Y」 under a count is a proxy made here, not one of the count's notes)
        if not counted and not out.count and re.search(r"[;；]", line) and _chat(line, "")[0] is None:  # (a chat line is one speaker's)
            head, rest = re.split(r"[;；]", line, maxsplit=1)
            if rest.strip() and _named(head, roster) and _named(rest, roster):
                headed = _PROXY_HEAD.match(head)  # 「代投 梅超风：杨康；丘处机：杨康」: the second clause under the same 代投
                lines.insert(number, (headed.group() if headed and not _HEADING.search(rest) else "") + rest.lstrip())
                line = head  # 「代投：午马 → 巳蛇；子鼠 让我“看着投”……不代」: two clauses, each read alone
        if not counted and not out.count and _chat(line, "")[0] is None:
            line, apart = _sentences_apart(line, roster)
            lines[number:number] = apart
        speaker, said, took_next = _chat(line, lines[number] if number < len(lines) else "")
        if speaker is None and number in log_lines:
            speaker, said, took_next = *_LOG_LINE.match(line).groups(), False  # 「氟：帮我投氢」 in a log pasted without times
        if speaker is not None and (_NOT_A_SPEAKER.search(speaker) or re.search(r"[，,。;；]", speaker) or (
                not roster.resolve(speaker.strip("()（）[]【】")).name and speaker not in directors and _HEADING.search(line[:12]))):
            speaker = None  # 「20:25 代投：北风」「代投（12:10 发出）：生煎 委托，…」: a time and the director's words, not a chat line
        if speaker is not None:
            who = roster.resolve(speaker).name
            said, answered = _quote_then_words(said)
            if who and answered and _REFUSES.search(answered) and not _REFUSES_PART.search(answered) and \
                    not _LEFT_OPEN.search(answered) and who not in directors:
                # 「成都 私信说：“金陵今晚不跳身份就投金陵，跳了就弃权。”带条件的代投按规则不接，这张不计。」: the request, then the
                # director's answer after the closing quote (heldout44 w44_019 — read as the proxy, a wrong ballot)
                refused[who] = _clip(line)
            if who and said is not None and who not in directors:
                pair = _request(said, who, roster)
                answer = roster.pattern.match(said.strip()) if asked and pair is None else None
                if answer and roster.table[answer.group()] != who:
                    pair = roster.table[answer.group()]  # 「导演：对象？」「顾长庚：闻人笛。理由就写：…」: the answer
                asked = False
                takes_back = tags.search_for("correction", "retract").search(said)
                if pair is not None and (hedged := tags.search_for("hedge").search(said)):
                    # 「丘处机私信：投杨康吧，我也不确定。已代投。」: the request made in doubt — a ballot the player chose? (the
                    # hostile round 85 V16, re-run in 86: counted, 杨康 posted out)
                    chat_voter = who
                    out.doubts.append(f"代投的委托带着「{hedged.group()}」（「{_clip(said)}」）：这张代投算不算，请导演确认")
                    out.readings.append((who, pair))
                elif pair is not None:
                    chat_voter = who
                    # 「等等，算了，改成六顺吧」: the player's own later request corrects the earlier one
                    pairs.append((who, pair, number, said.strip()[:40], bool(takes_back)))
                elif takes_back and (meant := [n for n in _named(said, roster) if n != who]):
                    asked_again[who] = (said.strip()[:40], meant)  # 「不对，是海胆，打错了」: what the proxy must match
                elif _CONDITION.search(said) and (meant := [n for n in _named(said, roster) if n != who]):
                    on_condition[who] = (said, meant)  # weighed once the log is read: a later plain request settles it
            elif said is not None:
                asked = bool(_ASKS_TARGET.search(said))  # the director's own line in the log: 「对象？」「投谁？」
            if took_next and _chat(lines[number], "")[0] is None:
                number += 1  # the words under the speaker's line are the speaker's, not the director's
            continue
        segment = line
        while number < len(lines) and _LABEL_LINE.match(lines[number]) and number + 1 not in counted:
            segment += "\n" + lines[number]  # 受郭靖委托： ⏎ 投票对象：黄蓉
            number += 1
        if number < len(lines) and _ASIDE_LINE.match(lines[number]) and not _named(lines[number], roster) and \
                not re.search(r"代投|委托|代发|代为|(?i:proxy)", lines[number]):
            # 「代投：洪七公→杨康 ⏎ （旧）」「⏎ ——摘自旧帖」「⏎ 以上是上一局的」: an aside on the line under the proxy is its aside (round 77)
            segment += " " + lines[number].strip()
        names = _named(segment, roster)
        ruled, substitute = _RULED.search(segment), _SUBSTITUTE.search(segment)
        if ruled and pairs and set(names) <= {p[0] for p in pairs} and _ABOVE_VOID.search(_QUOTED.sub("", segment[ruled.start():])) and \
                not _RULED.search(_ABOVE_VOID.sub("", segment)):
            # 「撤回。……自己去 16 楼投了，上面这条代投不算。」: the verdict is the proxy's above, the floor where the player voted
            # is the story (heldout33 w33_003 — the line was left to the ruling reader, and the proxy counted)
            ruled = None
        if ruled and not substitute and (rest := _FLOOR_VOIDED.sub(_outside_brackets, segment)) != segment and not _RULED.search(rest) and \
                re.search(r"代投|代发|(?i:proxy)", rest) and _pair(rest, roster, _named(rest, roster), None)[1]:
            # 「代投：丘处机 → 郭靖。5楼作废。」「……丘处机 的代投以本条为准：投票 郭靖。5楼作废。」: a proxy made, and the earlier
            # proxy's floor voided — the void is the ruling reader's, the proxy this post's (heldout53 d02 #14: both dropped,
            # 无人出局 certain)
            segment, ruled = rest, None
            names = _named(segment, roster)
        if ruled and not substitute:
            continue  # 「【裁定】8楼：杨康说“帮我投欧阳克”……这票算杨康的票，计为欧阳克」: a ruling (grammar/ruling.py), not a proxy
        if substitute:
            target = _target_of(segment, roster, None)
            played = [n for n in names if n != target]
            if len(played) == 1:
                substitute_for = played[0]  # 【替补公告】马青雄 原玩家……由替补玩家接手马青雄
            elif (named_before := _named(segment[max(0, substitute.start() - 12):substitute.start()], roster)):
                substitute_for = named_before[-1]  # 「绸伞 换替补，……替补托我：unvote，vote 阳伞」: the account named right before
            if substitute_for and len(names) == 2 and substitute_for in names and not re.search(r"→|->|=>|⇒", segment) and (
                    request := _SUBSTITUTE_ASKS.search(segment, substitute.end())) and \
                    (meant := [n for n in _named(segment[request.start():], roster) if n != substitute_for]) and \
                    not _REFUSES.search(segment) and not _CONDITION.search(segment) and \
                    not _RETRACTS.search(re.sub(r"(?i)unvote\s*[,，、;；]?\s*(?=vote)|\d{1,5}\s*(?:楼|层|樓|#|F|L)[^,，。;；]{0,6}(?:作废|无效|不算)",
                                                "", segment)):  # (unvote, vote X: a change; 「原10楼那票作废」: the old ballot's)
                # 「【替补】太尉 换替补，新玩家委托代投：司空」「绸伞 换替补……替补托我：unvote，vote 阳伞」: the substitute's ballot,
                # passed on by the director for the account (heldout25 w25_122, heldout26 w26_048 — read as none)
                pairs.append((substitute_for, meant[0], number, _clip(segment), bool(re.search(r"改票|unvote", segment, re.I))))
                pending = None
                continue
        if ruled:
            continue  # (a substitute's line that makes no proxy: its ruling is the ruling reader's)
        # the lexicon's corrections and retractions: a line that holds one says what becomes of the proxy above
        correcting, retracting = tags.search_for("correction"), tags.search_for("retract")
        plain = _QUOTED.sub("", segment)  # the player's quoted words are theirs, not the director's
        made = {p[0] for p in pairs}
        if pairs and not _RETRACTS.search(segment) and (retracting.search(plain) or _ABOVE_VOID.search(plain)) \
                and set(names) <= made and not correcting.search(_LINE_HEAD.sub("", plain)):
            # 「撤销。鹊桥仙说她找到电脑了，自己来投，上面这条不算」: the proxy above taken back in words no list holds —
            # void, and the director confirms
            for who in [n for n in names if n in made] or [p[0] for p in pairs][-1:]:
                retracted[who] = _clip(segment)
                out.doubts.append(f"导演像是撤回了替「{who}」的代投（「{_clip(segment)}」）：按撤回计，请导演确认")
                out.readings += [(who, p[1]) for p in pairs if p[0] == who]
            continue
        if pairs and names and set(names) <= made and _STANDS.search(plain) and not (
                correcting.search(plain) or retracting.search(plain) or _opens(plain, roster)):
            continue  # 「甲骨 那张有效」: a proxy made above said to stand
        if pairs and (correcting.search(plain) or _CORRECTS.search(segment)):
            pending = _clip(segment)  # 「啊不对，看错私信了」: the pair that follows (here or below) corrects the one above
            above = _ABOVE_VOIDED.sub("", plain)  # (「…以此为准，上面那行作废」: the line above voided by its correction)
            made_pairs = list(dict.fromkeys((p[0], p[1]) for p in pairs))
            # the post's one proxy, made once or said again alike — or, of several, the one whose voter alone the line names
            # (「代投：墙纸 → 腻子；防水 → 踢脚线。⏎ 更正：防水那条看错了，她说的是 吊顶。」, heldout39 w39_128)
            said_for = [p for p in made_pairs if p[0] in names]
            which = made_pairs if len(made_pairs) == 1 else said_for if len(said_for) == 1 and len(
                {p[0] for p in made_pairs}) == len(made_pairs) else []
            if which and not _RETRACTS.search(above) and not _opens(_QUOTED.sub(" 引 ", above), roster):
                voter, was = which[0]
                if len(made_pairs) == 1 and (fixed := _voter_corrected(plain, voter, was, roster)) is not None:
                    # 「更正：上面写错人了，委托的是 方解石 不是 萤石——方解石 投 石膏」: the request was another player's; the proxy
                    # made for the one named by mistake is none (heldout22 w22_115 had counted it for him, to 方解石)
                    pairs[:] = [p for p in pairs if p[0] != voter]
                    pairs.append((fixed[0], fixed[1], number, _clip(segment), True))
                    pending = None
                    continue
                # (「不是滑滑」: the old target denied, by whatever name — 滑滑 is 滑音's nickname, heldout39 w39_096)
                said_was = was in names and not any(was in _named(m.group(1), roster) for m in re.finditer(
                    r"(?:不是|并非|而非|而不是)\s*([^\s,，。;；、]{1,12})", plain))
                new = [n for n in names if n not in (voter, was)] if (voter in names or _TARGET_SAID.search(plain)) and not said_was else []
                if len(new) == 1:
                    # 「更正：干将刚私信说写错了，是龙渊，以这一条为准」「更正：碧螺的原话是“滇红”，我抄错了」: the one proxy's voter,
                    # its old target and one other player on the correcting line — every name explained, the correction stands
                    pairs.append((voter, new[0], number, _clip(segment), True))
                    pending = None
                    continue
        told = _ASKED_CLAUSE.sub("", segment)  # (「她自己那楼作废改这个？——不，她没投过」: a take-back asked, and answered no)
        said_of = [n for c in re.split(r"[,，。;；!！]", plain) if _RETRACTS.search(c) for n in _named(c, roster) if n in made] \
            if _RETRACTS.search(told) else []
        if _RETRACTS.search(told) and (said_of or not pairs or not (
                (correcting.search(_LINE_HEAD.sub("", plain)) or _CORRECTS.search(plain)) and set(_named(plain, roster)) - made)):
            # (「更正：…双皮奶 说的是 提拉米苏，以此为准，上面那行作废」: the line above voided by its correction — read as one)
            # 「白露那条撤回，只保留 小暑 的代投」: the players the taking back is said of, not every player on the line
            whom = said_of or [n for n in names if n in made]
            if not whom and (made_here := _pair(segment, roster, names, None))[0]:
                # 「上午替燕子代投的白鹭撤回」: a proxy of an earlier post taken back here — the pair it names, void; 「② 黑将 委托投
                # 红车——刚刚他又说自己来投，②作废」: the line's own proxy, made and taken back (not the one above it)
                pairs.append((made_here[0], made_here[1], number, _clip(segment), False))
                whom = [made_here[0]]
            whom = whom or [p[0] for p in pairs][-1:]
            for who in whom:
                retracted[who] = _clip(segment)
            pending = None  # 「【更正】仿宋 那张撤回」: what the correction said is the retraction
            continue
        if _REFUSES.search(segment) and not _REFUSES_PART.search(segment) and not _LEFT_OPEN.search(segment):
            whom = _refused(plain, roster) or names[:1] or ([heading_voter] if heading_voter else []) or (
                [pairs[-1][0]] if pairs and pairs[-1][2] == number else [])  # (「X要代投（对象Y），被我拒绝了」: the line's request)
            for who in whom:
                refused[who] = _clip(segment)
            if names[:1] and whom[:1] == names[:1]:
                continue  # (「代投：宁照影 → 温酒。（骆雁回 …不代。）」: the line's proxy is still read)
        if pairs and not names and _POINTS_BACK.search(segment) and _opens(segment, roster):
            # 「——上面是模板，需要代投的照这个格式私信我」: the proxy above shown as the form, or left open
            _left_open(out, segment, [(p[0], p[1]) for p in pairs])
            continue
        if not names and (_HEADING.search(segment) or _ENGLISH_PROXY.search(segment)):
            listing = True  # 「代投两条：」「两份代投：」「Proxy vote」: the lines under it are proxies
            announced = announced or bool(_LIST_HEADING.search(segment))
            continue
        arrow_after = bool(pairs) and _ARROW_PAIR.match(segment.lstrip("—-─ ")) is not None  # ——观音 → 白茶, under a proxy
        if not (_HEADING.search(segment) or _ENGLISH_PROXY.search(segment) or _CORRECTS.search(segment)
                or heading_voter or chat_voter or substitute_for or listing or arrow_after or pending):
            own_lines.append(segment)  # weighed once the proxies the post makes are known
            continue  # the director's other words: a notice, a reminder, a ruling
        voter, target, why = _pair(segment.lstrip("—-─ ") if arrow_after else segment, roster, names,
                                   heading_voter or chat_voter or substitute_for or ("listing" if listing or arrow_after else None))
        previous = lines[number - 2] if number >= 2 else ""
        if voter and (_EXAMPLE.search(_QUOTED.sub("", segment)) or
                      (_EXAMPLE.search(previous) and previous.rstrip().endswith((":", "：")))):
            # 「需要代投的请私信导演，我会按这个格式代发：【代投】受木高峰委托代投东方不败」: the shape, not a proxy made
            out.doubts.append(f"这一行像是代投的格式示例，不是真的代投（「{_clip(segment)}」）：不计，请导演确认")
            out.example = True
            out.readings.append((voter, target))
            continue
        arrows = [(roster.resolve(a).name, roster.resolve(b).name) for a, b in _INLINE_ARROWS.findall(segment)] \
            if not why and len(names) > 2 and _HEADING.search(segment) else []
        if len(arrows) > 1 and all(v and t for v, t in arrows):
            for v, t in arrows:  # 「代投两张：梅超风→杨康 丘处机→杨康」: the pairs on the heading's own line
                pairs.append((v, t, number, _clip(segment), False))
            continue
        # the sentence that makes the proxy (a count before it on the same line names its own players)
        # (the player's quoted request is theirs — 「“……帮我投靛青，理由跟石绿一样。”」 — set aside before the sentences are cut)
        clause = next((c for c in re.split(r"[。;；!！\n]", _REASON.sub("", _QUOTED.sub("", segment))) if voter and voter in c),
                      segment)
        spoken = _named(clause, roster)  # in the order written: the message reads the same on every run
        # a name said not to be meant (「委托的是霜降，不是立冬」) is explained
        corrected = {p[1] for p in pairs if p[0] == voter and p[2] != number} if (
            correcting.search(plain) or _CORRECTS.search(segment) or "为准" in segment) else set()
        others = [n for n in spoken if n not in (voter, target) and n not in corrected  # (the target it corrects: explained)
                  and not re.search(rf"(?:不是|而不是|并非|而非|非)\s*{re.escape(n)}", segment)]
        if voter and others and not why and not _CHANGES.search(_REASON.sub("", segment)):
            # 「代投：梅超风、丘处机 → 杨康」: more players on the line than the one proxy read — every name explained or asked
            out.doubts.append(f"这一行提到 {'、'.join(spoken)}，只读出 {voter} 的代投（「{_clip(segment)}」）："
                              f"是不是还替别人代投了？请导演确认")
            # which of them is the voter is what the doubt is about: every pair the clause's names make
            out.readings += [(n, target) for n in others] + [(voter, target)] + \
                [(v, t) for v in spoken for t in spoken if v != t]
        if not voter and not target and not why and len(names) > 1 and _HEADING.search(segment):
            if not segment.rstrip().endswith((":", "：")) and ("|" not in segment or _PROXY_CELL.match(segment)) and \
                    not _JUDGES.search(segment) and \
                    not re.search(r"\d\s*[(（][^)）\n]{0,30}(?:代投|代发)", segment) and \
                    not re.search(r"停止[^,，。\n]{0,6}代投|代投[^,，。\n]{0,3}(?:截止|结束|停止)", segment):
                # (a count's row: 「| A | B | 1(代投) |」「白毫 3(碧螺春、铁观音 7楼、毛尖 代投)」; 「【20:30 停止改票/代投】」 a notice)
                # 「丁坚的票：曲洋（导演代发）」「代投｜梅超风｜杨康」: two players and a proxy word, no pair read — asked, never
                # dropped (a table row that opens with the proxy word is no count's: a count's row marks it after the pair)
                out.doubts.append(f"这一行提到代投和 {'、'.join(names)}，读不出替谁投给谁（「{_clip(segment)}」）：请导演确认")
                out.readings += [(v, t) for v in names for t in names if v != t]
                continue
            listing = True  # 「受周可可、温情委托：」
            continue
        if why:
            out.doubts.append(why)
            out.readings += [(voter or n, t) for n in ([voter] if voter else names) for t in names if t != (voter or n)]
        if voter and not target and not _says_abstain(segment) and (_HEADING.search(segment) or _ENGLISH_PROXY.search(segment)):
            heading_voter = voter  # 【代投】何铁手 QQ 委托……聊天记录如下： the log below names the target
            continue
        if voter and (target or _says_abstain(segment)):
            if _LEFT_OPEN.search(segment):
                out.doubts.append(f"导演说这张代投怎么算还没有定（「{_clip(segment)}」）：请导演裁定")
                out.readings.append((voter, target))
                continue
            # the sentence that makes it: 「代投：斑马线 → 停止线（私信，有效）。减速带 要求“隔离栏投谁我就投谁”，条件代投，不接。」 —
            # the condition is the refused request's, in a sentence of its own (heldout30 w30_130)
            making = next((c for c in re.split(r"[。;；!！\n]", segment) if voter in c), segment)
            conditioned = _CONDITION.search(_REASON.sub("", making)) or tags.search_for("leaves_choice").search(
                _REASON.sub("", making))
            if not conditioned and not (target is None and _says_abstain(segment)) and (
                    hedged := tags.search_for("hedge").search(_REASON.sub("", making))):
                # (not 「阿宽 → 弃权（本人说没想好，先弃）」: undecided is why the ballot is for nobody — heldout39 w39_012)
                # 「代投：丘处机 → 杨康（他说他也不确定）」: the request made in doubt — a ballot the player chose?
                out.doubts.append(f"代投的委托带着「{hedged.group()}」（「{_clip(segment)}」）：这张代投算不算，请导演确认")
                out.readings.append((voter, target))
                continue
            if conditioned and not (target is None and _QUOTED.search(making) and not _CONDITION.search(
                    _QUOTED.sub("", _REASON.sub("", making)))):
                # 代投：大熊（委托原话：“票最多的那个”） 投票对象：阿飞 — the director chose for the player. (A condition
                # only in the player's quoted words, and the director's own 「视为弃权」, is the director's decision.)
                out.doubts.append(f"代投带有条件（「{_clip(segment)}」）：种子要求代投给出明确的对象，请导演确认")
                out.readings.append((voter, target))
                continue
            if _CHANGES.search(_REASON.sub("", segment)):
                out.doubts.append(f"导演代为改票（「{_clip(segment)}」）：种子只说导演可以代投，没有代为改票的做法，请导演确认")
                out.readings.append((voter, target))
                continue
            if (aside := _aside(segment, roster)) and not (target is None and _says_abstain(segment) and _UNDECIDED.fullmatch(
                    roster.pattern.sub("", aside) if roster.pattern is not None else aside)):
                # (「阿宽 → 弃权（本人说没想好，先弃）」: the player not yet decided is why the ballot is for nobody — heldout39 w39_012)
                # 「代投：梅超风→杨康（先记上，等她回复再说）」「Proxy for X: vote Y (pending her confirmation)」: words beside
                # the proxy that say more than where the request came from — the tool has not read them (issue 42's recheck)
                out.doubts.append(f"代投旁边的话像是还没定或要撤回（「{_clip(aside)}」）：这张代投算不算，请导演确认")
                out.readings.append((voter, target))
                continue
            if target and not (_CORRECTS.search(segment) or pending) and (rest := _after_a_retold_request(segment, target, roster)):
                if _SAYS_VOID.search(rest):
                    refused[voter] = _clip(segment)  # 「…——这局禁止代投，所以不算」「这张代投不成立」: answered, none made
                    continue
                # 「洪七公想请我代投杨康，门都没有。」「…，我让他自己上线投。」「…，已读不回。」: a request retold, then words of the
                # director's own that neither make it (已代投 · 收到 · 有效) nor say where it came from — made, or refused? (round 67)
                out.doubts.append(f"导演转述了代投请求，后面的话没读明白（「{_clip(rest)}」）：这张代投做了还是没接，请导演确认")
                out.readings.append((voter, target))
                continue
            pairs.append((voter, target, number, _clip(segment), bool(_CORRECTS.search(segment) or pending)))
            pending = None
        elif not voter and target and (_CORRECTS.search(segment) or pending) and len({p[0] for p in pairs}) == 1:
            # 「——更正：……他委托投的是马头琴」: the correction of the post's one proxy
            voter = pairs[0][0]
            pairs.append((voter, target, number, _clip(segment), True))
            pending = None
        elif not voter and target and (heading_voter or chat_voter or substitute_for) and \
                (_HEADING.search(segment) or _CORRECTS.search(segment) or _LABEL_LINE.match(segment.split("\n")[-1])
                 or (substitute_for and _SUBSTITUTE.search(segment)) or (heading_voter and heading_voter in names)):
            # 「铁环 由替补顶替…私信我：投票：弹珠」; 「代投（胡琴 微信委托）：⏎ …log… ⏎ ——记：胡琴 → 箜篌」
            voter = heading_voter or chat_voter or substitute_for
            if hedged := tags.search_for("hedge").search(_REASON.sub("", segment)):
                # 「丘处机私信：投杨康吧，我也不确定。已代投。」: the request made in doubt (the hostile round 85 V16, re-run in 86:
                # counted, 杨康 posted out)
                out.doubts.append(f"代投的委托带着「{hedged.group()}」（「{_clip(segment)}」）：这张代投算不算，请导演确认")
                out.readings.append((voter, target))
                continue
            pairs.append((voter, target, number, _clip(segment), bool(_CORRECTS.search(segment) or pending)))
            pending = None
        elif not _paired_on(pairs, number) and not why and len(names) >= 2 and (
                _HEADING.search(segment) or _ENGLISH_PROXY.search(segment)) and not _REFUSES.search(segment) and \
                not out.count and not _COUNT_HEADING.search(segment) and not _CONDITION.search(segment) and \
                not _JUDGES.search(segment):
            # 「洪七公私信我说投杨康，黄药师也私信说投杨康，代投如上」: a proxy line in a shape nobody listed — asked, never dropped
            out.doubts.append(f"这一行提到代投和 {'、'.join(names)}，读不出替谁投给谁（「{_clip(segment)}」）：请导演确认")
            out.readings += [(v, t) for v in names for t in names if v != t]
        elif announced and 0 < len(names) <= 3 and not why and not _REFUSES.search(segment) and not (
                pairs and set(names) <= {p[0] for p in pairs}):  # (「枣泥酥：理由写“时间线不对”」: more of a proxy made)
            # A line under a proxy heading that names a pair (or three, with a substitute) and makes none we can
            # read: a proxy in a shape nobody listed — the director's, never dropped. (A roster line names them all.)
            # Weighed once the post is read: a pasted request whose pair a later line makes (「“…帮我投太宗…” —— 世祖 ⏎
            # 受 世祖 委托，投票对象：太宗」) is explained by it.
            unread_lines.append((f"代投列表里的这一行读不出替谁投给谁（「{_clip(segment)}」）：请导演确认", list(names)))
    for said, named in unread_lines:
        if not any(set(named) <= {p[0], p[1]} for p in pairs):
            out.doubts.append(said)
            out.readings += [(v, t) for v in named for t in named if v != t]
    unspelled = heading_voter and heading_voter not in {p[0] for p in pairs} | set(retracted) | set(refused) | set(out.count)
    if unspelled and (asked := _asked_in_quotes(to_simplified(normalize(text)), heading_voter, roster)) and not (
            _LEFT_OPEN.search(_QUOTED.sub("", own)) or _opens(_QUOTED.sub(" 引 ", own), roster)):
        # 「代投：衡山 私信“…帮我投票对象：黄山，理由见讨论帖”。已核对是本人。」: the ballot is the player's quoted words — one
        # player asked for, nothing in the quote correcting, choosing or hedging (heldout42 w42_127: read as no target)
        pairs.append((heading_voter, asked, len(lines), _clip(own), False))
    elif unspelled and not (_LEFT_OPEN.search(own) or _opens(own, roster)):
        # 「【代投】华容道 委托：」 and no line under it gives the ballot: a proxy announced and never spelled out
        out.doubts.append(f"导演像是替「{heading_voter}」代投，但读不出投给谁：请导演确认")
        out.readings += [(heading_voter, t) for t in _named(own, roster) if t != heading_voter] + [(heading_voter, None)]
    if pending and pairs and not all(p[0] in refused or p[0] in retracted for p in pairs):  # (every proxy answered: explained)
        # 「更正：观音刚在 QQ 说是白茶不是茶」 and no pair after it: the correction is unread, the proxy above unexplained
        out.doubts.append(f"导演的帖子里有一句更正（「{pending}」），读不出更正成什么：请导演确认")
        out.readings += [(v, t) for v in {p[0] for p in pairs} for t in _named(own, roster) if t != v]
    for who, (said, meant) in on_condition.items():
        if who not in {p[0] for p in pairs}:
            # 「汴梁私信：如果洛阳今天不跳身份就帮我投洛阳，跳了就弃权」 and no plain request after it: whatever the director wrote of
            # it (视为弃权 · 代投洛阳), the director's to confirm, every reading weighed
            out.doubts.append(f"「{who}」的委托带条件（「{_clip(said)}」）：这张代投怎么算，请导演确认")
            out.readings += [(who, n) for n in meant] + [(who, None)]
    out.proxies = _settle(pairs, retracted, refused, out, stated)
    for p in out.standing:
        if p.target and 0 < p.line <= len(lines) and _ABSTENTION_SAID.search(_blank_quotes(lines[p.line - 1])):
            # 「小猎犬私信：“帮我投奋进或者维多，你看着办”。要求代投必须给明确对象，这条按规则视为弃权。」: the request's first name read as
            # the proxy, where the director answers it with an abstention on its line (heldout64 w64_072: a certain proxy for 奋进号)
            out.doubts.append(f"导演在这张代投的同一行说视为弃权：是投给「{p.target}」还是记 {p.voter} 弃权，请导演确认")
            out.readings += [(p.voter, p.target), (p.voter, None)]
    made = {p.voter for p in out.standing}
    for row in _COUNT_HOLDS_PROXY.finditer(own):
        # 「郭靖3（含丘处机代投）」: a count whose total holds a proxy the post makes nowhere else — a proxy first shown in a
        # count (void under 七杀, the director's under the others): never read as nothing (hostile round 78: a tie posted)
        target, voter = roster.resolve(row.group(1)).name, roster.resolve(row.group(2)).name
        if target and voter and voter != target and voter not in made:
            out.doubts.append(f"票型里说「{_clip(row.group())}」：这张 {voter} 的代投没有单独发过，算不算、算给谁，请导演确认")
            out.readings.append((voter, target))
    _own_words(own_lines, set(), roster, out, lines, made=[(p.voter, p.target) for p in out.standing])
    for line in own_lines if out.standing else ():
        # 「代投 梅超风→杨康 ⏎（她说再考虑一下，不行就改）」「⏎请梅超风本人上来确认一下」「⏎——上面是模板，…照这个格式私信我」: a line
        # of the director's own words about the proxy above that leaves it open, takes it back or shows it as the form
        about = [p for p in out.standing if p.voter in line] or (out.standing if _POINTS_BACK.search(line) else [])
        if about and not _REFUSES.search(line) and not _REFUSES_PART.search(line) and _opens(_QUOTED.sub(" 引 ", line), roster):
            # (the player's own words in quotes are theirs; a condition the director refuses is settled)
            _left_open(out, line, [(p.voter, p.target) for p in about])
    if out.doubts:  # what the post was read to make is among what it may make
        out.readings += [(p.voter, p.target) for p in out.proxies if p.void is None]
    own_split = own.split("\n")
    # the pasted log's lines, once for every proxy: (line, the player who said it, what they said)
    chat_lines = [(i, roster.resolve(who).name, words) for i, line in enumerate(own_split)
                  for who, words in [_said_in_log(line, own_split[i + 1] if i + 1 < len(own_split) else "")]
                  if who and words] if out.proxies else []
    for proxy in out.proxies:
        if proxy.void is None and (quoted := _quoted_request(proxy, roster)):
            # 「代投：洪七公 → 杨康（私信原话：“投杨康，不对，投郭靖”）」「（原话：“杨康吧，或者郭靖也行”）」: the player's own words,
            # quoted beside the proxy, name another player too — which ballot was asked for is the director's (round 59)
            out.doubts.append(f"代投旁边引用的原话（「{_clip(quoted[0])}」）不只说了「{proxy.target or '弃权'}」：替 {proxy.voter} "
                              "投给谁，请导演确认")
            out.readings += [(proxy.voter, n) for n in quoted[1]] + [(proxy.voter, proxy.target)]
        said_by = [(i, words) for i, who, words in chat_lines if who == proxy.voter] if proxy.void is None else []
        asked_at = max((i for i, words in said_by if proxy.target and proxy.target in _named(words, roster)), default=None)
        # (the player's lines after the request — not 「导演在吗」 before it — that take it back or leave it open)
        # (「皮筋：收到，理由？ ⏎ 课间操：就写 感觉」: the player's answer to the director's question about the reason is the reason)
        reasons_asked = {i for k, (i, who, words) in enumerate(chat_lines) if k and chat_lines[k - 1][1] is None
                         and re.search(r"理由|原因|为什么|(?i:reason|why)", chat_lines[k - 1][2])}
        wavered = next((words for i, words in said_by if asked_at is not None and i > asked_at and not _named(words, roster)
                        and i not in reasons_asked
                        and any(t.is_("hedge", "pending", "retract", "condition") for t in tags.tag(words, roster))), None) or \
            next((words for i, words in said_by if (asked_at is None or i > asked_at) and not _named(words, roster)
                  and len(words.strip()) <= 8 and _DENIES_ASKING.search(words)
                  and not re.search(r"理由|原因|写|加|他|她|(?i:reason)", words)), None)
        # (「【代投】丘处机 → 杨康 ⏎ 丘处机：我没说过」: the player's own line denies — whatever it denies, the proxy is open;
        # the hostile round 84, QV09: 杨康 posted out)
        if wavered:
            # 「[20:01] 张三丰：帮我投周芷若 ⏎ [20:02] 张三丰：算了我再想想」: the player's own later line takes the request back or
            # leaves it open (the hostile round 62: counted)
            out.doubts.append(f"聊天记录里「{proxy.voter}」后来说「{_clip(wavered)}」：这张代投还算不算，请导演确认")
            out.readings += [(proxy.voter, proxy.target), (proxy.voter, None)]
        said, meant = asked_again.get(proxy.voter, ("", []))
        if meant and proxy.target not in meant:
            # the log shows the player correcting the request, the director's record keeps the first target
            out.doubts.append(f"聊天记录里「{proxy.voter}」改了口（「{said}」），代投记的却是「{proxy.target or '弃权'}」：请导演确认")
            out.readings += [(proxy.voter, n) for n in meant] + [(proxy.voter, proxy.target)]
    if not out.proxies and not out.doubts and _MADE.search(own):
        # 「收到，已代投」 under the player's quoted request: a proxy the director's words do not spell out — the pairs the
        # quoted words name, or (a quote the page gave without its text) every player's, the tally's to bound
        out.doubts.append(f"导演说已经代投（「{_clip(_MADE.search(own).group())}」），帖子里读不出替谁投给谁：请导演确认")
        quoted = _named(text, roster)
        out.readings += [(v, t) for v in quoted for t in quoted if v != t]
    if out.proxy_words and not out.proxies and not out.doubts and not refused and not retracted and \
            not _RETRACTS.search(own) and _mentions_a_proxy_made(own, roster, annotated=not (out.count or counted or "|" in own)):
        out.doubts.append("帖子说到代投，但读不出替谁投给谁")
        named = _named(own, roster)
        out.readings += [(v, t) for v in named for t in named if v != t][:12]
        if _ABSTENTION_SAID.search(own) or re.search(r"(?:代投|proxy)\s*[:：]?\s*(?:无|弃权|弃票)(?![\u4e00-\u9fff])", own, re.I):
            # 「所以 浮板 今天按弃权计，代投：无。」: the abstention the post says is a reading for each player it names (heldout65
            # w65_064 was asked with none)
            out.readings += [(v, None) for v in named]
    if not out.proxies and not out.doubts and not refused and not retracted and (
            pairs := [(roster.table[m.group("a") or m.group("b")], roster.table[m.group("t")])
                      for m in _pair_arrowed(roster.pattern.pattern).finditer(re.sub(r"[(（][^()（）\n]*[)）]", "", own))
                      if roster.table[m.group("a") or m.group("b")] != roster.table[m.group("t")]]):
        # 「计票（10:00）：吕布 4（…孙权代投？）——等一下……这里更正：孙权代投 → 曹操。」: a proxy's pair said with its arrow, on a
        # line the count took whole — never nothing (heldout67 w67_081 was a certain notice)
        out.doubts.append(f"导演的帖子里写了代投「{pairs[0][0]} → {pairs[0][1]}」，但和票型统计写在一起：算不算这张代投，请导演确认")
        out.readings += list(dict.fromkeys(pairs))
    for proxy in [p for p in out.proxies if p.void is None]:
        for words, one, other in roster.blurred(proxy.words):
            if one in (proxy.voter, proxy.target):
                # 「【代投】郭靖哥哥私信委托导演代投」 with players 郭靖 and 郭靖哥: whose request, or whom for, is either (the hostile round
                # 90, cases 11, 17, 86: a certain proxy for 郭靖哥, posted alone)
                out.doubts.append(f"代投里的「{words}」可以读作「{one}」，也可以读作「{other}」：请导演确认")
                out.readings += [(proxy.voter, proxy.target), (other if proxy.voter == one else proxy.voter,
                                                              other if proxy.target == one else proxy.target)]
    if (made := [p for p in out.proxies if p.void is None]) and (odd := tags.odd_heading(own.lstrip())):
        # 「【分享】代投：洪七公→杨康」「【存档】…」: a heading no word of a director's headings explains — a copy, not the proxy
        # made now? (hostile round 73: counted)
        out.doubts.append(f"帖子开头的「{odd}」不像代投的标题（转发、存档或摘录？）：这张代投算不算，请导演确认")
        out.readings += [(p.voter, p.target) for p in made]
    if out.doubts and len(set(out.readings)) > 1 and len(named := _named(own, roster)) <= 6:  # (one pair: the proxy as read)
        # a doubt read from one line weighs every player the post names for the voters it found (「刀币 18:40 …help me vote
        # 蚁鼻钱 ⏎ 刀币 18:41 不对 是契刀 ⏎ …已按最后一句代投：契刀」: the line read named 蚁鼻钱, the proxy made is 契刀 — heldout25)
        voters = list(dict.fromkeys(v for v, _ in out.readings if v))
        out.readings += [(v, t) for v in voters for t in named if t != v]
    return out


@lru_cache(maxsize=64)
def _pair_arrowed(names: str) -> re.Pattern:
    """「孙权代投 → 曹操」「代投：孙权 → 曹操」: a proxy's voter and target around its arrow."""
    return re.compile(rf"(?:代投\s*[:：]?\s*(?P<a>{names})|(?P<b>{names})\s*代投)\s*(?:→|->|=>|＞)\s*(?P<t>{names})")


# Words beside a proxy that leave it open or take it back (「（先记上，等她回复再说）」「(pending her confirmation)」): the lexicon's
# pending, hedge, question, condition and retract classes — why the player asked (出差 · 在考试) is no such word.
_OPEN_WORDS = ("pending", "hedge", "question", "condition", "retract", "laugh")  # (「代投：洪七公→杨康 lol」: round 69)
_POINTS_BACK = re.compile(r"她|他|TA|本人|上面|以上|这张|这条|这票|该票|前面")
_BRACKETED = re.compile(r"[(（【\[]([^()（）【】\[\]\n]{1,60})[)）】\]]")


def _opens(words: str, roster: Roster) -> bool:
    """The director's words after a proxy leave it open, take it back or show it as the form (the lexicon's classes)."""
    return any(t.is_(*_OPEN_WORDS, "example") for t in tags.tag(words, roster))


def _left_open(out: Reading, line: str, pairs: list) -> None:
    out.doubts.append(f"代投后面的话像是还没定、要撤回或只是示例（「{_clip(line)}」）：这张代投算不算，请导演确认")
    out.readings += pairs


# A proxy told as the player's request (「X让我代投Y」「X想请我代投Y」), not as made (「受X委托代投Y」「代投：X → Y」)
_RETOLD_REQUEST = re.compile(r"(?:让|请|要|找|托|叫|求|拜托|想请|想让|希望)\s*(?:我|导演|本导)\s*(?:帮(?:他|她|忙)?\s*)?(?:代投|代为投|代他投|代她投|帮(?:他|她)投|投)")
# What may follow a retold request and leave it made: the proxy done or accepted, where and when it came from, thanks
_MADE_OR_TOLD = re.compile(r"已(?:经)?\s*(?:代投|代为投|代发|计|记|办|照办|处理)|代投如下|照办|收到|好的|好滴|没问题|可以|有效|计入|记上|"
                           r"如上|见上|为准|私信|站内信|短消息|短信|QQ|微信|电话|今天|昨天|昨晚|今早|早上|中午|下午|晚上|\d{1,2}[:：]\d{2}|"
                           r"谢谢|辛苦|感谢|thx|thanks|理由|原话|说|补上|补发|补一|现在发|发上|忘了?发|漏发|\d+(?:\.\d+)?\s*票|→|->|"
                           r"(?i:done|noted|got it|ok)")


_SAYS_VOID = re.compile(r"不算|不计|不成立|作废|无效|不接|不代|只做记录|禁止代投|不能代投|不予")


def _after_a_retold_request(segment: str, target: str, roster: Roster) -> str | None:
    """The words after a retold request's target that the reader cannot explain, or None: a clause of its own, not in
    brackets or quotes (an aside there is _aside's), that neither makes the proxy nor says where it came from."""
    body = _REASON.sub("", _QUOTED.sub("", _BRACKETED.sub("", segment)))
    request = _RETOLD_REQUEST.search(body)
    if request is None:
        return None
    at = body.find(target, request.end())
    if at < 0:
        return None
    rest = body[at + len(target):]
    for clause in re.split(r"[，,。.!！;；:：—~～…\n]+", rest):
        words = re.sub(r"[\W_]+", "", clause)
        if words and not _MADE_OR_TOLD.search(clause) and not re.fullmatch(r"(?:一票|一下|吧|了|啊|哈|的|一张|这张|这票)+", words):
            return rest.strip(" ，,。.!！;；:：—-")
    return None


def _aside(segment: str, roster: Roster) -> str | None:
    """Words beside a proxy (its asides in brackets, and what the line says after its target) that leave it open or take
    it back, or None."""
    body = _QUOTED.sub(" 引 ", _REASON.sub("", segment))  # (a placeholder: 「QQ：“…”）」 must not leave 「：）」, a wink)
    outside = _BRACKETED.sub(lambda m: " " * len(m.group()), body)
    last = None
    for m in roster.pattern.finditer(outside):
        last = m
    parts = [m.group(1) for m in _BRACKETED.finditer(body)]
    if last is not None:
        parts.append(outside[last.end():])
    for part in parts:
        if (any(t.is_(*_OPEN_WORDS, "example") for t in tags.tag(part)) or _ASIDE_OPENS.search(part) or tags.takes_it_back(part)) and not _LABEL_LINE.match(part):
            return part.strip()
    bracketed = re.findall(r"[(（]([^()（）\n]{1,60})[)）]", body)  # (an aside in round brackets; 【代投】 is a heading)
    return next((part.strip() for part in bracketed if _odd_aside(part, roster)), None)


def _odd_aside(part: str, roster: Roster) -> bool:
    """A short bracket beside a proxy that says something the reader does not know: where the request came from, when, and
    the ballot's words are known (the lexicon's proxy_said, ballot_talk, reason_words); what is left — 「（猜他会投）」「（我做主）」
    「（他醉了）」「(my guess)」「(from memory)」 (the hostile round 76: each counted) — is the director's to confirm. A closed
    list on the certain side: a new word costs a question, never a proxy counted on words nobody read."""
    bare = roster.pattern.sub(" ", part) if roster.pattern is not None else part
    if "理由" in bare or "引" in bare:
        return False  # (the ballot's reason, the request quoted: what the player said)
    if re.search(r"[A-Za-z]{2,}", bare) and not re.search(r"[\u4e00-\u9fff]", bare):
        known = set(tags.words_of("proxy_said_english"))  # (or a word of the lexicon's: 「(平山幸雄 unvote)」)
        return any(w not in known and not tags.tag(w) for w in re.findall(r"[a-z]{2,}", bare.lower()))
    if len(re.findall(r"[\u4e00-\u9fff]", bare)) > 7:
        return False
    return bool(tags.unexplained(bare, "ballot_talk", "reason_words", "proxy_said", also=(_SAID_TIME,)))


# Why a proxy is for nobody: the player has not decided (no other words beside it).
_UNDECIDED = re.compile(r"[\s,，。]*(?:本人|他|她|对方)?(?:说|讲)?(?:还)?(?:没想好|没决定|拿不准|想不好|定不下来?)[\s,，。]*(?:先弃(?:权|票)?|先不投)?[\s,，。]*")


_SAID_TIME = re.compile(r"[〇零一二三四五六七八九十两半百]+")  # (a time or a count in words: 「下午四点多」)


# Words beside a proxy that make it another day's, not yet confirmed, heard from a third person, a joke or another thread's
# (the lexicon's proxy_aside class: 「（明天的）」「（他还没回我）」「（据群友说）」「，乐」「(via his roommate)」) — or an aside that
# is all one word taking it back (takes_it_back: 「（不是）」「（试发）」)
_ASIDE_OPENS = tags.phrases("proxy_aside")


_ASIDE_LINE = re.compile(r"^\s*(?:[(（][^()（）\n]{1,30}[)）]|(?:——|—|--)\s*[^\n]{1,20}|以上(?:是|为|都是)[^\n]{1,20})\s*[。.]?\s*$")
_PROXY_HEAD = re.compile(r"^\s*(?:[【\[]?\s*(?:另|注)\s*[】\]]?\s*[:：]\s*)?(?:【代投】|代投)\s*[:：]?\s*")
_INLINE_ARROWS = re.compile(r"([^\s→>=\-:：,，、]{1,12})\s*(?:→|->|=>|＞)\s*([^\s,，、。;；:：(（]{1,12})")


def _own_words(lines: list[str], counted: set[int], roster: Roster, out: Reading, post: list[str], made=()) -> None:
    """Lines of the director's own words that hand a player's ballot over in phrasing no list holds (「梅超风让我帮他投杨康」
    「丘处机私聊我说他这票给杨康」「代梅超风投杨康」): two players and a ballot word the reading did not explain — asked,
    never dropped. Reminders and counts (还没投票的 · 票型) are not."""
    if any(_REFUSES.search(line) or _RETRACTS.search(line) for line in post):
        return  # the director refuses or takes back what the post retells (「条件代投无法受理」): the proxy logic's, not ours
    for number, line in enumerate(lines, start=1):
        if number in counted or _RULED.search(line) or (_COUNT_ANNOTATION.search(line) and (out.count or counted)):
            continue
        names = _named(_REASON.sub("", line), roster)
        if len(names) >= 2 and _OWN_WORDS.search(_REASON.sub("", line)) and _JUDGES.search(line) and \
                not _FLOOR_NUMBER.search(line) and not _COUNT_HEADING.search(line) and _opens(line, roster):
            # 「蓄电池 20:10 私信我说投 电闸……先记一下，应该不算吧，等我跟副导确认了再说」: a request retold and judged on no floor
            # in words that leave it open — whether the proxy is made is the director's (heldout36 w36_016: read as a notice)
            out.doubts.append(f"导演转述了玩家的代投请求，怎么算还没有定（「{_clip(line)}」）：算不算这张代投，请导演确认")
            out.readings += [(v, t) for v in names for t in names if v != t] + [(names[0], None)]
            continue
        if len(names) >= 2 and _OWN_WORDS.search(_REASON.sub("", line)) and not _NO_BALLOT.search(line) and not _JUDGES.search(line) \
                and not _COUNT_WITHDRAWN.search(line) and not _ROW_OPENS.match(line) \
                and len(_total_form(roster.pattern.pattern).findall(line)) < 2:  # (「杨康 一票 郭靖 两票」: a count, in numerals)
            if any({p[0], p[1]} == set(names) for p in made):
                continue  # 「黄蓉私信我，原话：“票投杨康”」 above 「我替黄蓉记一票：黄蓉 → 杨康」: the request the proxy made
            out.doubts.append(f"导演的这一行像是替玩家转投（「{_clip(line)}」）：算不算代投、替谁投给谁，请导演确认")
            out.readings += [(v, t) for v in names for t in names if v != t]


# What a pasted log puts before a line: a quote mark (「> 英英 18:20：…」) or the app's name (「[QQ] 毽子 12:05:33」)
_LOG_MARK = re.compile(r"^\s*(?:[>＞]+|[\[【(（](?:QQ|微信|WeChat|私信|私聊|短信)[\]】)）])\s*", re.I)


def _chat(line: str, following: str) -> tuple[str | None, str | None, bool]:
    """(the speaker of a chat line, what they said, whether that was the next line), or Nones."""
    line = _LOG_MARK.sub("", line)
    m = _CHAT.match(line)
    if m and not _LABEL_LINE.match(line):
        return m.group("speaker").strip("【】[]()（）"), m.group("said"), False
    m = _CHAT_BRACKETED.match(line)
    if m:
        return m.group("speaker"), m.group("said"), False
    m = _CHAT_SPEAKER_FIRST.match(line)
    if m:
        if m.group("said") is None:
            return m.group("speaker"), following, True  # 「毽子 12:05:33 ⏎ 帮我投跳绳」: the words are the next line
        return m.group("speaker"), m.group("said"), False
    m = _CHAT_BY_CHANNEL.match(line)
    if m:
        return m.group("speaker"), m.group("said"), False  # 「汴梁私信：如果…就帮我投洛阳」: a request retold with its channel, no time
    return None, None, False


_RETOLD = re.compile(r"^\s*([“「『\"])(?P<said>[^”」』\"]*)[”」』\"]\s*(?P<after>.*)$", re.S)


def _said_in_log(line: str, following: str) -> tuple[str | None, str | None]:
    """(speaker, words) of a chat line, with or without its time (「丘处机：我没说过」), or Nones."""
    speaker, said, _ = _chat(line, following)
    if speaker is None and (bare := _LOG_LINE.match(line)):
        return bare.group(1), bare.group(2)
    return speaker, said


def _quote_then_words(said: str | None) -> tuple[str | None, str]:
    """A request retold in quotes and the words after its closing quote, which are the director's (「X 私信说：“…”这张不计。」);
    the words as they are, and nothing after them, where they open on no quote."""
    m = _RETOLD.match(said or "")
    return (m.group("said"), m.group("after").strip()) if m and m.group("after").strip() else (said, "")


def _named(text: str, roster: Roster) -> list[str]:
    return list(dict.fromkeys(roster.table[m.group()] for m in roster.pattern.finditer(text)))


# A line of a chat log pasted without times (「氟：帮我投氢 ⏎ 烧杯：确认是氧？ ⏎ 氟：对 氧」): the speaker, then the words.
_LOG_LINE = re.compile(r"^\s*([^\s:：,，。()（）【】\[\]]{1,8})\s*[:：]\s*(\S.*)$")
_LABELS = re.compile(r"投票|对象|理由|代投|委托|备注|注|说明|更正|时间|原话|记录|裁定|票型|结果|PS|ps")


def _quoted_request(proxy, roster: Roster) -> tuple[str, list[str]] | None:
    """The player's words quoted in the proxy's clause, where they name a player other than the proxy's target and leave
    whom they asked for open."""
    for m in _QUOTED.finditer(proxy.words or ""):  # (the proxy's own clause: 「…；水龙吟 说“…或者…都行”——不受理」 is another's)
        named = _named(m.group(), roster)
        others = [n for n in named if n not in (proxy.target, proxy.voter)]
        # (a reason quoted, 「他私信里写的是“跟龙井走”」, settles nothing either way; words that ask for another player and not
        # the target do — 「【代投】丘处机 → 杨康（他原话：“投郭靖”）」, round 84 QV03 — unless a correction says which were asked)
        if others and (_UNSETTLED.search(m.group()) or proxy.target not in named and _ASKED_VOTE.search(m.group())
                       and not _CORRECTS.search(proxy.words or "")):
            return m.group().strip("“”「」\"'"), others
    return None


_ASKED_VOTE = re.compile(r"投|选|票|(?i:vote)")
# The player's quoted words that change or leave open whom they asked for: a correction, a choice, a hedge.
_UNSETTLED = re.compile(f"{tags.search_for('correction', 'leaves_choice', 'hedge').pattern}|或者|还是|都行|也行|都可以")


def _log_lines(lines: list[str], roster: Roster) -> set[int]:
    """The lines (1-based) of a chat log pasted without times: three lines or more 「speaker：words」, a speaker among them
    speaking twice and one who is no player (the director) — not a proxy list, whose lines each name another player."""
    found = {n: m.group(1) for n, line in enumerate(lines, start=1) if (m := _LOG_LINE.match(line)) and not _LABELS.search(m.group(1))}
    speakers = list(found.values())
    if len(found) < 3 or len(set(speakers)) == len(speakers) or all(roster.resolve(s).name for s in speakers):
        return set()
    return set(found)


# A chat line asking the director to cast one's ballot, its target not (yet) in it: 帮我投个票 · 替我投一下 · 代我投 · vote for me
_ASKS_FOR_BALLOT = re.compile(r"(?:帮|替|代)\s*我\s*(?:投|发|交|代投)|帮忙(?:代)?投|代投一下|(?i:vote\s+for\s+me|proxy\s+(?:for\s+)?me)")


def _request(said: str, speaker: str, roster: Roster) -> str | None:
    """The target a chat line asks for in the speaker's own words (帮我投Y · 票帮我投Y · 投Y · 就Y吧), or None."""
    if re.search(r"[?？吗]\s*$", said) or _CONDITION.search(said):
        return None
    for m in roster.pattern.finditer(said):
        name = roster.table[m.group()]
        if name != speaker and _TARGET_BEFORE.search(said[: m.start()][-12:]):
            return name
    return None


def _target_of(segment: str, roster: Roster, voter: str | None) -> str | None:
    # The director's own words first: the player's quoted words (「私信原话是“投青玉案的对家”…更正为：念奴娇 → 鹊桥仙」) give
    # the target only where the director's do not (代投：六安（QQ）：“我那票改成白茶”)
    body = _REASON.sub("", segment)
    if (stands := re.search(rf"以\s*({roster.pattern.pattern})\s*为准", _QUOTED.sub("", body))) and roster.table[stands.group(1)] != voter:
        return roster.table[stands.group(1)]  # 「更正：…原话是“不投郎中，投阿郎”，以货郎为准」: the one said to stand (heldout21)
    for text in (_QUOTED.sub(lambda m: " " * len(m.group()), body), body):
        for m in roster.pattern.finditer(text):
            name = roster.table[m.group()]
            if name != voter and _TARGET_BEFORE.search(text[: m.start()][-16:]):
                return name
    return None


def _sentences_apart(line: str, roster: Roster) -> tuple[str, list[str]]:
    """A proxy's line and the sentences on it that are lines of their own, in order: a correction in a sentence of its own
    (「【代投】丘处机私信委托导演代投：郭靖。更正：是杨康」 — hostile round 79: the proxy counted for 郭靖, the correction unread, a
    wrong elimination), and another player's request refused after a proxy made (「代投两张里只发一张：萤火虫 → 蜻蜓。瓢虫 说“…”，
    带条件，不代。」 — heldout42 w42_093: the refused one read as the proxy)."""
    apart: list[str] = []
    if _CORRECTION_AFTER_A_STOP.search(line):
        line, rest = _CORRECTION_AFTER_A_STOP.split(line, maxsplit=1)
        apart.append(rest.lstrip())
    if "。" in line.rstrip("。 "):
        head, rest = line.split("。", 1)
        if _INLINE_ARROWS.search(head) and _REFUSES.search(rest) and (said := _named(rest, roster)) and \
                not set(said) <= set(_named(head, roster)):
            line = head
            apart.insert(0, rest.lstrip())
    return line, apart


_CORRECTION_AFTER_A_STOP = re.compile(r"[。.!！]\s*(?=[【\[]?\s*(?:更正|纠正|订正|修正))")


def _asked_in_quotes(own: str, voter: str, roster: Roster) -> str | None:
    """The one player the voter's quoted request asks a ballot for (「“帮我投票对象：黄山，理由见讨论帖”」), or None."""
    quotes = re.findall(r"[“\"「]([^”\"」\n]{1,120})[”\"」]", own)
    asked = {n for q in quotes for m in re.finditer(r"投(?:票对象|票给|给)?\s*[:：]?\s*([^\s,，。:：;；!！?？]{1,12})", q)
             for n in [roster.resolve(m.group(1)).name or next(iter(_named(m.group(1), roster)), None)] if n and n != voter}
    if len(asked) != 1 or any(_UNSETTLED.search(q) or _CONDITION.search(q) for q in quotes):
        return None
    return next(iter(asked))


def _says_abstain(segment: str) -> bool:
    return bool(re.search(r"(?:投票对象|对象|投票|投|委托|vote|→|->|=>|＞)\s*[:：]?\s*(?:弃权|无人|无(?=[(（\s,，。;；]|$)|no\s*vote|abstain)|视为弃权|按弃权",
                          _REASON.sub("", segment), re.I))


def _voter_corrected(plain: str, voter: str, was: str | None, roster: Roster) -> tuple[str, str | None] | None:
    """A correction that says the proxy above was for another player (委托的是 X 不是 Y · 不是 Y 委托的，是 X): (X, the
    target — the one the line gives X, else the proxy's own), or None."""
    names = roster.pattern.pattern
    v = re.escape(voter)
    said = re.search(rf"(?:委托(?:人)?的?是|委托我的是|是)\s*({names})\s*[,，]?\s*(?:不是|而不是|并非)\s*{v}", plain) or \
        re.search(rf"(?:不是|并非)\s*{v}\s*(?:委托的?)?\s*[,，]?\s*(?:而)?是\s*({names})", plain)
    if said is None or (new := roster.table[said.group(1)]) == voter:
        return None
    gives = re.search(rf"{re.escape(new)}\s*(?:投|→|->|=>)\s*({names}|弃权)", plain[said.end():]) or \
        re.search(rf"{re.escape(new)}\s*(?:投|→|->|=>)\s*({names}|弃权)", plain)
    if gives is not None:
        return new, None if gives.group(1) == "弃权" else roster.table[gives.group(1)]
    return new, was


def _pair(segment: str, roster: Roster, names: list[str], context: str | None) -> tuple[str | None, str | None, str | None]:
    """(the player a proxy clause is for, its target, why it is a doubt)."""
    body = _REASON.sub("", segment)
    headed = _ARROW_PAIR.match(_PROXY_HEAD.sub("", body, count=1)) if _PROXY_HEAD.match(body) else None
    if headed and roster.resolve(headed.group(1)).name and (headed.group(2) == "弃权" or roster.resolve(headed.group(2)).name):
        # 「代投 蛋挞 → 虾饺」「另：代投 令狐冲→郭靖（私信委托）」: the proxy's own arrow says who and whom
        written = headed.group(2)
        return roster.resolve(headed.group(1)).name, None if written == "弃权" else roster.resolve(written).name, None
    whose = _WHOSE_GOES_TO.search(body)
    if whose and len(names) == 2 and (voter := roster.resolve(whose.group(1)).name) and (
            target := roster.resolve(whose.group(2).rstrip("。.！!")).name) and voter != target:
        # 「以上，碧螺春 的票计入 大红袍。」 under a pasted log: the player's ballot, and whom it goes to (heldout40 w40_025)
        return voter, target, None
    led = _ARROW_LED.match(body)
    if led and (voter := roster.resolve(led.group(1)).name) and (target := _target_of(body[led.end():], roster, voter)) \
            and target != voter:
        # 「→ 延长号：投票 连音线」 under a pasted log: the arrow leads to the player and their ballot (heldout39 w39_116)
        return voter, target, None
    voters = []
    for m in roster.pattern.finditer(body):
        name = roster.table[m.group()]
        if _ENTRUSTED_THEN.search(body[: m.start()][-16:]):
            continue  # 「丘处机私信委托导演代投：杨康」: after 委托…代投： comes the target, not whom it is for (hostile round 78: reversed)
        if _FOR_BEFORE.search(body[: m.start()][-16:]) or _FOR_AFTER.match(body[m.end():]):
            voters.append(name)
    first = roster.pattern.search(body)
    if not voters and first and _LISTED.match(_SUMMED_UP.sub("", body[: first.start()])) and re.match(
            r"^\s*(?:[(（][^)）]{0,20}[)）])?\s*(?:私信|站内信|短消息|短信|QQ|微信|PM)?\s*(?:[:：]|(?:→|->|=>|＞)|[—─-]{1,3}\s*"
            r"(?=投票对象|对象|投票|投|→)|(?=(?:投票对象|投票目标|投票)\s*[:：]))", body[first.end():]):
        # 1）沈舟：投票对象 江迟 · ① 谷雨（站内信）：… · 洞箫 —— 投票对象：编钟 · 1. 泥塑 → 投票对象：年画 · ——以上，毽子 投票：跳绳
        # · 1. 绿松（微信 17:40）→ 珊瑚
        voters.append(roster.table[first.group()])
    voters = list(dict.fromkeys(voters))
    target = _target_of(segment, roster, voters[0] if len(voters) == 1 else None)
    if target is None and len(voters) == 1:
        # 「代投 梅超风：杨康」「受梅超风之托：杨康」: the voter, a colon, the target
        after = re.search(rf"{re.escape(voters[0])}\s*(?:之托|所托|的委托|委托|托)?\s*[:：]\s*", body)
        said = roster.pattern.match(body, after.end()) if after else None
        target = roster.table[said.group()] if said and roster.table[said.group()] != voters[0] else None
    if target in voters and len(voters) > 1:
        voters.remove(target)
    if len(voters) > 1 and target is None:
        return None, None, None  # 「受周可可、温情委托：」: a heading over the lines that give each one
    if target is None and len(names) > 1 and re.sub(r"[(（][^)）\n]*[)）]", "", body).rstrip().endswith((":", "：")):
        return None, None, None  # 「受 淮左、沅芷 两位委托代投（均在中午前私信）：」: the same heading, one name after 受
    if len(voters) > 1:
        return None, None, f"一行里像是替 {'、'.join(voters)} 几个人代投（「{_clip(segment)}」）：请导演确认各是谁的票"
    arrow = _ARROW_PAIR.match(body)
    if not voters and arrow and roster.resolve(arrow.group(1)).name and (context or _HEADING.search(segment)):
        voter, written = roster.resolve(arrow.group(1)).name, arrow.group(2)
        return voter, None if written == "弃权" else roster.resolve(written).name, None  # 周可可→秦朗 under a proxy heading
    voter = voters[0] if voters else None
    if voter is None and target and len(names) == 2 and context in (None, "listing") and (
            _HEADING.search(segment) or _ENGLISH_PROXY.search(segment)):
        voter = next(n for n in names if n != target)  # 代投：郭靖 黄蓉 · Proxy — 顾晏 … vote 江迟
    if voter is not None and target is None and not _says_abstain(segment):
        others = [n for n in names if n != voter]
        others = [n for n in others if not re.search(rf"(?:不是|并非|而非|而不是)\s*{re.escape(n)}", body)]  # 「是黄蓉委托的，不是郭靖」
        if len(others) == 1 and re.search(r"代投|委托|→|->|vote", body, re.I) and not _REFUSES.search(body):
            target = others[0] if re.search(r"代投\s*[^\s,，。:：]{0,2}$|委托[^。]{0,12}$", body[: body.find(others[0])]) else None
    return voter, target, None


_WHOSE_GOES_TO = re.compile(r"([^\s,，。:：;；]{1,12}?)\s*(?:的票|这票|那票|这一票)\s*(?:计入|计为|记为|算给|计给|投给|投)\s*([^\s,，。:：;；]{1,12})")
_ARROW_LED = re.compile(r"^\s*(?:→|->|=>|＞)\s*([^\s:：→]{1,12})\s*[:：]\s*")
# A correcting line that says the proxy's target in so many words, naming no voter (「代投对象为 盘香，以这一行为准」): of the one proxy above
_TARGET_SAID = re.compile(r"(?:代投)?对象(?:应)?(?:为|是|改为|改成)|(?:应为|改为|改成|要投的是|投的是|应该投)\s*[:：]?\s*\S{1,12}[^。\n]{0,12}为准|"
                          # 「更正：是天蝎，我抄错了」: the correction opens on what the target is (heldout41 w41_046)
                          # (not 「更正：是黄蓉委托的」: the request was another player's — hostile round 49's B7)
                          r"^\W*(?:更正|纠正|订正)\s*[:：]?\s*(?:应该|应)?是\s*(?![^,，。\n]*(?:委托|托|让|请|叫|要求|代投|找))[^\s,，。:：]{1,12}")


def _settle(pairs, retracted: dict[str, str], refused: dict[str, str], out: Reading,
            out_stated: tuple[str, ...] = ()) -> list[Proxy]:
    """One proxy per voter: the later pair stands where the post says it corrects, a retraction voids it, a refusal
    makes none."""
    settled: dict[str, Proxy] = {}
    for voter, target, line, words, corrects in pairs:
        if corrects:  # 「是马拉糕托我投萝卜糕，不是反过来」: a correction of the same two players, the other way round
            for other in [v for v, p in settled.items() if v != voter and {v, p.target} == {voter, target}]:
                del settled[other]
        held = settled.get(voter)
        if held is not None and held.target != target and not corrects:
            out.doubts.append(f"同一帖里替「{voter}」代投了两个不同的对象（{held.target or '弃权'}、{target or '弃权'}），"
                              "没有说哪一个为准：请导演确认")
            out.readings += [(voter, held.target), (voter, target)]
            continue
        settled[voter] = Proxy(voter, target, line, words, stated=out_stated)
    for voter, words in retracted.items():
        if voter in settled:
            p = settled[voter]
            settled[voter] = Proxy(p.voter, p.target, p.line, p.words, void=f"代投已撤回（「{words}」）", stated=p.stated)
    for voter in refused:
        if voter not in retracted:  # (「上面一行撤回。…请她自己来投」: taken back, the proxy void — said so)
            settled.pop(voter, None)  # 「……不予代投」: the request is answered, no proxy is made
    return list(settled.values())


def _refused(plain: str, roster: Roster) -> list[str]:
    """The player a refusal is said of: the first one named in its sentence (「代投：宁照影 → 温酒。（骆雁回 也私信了，
    …这是条件票，不代。）」 refuses 骆雁回, not 宁照影; 「贺知舟…找我代投冯雨桐，…这票代不了」 贺知舟)."""
    m = _REFUSES.search(plain)
    sentence = re.split(r"[。;；!！\n]", plain[: m.start()])[-1] if m else ""
    opened = max(sentence.rfind("("), sentence.rfind("（"))
    if opened > max(sentence.rfind(")"), sentence.rfind("）")):
        return _named(sentence[opened + 1:], roster)[:1]  # the refusal inside a bracket: of the player the bracket names
    # outside any bracket: the first player of its sentence, the brackets' words set aside (「X要代投（对象Y），被我拒绝了」)
    return _named(re.sub(r"[(（][^()（）]*[)）]", "", sentence), roster)[:1]


def _paired_on(pairs: list, number: int) -> bool:
    """Whether the line `number` made a pair (the branches above append theirs with the line's number)."""
    return any(p[2] == number for p in pairs)


_PROXY_CELL = re.compile(r"\s*\|?\s*(?:【?代投】?|委托|代发|proxy)\s*\|", re.I)


def _mentions_a_proxy_made(own: str, roster: Roster, annotated: bool = False) -> bool:
    """The post makes a proxy (【代投】郭靖 · 代投：郭靖 · 郭靖委托代投 · proxy for 郭靖) — a player named at the proxy's
    words — not only speaks of the rule (代投：请提前私信导演 · 关门前不能代投). `annotated`: outside a count, a pair
    marked 「（代投）」 is one too (「梅超风：杨康 ⏎（代投）」; in a count the mark says how a ballot came)."""
    # (「橡皮 1（代投）」: a number before the mark — a count's, whatever its shape)
    annotation = r"|(?<!\d)(?<!\d\s)[(（]\s*(?:导演|主持人?)?代投[^)）\n]{0,12}[)）]|(?:以上|上面)(?:为|是|都是)?代投" if annotated else ""
    for m in re.finditer(rf"【代投】|代投\s*[:：]|委托[^。\n]{{0,8}}代投|代为投|proxy (?:vote )?for|on behalf of{annotation}", own, re.I):
        if roster.pattern.search(own, max(0, m.start() - 12), m.end() + 12):
            return True
    # 「| 代投人 | 投票对象 | ⏎ | 梅超风 | 杨康 |」「代投登记 ⏎ 委托人｜对象 ⏎ 梅超风｜杨康」: a line of proxy words naming nobody
    # with two players on a line under it — a proxy in a shape nobody listed, asked, never dropped
    lines = own.split("\n")
    return any(re.search(r"代投|委托", line) and not roster.pattern.search(line)  # (the column heading may stand between)
               and any(_pair_row(below, roster) for below in lines[n + 1:n + 3]) for n, line in enumerate(lines))


def _pair_row(line: str, roster: Roster) -> bool:
    """Two players and their separators only (a count's row has its votes, a roll call every player)."""
    return len(set(roster.pattern.findall(line))) == 2 and not re.search(r"\d|票|→|->", line) and \
        len(re.sub(r"[|｜/:：,，、\s\-—]", "", roster.pattern.sub("", line))) <= 4


def _count(lines: list[str], counted: set[int], roster: Roster, unsure_rows: dict[str, str]) -> dict[str, str | None]:
    """A running count or the closing tally as voter → target: lines 「X → Y」 (speech.tally_lines) and
    「Y 3 票：A、B、C」 / 「弃权 1票：D」 (each voter listed under the player they voted for). A voter the count says it
    did not count (「6楼 田伯光那张不算」「（田伯光的不计）」「欧阳克：无效」「X→Y（无效）」) is VOID."""
    out: dict[str, str | None] = {}
    for number, line in enumerate(lines, start=1):
        head = _BY_TARGET.match(line) or _BY_TARGET_LISTED.match(line) or _BY_TARGET_TALLIED.match(line) or _listed_after_colon(line, roster)
        void = _VOID_ROW.match(line)
        if void and roster.resolve(void.group(1)).name:
            out[roster.resolve(void.group(1)).name] = VOID
        elif head:
            target = None if head.group("target") == "弃权" else roster.resolve(head.group("target")).name
            if target is None and head.group("target") != "弃权":
                continue
            for item in cut_outside_brackets(head.group("voters"), "、,，;；"):  # (「白水哩（警长，2.5票；…）、鹤田姬子」)
                bare = re.sub(r"[(（][^)）]*[)）]", "", item)  # (a note in brackets is read below)
                said = VOID if _VOID_WORDS.search(bare) else UNSURE if _UNSURE_MARK.search(bare) else target
                for m in roster.pattern.finditer(bare):
                    out[roster.table[m.group()]] = said
                    if said == UNSURE and target:  # (「欧阳克*」 under 杨康: open, and 杨康 the ballot it may be — round 111, case 13)
                        unsure_rows[roster.table[m.group()]] = target
            for note in _VOID_NOTE.finditer(line[head.start("voters"):]):  # 「林平之（田伯光的不计）」
                for m in roster.pattern.finditer(note.group()):
                    out[roster.table[m.group()]] = VOID
        if out and (open_said := re.findall(rf"({roster.pattern.pattern})\s*{_OPEN_SAID}", line)):
            for name in open_said:  # 「郭靖 2票+1（欧阳克待查）」「注：欧阳克一票有争议。」: listed, and said to be open (round 61)
                if roster.table[name] in out:
                    out[roster.table[name]] = UNSURE
            continue
        if number in counted and not head and not void:
            for m in _ARROWS.finditer(line):
                voter, target = roster.resolve(m.group(1)).name, m.group(2)
                if voter:
                    out[voter] = None if target == "弃权" else roster.resolve(target).name
                    if _VOID_MARK.match(line, m.end()):
                        out[voter] = VOID  # 「欧阳锋→郭靖（无效）」: listed, and said not to count (hostile round 56)
    # (a count that names one voter only counts where it marks that ballot open: 「郭靖 2票+1（欧阳锋待查），杨康 2票」, round 62)
    return out if len(out) >= 2 or UNSURE in out.values() else {}


ANY = "*"  # a count's floor listed as counted, for whom it does not say (「已计：2、3、4、5楼」)
_FLOOR_ROW = re.compile(rf"(?:^|[\n;；]|[】\]]\s*)\s*[·•\-*]?\s*(?P<target>[^\s:：,，;；(（【】\[\]]{{1,12}}?)\s*[:：]?\s*(?:{VOTES})?\s*"
                        r"[(（:：]\s*(?P<items>[^()（）;；\n]+?)\s*[)）]?\s*(?=[;；。\n]|$)")
_FLOOR_ITEM = re.compile(r"#?\s*(\d{1,5})\s*(?:楼|层|樓|#|F|L)")
_COUNTED_FLOORS = re.compile(r"(?:已计|已统计|计入|有效票|已计入|counted)\s*[:：]?\s*(?P<items>(?:#?\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)?\s*[、,，/]\s*)+"
                             r"#?\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)?)", re.I)


def _count_floors(own: str, roster: Roster) -> tuple[dict[int, str | None], dict[str, str | None]]:
    """A count written by floors: 「郭靖 2票（4楼、5楼）；杨康 2票（2楼、3楼）」 (floor → the player its row counts it for) and
    「已计：2、3、4、5楼」 (floor → ANY) — every item of a row a floor or a voter (「洪七公代投」: voter → the row's player), or
    the row is no count by floors (hostile round 70: a count that left a floor out was not set beside the tool's)."""
    out: dict[int, str | None] = {}
    voters: dict[str, str | None] = {}
    if roster.pattern is None or not re.search(r"\d\s*(?:楼|层|樓|#|F|L|→|->|=>|⇒)|#\s*\d|(?:←|<-)\s*\d", own):
        return out, voters
    for row in _FLOOR_ROW.finditer(own):
        target = None if row.group("target") == "弃权" else roster.resolve(row.group("target")).name
        items = [i.strip() for i in re.split(r"[、,，/]", row.group("items")) if i.strip()]
        floors, named = [], []
        # (「郭靖 2（4、5楼）」: the floor mark written once, after the last number of a run — 「1、2楼、洪七公」 too, round 77)
        marked_at = [k for k, item in enumerate(items) if _FLOOR_ITEM.fullmatch(item)]
        for k, item in enumerate(items):
            if floor := _FLOOR_ITEM.fullmatch(item):
                floors.append(int(floor.group(1)))
            elif any(m > k for m in marked_at) and re.fullmatch(r"\d{1,5}", item):
                floors.append(int(item))
            elif (said := re.fullmatch(r"(\S{1,12}?)\s*(?:的)?\s*(?:代投|代|票)?", item)) and (voter := roster.resolve(said.group(1)).name):
                named.append(voter)  # (「洪七公代投」 beside the floors: a ballot the row counts by its voter, a proxy first shown in the count)
        if (target or row.group("target") == "弃权") and floors and len(floors) + len(named) == len(items):
            out.update({f: target for f in floors})
            for voter in named:
                voters[voter] = target
    arrows = [(int(m.group(1)), roster.resolve(m.group(2)).name) for m in re.finditer(
        rf"(?<![\d.])(\d{{1,5}})\s*(?:楼|层|樓|#|F|L)\s*(?:→|->|=>|⇒)\s*({roster.pattern.pattern})", own)]
    if len(arrows) >= 2:  # 「当前票型：2楼→杨康 3楼→杨康 4楼→郭靖」: a count by floors, one arrow each (round 75: not set beside ours)
        for floor, target in arrows:
            out.setdefault(floor, target)
    for listed in _COUNTED_FLOORS.finditer(own):
        for n in re.findall(r"\d{1,5}", listed.group("items")):
            out.setdefault(int(n), ANY)
    rows = _rows_by_floors(own, roster)
    if len(rows) >= 2:  # 「杨康←2楼3楼；郭靖←4楼5楼」「2、3→杨康；4、5→郭靖」「郭靖(4F,5F) 杨康(2F,3F)」 (round 76: not set beside ours)
        for target, floors in rows:
            for floor in floors:
                out.setdefault(floor, target)
    return out, voters


_A_FLOOR = r"(?:#\s*\d{1,5}|\d{1,5}\s*(?:楼|层|樓|#|F|L|f|l)(?![A-Za-z])|\d{1,5}(?![\d.]))"
_FLOOR_LIST = rf"{_A_FLOOR}(?:\s*[、,，/&]?\s*{_A_FLOOR})*"


@lru_cache(maxsize=64)
def _row_forms(names: str) -> tuple[re.Pattern, re.Pattern]:
    """A row of a count by floors, its player first (「杨康←2楼3楼」「杨康：#2 #3」「郭靖(4F,5F)」「杨康 2（2L 3L）」) or its floors
    first and an arrow (「2、3→杨康」)."""
    first = re.compile(rf"(?P<name>{names})\s*(?:[:：]|(?P<arrow>←|<-)|\d+(?:\.\d+)?\s*票?)?\s*[(（\[]?\s*(?P<floors>{_FLOOR_LIST})\s*[)）\]]?")
    after = re.compile(rf"(?P<floors>{_FLOOR_LIST})\s*(?:→|->|=>|⇒)\s*(?P<name>{names})|"
                       rf"(?P<floor>#\s*\d{{1,5}}|\d{{1,5}}\s*(?:楼|层|樓|F|L)(?![A-Za-z]))\s*(?P<named>{names})")  # (「2楼杨康 3楼杨康」「#2杨康」)
    return first, after


def _rows_by_floors(own: str, roster: Roster) -> list[tuple[str, list[int]]]:
    """The rows of a count written by floors in any of the shapes directors use, each (player, its floors) — a row only where
    nothing but the player, its floors, its number of votes and the count's marks stand in it, and at least one floor is
    written as a floor (楼 · # · F · L) or an arrow points from the numbers (「2、3→杨康」)."""
    first, after = _row_forms(roster.pattern.pattern)
    rows = []
    for segment in re.split(r"[;；\n]", own):
        found = [*after.finditer(segment)] or [*first.finditer(segment)]
        rest = segment
        for m in found:
            rest = rest.replace(m.group(), " ", 1)
        if not found or re.search(r"[\u4e00-\u9fffA-Za-z]", re.sub(r"票型|票数|目前|当前|统计|截至|截止|实时|[【】\[\]]", "", rest)):
            continue  # (anything else in the line — a verdict, a reason — and it is no row of a count by floors)
        if not all(m.re is after or m.group("arrow") or re.search(r"楼|层|樓|#|[FfLl]", m.group("floors")) for m in found):
            continue  # (「螳螂 5：蜻蜓（2楼）、…」: a number of votes, then the voters with their floors — a count by voters)
        rows += [(roster.resolve(m.group("name") or m.group("named")).name,
                  [int(n) for n in re.findall(r"\d{1,5}", m.group("floors") or m.group("floor"))]) for m in found]
    return rows


UNSURE = "待定"  # a count's mark on a ballot it has not decided (「欧阳克？」「小昭*」 with 「*小昭这票待定」, round 60)
_UNSURE_MARK = re.compile(r"[?？*＊]|待定|存疑|待查|待核|有争议|争议|核实|不确定|未定|没定")
# A line of the count's post that says a listed voter's ballot is still open (「欧阳克这票还要再核实一下」「注：欧阳克一票有争议。」)
_OPEN_SAID = r"(?:这|那|一|的)?\s*(?:张)?\s*票?[^,，。;；\n]{0,8}?(?:待查|待核|待定|存疑|有争议|有疑问|再核实|要核实|核实一下|不确定|没定|未定)"
VOID = "无效"  # a count's word for a ballot it lists and does not count (no player is called that: the roster refuses it)
_NOT_COUNTED = r"无效|作废|不计|不算|废票|扣除|扣掉|划掉|去掉|减去"  # a count's words for a ballot it did not count
_VOID_WORDS = re.compile(_NOT_COUNTED)
_VOID_NOTE = re.compile(rf"[(（][^()（）\n]*?(?:{_NOT_COUNTED})[^()（）\n]*[)）]")
_VOID_ROW = re.compile(r"^\s*[·•\-*]?\s*([^\s:：,，(（]{1,12})\s*[:：]\s*(?:无效|作废|不计|不算|废票)\s*[。.]?\s*$")
_FLOOR_NUMBER = re.compile(r"(\d{1,5})\s*(?:楼|层|樓|#|[FfLl])")
_VOID_MARK = re.compile(r"\s*[(（\[【]\s*(?:无效|作废|不计|不算|废票|不计入)")
_ARROWS = re.compile(r"([^\s、,，;；→>:：]+)\s*(?:→|->|=>|＞|>)\s*([^\s、,，;；(（]+)")
_BY_TARGET = re.compile(rf"^\s*[·•\-*]?\s*(?P<target>[^\s:：,，(（←]{{1,12}}?)\s*(?:[:：]?\s*(?:{VOTES}\s*(?:[(（][^)）\n]*[)）])?|"
                        r"(?<=弃权))\s*(?:[:：←]|[—─-]{1,3})|\s*←)\s*(?P<voters>.+)$")  # (「萝卜 ← 白菜、茄子」: the arrow is the count's)


# 「岳灵珊：令狐冲、任盈盈、仪琳（3）」: the voters after a colon, their number in brackets at the end (the hostile round 63)
_BY_TARGET_TALLIED = re.compile(r"^\s*[·•\-*]?\s*(?P<target>[^\s:：,，(（]{1,12}?)\s*[:：]\s*(?P<voters>[^(（\n]+?)\s*[(（]\s*\d+(?:\.\d+)?\s*票?\s*[)）]\s*$")


# 「杨康：郭靖、黄蓉、丘处机」: a player, a colon, and two voters or more — no number, yet no ballot names two players (the
# hostile round 83, N38: a count with a voter ours lacks, never set beside it)
_BY_TARGET_BARE = re.compile(r"^\s*[·•\-*]?\s*(?P<target>[^\s:：,，(（]{1,12}?)\s*[:：]\s*(?P<voters>[^:：\n]+?)\s*$")


def _listed_after_colon(line: str, roster: Roster) -> re.Match | None:
    m = _BY_TARGET_BARE.match(line)
    if m is None or not (m.group("target") == "弃权" or roster.resolve(m.group("target")).name):
        return None
    items = [re.sub(r"[(（][^)）]*[)）]", "", item).strip() for item in cut_outside_brackets(m.group("voters"), "、,，")]
    return m if len(items) >= 2 and all(roster.resolve(item).name for item in items) else None


# 「衡山 3（泰山、武夷〔代投〕、恒山）」: the voters in brackets after the votes
_BY_TARGET_LISTED = re.compile(rf"^\s*[·•\-*]?\s*(?P<target>[^\s:：,，(（]{{1,12}}?)\s*{VOTES}\s*[(（](?P<voters>.+)[)）]\s*$")


# The votes a count gives a player, as directors write them: 「杨康 4票」「郭靖：叁票」「杨康 五票」「黄蓉（2.5票）」 — a number the
# next words do not change (「2票+1」「3票（+2）」: a bonus or a ballot still open beside it)
_NUMERAL = r"\d+(?:\.\d+)?|[零〇一二两三四五六七八九十壹贰叁肆伍陆柒捌玖拾貳參叄陸]{1,3}(?:点五|半)?"
_FORMAL_DIGITS = str.maketrans("壹贰叁肆伍陆柒捌玖拾貳參叄陸〇", "一二三四五六七八九十二三三六零")
_OTHER_DAY = re.compile(r"昨|前天|上一?天|上轮|上一轮|上次|历史|之前的|以往")
_WEIGHT_SAID = re.compile(r"警长|警徽|权重|加权|票权|若愚|身份|每人|一人")
_WEIGHT_AFTER = re.compile(r"\s*(?:的)?(?:票权|权重|投票权|的权|计算)")
# The player's own short line denying the request (「我没说过」「不是我」「别投了」), not a reason (「不用写理由」「她昨晚没说清」)
_DENIES_ASKING = re.compile(r"^\W*(?:我\s*)?(?:(?:没|没有|并没|从没|从来没|不曾)\s*(?:有)?\s*(?:说|让|叫|委托|找|托|请|同意|答应)|"
                            r"(?:别|不要|不用|不必|不)\s*(?:帮我|替我|代)?\s*投了|不是我)|(?i:^\W*i\s+(?:never|didn'?t)\b)")
# The director's words that deny a proxy its ground: no request received, none confirmed (「没收到他的正式委托」「尚未确认」)
_DENIES_THE_PROXY = re.compile(r"(?:没|没有|未|并未|不曾|尚未|还没|还没有)\s*(?:收到|接到|得到|拿到)?[^，,。；;\n]{0,8}?(?:委托|授权|确认|同意)")
_CORRECTED_TOTAL = re.compile(r"\s*票?\s*[(（]\s*(?:更正|订正|修正|应为|实为|改为|更正为|应该是|其实是)\s*[:：为]?\s*(\d+(?:\.\d+)?)")


def _outside_brackets(m: re.Match) -> str:
    """A floor voided, cut out where it stands outside brackets (「（她 6 楼作废，以本代投为准）」 is the proxy's own aside)."""
    before = m.string[:m.start()]
    inside = before.count("（") + before.count("(") > before.count("）") + before.count(")")
    return m.group() if inside else ""


_FLOOR_VOIDED = re.compile(r"(?:第\s*)?(?:\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5})\s*(?:的|那条|那张|这条|的代投)?\s*(?:作废|撤回|撤销|不算|不计|无效)")
_ADDED_IN_BRACKET = re.compile(r"(\d+(?:\.\d+)?)\s*票?\s*[（(]\s*[+＋]\s*(\d+(?:\.\d+)?)\s*票?\s*(?:私信|代投|补|漏|[^)）]{0,10})[)）]")
_ADDED_AFTER = re.compile(r"(\d+(?:\.\d+)?)\s*票\s*[+＋]\s*[^\d，,；;。\n]{0,12}?(\d+(?:\.\d+)?)\s*票")
_SUMMED = re.compile(r"\d+(?:\.\d+)?\s*票?\s*(?:[+＋]\s*\d+(?:\.\d+)?\s*票?\s*(?:[(（][^)）\n]{0,12}[)）])?\s*)+[=＝]\s*(\d+(?:\.\d+)?)\s*票?")
_THEN_TOTAL = re.compile(r"(?:所以|因此|那么|那就是|即|也就是说?|这样)\s*[,，:：]?\s*(?P<name>\S{1,12}?)\s*(?:是|有|共|得|为)?\s*(?P<n>\d+(?:\.\d+)?)\s*票?\s*[。.!！]?\s*$")
_RECOUNTED = re.compile(r"(?:又|重新|再)\s*(?:数|点|算|核)\s*了?\s*(?:一遍|一下|一次)[^。\n]{0,8}?[，,:：]?\s*(?P<name>[^\s，,：:]{1,12}?)\s*"
                        r"(?:其实|实际|实际上|应该)?\s*(?:是|有|共|得)\s*(?P<n>\d+(?:\.\d+)?)\s*票")


def _sum(a: str, b: str) -> str:
    total = Fraction(a) + Fraction(b)
    return str(int(total)) if total.denominator == 1 else str(float(total))


_FIXES_A_TOTAL = re.compile(r"漏|错|更正|订正|修正|少算|多算|少了|多了|看岔|数岔|改一下|纠正|(?i:oops|sorry|typo|missed|correction)")
_TOTAL_CHANGED = re.compile(r"(\d+(?:\.\d+)?)\s*(?:→|->|=>)\s*(\d+(?:\.\d+)?)")  # 「杨康 4→5 票（补丘处机私信）」: the later (round 85 K19)
_DAY_SAID = re.compile(r"第\s*([\d一二三四五六七八九十]{1,3})\s*[天日]")
# The day a proxy's own heading gives it (「代投（第2天）」「第二天代投」「D-2代投」「Day 2 proxy」「(D2)代投」「N2代投」「次日代投」
# 「明天的代投」「Tomorrow's proxy」), not a day its reason or a pasted chat speaks of: a day word right before or after the proxy
# word, any spelling (the hostile rounds 85–86: each spelling fixed alone had left the next one counted on day 1)
_DAY_REF = (r"(?:第\s*([\d一二三四五六七八九十两壹贰叁肆伍陆柒捌玖拾]{1,3})\s*[天日夜晚轮]|([一二三四五六七八九十]{1,3})\s*日目|"
            r"(?<![A-Za-z])(?i:D|N|day|night|round)\s*[-_#.]?\s*(\d{1,2})(?!\d)|"
            # (round 87: 「Day Two proxy」「D+1代投」「明晚代投」「第2轮代投」「周二代投」「二日目」: every other spelling of a day)
            r"(?<![A-Za-z])(?i:day|night|round)\s*[-_#.]?\s*(?i:(one|two|three|four|five|six|seven|eight|nine|ten))(?![a-z])|"
            r"(?<![A-Za-z])((?i:D|N)\s*[+＋-]\s*\d)|((?:周|星期|礼拜)[一二三四五六日天])|"
            # (round 88: 「12月8日代投」「12/8 代投」「8号代投」「Day II proxy」「重投轮代投」: a date, a Roman numeral, the revote)
            r"(\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{1,2}\s*/\s*\d{1,2}|\d{1,2}\s*[日号](?!\s*(?:楼|层)))|"
            r"(?<![A-Za-z])(?i:day|night|round)\s*[-_#.]?\s*(I{1,3}|IV|VI{0,3}|IX|X)(?![A-Za-z])|(重投轮|重投|复投|决胜轮|PK轮)|"
            r"(明天|明日|明晚|明早|后晚|下一天|后天|次日|翌日|隔天|昨天|昨日|昨晚|前天|下周|下星期|"
            r"(?i:tomorrow|next\s*day|the\s*day\s*after|yesterday|tonight)))")
_PROXY_WORD = r"(?:代投|代发|代票|(?i:proxy|proxies|proxied))"
_PROXY_DAY = re.compile(_DAY_REF + r"\s*(?:的|['’]s)?\s*[)）\]】:：]?\s*" + _PROXY_WORD + "|"
                        + _PROXY_WORD + r"\s*[(（【\[]?\s*(?:用于|留给|算|算作|(?i:for))?\s*" + _DAY_REF + "|"
                        + r"(?:用于|留给|算作?)\s*(明天|明日|下一天|后天|次日)\s*(?:的)?")
_RELATIVE = re.compile(r"明天|明日|明晚|明早|后晚|下一天|后天|次日|翌日|隔天|昨天|昨日|昨晚|前天|下周|下星期|(?:周|星期|礼拜)[一二三四五六日天]|"
                       r"[DdNn]\s*[+＋-]\s*\d|(?i:tomorrow|next\s*day|the\s*day\s*after|yesterday|tonight)")
_DATED = re.compile(r"\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{1,2}\s*/\s*\d{1,2}|\d{1,2}\s*[日号]")  # (a date: which day, unsaid)
_REVOTE = re.compile(r"重投轮|重投|复投|决胜轮|PK轮")
REVOTE = 0  # days_said: the day's revote round (「重投代投」), this day's only where the day is in one
_ROMAN_DAYS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
_ENGLISH_DAYS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


@lru_cache(maxsize=64)
def _total_form(names: str) -> re.Pattern:
    return re.compile(rf"(?<![\w])(?P<name>{names})\s*(?:[:：]\s*|[(（]\s*|[-—─]{{1,2}}\s*)?(?:得|共|共计|有|获|计)?\s*(?P<n>{_NUMERAL})\s*票"
                      r"(?!\s*(?:[+＋\-−=＝]|[(（]\s*[+＋]|之差|的差距))")


@lru_cache(maxsize=64)
def _bare_total_form(names: str) -> re.Pattern:
    return re.compile(rf"(?<![\w])(?P<name>{names})\s*[:：]?\s*(?P<n>\d{{1,2}}(?:\.5)?)(?![\d.:：]|\s*(?:楼|层|樓|#|[FfLl]|点|:|分|号|人|天))"
                      r"(?!\s*(?:[+＋\-−=＝]|[(（]\s*[+＋]))")


def _votes(written: str) -> Fraction | None:
    written = written.translate(_FORMAL_DIGITS)
    if re.fullmatch(r"\d+(?:\.\d+)?", written):
        return Fraction(written)
    half = written.endswith(("点五", "半"))
    whole = re.sub(r"点五|半$", "", written)
    n = 0 if whole in ("零",) else tags.chinese_number(whole)
    return None if n is None else Fraction(n) + (Fraction(1, 2) if half else 0)


@lru_cache(maxsize=4096)
def stated_totals(text: str, roster: Roster) -> tuple[dict[str, Fraction], int | None, dict[str, frozenset[str]]] | None:
    """The votes a director's count says each player has (「目前：杨康 肆票，郭靖 叁票」「截至目前 杨康 五票 郭靖 四票」), and
    the day it says they are of: a count by totals names no voter, and was never set beside the tool's (hostile rounds 80–81:
    a 4 : 4 tie posted under the director's 4 : 3). Only a count: two players' votes, or one under a count's heading or in a
    row of voters; never a line about another day (「昨天杨康 5 票出局」), a condition, or a number a bonus changes."""
    own = to_simplified(normalize(split(text).own))
    form = _total_form(roster.pattern.pattern)
    found: dict[str, Fraction] = {}
    listed: dict[str, frozenset[str]] = {}
    for line in own.split("\n"):
        if _OTHER_DAY.search(line) or _CONDITION.search(line):
            continue
        line = _TOTAL_CHANGED.sub(r"\2", line)
        # 「杨康 4（+1 私信）」「杨康 4 票 + 丘处机私信 1 票」: a total with a ballot added to it — the sum (round 87 P29, V02)
        line = _SUMMED.sub(lambda m: m.group(1) + ("票" if "票" in m.group() else ""), line)  # 「杨康 4+1=5」: the sum (round 88 N17)
        line = _ADDED_IN_BRACKET.sub(lambda m: _sum(m.group(1), m.group(2)) + ("票" if "票" in m.group()[:m.group().find(m.group(2))] else ""),
                                     line)
        line = _ADDED_AFTER.sub(lambda m: f"{_sum(m.group(1), m.group(2))}票", line)
        if found and (then := _THEN_TOTAL.search(line)) and roster.table.get(then.group("name")) in found:
            # 「PS 刚收到丘处机私信：杨康。所以杨康 5」: the count above, corrected on a later line (round 87 P32)
            found[roster.table[then.group("name")]] = _votes(then.group("n"))
            continue
        matches = [m for m in form.finditer(line) if not _WEIGHT_SAID.search(line[max(0, m.start() - 6):m.start()])
                   and not _WEIGHT_AFTER.match(line, m.end())]  # (「警长 狮子（2 票）」: a weight, not a count)
        if not matches:
            # 「【目前票型】杨康 5，郭靖 4」「杨康：5 / 郭靖：3（5楼无效）」: the numbers bare, under a count's heading or two on a line
            # (hostile round 83, K46 K48: never set beside the tool's)
            # (a bracket's numbers are its voters' weights — 「洞箫 3.5（二胡 1、琵琶 2.5）」 — not totals)
            bare = [*_bare_total_form(roster.pattern.pattern).finditer(re.sub(r"[(（][^()（）]*[)）]", lambda m: " " * len(m.group()), line))]
            if len(bare) >= 2 or (bare and _COUNT_HEADING.search(line)):
                matches = bare
        for m, after in zip(matches, [*matches[1:], None]):
            name, n = roster.table.get(m.group("name")), _votes(m.group("n"))
            if fixed := _CORRECTED_TOTAL.match(line, m.end()):
                n = _votes(fixed.group(1))  # 「杨康 4（更正：5，漏了丘处机私信的一票）」: the number the director corrects it to (round 84 L26)
            if name and (later := re.search(rf"{re.escape(m.group('name'))}\s*(?:应该是|应为|实为|其实是|改为|更正为|应是)\s*(\d+(?:\.\d+)?)", line)):
                n = _votes(later.group(1))  # 「…（错了，杨康应该是5）」: the total corrected further on in the line (round 85 K18)
            elif name and (later := re.compile(rf"{re.escape(m.group('name'))}\s*(?:是|有|得|共)\s*({_NUMERAL})\s*票?(?![\d.])").search(
                    line, m.end())) \
                    and _FIXES_A_TOTAL.search(line, m.end(), later.start()):
                n = _votes(later.group(1))  # 「杨康 4 票，郭靖 4 票。哦漏了一张，杨康是5」: corrected after it (round 86 N16)
            if name and n is not None:
                found[name] = n  # (and the voters written after it, up to the next total: 「郭靖 3票 ← 洪七公、黄药师」)
                listed[name] = frozenset(roster.table[v] for v in roster.pattern.findall(line[m.end():after.start() if after else None]))
    if not found and (again := _RECOUNTED.search(own)) and (name := roster.table.get(again.group("name"))):
        # 「又数了一遍，杨康其实是5票」: one player's total, recounted (round 87 P30: never set beside ours, 无人出局 posted)
        found[name] = _votes(again.group("n"))
        listed[name] = frozenset()
    elif not found or (len(found) < 2 and not any((_COUNT_HEADING.search(line) or "←" in line) and form.search(line)
                                                  for line in own.split("\n"))):
        return None  # (one player's votes: a count only under its heading, or with its voters)
    day = _DAY_SAID.search(own)
    return found, (tags.chinese_number(day.group(1)) if day and not day.group(1).isdigit() else int(day.group(1)) if day else None), listed


def _clip(text: str, limit: int = 40) -> str:
    text = text.replace("\n", " ").strip()
    return text if len(text) <= limit else text[:limit] + "…"


# What makes a sentence of the director's that names two players no proxy, said in the sentence itself: a refusal, a void, a
# condition, a question, a ruling on a floor (「不接受」「没收到」「如果」「吗」「6楼」) — narrower than _NOT_MADE, for a player the
# count says has not voted (tally/day.py): 「欧阳克不方便，票转给我：杨康」 is a proxy however the 不 falls.
_NO_PROXY_HERE = re.compile(r"没(?:有)?\s*(?:收到|代|投|答应|同意)|不\s*(?:代|接受|接|算|计|予|行|同意|答应|收)|别|勿|拒|驳|撤|作废|无效|"
                            r"[?？吗]|如果|假如|要是|的话|是否|自己\s*(?:来|去)?\s*投|禁言|辱骂|违规|发言|顺延|理由|"
                            r"问|身份|没\s*(?:回|理|答)")  # (「X私信问Y的身份，我没回答」: a question told, no ballot — round 113, C17)


# A count's row (「生姜 1（胡萝卜）」「卯兔 1 ← 丑牛」「面人 1：漆器」: a name and its votes), a ballot quoted in a ruling's reason
# (「单杠用的是“投票：黑板报”，本局只认…」), a rule: the two names are no proxy's (names written ＠ here)
_ROW_OR_RULE = re.compile(r"＠\s*[:：]?\s*\d|\d\s*(?:票|\.\d)|←|[“\"「『][^”\"」』]*(?:投票|对象)|本局|规则|格式|只认|"
                          # a list of names (「未投：泥塑、竹编」「还差 A 和 B」): who has not voted, no pair
                          r"＠\s*(?:、|和|与|及|跟|/|，|,)\s*＠|未投|没投|未表态|没表态|还差|名单|"
                          # a ruling, a request to a player, the day's state: 「皮影 如要投泥塑，请另发新帖」「她那票 牛郎 有效」「平票，重投」
                          r"如要|请(?!假)|另发|重新|平票|重投|出局|对决|裁定|有效|计为|该楼|这楼|若愚|诽谤|公示|结果|原票|维持|仍按|仍是|为准|"
                          r"不在|昵称|对象")
# A rule or a reminder for everyone (「今晚23点截止，不接受补票」「其他人别忘了」): no answer to the proxy before it
_FOR_EVERYONE = re.compile(r"截止|关门|\d\s*点|以后|之后|之前|大家|所有|其他|其余|一律|补票|今晚|明天|各位")
_ARROW_OR_TABLE = re.compile(r"→|->|=>|＞|>|｜|\|")


@lru_cache(maxsize=4096)
def listed_under(text: str, roster: Roster, directors: tuple[str, ...] = ()) -> tuple[tuple[str, str, str], ...]:
    """(player, the row's player, the row) for each player a count of the director's lists under another, in a shape no count
    reader holds (「杨康——郭靖/黄蓉/欧阳克^」「🗳️ 杨康 ④（郭靖 黄蓉 欧阳克📩）」「【票型播报 20:30】杨康：郭靖、…、欧阳克（代）」): a
    row is a line's (or a ；-clause's) first player and two or more after it, in a post that counts (the hostile round 113, cases
    16, 17, 27). Lists of who has not voted, rules and rulings are no rows; a count `read` holds is checked as a count.
    (Cached: the proof refolds the day many times.)"""
    if roster is None or roster.pattern is None or read(text, roster, directors).count:
        return ()
    # (a [table]'s cells, a column apart: 「[tr][td]杨康[/td][td]郭靖、黄蓉[/td][/tr]」 — round 115)
    cells = re.sub(r"\[/?t[dh](?:=[^\]]*)?\]", " | ", re.sub(r"\[/tr\]", "\n", text, flags=re.I), flags=re.I)
    cells = re.sub(r"\[b\]([^\[\]\n]{1,12})\[/b\]", r"\1：", cells, flags=re.I)  # (「[b]杨康[/b] A B」: a bold row head — round 117)
    said = closed_up(to_simplified(normalize(split(cells).own)), roster)
    out, rows = [], 0
    for row in (r for line in said.split("\n") for r in re.split(r"[；;]", line)):
        named = _named(row, roster)
        if len(named) < 3 or _NOT_A_ROW.search(roster.pattern.sub("＠", row)):
            continue
        if (pointed := _ROW_POINTS_AT.search(row)) and len(_named(row[pointed.end():], roster)) == 1:
            head = _named(row[pointed.end():], roster)[0]  # 「A B C ⇒ 杨康」: the voters first, the row's player after the arrow
        elif _ROW_HEAD_MARK.match(row, roster.pattern.search(row).end()):
            head = named[0]
        else:
            continue  # (a row's player is followed by its votes' mark: 「杨康：」「杨康——」「杨康 ④」「杨康 3票」; a roster list is not)
        rows += 1
        out += [(voter, head, row.strip()) for voter in named if voter != head]
    # (a count says so — a heading, circled numbers, 「N票」 — or has two rows at least: 「杨康：A B C ⏎ 郭靖：D E」, round 115)
    return tuple(out) if rows >= 2 or _COUNT_HEADING.search(said) or re.search(r"播报|[①-⑳]|\d\s*票", said) else ()


@lru_cache(maxsize=4096)
def sent_privately(text: str, roster: Roster) -> tuple[tuple[str, str], ...]:
    """(player, sentence) for each sentence of the director's naming one player and saying he sent his ballot privately, to
    whom unsaid (「欧阳克已私信投票，不用催了」 — the hostile round 117, case 13); not where it denies, refuses or sets a condition
    (「X还没私信投票」「X私信说“谁票高我就跟谁”…不予代投」)."""
    if roster is None or roster.pattern is None:
        return ()
    out = []
    for sentence in re.split(r"[。！!；;\n]", text):
        named = _named(sentence, roster)
        if len(named) == 1 and (sent := _SENT_PRIVATELY.search(sentence)) and not _NOT_SENT.search(sentence[:sent.end()]) \
                and not _SENT_REFUSED.search(sentence):  # (「…，不用催了」 after it denies nothing)
            out.append((named[0], sentence))
    return tuple(out)


_SENT_PRIVATELY = re.compile(r"(?:私信|私聊|私讯|短信|微信|站内信|QQ|(?i:pm|dm))[^，,。“”\"「」]{0,4}(?:投票|投了|交了|给我|发我|报了?票|(?:的|那)?票)")
_NOT_SENT = re.compile(r"没|未|不|别|还没|尚未|如果|要是|[?？吗]")
_SENT_REFUSED = re.compile(r"不予|不代|不接受|不受理|拒|驳回|无效|作废|不算|不计|条件")


_ROW_HEAD_MARK = re.compile(r"\s*(?:[:：|｜█▇▆▅■▓▒░]|[=＝](?=[^=＝\n]*[+＋])(?!.*[=＝])|——|—|-{1,2}>?|→|←|<-|=>|[\d０-９①-⑳]|[一二三四五六七八九十]\s*票|票)")
_ROW_POINTS_AT = re.compile(r"(?:⇒|=>|→|->|➡)\s*(?=\S)")
_NOT_A_ROW = re.compile(r"未投|没投|未表态|没表态|还差|名单|弃权|出局|存活|死亡|裁定|有效|无效|规则|格式|提醒|请|发言|平票|重投|对决")


@lru_cache(maxsize=4096)
def pairs_said(text: str, roster: Roster) -> tuple[tuple[str, str, str], ...]:
    """(one player, the other, the sentence) for each sentence or line of the director's own words naming exactly two players,
    with nothing in it that says no proxy was made and no floor it rules (「欧阳克今天请假，他指定杨康」「Reminder: 欧阳克 asked me to
    put his vote on 杨康」「📮欧阳克→杨康（导演代）」): a proxy, if one of them has no ballot of his own (the hostile round 109: each
    read as a notice, 无人出局 posted)."""
    if roster is None or roster.pattern is None:
        return ()
    said = closed_up(to_simplified(normalize(split(text).own)), roster)  # (「欧 阳 克 → 杨 康」: round 113, case 14)
    out = []
    lines = [s.strip() for s in re.split(r"[；;。！!\n]", said) if s.strip()]
    counted = bool(_COUNT_HEADING.search(said))
    sentences = list(lines)
    # (a sentence naming more than two: its clauses, each a sentence — 「已收到X私信（Y），未投的玩家：P、Q」, round 111, case 14)
    lines += [clause.strip() for line in sentences if len(roster.pattern.findall(line)) > 2
              for clause in re.split(r"[，,]", line) if clause.strip()]
    # 「欧阳克 ⏎ 杨康 ⏎ （代）」: a proxy written down a column reads as one sentence
    if len(lines) <= 4 and len(said) <= 40:
        lines.append(" ".join(lines))
    for own in lines:
        words = roster.pattern.sub("", own)
        if len(own) > 80 or _FLOOR_SAID.search(own) or _NO_PROXY_HERE.search(words) or _ROW_OR_RULE.search(
                roster.pattern.sub("＠", own)):
            continue
        named = _named(own, roster)
        if len(named) != 2:
            continue
        if (_ARROW_OR_TABLE.search(own) or counted) and not _PASSED_ON.search(re.sub(r"[(（][^()（）]*[)）]", "", words) if counted else words):
            # a count's row 「小鱼 → 大白」「九筒 → 南风（代投）」: the count's, its note the record of a proxy made before — checked
            # against ours (count_checks) — unless the row itself says it was passed on now
            continue
        after = sentences[sentences.index(own) + 1:] if own in sentences else []
        if any(other != own and (_REFUSES.search(other) or _SAYS_VOID.search(other)) and (
                {roster.table[m.group()] for m in roster.pattern.finditer(other)} & set(named) or
                re.search(r"代投|这张|这票|该票|此票", other) or
                (other in after and not roster.pattern.search(other) and not _FOR_EVERYONE.search(other))) for other in sentences):
            # 「X私信让我代投Y。…这张代投不成立」「代投：X → Y。规则上不行，驳回。」: refused elsewhere in the post — by name, as 「这张
            # 代投」, or in the sentence after it, naming no one (a rule for everyone before it refuses nothing of it)
            continue
        out.append((named[0], named[1], own))
    return tuple(dict.fromkeys(out))
