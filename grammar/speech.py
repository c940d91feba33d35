"""What each clause of a post does, decided before any name is read as a ballot.

    >>> act("郭靖昨天说今天要投黄蓉", Roster(["郭靖", "黄蓉"])).kind
    'report'

By day 4–6 a ballot sits inside an analysis that retells the game: who was voted out, who voted whom
yesterday, what someone said they would do, how many can vote. Every one of those clauses has a 投 or
a 票 in it and a name after it; only one of them, if any, casts the poster's ballot now. A clause is:

  cast     may cast the poster's ballot now (the default: the readers decide whether it does)
  retell   history: 昨天投了郭靖 · 被投出去 · 上一轮投的是黄蓉 (a past-time word with a past verb, or passive)
  report   someone else's vote or intention: 郭靖说要投黄蓉 · 大家都投他 · 楼上投了黄蓉
  count    rules and numbers: 能投票的有七个 · 法官不投票 · 郭靖 3 票 · 投郭靖的人
  tally    a line of a running tally of everyone's votes (郭靖→黄蓉 / 杨康：黄蓉 …, two lines or more)
  relay    a ballot passed on for another player: 帮郭靖投 · 郭靖托我投 · 郭靖让我转告
  void_if  a ballot the poster makes void on a condition: 如果……这票作废 · 作废，如果……
  later    not now: 晚点再投 · 等会儿投 · 回头再改
  interim  cast for now, to be changed: 先挂郭靖 · 暂投郭靖
  edited   the ballot was changed by editing it, the post says: 原来写的是欧阳克
  pending  the post leaves the decision open: 这票如何处理统计时一并说明

retell, report, count and tally cast nothing for the poster, and never add a ballot; relay, void_if,
later and interim make the words doubtful (grammar.ballot.Verdict.doubts): the director rules.
Questions, negations and hypotheticals stay with the readers (free.py, detect.py), which already
judge them in context. Pure regular expressions over one clause: linear, cached per clause and roster.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .names import to_simplified

CAST, RETELL, REPORT, COUNT, TALLY, RELAY, VOID_IF, LATER, INTERIM, EDITED, PENDING = (
    "cast", "retell", "report", "count", "tally", "relay", "void_if", "later", "interim", "edited", "pending")
SILENT = frozenset({RETELL, REPORT, COUNT, TALLY})  # acts that cast nothing for the poster

_VERB = r"(?:投|票|选|弃权|改投|改票)"
_PAST_TIME = (r"昨天|昨日|昨晚|昨夜|前天|前几天|前两天|上一?轮|上一?天|上一?次|上回|首日|首轮|头一天|第一天|那天|那轮|那一轮|"
              r"当时|之前|以前|此前|早先|一开始|最开始|第[一二三四五六七八九十\d]{1,3}(?:天|轮|日|晚)")
_PRESENT = re.compile(r"今天|今日|本轮|这轮|这一轮|这次|本次|现在|此刻|目前|这票|这一票|本日")
_PAST = re.compile(rf"(?:{_PAST_TIME})")
# (not 第N天 · 首日: the day may be today's)
_PAST_OPENING = re.compile(r"(?:[^:：\n]{0,6}[:：])?\s*(?:我|俺)?\s*(?:昨天|昨日|昨晚|昨夜|前天|前几天|前两天|上一?轮|上一?天|上一?次|上回|当时|之前|以前|此前|早先)"
                           r"\s*(?:我|俺)?\s*")
# A past verb: 投了 · 投过 · 投的是 · 被…投 · 投出(去|局) · 票给了.
_PAST_VERB = re.compile(rf"{_VERB}(?:给|向)?(?:了|过)|{_VERB}的(?:是|都是|全是)|被.{{0,8}}?(?:投|票|放逐|处决)|(?:投|票)出(?:去|局|了)|出局了")
_PASSIVE = re.compile(r"被.{0,8}?(?:投出|票出|投死|票死|放逐|处决)|(?:投|票)出(?:去|局)了|被投了")
_OTHER = r"(?:他们|她们|他|她|大家|有人|别人|其他人|楼上|楼下|\d+楼|好几个人|不少人|好多人|几个人|所有人)"
_SAY = r"(?:说|讲|表示|称|声称|扬言|宣布|透露|提到|提过|觉得|认为|打算|准备|决定|想要|想|要|会|说要|说会|说了|也|都|还|已经|一直|一起|一块|跟着|集中|统一|别|不要|又|反手|反过来|竟然|居然)"
_ME = re.compile(r"我|俺|本人|咱|吾")
_CAST_SEVERAL = re.compile(r"投\s*(?:\d+(?:\.\d+)?|[两二三四五六七八九十])\s*票\s*(?=[:：])")
# (投郭靖的人 counts voters: written as one word; 投郭靖 的人在带节奏 is a ballot and its reason.)
_COUNT = re.compile(rf"能投票|可以投票|有投票权|没有投票权|不能投票|能投的|可投的|投票权|不投票的|投票的人|投了票的|票数|"
                    rf"\d+(?:\.\d+)?\s*票(?!\s*(?:投|给|都投|全投|献给))|[两二三四五六七八九十]\s*票(?!\s*(?:投|给|都投|全投|献给))|"
                    rf"(?:投|投给|票给|选|弃权|弃票)[^，,。\s\d]{{0,8}}?的(?:人|玩家|那位|那个|几位|几个|都|有|理由|原因|动机)|"
                    rf"遗言|\d+(?:\.\d+)?\s*(?:比|:|：)\s*\d+(?:\.\d+)?(?!\s*[点:：]\d)|"  # (「就是 4 比 4」: a score, counted)
                    rf"(?:他|她|他们|她们|人家)(?:自己)?的(?:票|一票)|票(?:一散|太散|分散|不要散|别散)|分票|散票|"
                    rf"投[^，,。]{{0,8}}?(?:我|俺)?(?:不同意|反对|不赞成|不认同)|"
                    rf"(?:只有|只能由|只能是)导演|能代投|可以代投|不能代投|代投(?:要|须|得|必须|只能)?(?:找|联系|通过)导演|"
                    rf"按规则|按照规则|根据规则|规则上|规则里|规则写|"
                    rf"(?:法官|白痴|酒吧老板|警长|盟主|猎人|女巫|预言家|先知|狼人|平民|村民|死人|死者|出局的人)\s*(?:也|都)?\s*"
                    rf"(?:不|不能|不可以|没法|无法|不用)\s*投|"
                    rf"(?:弃权|弃票)(?=不太好|不好|不行|不对|太多|没用|不合适|可不行|也不好|是不对|没意义)|"
                    # 「别都弃权啊，弃权等于帮狼」: abstaining urged against or judged — said to others, cast by nobody (heldout20)
                    rf"(?:别|不要|不许|千万别|谁也别|都别)\s*(?:都|再|老|总|随便|轻易)?\s*(?:弃权|弃票)|"
                    rf"(?:弃权|弃票)(?=\s*(?:等于|就等于|相当于|就是帮|是帮|只会|会让|会害|是在帮))")
# The number of votes a clause says, as a weighted voter says their own after casting (两票 · 2票 · 2.5 票)
_WEIGHT_SAID = re.compile(r"(?:\d+(?:\.\d+)?|[两二三四五六七八九十])\s*票(?!\s*(?:投|给|都投|全投|献给))")
_RELAY_BY = re.compile(r"(?:帮|替|代)\s*(?P<who>{names}|他|她)(?P<more>(?:\s*(?:和|与|跟|及|、|,|，)\s*(?:{names}))*)\s*"
                       r"(?:(?:也|再|一起|顺便|同样)?\s*(?:代投|投票|投|转投|弃权|改投|改票|撤票|撤回|发|转发|代发|挂)|"
                       r"(?=(?:的票|那票|那一票)?\s*[)）】]))")  # 「投郭靖（代洪七公）」: the bracket says whose ballot it is
_RELAY_FOR_ANYONE = re.compile(r"受\s*(?:人|他人|别人|朋友|队友|他|她)\s*(?:之|所)\s*托|"
                               # (round 79: 「丘处机掉线了，他的票是杨康，我帮他说一声」 — read as talk)
                               r"^\s*(?:他|她)\s*(?:的|那)\s*(?:一)?\s*票\s*(?:是|给|投|就投)|[^\s，,。:：我]{1,12}?\s*(?:托我|委托我|让我|叫我|请我|拜托我|要我)\s*(?:帮(?:他|她|忙)?)?\s*(?:代投|投|转投)|"
                               r"(?<![a-z])(?:帮|替|(?<![取交])代)\s*(?![我你自表])[^\s，,。:：]{1,8}?\s*(?:代投|投)|"
                               # (round 71: 「代表谢逊投郭靖」「转：谢逊——投郭靖」「谢逊委托：投郭靖」「谢逊（场外）托付：投郭靖」)
                               r"代表\s*(?![我你自大各全])[^\s，,。:：]{1,8}?\s*(?:代投|投)|^\s*转\s*[:：]|委托\s*[:：]|托付|场外|"
                               # (round 80: 「丘处机手机没电了，托我：杨康」「我替师父丘处机出一票：杨康」「（他托我发的）」「（他让我贴的）」)
                               r"(?:托我|委托我|拜托我)\s*[:：]|(?:帮|替)\s*[^\s，,。:：]{1,10}?\s*出\s*(?:一)?\s*票|"
                               r"(?:他|她)\s*(?:托我|让我|叫我|要我)\s*(?:发|贴|转|说)|"
                               # (「[quote]丘处机：帮我投杨康[/quote] 丘处机托我转的，我自己不投」: the relayed ballot quoted above — the
                               # hostile round 90, cases 83–84: a certain abstention, 杨康's fourth vote unseen)
                               r"[^\s，,。:：我]{1,12}?\s*(?:托我|委托我|让我|叫我|要我|请我|拜托我)\s*(?:帮(?:他|她|忙)?)?\s*(?:转|代发|贴|发)(?:的|了|一下|过来|达|告|发)|"
                               # (「帮他转一下」「帮转一下」「替他转」「转发一下」「代转」「搬运一下」「以上是穆念慈的票」 under a quoted request: the
                               # hostile round 92, cases 18, 19, 50 — read as talk, 「无人出局」 posted where the relayed vote decided)
                               r"(?:帮|替)\s*(?:他|她|TA|ta)?\s*转(?:发|达|告)?\s*(?:一下|了|的|一个)?(?![\u4e00-\u9fff])|转发一下|代转|搬运(?:一下)?|"
                               # (the hostile round 94, cases 10, 21, 59, 65, 66, 56: 「以上为/以上系/这是/此乃 X 之票」「X的票如上」 outside a
                               # quote read as the poster's own ballot — and 「以上是我的票」, the poster's own, taken for a relay)
                               r"^\s*(?:以上|上面|上述|上边|此|这|本|该)\s*(?:一)?\s*(?:票|帖|楼)?\s*(?:是|为|系|乃|即|属于|算|就是)\s*(?:替|帮|代)?\s*"
                               r"(?![我俺本自你])(?:(?!昨天|前天|之前|以前|上次|那天|当时)[^\s，,。:：]){1,12}?\s*(?:的|之)\s*(?:票|投票|一票|那一?票|选票)(?![型数况面仓权])|"
                               r"^\s*(?:以上|上面|上述|此|这)\s*(?:是|为|系|乃)\s*(?![我俺本自你])[^\s，,。:：]{1,12}?\s*(?:所投|投的)|"
                               r"^\s*(?![我俺本自你])[^\s，,。:：]{1,12}?\s*(?:的|之)\s*(?:票|一票|选票)\s*(?:如上|在此|见上|在上|就是这个|是这个)|"
                               # (「二哥在外地手机没电，托我说一声：他投吕布」 — a relay for one the roster writes otherwise: heldout67 d02)
                               r"(?:托我|让我|叫我|要我|请我|拜托我)\s*(?:说|讲|带|转告|告诉大家)\s*(?:一声|一下|个话|句)?\s*[:：,，]?\s*(?:他|她)?\s*(?:的票)?\s*(?:投|票给|选|改投)|"
                               # (round 72: 「谢逊的意思：投郭靖」「谢逊让我说：投郭靖」「谢逊私聊我，投郭靖」)
                               r"[^\s，,。:：我]{1,12}?的意思\s*[:：]|让我(?:说|转告|传话|发|贴|代发|转发)|(?:私聊|私信|微信|留言)(?:给)?我\s*[,，:：]?\s*(?:说)?\s*(?:投|选)|"
                               # (round 73: 「帮谢逊带个话，投郭靖」「传话：谢逊投郭靖」「谢逊留言：投郭靖」「谢逊 says vote 郭靖」)
                               r"(?:帮|替)\s*\S{1,8}?\s*(?:带个?话|传个?话|转达|转告)|^\s*(?:传话|转告|转达|带话)\s*[:：]|"
                               r"[^\s，,。:：我]{1,12}?\s*留言\s*[:：]|(?i:[^\s,，:：]{1,12}\s+(?:says|said|wants|wanted)\s+(?:to\s+)?vote)|"
                               r"(?i:(?:asked|asks|wants|wanted|told|begged|got)\s*me\s*to\s*(?:vote|投)|on\s*behalf\s*of|"
                               # (round 70: 「for 谢逊: vote 郭靖」「谢逊's vote: 郭靖」「on 谢逊's behalf」「谢逊说投郭靖，我照办」)
                               # (round 74: 「洪七公托梦给我：投郭靖」 — a relay said as a dream)
                               r"[^\s，,。:：我]{1,12}?\s*托梦|"
                               # (round 76: 「from 洪七公: 郭靖」)
                               r"^\s*(?:for|from)\s*[^\s:：,，]{1,12}\s*[:：]|[^\s:：,，]{1,12}?[\x27’]s\s*(?:vote|ballot|投票?)\s*[:：]|"
                               r"on\s*[^\s:：,，]{1,12}?[\x27’]s\s*behalf|[(（]\s*(?:from|for)\s*[^)）\s]{1,12}\s*[)）])|"
                               r"[^\s，,。:：我]{1,12}?\s*(?:说|让|要|叫)\s*(?:投|选)[^，,。]{0,12}[，,]\s*(?:我)?\s*(?:照办|照做|照投|就投|听他的|听她的)")
BESIDE = ("plus", "with", "meant", "also")  # _RELAY_ASKED's groups for a relay beside the poster's own ballot
SEVERAL = "*"  # a relay for several players at once (帮郭靖和黄蓉投): whose ballots, one ruling cannot say
# The ways a player reaches the poster outside the thread: what comes by them and is posted is passed on (「丘处机刚才语音说投杨康」)
_CHANNELS = r"QQ|qq|微信|私信|短信|电话|站内信|群里|私聊|语音|视频|邮件|(?i:discord|wechat|email|e-mail)"
# Why the poster writes for a player, in a label after the player's name (「丘处机（掉线中）：杨康」)
_STATUS_WORDS = r"掉线|断网|离线|不在|没网|上不了|请假|出差|代|托|委托|私信|私聊|QQ|qq|微信|短信|场外|电话|语音"
# A ballot said to have come to the poster, by shape and whoever it is from (round 104: 「梅姐私信我的」「…发给我的，我原样贴过来」
# 「拜托我把他的这一票发上来」「票也是他的」「Posting this for X」 — a nickname, a look-alike, a pronoun: the owner's name is no longer
# what shows a relay)
_CAME_TO_ME = (r"(?:私信|私讯|私聊|密|微信|短信|站内信|QQ|qq|发|传|转|交|递)\s*(?:给)?\s*我\s*的\s*(?=$|[，,。！!；;\n)）~～]|(?:票|选择|决定))|"
               r"(?:发|贴|转|搬|带|捎)\s*(?:上来|过来|上去)|原样\s*(?:贴|发|转|搬)|(?:拜托|托|让|叫|请|求)\s*我\s*把|"
               r"票\s*(?:也|都|其实)?\s*是\s*(?:他|她|ta|TA|人家)\s*的|(?:他|她|ta|TA)\s*的\s*(?:这|那)\s*一?\s*票|"
               r"(?i:posting\s+(?:this\s+|it\s+)?(?:for|on\s+behalf)|(?:his|her|their)\s+(?:account|vote|ballot)\b)|"
               # (round 106: 「我就替他把票发在这里了」「这票不是我的，是X的」「由他口述、我代打」「X那票我帮忙挂上来了」「这是X的票」「X托的」
               # 「投杨康（X的）」 — the poster doing it for someone, in prose)
               r"(?:替|帮|代)\s*(?:他|她|ta|TA|人家)\s*(?:把|发|投|挂|放|打|贴|转|点)|帮忙\s*(?:挂|发|投|贴|转|点)|代打|代发|口述|"
               r"票\s*(?:也|其实|并)?\s*不是\s*我的|这\s*是\s*(?!我)[^，,。\n的]+?的\s*(?:票(?![型数况面])|选择|决定)|"
               r"(?<!我)(?<!我们)(?:委托|拜托|交代|嘱咐)的|(?<![我委拜])托的|"
               # 「投杨康（X的）」: a name's worth of words in a bracket, owned (not 「（开玩笑的）」「（手机联想的）」「（我猜的）」)
               r"[（(]\s*(?!原|昨|今|前|之前|改|旧|新|开|手|第|我|瞎|乱|随|猜)[^)）\s的:：我，,][^)）\s的:：我，,]?[^)）\s的:：我，,]?[^)）\s的:：我，,]?的\s*[)）]|"
               # (round 107, cases 12, 13: 「梅超风也是这票，他上不来论坛」「梅超风：杨康（他手机发不了帖）」 — someone who cannot post)
               r"(?:他|她|ta|TA|人家)[^，,。\n]*?(?:上不来|上不了|登不上|登不了|进不来|进不了|发不了|发不出|没法发|不能发|回不了|没法上)")
_RELAY_ASKED = re.compile(r"(?P<who>{names})\s*(?:(?:在|用|从|通过)?\s*(?:" + _CHANNELS + r")\s*(?:上|里)?\s*)?"
                          r"(?:托我|委托我|让我|叫我|请我|拜托我|要我|嘱咐我|喊我|求我)|"  # (「热水器 QQ 上托我投：空调」; 「丘处机喊我帮他点一票」)
                          # 「谢逊私聊我，投郭靖」「谢逊跟我说投郭靖」: a player who told the poster something, the ballot right after it
                          # (a clause that ends there, or the vote word next) — passed on, or the poster's own? (round 72 z05)
                          r"(?P<told>{names})\s*(?:刚才?|刚刚|昨晚|今早|早上|又|也)?\s*(?:(?:在|用|从|通过)?\s*(?:" + _CHANNELS + r")\s*(?:上|里)?\s*)?"
                          r"(?:(?:私聊|私信|密|告诉|通知|跟|和|对|同|微信|短信|@|艾特|留言给|打电话给)\s*(?:了)?\s*我|(?<=[上里])\s*说|(?<=语音|视频|消息)\s*说|留言|"
                          # (round 76: 「洪七公刚打电话说投郭靖」)
                          r"(?:打|来)\s*(?:了)?\s*(?:个)?\s*电话\s*(?:来|过来|给我)?\s*说|"
                          # (round 77: 「洪七公发短信说投郭靖」「洪七公跟我说投郭靖」「洪七公 says vote 郭靖」)
                          r"发\s*(?:了)?\s*(?:个|条|封)?\s*(?:短信|微信|消息|私信|QQ|qq|邮件)\s*(?:给我|来|过来)?\s*(?:说|(?=[:：]))|(?:跟|和|对|同)\s*我\s*说|"
                          # (round 85 V01: 「丘处机托人带话：杨康」)
                          r"托人\s*(?:带话|带个话|传话|转告)?\s*(?=[:：])|带话\s*(?=[:：])|"
                          r"(?i:says|said|told\s+me|wants\s+to|wanted\s+to)|"
                          r"(?:的)?\s*(?:私信|短信|微信|QQ|qq|站内信))\s*(?:了)?\s*"
                          # (round 73: 「X微信我，投郭靖」「X电话里说投郭靖」; round 75: 「X短信：投郭靖」「X在群里@我让投郭靖」)
                          r"(?:说|让|叫|要)?\s*(?:我)?\s*(?=$|[:：]|(?:投|选|改投|vote))|"
                          r"应\s*(?P<asked>{names})[^，,。:：]{{0,8}}?(?:要求|请求|委托)|"
                          r"(?i:relay(?:ing|ed)?\s*(?:for|from)\s*)(?P<relay>{names})|"  # (round 84 M03: 「Relaying for 丘处机: 杨康」)
                          r"(?i:(?<![a-z])per\s+)(?P<per>{names})\s*[:：]|"  # (round 85 r05: 「Per 丘处机: 杨康」)
                          # (round 86 r030, r032: 「转丘处机：杨康」「voting 杨康 on behalf of 丘处机」)
                          r"^\s*转\s*(?:自|发)?\s*(?P<fwd>{names})\s*(?:[:：]|$)|(?i:on\s*behalf\s*of\s*)(?P<behalf>{names})|"
                          # (round 88: 「vote 杨康 for 丘处机」: the ballot, and whom it is for)
                          r"(?i:(?:vote|voting|投)\s*\S{{1,12}}?\s+for\s+)(?P<vfor>{names})|"
                          r"(?P<asks>{names})\s*(?i:asked|asks|wants|wanted|told)\s*(?i:me)\s*(?i:to)\s*(?i:vote|投)|"  # (r06)
                          # (round 78: 「受丘处机所托，投杨康一票」 — counted as the poster's own)
                          r"受\s*(?P<by>{names})\s*(?:所托|之托|的委托|委托|嘱托|托付|所嘱)|"

                          r"(?P<req>{names})[^，,。\n]{{0,16}}?(?:要求|请求|委托|请|托)\s*(?:导演|我)?\s*(?:代投|代为投票|代为投|帮(?:他|她)?投)|"
                          r"(?:即为|就是|是|为)\s*(?P<of>{names})\s*的代投|"
                          # (round 82: 「丘处机的意思是投杨康」「丘处机的想法是投杨康」 — another player's mind told as a ballot)
                          r"(?P<mind>{names})\s*的\s*(?:意思|想法|意愿|决定|选择|态度)\s*(?:是|为|就是)?\s*[:：]?\s*(?=投|选|vote)|"
                          # 「（代发）丘处机：投杨康」: a player's words under the poster's label of passing them on (round 84 g07)
                          r"(?:代发|代投|转发|转贴|转)\s*[)）】\]]\s*(?P<label>{names})\s*[:：]|"
                          # 「丘处机（掉线中）：杨康」「丘处机【QQ】：投杨康」: the player labelled with why the poster writes for him
                          r"(?P<status>{names})\s*[(（【\[]\s*(?:" + _STATUS_WORDS + r")[^)）】\]\n]{{0,8}}[)）】\]]\s*[:：]|"
                          r"(?:转告|转达|代发|代为发|帮忙发|帮.{{0,4}}发一?下|(?:帮|替).{{0,6}}?转\s*(?:一下|下|发|告|达)|托我\s*(?:发|转发|代发))|"  # (「X 在高铁上…，托我发一下：」)
                          + _CAME_TO_ME + "|" +
                          # Another player's ballot held by the poster (hostile round 63): 「洪七公那票：郭靖」「再加洪七公那票」
                          # 「我和洪七公都投郭靖」 — whose ballot that is, only the director can say. (The groups in BESIDE are cast
                          # alongside the poster's own ballot, which stands first.)
                          r"(?:^|(?<=[\s:：(（【]))(?P<held>{names})\s*(?:那|的|这)\s*一?票\s*(?:[:：]|→|->|=>)|"
                          r"(?:再?加上?|外加|连同|还有|带上|捎上)\s*(?P<plus>{names})\s*(?:那|的)\s*一?票|"
                          r"(?:我|俺)\s*(?:和|跟|与|同|带着)\s*(?P<with>{names})\s*(?:都|一起|一块儿?|同时|一同)\s*(?:投|选|票)|"
                          # 「投郭靖（也是洪七公的意思）」「我投郭靖，洪七公也是」 (round 64)
                          r"(?:也是|也代表|代表了?)\s*(?P<meant>{names})\s*的?\s*(?:意思|想法|意见|票)|"
                          r"^\s*(?P<also>{names})\s*(?:也是|也一样|也这么投|也这样投|同样)\s*$|"
                          # 「以上为X的票」「以上内容为X的票」「以上来自X」「以上代表X」「上为X之票」「——X的票」: the ballot above said to be
                          # another player's, in any deictic words — a relay for X (the hostile rounds 94, 96: read as the poster's own,
                          # a wrong elimination posted alone; and no reading for X where it was flagged). Not 「以上是X昨天的票」: history.
                          # (round 97: 「以上为X委托票」「以上皆为X的票」「以上转自X」「以上归X」「以下为X的票：」, and 「来自X的票」「from X」
                          # 「X托投」「代X：」 on a line of their own)
                          r"^\s*(?:以上|上面|上述|上边|上为|以下|下面|下述|下为|此|这|本|该)\s*(?:的)?\s*(?:内容|所写|所述|这些|几行|一?票|帖|楼|张)?\s*"
                          r"(?:皆|均|全|都)?\s*(?:是|为|系|乃|即|来自|出自|转自|源自|代表|属于|归|算|就是)?\s*(?:替|帮|代|受)?\s*(?P<deixis>{names})"
                          r"(?!\s*(?:昨天|前天|之前|以前|上次|那天|第|当时|曾经|一直))\s*(?:的|之)?\s*"
                          r"(?:委托票|委托|托投|代投|所托|票|投票|一票|选票|所投|投的|意思|意见|选择)?\s*(?:[。.!！~～)）:：]|$)|"
                          r"^\s*(?:来自|转自|出自|源自)\s*(?P<src>{names})\s*(?:的|之)?\s*(?:委托|票|一票|投票)?\s*(?:[。.!！~～)）]|$)|"
                          r"^\s*(?i:from|by)\s+(?P<eng>{names})\s*[.!)）]?\s*$|"
                          r"^\s*(?P<ownr>{names})\s*(?:托投|委托票|委托的?|所托|托付的?)\s*(?:票)?\s*(?:[。.!！~～)）]|$)|"
                          r"^\s*[(（\[【]?\s*代\s*(?P<dai>{names})\s*[)）\]】]?\s*[:：]|"
                          r"^\s*[—\-–~～]{{1,3}}\s*(?P<dashed>{names})\s*(?:的|之)?\s*(?:票|一票|投票)?\s*$|"
                          r"^\s*(?P<sofar>{names})\s*(?:的|之)\s*(?:票|一票|选票)\s*(?:如上|在此|见上|在上|就是这个|是这个)")
# The votes of one row of a count, as directors write them: 「3 票」「2.5」「4+2＝6」「5 票 + 2（乌鸦诽谤）= 7 票」 (a bonus
# added). One spelling for every reader of a count row (speech.tally_lines, grammar/ruling.py, grammar/director.py).
VOTES = (r"\d+(?:\.\d+)?\s*票?(?:\s*[+＋]\s*\d+(?:\.\d+)?\s*票?\s*(?:[(（][^)）\n]{0,20}[)）])?)*"
         r"(?:\s*[=＝]\s*\d+(?:\.\d+)?)?\s*票?")
_VOID_IF = re.compile(r"(?:作废|无效|不算|撤回|收回|取消).{0,20}(?:如果|若|假如|要是|除非|万一)|(?:如果|若|假如|要是|除非|万一).{0,30}(?:作废|无效|不算|撤回|收回|取消)")
# A word every match of the pattern beside it holds (a literal alternation, which re scans for by first character,
# where a pattern that begins with a group is tried at every place): the cheap test that comes first.
_VOID_KEYS = re.compile(r"作废|无效|不算|撤回|收回|取消")
_LATER_KEYS = re.compile(r"晚点|晚些|等会|等一下|一会|稍后|回头|过会|迟点|晚一点|之后|明天|晚上|下午|中午|回来|重投")
_LATER = re.compile(r"(?:晚点|晚些|等会儿?|等一下|一会儿?|稍后|回头|过会儿?|迟点|晚一点|之后|明天|晚上|下午|中午|回来)[^，,。]{0,4}?"
                    r"(?:再|才)\s*(?:来)?(?:投|改|决定|定)|(?:晚点|晚些|稍后|回头|晚一点)\s*(?:正式)?(?:投|改)|"
                    # (「重投我还投大雁」: a promise for the revote to come, no ballot now — heldout56 w56_110, counted)
                    r"^\s*(?:要是|如果)?\s*重投(?:时|的时候|那轮|轮)?\s*(?:我)?\s*(?:还|也|就|再|照样|继续)\s*(?:投|选)")
# The post leaves the decision open (这票如何处理统计时一并说明 · 算不算待定): a director's post that says so is no
# settled proxy.
_PENDING = re.compile(r"如何处理|怎么处理|怎么算|算不算|是否有效|是否算|待定|统计时(?:一并)?(?:说明|处理|决定)|另行(?:说明|公布|处理|裁定)|"
                      r"稍后(?:说明|公布|处理|裁定)")
_INTERIM = re.compile(r"先挂|暂投|暂时投|暂时先投|先投着|临时投|暂定|先票|先挂票|暂挂")
# The ballot was changed by editing it (不是引用改票): 原来写的是欧阳克 · 已编辑，原来写的小鱿鱼.
_EDITED = re.compile(r"原来(?:写|投|填)的|本来(?:写|投|填)的|之前(?:写|投|填)的|刚才(?:写|投|填)的|一开始(?:写|投|填)的|"
                     r"已编辑|编辑[:：]|编辑过|改了一下对象")  # every branch begins with a literal
_TALLY_LINE = re.compile(r"^\s*(?P<voter>{names}|我)\s*(?:[(（][^)）]{{0,12}}[)）])?\s*"
                         r"(?:(?:→|->|=>|⇒|—>|-+>|>|:|投了?|票给?|投给)\s*(?P<target>{names}|弃权|无|空|未投|没投|不投|\?|？)|"
                         r"(?P<bare>弃权|未投|没投|不投|还没投))\s*(?:[(（][^)）]{{0,12}}[)）])?\s*$")


@dataclass(frozen=True)
class Act:
    kind: str
    who: str | None = None  # relay: the player it is relayed for (a roster name; None for 他/她)
    beside: bool = False  # relay: cast alongside the poster's own ballot (「再加洪七公那票」「我和洪七公都投郭靖」), which stands


@lru_cache(maxsize=65536)
def act(clause: str, roster) -> Act:
    """What one clause does (see the module's table). Clauses repeat (every cron run, every reader of the
    post): each is read once per roster."""
    pattern = roster.pattern.pattern if roster is not None and roster.pattern is not None else None
    return _act(clause, pattern, _table(roster))


def _table(roster) -> dict | None:
    return roster.table if roster is not None and roster.pattern is not None else None


# 「有人让我投杨康，我拒绝」: a request of someone unnamed, told — the poster's ballot only where a clause of theirs casts it
# (the hostile round 81, V02: counted for 杨康, a wrong elimination)
_ASKED_OF_ME = re.compile(r"(?:有人|别人|人家|大家|他们|她们|好几个人|几个人|一堆人)\s*(?:都)?\s*(?:让|叫|要|请|劝|求)\s*我\s*(?:也)?\s*(?:投|选)")


_TOLD_ME_BY_CHANNEL = re.compile(r"(?:" + _CHANNELS + r")\s*(?:上|里)?\s*(?:跟我|和我|对我|给我)?\s*(?:说|讲)\s*(?:他|她)\s*(?:要)?\s*(?:投|选)")


@lru_cache(maxsize=32768)
def _act_cached(clause: str, names: str | None) -> tuple[str, str | None, bool]:
    if _ASKED_OF_ME.search(clause):
        return REPORT, None, False
    if _TOLD_ME_BY_CHANNEL.search(clause):
        return RELAY, None, False  # 「丘处机 QQ 上说他投杨康」: his ballot, told to the poster in private (round 81, W04)
    patterns = _patterns(names)
    if patterns["relay_by"] is not None:
        found = [m for m in (patterns["relay_by"].search(clause), patterns["relay_asked"].search(clause)) if m]
        if found:  # 郭靖让我帮他投: the one that names the player (郭靖让我) before the one that says 他
            beside = all(any(m.groupdict().get(g) for g in BESIDE) for m in found)
            if any(m.groupdict().get("more") for m in found):
                return RELAY, SEVERAL, beside
            named = [next((v for k, v in m.groupdict().items() if v and k != "more" and v not in ("他", "她")), None)
                     for m in found]
            return RELAY, next((n for n in named if n), None), beside
    elif re.search(r"转告|转达|代发|帮忙发", clause):
        return RELAY, None, False
    if _RELAY_FOR_ANYONE.search(clause) and not re.search(r"[?？]|吗|别人|大家|人家|有人|几个人|谁|不是|并非|没有人|没人|(?:会|要|去|想)找", clause):
        # 「黄老邪托我投郭靖」「替谢逊投郭靖」: a ballot passed on for someone the roster does not hold — never the poster's own
        # (hostile round 69: counted as theirs)
        return RELAY, None, False
    if _VOID_KEYS.search(clause) and _VOID_IF.search(clause):
        return VOID_IF, None, False
    if _LATER_KEYS.search(clause) and _LATER.search(clause):
        return LATER, None, False
    if _INTERIM.search(clause):
        return INTERIM, None, False
    counted, head = clause, None
    if patterns["cast_head"] is not None and (head := patterns["cast_head"].match(clause)):
        # 「vote 桑巴 — 警长两票先放这」「投杨康 2票」: a clause that opens on the verb and its player casts; the weight the
        # poster says after it is theirs, not a count (heldout22 w22_053 had been read as a count, silent)
        counted = clause[:head.end()] + _WEIGHT_SAID.sub("", clause[head.end():])
    counted = _CAST_SEVERAL.sub("投", counted)  # 「我两张牌投两票：押金、押金」: the poster's own ballots, listed after the colon
    if _COUNT.search(counted) or patterns["voted_by"].search(clause) or (
            patterns["voted_one"] is not None and "的" in clause and patterns["voted_one"].search(clause)):
        return COUNT, None, False
    if _BALLOT_THEN_HIM.match(clause) or (head and _HIM_AFTER.match(clause, head.end())):
        # 「投帐房 理由他昨天算票算错两次」「投杨康 因为她昨天投了郭靖」: the clause opens on the poster's own ballot, and 他 after
        # it is the player just voted — what he did is the ballot's reason, not a report or a retelling (heldout58 w58_076: talk)
        return CAST, None, False
    if _PASSIVE.search(clause) or (_PAST.search(clause) and not _PRESENT.search(clause) and _PAST_VERB.search(clause)):
        return RETELL, None, False
    if (opened := _PAST_OPENING.match(clause)) and not _PRESENT.search(clause) and re.match(_VERB, clause[opened.end():]):
        return RETELL, None, False  # 「昨天投筷子是看错楼了」: the clause opens on an earlier day, 了 or not
    reported = patterns["report"].search(clause)
    if reported and not _ME.search(clause, 0, reported.start() + 1):  # 我和郭靖都投黄蓉 still casts; 有人说我要投… reports
        return REPORT, None, False
    return CAST, None, False


# A ballot, then the player just voted as the subject of its reason (「投X 理由他昨天…」「投X 因为她…」: X as written, a slip or
# not — the readers weigh the name), or, after a roster name, of the words right after it (「投杨康他昨天…」)
_HIM = r"\s*(?:是|就是)?\s*[:：]?\s*(?:他|她|它|TA|ta)(?![们])"
_BALLOT_THEN_HIM = re.compile(r"^\s*(?:我|俺)?\s*(?:就|还是|先|最后|直接)?\s*(?:投给|票给|投(?!票))\s*[^\s，,。:：的了过]{1,8}?\s*"
                              r"(?:(?:投票)?理由|原因|因为)" + _HIM)  # (not 「投票理由：他…」, a label)
_HIM_AFTER = re.compile(r"\s*(?:(?:投票)?理由|原因|因为)?" + _HIM)


def _act(clause: str, names: str | None, table: dict | None) -> Act:
    kind, who, beside = _act_cached(clause, names)
    if who is not None and table is not None:
        who = table.get(who, who) if who not in ("他", "她") else None
    return Act(kind, who, beside)


@lru_cache(maxsize=64)
def _patterns(names: str | None) -> dict:
    other = rf"(?:{names}|{_OTHER})" if names else _OTHER
    # Someone else as the subject, then what they said, meant or did, then the verb, with no 我 between:
    # 郭靖昨天说今天要投黄蓉 · 大家都投他 · 黄蓉也投了郭靖.
    # (A name right before the verb, 郭靖投了黄蓉, is left to the readers: they see 从郭靖改投黄蓉 for what it is.)
    report = re.compile(rf"{other}(?:(?!我|俺|本人)[^，,。]){{0,10}}?(?:{_SAY}|{_PAST_TIME})[^，,。]{{0,10}}?{_VERB}|"
                        rf"(?<![我俺])(?<!话)(?<!所以)(?<!就是)(?:说|讲|表示|称)(?!实话|真的|白了|到底|起来|回来|句)"
                        rf"(?:(?!我|俺|本人)[^，,。]){{0,10}}?{_VERB}")
    # 投郭靖的是黄蓉和杨康 · 投郭靖的是我: who voted for whom — someone follows 的是 (投郭靖 的是0 is a ballot and a reason).
    # 「如果打平，我投的唢呐出局」: the one voted for, said of the outcome — no ballot cast by the words.
    voted_one = re.compile(rf"(?:投|选|投给)的\s*(?:那个|那位)?\s*(?:{names})\s*(?:出局|会|被|就|也|还|能|要|才|肯定|应该|是|没|不)") \
        if names else None
    voted_by = re.compile(rf"(?:投|投给|票给|选)[^，,。的\s]{{1,8}}?的是\s*(?:{other}|我|你|谁|哪|(?:几|[一二两三四五六七八九十]+|\d+)\s*(?:个|位|人|票)|只有|没有|没人)")
    out = {"report": report, "relay_by": None, "relay_asked": None, "tally": None, "voted_by": voted_by,
           "voted_one": voted_one, "cast_head": None}
    if names:
        out["relay_by"] = re.compile(_RELAY_BY.pattern.format(names=names))
        out["relay_asked"] = re.compile(_RELAY_ASKED.pattern.format(names=names))
        out["tally"] = re.compile(_TALLY_LINE.pattern.format(names=names))
        out["cast_head"] = re.compile(rf"^\s*(?:我|俺)?\s*(?:就|还是|先|最后|直接)?\s*(?:投给|票给|投)\s*(?:{names})(?!\s*(?:的|得|了|过|也|都|是|有|就|才|被))")
        out["count_line"] = re.compile(rf"^\s*(?:{names}|弃权)\s*[:：]?\s*{VOTES}\s*(?:[(（][^)）]{{0,40}}[)）]|"
                                       rf"(?<=票)\s*(?:[:：←]|[—─-]{{1,3}}).{{0,80}}|(?<=\d)\s*(?:[:：←]|[—─-]{{1,3}})\s*(?:{names}).{{0,80}})?\s*$")
    return out


# A count written on one line (「票型核对：2楼 郭靖→杨康，3楼 黄蓉→杨康，……」「令狐冲 2票（…）；岳灵珊 2票（…）」
# 「郭靖 3-1=2票（6楼扣除），杨康 2票。欧阳克：无效」): its rows, cut where a row ends outside brackets (hostile round 58).
_ROW_CUT = re.compile(r"[，,；;。、]")
_ROW_HEADING = re.compile(r"^\s*(?:【[^】\n]{1,12}】|[^，,；;。:：、\n]{0,10}[:：])\s*")  # (「票型核对：」「现在：」)
_ROW_VOTES = r"\d+(?:\.\d+)?(?:\s*[-+＋−]\s*\d+(?:\.\d+)?)*(?:\s*[=＝]\s*\d+(?:\.\d+)?)?\s*票"


def cut_outside_brackets(line: str, stops: str = "，,；;。") -> list[str]:
    """The line cut after each of its stops outside brackets (each part keeps its stop; blank parts dropped)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(line):
        if ch in "(（[【":
            depth += 1
        elif ch in ")）]】":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in stops:
            parts.append(line[start:i + 1])
            start = i + 1
    parts.append(line[start:])
    return [part for part in parts if part.strip()]


@lru_cache(maxsize=512)
def _row_pattern(names: str) -> re.Pattern:
    who = rf"(?:{names})"
    return re.compile(rf"^(?:第?\s*\d{{1,5}}\s*(?:楼|层|樓|#|[FfLl])\s*)?{who}\s*(?:[(（][^)）]{{0,12}}[)）])?\s*(?:→|->|=>|＞|>)|"
                      rf"^(?:{who}|弃权)\s*[:：]?\s*{_ROW_VOTES}|"
                      rf"^(?:{who}|弃权)\s*[:：]?\s*\d+(?:\.\d+)?\s*$|"  # (「射箭 4、拳击 3、弃权 1」: totals, in a list of them)
                      rf"^(?:{who}|弃权)\s*[:：]?\s*\d+(?:\.\d+)?\s*[(（][^)）]+[)）]\s*$|"  # (「岳灵珊 3（令狐冲、任盈盈）」: round 62)
                      rf"^{who}\s*[:：]\s*(?:无效|作废|弃权|不计|不算|未投|没投)\s*$")


def _listed(part: str, row: re.Pattern) -> list[str]:
    """A part that is no row but a list of them (「射箭 4、拳击 3、弃权 1」) as its rows; any other part as it is (「杨康 2票：
    郭靖、黄蓉」 is one row listing its voters)."""
    if row.match(_bare_row(part)):
        return [part]
    subs = cut_outside_brackets(part, "、")
    return subs if sum(1 for sub in subs if row.match(_bare_row(sub))) >= 2 else [part]


def _bare_row(part: str) -> str:
    """A part without its stop."""
    return re.sub(r"[，,；;。、]\s*$", "", part).strip()


def count_rows(text: str, roster) -> tuple[str, frozenset[str]]:
    """The text with each line that holds two rows of a count or more written as one row per line (its heading on a
    line of its own): every reader of a count reads rows, however the director lined them — and the rows so written (the
    lines of the new text that read as a row of a count and were no line of the post: 「2楼 郭靖→杨康」「欧阳克：无效」)."""
    if roster is None or roster.pattern is None or not _ROW_CUT.search(text):
        return text, frozenset()
    row = _row_pattern(roster.pattern.pattern)
    out = []
    for line in text.split("\n"):
        heading = _ROW_HEADING.match(line)
        body = line[heading.end():] if heading else line
        parts = [sub for part in cut_outside_brackets(body) for sub in _listed(part, row)]
        if sum(1 for part in parts if row.match(_bare_row(part))) < 2:
            out.append(line)
            continue
        out += [heading.group().strip()] if heading else []
        words = ""  # the words between rows stay one line, as written (「平票；警长 X 的票投给了 Y，…」)
        for part in parts:
            if row.match(_bare_row(part)):
                out += [words.strip()] if words.strip() else []
                out.append(_bare_row(part))
                words = ""
            else:
                words += part
        out += [words.strip()] if words.strip() else []
    written = set(text.split("\n"))
    return "\n".join(out), frozenset(line for line in out if line not in written and row.match(line.strip()))


def tally_lines(text: str, roster) -> dict[int, tuple[str | None, str | None]]:
    """A running tally of everyone's votes: line number (1-based) → (voter, what the line says they voted),
    where two lines or more, each for a different player, read 「郭靖→黄蓉」「杨康：弃权」; or (None, None) for the
    lines of a count per player (「芒果 4（蓝莓、石头）」, two or more). Empty otherwise."""
    if roster is None or roster.pattern is None or "\n" not in text:
        return {}
    line_re = _patterns(roster.pattern.pattern)["tally"]
    found: dict[int, tuple[str, str]] = {}
    counts = _patterns(roster.pattern.pattern)["count_line"]
    by_target = [number for number, line in enumerate(text.split("\n"), start=1) if counts.match(line)]
    if len(by_target) >= 2:  # 芒果 4（蓝莓、石头…）⏎ 火锅 4（…）: counts per player, nobody's own ballot
        found.update((number, (None, None)) for number in by_target)
    for number, line in enumerate(text.split("\n"), start=1):
        m = line_re.match(line) if len(line) <= 40 else None
        if m:
            voter = roster.table.get(m.group("voter"), m.group("voter"))  # 我: the poster (the tally knows who)
            said = m.group("target") or m.group("bare")
            target = roster.table.get(said, said)
            if voter != target:
                found[number] = (voter, target)
    voters = {voter for voter, _ in found.values() if voter is not None}
    if len(voters) < 2:
        found = {n: vt for n, vt in found.items() if vt[0] is None} if len(by_target) >= 2 else {}
    return found


# A tally written inline after its heading (昨天的票型我抄一下：柳寒烟投秦问天，秦问天弃权……): everything after the
# heading on that line is everyone's vote — yesterday's, or today's as counted — never the poster's ballot.
_TALLY_HEADING = re.compile(rf"(?:(?:{_PAST_TIME})的?|今天|现在|目前|到现在|截至目前|截至我发帖|到目前为止|自己数的)[^:：，,。\n]{{0,8}}?"
                            r"(?:票型|票帖|票|投票情况|投票结果|票数)[^:：，,。\n]{0,12}[:：]")


_OWN_BALLOT_HEADING = re.compile(r"(?:我|俺|本人)\s*(?:的|这|今天的)?\s*(?:一)?\s*票\s*[:：]$")


def without_inline_tally(line: str) -> str:
    """The line without an inline tally: from its heading to the end of that sentence (the poster's own words
    before and after it stay: 回头看第二天的票型：……。我投周伯通)."""
    m = _TALLY_HEADING.search(line) if "票" in line and (":" in line or "：" in line) else None  # what it needs
    if m is None or _OWN_BALLOT_HEADING.search(m.group()):
        return line  # (「所以今天我的票：澡票」: the poster's own ballot, no tally)
    end = re.search(r"[。！!？?；;]", line[m.end():])
    return line[:m.end()] + ("" if end is None else line[m.end() + end.start():])


def retold(text: str, tallied: dict[int, tuple[str, str]]) -> bool:
    """A tally introduced as an earlier day's (我把昨天的票型抄下来了 · 第四天的票型): history, the poster's own line too."""
    if not tallied:
        return False
    first = min(tallied)
    before = "\n".join(text.split("\n")[max(0, first - 3): first - 1])
    return bool(_PAST.search(before)) and not _PRESENT.search(before)


_MODAL = re.compile(r"(?:会|要|将|打算|准备|想|计划|应该会)\s*$")
# A post that says it casts nothing now: 这帖只是分析，不算投票 · 票我晚点按格式投 · 正式的票晚些 · 今天的票关门前再来.
_NOT_NOW = re.compile(r"不算投票|只是分析|不是投票帖|不是投票|票等我|(?:正式的?|今天的|我的)票(?:[^，,。]{0,6}?)(?:晚些|晚点|关门前|等会|回头|之后)|"
                      r"票我(?:晚点|晚些|关门前|等会|回头|之后)|晚[点些]再投|回来再投|关门前再来|票[^，,。]{0,4}单独发")


def past_sentence(sentence: str) -> bool:
    """A sentence set in an earlier day or round (第一天 · 昨天 · 上一轮) with no word of now (今天 · 这轮 · 现在) — not a
    time that only qualifies a noun (综合昨晚的发言，票了郭靖: last night's talk, today's ballot)."""
    first = _PAST.search(sentence)  # most sentences name no earlier day: one scan
    if first is None or _PRESENT.search(sentence):
        return False
    return not sentence.startswith("的", first.end()) or any(
        not sentence.startswith("的", m.end()) for m in _PAST.finditer(sentence, first.end()))


def past_verb(clause: str) -> bool:
    """A clause whose verb says it was done (投了 · 投过 · 投得 · 一票直奔): in a sentence set earlier, history."""
    return bool(_DONE.search(clause))


_DONE = re.compile(rf"{_PAST_VERB.pattern}|(?:投|票)得|一票(?:直奔|直接|就)|投完")


def says_not_now(text: str) -> bool:
    """The post says it is no ballot now (an analysis, a ballot to come): what it says of votes is talk."""
    return bool(_NOT_NOW.search(text))


def puts_off(text: str) -> bool:
    """The post says the ballot comes later (我晚上回来再投 · 晚点正式投)."""
    if "再" not in text and "才" not in text and not any(w in text for w in ("晚点", "晚些", "稍后", "回头", "晚一点")):
        return False  # every later ballot says 再 or 才, or one of these
    return bool(_LATER_KEYS.search(text) and _LATER.search(text))


def modal_before(before: str) -> bool:
    """A verb said as an intention (我会投 · 打算投 · 准备投): in a post that puts its ballot off, not a ballot now."""
    return bool(_MODAL.search(before))


_CORRECTED_END = re.compile(r"(?:更正|口误|笔误|说错了?|写错了?|不对|纠正)\s*$")
_GOES_ON = re.compile(r"^[^我俺，,。]{0,6}?(?:又|还|也|却|再|结果|后来|然后|接着)")
_FIRST_VERB = re.compile(r"投|票|选|弃权|改投")


def carries(previous: str, clause: str, roster) -> bool:
    """A clause with no subject of its own that goes on from someone else's (昨天欧阳锋投的是郭靖，今天又跑去投一灯了):
    it reports them too. Only where the clause says it goes on (又 · 还 · 也 · 却 · 后来 …) and names nobody
    before its verb: 郭靖说要投黄蓉，投一灯 is not carried, and stays the poster's to read."""
    if _CORRECTED_END.search(previous) and not _ME.search(clause):
        return True  # 「她昨天投的是Nimbus——更正，是投的惊蛰」: the report corrected is still the report
    if not _GOES_ON.search(clause) or _ME.search(previous) or _ME.search(clause):
        return False
    verb = _FIRST_VERB.search(clause)
    if verb is None or (roster is not None and roster.pattern is not None and roster.pattern.search(clause, 0, verb.start())):
        return False
    first = _FIRST_VERB.search(previous)
    subject = previous[: first.start()] if first else ""
    return bool(subject) and bool(re.search(_OTHER, subject) or (
        roster is not None and roster.pattern is not None and roster.pattern.search(subject)))




_SENTENCE = re.compile(r"[^。！!；;\n?？]+[?？]?")

_CLAUSE = re.compile(r"[，,、]")
_ASKS = re.compile(r"\?|？|吗|要不要|是不是|可以吗|行吗|能不能|可不可以")  # (谁票多就投谁 is no question)


@dataclass(frozen=True)
class Cue:
    """A doubtful act found in a post (relay, void_if, later, interim) and the words that carry it."""

    kind: str
    words: str
    who: str | None = None
    before: tuple[str, ...] = ()  # a relay that does not say whom for: the players named before it, the latest last
    beside: bool = False  # a relay cast alongside the poster's own ballot (Act.beside)


def voids(sentence: str) -> bool:
    """The sentence makes a ballot void on a condition (投郭靖，如果他解释了这票作废)."""
    return bool(_VOID_KEYS.search(sentence) and _VOID_IF.search(sentence))


def first_person(text: str, roster) -> str:
    """俺 (northern speech, 张飞's) is 我 to every pattern here — unless a player's name holds it (「托俺说一声：他投吕布」: a relay
    read as talk, heldout67 d02)."""
    if "俺" not in text or (roster is not None and any("俺" in n for n in roster.table)):
        return text
    return text.replace("俺", "我")


def may_cue(text: str, roster) -> bool:
    """Whether the post has any doubtful act at all: one search over the whole text, before the clause by
    clause reading (most posts have none)."""
    text = first_person(text, roster)
    if not _CUE_KEYS.search(text):
        return False
    if len(text) > 160:
        return True  # a long post has some key word anyway: reading its clauses costs less than this search
    names = roster.pattern.pattern if roster is not None and roster.pattern is not None else None
    return bool(_any_cue(names).search(text))


# The words of a relay told by a channel (「洪七公私信我说投杨康」「洪七公 says: 杨康」): its principal the proof must weigh (round 77)
_TOLD_BY = r"私信|私聊|短信|微信|电话|语音|视频|站内信|群里|留言|告诉|通知|传话|@|艾特|QQ|qq|says|said|told|wants|wanted|asked|asks|begged|behalf|elay|ELAY|Per|per|托人|带话|邮件|mail|我说"  # (elay: relay · Relay)
# 「丘处机上不了论坛，票给杨康」: a player said to be away, and in the next clause a ballot no word makes the poster's — his,
# passed on, or the poster's own? (the hostile round 83, V06: the lab dropped it, check-vote counted it as the poster's)
_AWAY = re.compile(r"上不了|上不去|上不来|来不了|登不上|登不了|没法上|不能上|没空上|不方便上|掉线|断网|没网|没信号|没电|出差|住院|"
                   r"在飞机上|在火车上|在高铁上|在路上|联系不上")
OWNERLESS = re.compile(r"\s*(?:他|她)?\s*(?:的)?\s*(?:那|这)?\s*(?:一)?\s*票\s*(?:就)?\s*(?:给|投|算|是|[:：])|"
                       # (「丘处机断网了，（他）说投杨康」: what the one away said, passed on)
                       r"\s*(?:(?:他|她)\s*)?(?:说|讲|让|叫)?\s*(?:要|想)?\s*(?:就|那就|所以|于是)?\s*(?:投|选|改投|(?i:vote)\b)")
# Words one of which every doubtful act has (a literal scan, far cheaper than the patterns themselves).
_CUE_KEYS = re.compile(r"作废|无效|不算|撤回|收回|取消|晚点|晚些|晚上|晚一|等会|等一下|一会|稍后|回头|过会|迟点|之后|明天|下午|中午|"
                       r"回来|先挂|暂|先投|临时|先票|原来|本来|之前|刚才|一开始|编辑|如何|怎么|算不算|是否|待定|统计时|另行|" + _AWAY.pattern + "|"
                       r"让我|叫我|请我|要我|要求|请求|帮|替|代|托|应|转|搬运|以上|上面|上述|以下|下面|此乃|之票|所投|如上|来自|出自|源自|from |by |那票|的票|那一票|的一票|这票|这一票|都投|一起投|同时投|一同投|也是|也一样|意思|同样|"
                       r"我的|我把|上来|过来|上去|原样|他的|她的|TA的|ta的|人家的|osting|ccount|his vote|her vote|their vote|ballot|不来|不了|不上|不出|没法|不能发|"
                       r"代打|口述|托的|交代的|嘱咐的|的\)|的）|帮忙|"
                       + _TOLD_BY)  # literals only: re then scans by first character


@lru_cache(maxsize=64)
def _any_cue(names: str | None) -> re.Pattern:
    """Every doubtful act's pattern in one alternation, each beginning with a word, not a name (a relay asked
    for — 郭靖托我投 — by its word alone: a superset, which `cues` then reads precisely)."""
    parts = [_VOID_IF.pattern, _LATER.pattern, _INTERIM.pattern, _EDITED.pattern, _PENDING.pattern, _RELAY_WORDS.pattern,
             r"托|委托|让我|叫我|请我|拜托我|要我|嘱咐我|喊我|求我|要求|请求|即为|的代投|代发|代为|[那的这]一?票|[都同]投|一[起同块]儿?投|都选|一起选|也是|也一样|的意思|同样",
             r"(?:帮|替)[^，,。]{1,10}?出\s*一?\s*票",  # (「我替师父丘处机出一票：杨康」: round 80)
             r"(?:^|\n)\s*转",  # (「转丘处机：杨康」: round 86)
             r"(?:帮|替)\s*(?:他|她|TA|ta)?\s*转|代转|搬运|以上|上面|上述|以下|下面|此乃|之票|所投|如上|来自|转自|出自|源自|托投|委托|"
             r"(?i:from|by)\s|代",  # (「帮转一下」「以上是X的票」「来自X」「from X」: rounds 92, 94, 97)
             _CAME_TO_ME,
             _AWAY.pattern,
             _TOLD_BY]
    if names:
        parts.append(_RELAY_BY.pattern.format(names=names))
    return re.compile("|".join(f"(?:{re.sub(r'[(][?]P<[a-z0-9_]+>', '(?:', part)})" for part in parts))


def away(clause: str, roster, following: str) -> Act | None:
    """A relay for the one player a clause says is away (「丘处机上不了论坛」), for the ballot in the clause after it where no
    word makes that ballot the poster's (OWNERLESS) and it is not for the player away; None where the clause says nothing
    of the kind."""
    if not OWNERLESS.match(following) or (gone := _AWAY.search(clause)) is None or roster is None or roster.pattern is None:
        return None
    named = {roster.table[m.group()] for m in roster.pattern.finditer(clause[:gone.start()])}
    if len(named) != 1 or named & {roster.table[m.group()] for m in roster.pattern.finditer(following)}:
        return None  # (「杨康掉线了一天，票给杨康」: the one away is the target — a reason)
    return Act(RELAY, named.pop())


_RELAY_WORDS = re.compile(r"转告|转达|代发|帮忙发|[帮替代](?:他|她)")


def cues(text: str, roster) -> list[Cue]:
    """Every doubtful act in a post's own words: relays (with whom they are for), void-if conditions,
    later and interim ballots. Questions about them (可以帮郭靖投吗？) are not acts."""
    text = first_person(text, roster)
    out = []
    earlier = _Earlier(text, roster)
    for found in _SENTENCE.finditer(text):
        sentence = found.group()
        if _ASKS.search(sentence):
            continue
        if voids(sentence):
            out.append(Cue(VOID_IF, sentence.strip()[:40]))
        if _EDITED.search(sentence):
            out.append(Cue(EDITED, sentence.strip()[:40]))
        if _PENDING.search(sentence):
            out.append(Cue(PENDING, sentence.strip()[:40]))
        at = 0
        clauses = _CLAUSE.split(sentence)
        for k, clause in enumerate(clauses):
            what = act(clause, roster) if clause.strip() else None
            if what is not None and what.kind != RELAY and k + 1 < len(clauses) and not re.search(r"投|选|(?i:vote)", clause):
                what = away(clause, roster, clauses[k + 1]) or what  # 「丘处机上不了论坛，票给杨康」
            if what is not None and what.kind == RELAY and not re.search(r"投|选|(?i:vote)|托我|让我|叫我|转", clause) and \
                    k + 1 < len(clauses) and _ME.match(clauses[k + 1].strip()):
                what = None  # 「洪七公私聊我了，我投郭靖」: a chat told, then the poster's own ballot in their own voice
            if what is not None and what.kind in (RELAY, LATER, INTERIM):
                who = what.who
                pronoun = re.search(r"[他她]", clause)
                before: tuple[str, ...] = ()
                if what.kind == RELAY and who is None:
                    # 火把说他回不来，托我帮他投海鸥: 他 is 火把; 流萤发短信给执法团……执法团代发: 流萤
                    before = earlier.named(found.start() + at + (pronoun.start() if pronoun else 0))
                out.append(Cue(what.kind, clause.strip()[:40], who, before, what.beside))
            at += len(clause) + 1
    return out


class _Earlier:
    """The players named before a place in a text, each once, in the order of their latest mention: one scan of
    the text for every relay of a post (a scan of the text before each relay grows as the square of the post)."""

    def __init__(self, text: str, roster):
        self.found = [(m.end(), roster.table[m.group()]) for m in roster.pattern.finditer(text)] \
            if roster is not None and roster.pattern is not None else []
        self.seen: dict[str, None] = {}
        self.at = 0

    def named(self, cut: int) -> tuple[str, ...]:
        if cut < (self.found[self.at - 1][0] if self.at else 0):  # asked out of order: start again
            self.seen, self.at = {}, 0
        while self.at < len(self.found) and self.found[self.at][0] <= cut:
            player = self.found[self.at][1]
            self.seen.pop(player, None)
            self.seen[player] = None  # the latest mention last
            self.at += 1
        return tuple(self.seen)


def named_in(before: str, roster) -> tuple[str, ...]:
    """The players named in a text, each once, in the order of their latest mention (the last is nearest)."""
    if roster is None or roster.pattern is None:
        return ()
    named = [roster.table[m.group()] for m in roster.pattern.finditer(before)]
    return tuple(reversed(list(dict.fromkeys(reversed(named)))))


@lru_cache(maxsize=64)
def _aside(names: str) -> re.Pattern:
    return re.compile(rf"(?P<name>{names})\s*[(（][^()（）\n]{{1,20}}[)）]")


def _bracket_after_name(text: str, roster) -> bool:
    table, ends = roster.table, roster.ends
    for bracket in ("（", "("):
        at = text.find(bracket)
        while at > 0:
            if text[at - 1] in ends and any(text[max(0, at - size):at] in table for size in range(1, 9)):
                return True
            at = text.find(bracket, at + 1)
    return False


_STATUS = re.compile(r"[(（]\s*(?:" + _STATUS_WORDS + ")")
_FOR_NOW = re.compile(r"[暂待]|未定|再说|再议|明天的票|先弃权|先不投|晚点|(?i:tbd|tentative)")


def strip_asides(text: str, roster) -> str:
    """A note in brackets after a name is an aside, never a clause of its own: 「月下独酌（警长，两票）投木鱼」 reads
    「月下独酌投木鱼」, so the comma inside the note does not cut the report in two; the notes are read after the
    post, each on its own line (「珊瑚（已编辑，原来写的小鱿鱼）」 still says it was edited)."""
    if roster is None or roster.pattern is None or ("（" not in text and "(" not in text):
        return text
    if not _bracket_after_name(text, roster):
        return text  # no bracket right after a name (most brackets are 见讨论帖 N 楼 and the like)
    notes: list[str] = []

    def keep(m: re.Match) -> str:
        note = m.group()[len(m.group("name")):].strip()
        if _FOR_NOW.search(note):
            return m.group()  # 「黄蓉（暂）」「黄蓉（待定）」: the name for now — not an aside, the ballot's own doubt
        if _STATUS.match(note) and text[m.end():m.end() + 2].lstrip()[:1] in (":", "："):
            return m.group()  # 「丘处机（掉线中）：杨康」: why the poster writes for him (a relay), not an aside
        notes.append(note)
        return m.group("name")

    out = _aside(roster.pattern.pattern).sub(keep, text)
    return out + "".join(f"\n{note}" for note in notes)  # line numbers of the post's own lines stay


# A ballot tied to another player by the grammar of its sentence, not by its words (the hostile round 108: 「他让我顺便发」
# 「我帮X交的」「X出门前交代过我」「X委托」「我代他提交」「X说他也投Y」 — every near neighbour of a listed relay was a certain
# ballot of the poster's own). The frames, each a role the other player plays towards this ballot:
_SEND = (r"(?:交(?!代|流|锋|手|易)|发(?!言|现|挥|生|展|力)|投(?!降)|贴|挂|放(?!弃|水|过)|提交|转(?!移|变|折|向|述)|点(?!赞)|"
         r"报(?!仇|复|警)|登记|记(?!仇|恨)|补(?!刀|位)|填|递|带(?!节奏|队|头|歪|偏)|捎|搬|算上|算进|收(?!尾|场))")
_ENTRUST = r"(?:让|叫|托|请|要|求|交代|交待|嘱咐|吩咐|委托|拜托|授权|安排|指示|叮嘱|麻烦|喊)"
_PASSED_FRAMES = (
    # he asks me: 「X出门前交代过我，就按这个投」「X让我帮他发的」 (what follows 我 is the errand, or nothing: not 「X让我很怀疑」)
    r"(?P<x>{X})[^，,。！!？?；;\n的]{{0,8}}?" + _ENTRUST + r"\s*(?:过|了)?\s*(?:我|俺)"
    r"(?=\s*(?:$|[，,：:]|帮|替|代|顺便|顺手|把|发|投|贴|转发|交|提交|报|挂|上票|按|照|选))",
    # he asked, the errand next: 「X嘱咐过，按这个来」
    r"(?P<x>{X})[^，,。！!？?；;\n的]{{0,8}}?(?:嘱咐|交代|交待|吩咐|委托|授权|托付|叮嘱|拜托)\s*(?:过|了)?\s*[，,：:]?\s*(?:就|那就)?\s*(?:按|照|投|选|发)",
    # his errand: 「X委托」「受X所托」「X本人确认过了」
    r"(?P<x>{X})\s*(?:本人)?\s*(?:的)?\s*(?:委托|授权|托付|所托|之托|交代的|交待的|嘱咐的|吩咐的|本人确认|确认过)(?!的?(?!票)[\u4e00-\u9fff])",
    # done for him, by the poster: 「我帮X交的」「我代他提交」「帮他报一下」 (not 「他替X投票这事」: someone else's act)
    r"(?:^|(?<=[我俺是就来先也再\s，,：:]))(?:帮|替|代|为)\s*(?P<x>{XP})\s*(?:\S{{0,2}}?)\s*" + _SEND,
    # a line that says whom it is for and nothing else: 「代X」「（替X）」
    r"^\s*(?:[^\s:：]{{1,6}}\s*[:：]\s*)?[(（\[【]?\s*(?:代|替|帮|为)\s*(?P<x>{X})\s*[)）\]】]?\s*(?:的|之)?\s*(?:票|一票)?\s*[。.!！~～]?\s*$",
    # his ballot, here or with mine: 「X那张票也在这」「X那份我一起交了」「X的也算上」 (not 「X的发言」「X昨天那票」)
    r"(?P<x>{X})\s*(?:的|那|这)\s*(?:(?:一?张票?|一?票|一?份)\s*(?:我|俺)?|我|俺|(?=也))\s*(?:也|都)?\s*"
    r"(?:一起|一并|顺便|顺手|算上|带|收|交|发(?!言)|贴|挂|提交|在这|在此|如下|如上|附上|算)",
    r"把\s*(?P<x>{X})\s*(?:的|那)\s*(?:一?张票?|一?票|一?份)?\s*(?:也)?\s*(?:一起|一并|顺便|顺手)?\s*" + _SEND,
    # the same ballot as mine: 「X跟我是一票」「我和X投一样的」
    r"(?P<x>{X})\s*(?:跟|和|与|同)\s*(?:我|俺)\s*(?:是一票|一票|一人一票|投一样|投的一样|都投|一起投|同票|投同一)",
    r"(?:我|俺)\s*(?:跟|和|与|同)\s*(?P<x>{X})\s*(?:是一票|一票|一人一票|投一样|投的一样|都投|一起投|同票|投同一)",
    # counted for him: 「算他一票」「X说他也投Y」「X也是这个意思」
    r"算\s*(?P<x>{XP})\s*(?:的|一)\s*票|(?P<y>{X})\s*(?:说|讲|表示)\s*(?:他|她)?\s*也\s*(?:是|投|要投|选|这么|这样|一样)|"
    r"(?P<z>{X})\s*也是\s*(?:这个意思|这个票|这票|这一票|一样的票|同一票)",
    # passed on as told: 「X说的，我照发」
    r"(?<![帮替给让叫请])(?:我|俺)\s*(?:就|只是|只)?\s*(?:照|原样|代为|代他|代她|替他|替她|帮他|帮她)\s*" + _SEND,
    # one who cannot post it himself: 「他懒得发」「X没空上来」
    r"(?P<x>他|她|{X})[^，,。\n]{{0,6}}?(?:懒得|没空|没时间|来不及|不方便|发不了|上不来|上不了|登不上|没法)\s*(?:自己)?\s*(?:发(?!言)|投|上|来|登)",
)


_REFUSED = re.compile(r"才不|偏不|不投|不会投|没投|拒绝|不听|没答应|不答应")


@lru_cache(maxsize=64)
def _passed_frames(names: str) -> tuple[re.Pattern, ...]:
    return tuple(re.compile(f.format(X=f"(?:{names})", XP=f"(?:{names}|他|她|ta|TA|别人|人家)")) for f in _PASSED_FRAMES)


def passed_on(text: str, roster, known) -> tuple[str, str] | None:
    """See _passed_on (cached: the proof refolds the day many times)."""
    return _passed_on(text, roster, frozenset(known))


@lru_cache(maxsize=16384)
def _passed_on(text: str, roster, known: frozenset) -> tuple[str, str] | None:
    """A sentence of a ballot post in which another player than the ones the ballot explains (`known`: its target, its poster)
    plays a part towards the ballot — asks for it, owns it, has it done for him, shares it, cannot post it himself — whatever
    the verb: (the player, the sentence), or None. A pronoun is the other player the post names (none named: None)."""
    if roster is None or roster.pattern is None:
        return None
    text = first_person(to_simplified(text), roster)
    others = [roster.table[m.group()] for m in roster.pattern.finditer(text) if roster.table[m.group()] not in known]
    if not others:
        return None
    frames = _passed_frames(roster.pattern.pattern)
    for found in _SENTENCE.finditer(text):
        sentence = found.group()
        if _ASKS.search(sentence) or _REFUSED.search(sentence):
            continue  # (「X要我投他，我才不投」: asked and refused — the poster's own ballot)
        for frame in frames:
            for m in frame.finditer(sentence):
                said = next((g for g in m.groups() if g), None)
                who = roster.table.get(said) if said else None
                if who in known:
                    continue
                if who is None:  # 他 · 她, or an errand that names no one: the other player the post names, the nearest before
                    before = [roster.table[n.group()] for n in roster.pattern.finditer(text[:found.start() + m.start()])]
                    who = next((n for n in reversed(before) if n not in known), others[0])
                return who, sentence.strip()
    return None


# A line beside a ballot that names another player: its words tie him to this ballot (a person, the ballot, a passing verb)
# and speak of no event of the game (the hostile round 109: 「这张是他的意思，我只是按了发送」「X的票由我保管」「X也是这张，他被禁言了」
# 「@X 你的我帮你投了哈」 — each a certain own ballot while the relay's words were listed). Read only for a player who has no ballot
# of his own at the close (tally/day.py): his is the ballot a relay could add.
_TIES = re.compile(r"(?:我|俺)(?:[^，,。]{1,6}?(?:发|交|投|贴|挂|转|递|带|捎|点|按|提交|处理|保管|经手|跑腿|代|替|帮|收)|"
                   r"(?:发|交|贴|挂|转|递|带|捎|点|按|提交|处理|保管|经手|跑腿|代|替|帮|收))|你的|帮你|替你|给你|"
                   r"的\s*(?:票|那张|这张|一张|那份|这份|一票|心意|意思|决定)|这张|这票|这一票|也是这|同投|投一样|我来|"
                   r"(?:跟|和|对)我说|告诉我|(?:他|她|伊|佢)\s*(?:也)?\s*(?:要)?投|(?:叮嘱|嘱咐|交代|吩咐|委托|授权|拜托)(?:过|了)|"
                   # (round 111: 「同意用我的楼表态」「我俩一起」「由我代」「同上」「顶上」)
                   r"我的楼|表态|我俩|我们俩|由我|同上|同款|顶上|代我|算上|一起算|"
                   # (round 113: 「他那张也落在Y身上」「記在Y名下」「跟你一样」「X也一样」「一式两份」「他让我一起写上」
                   # 「佢都係投呢个」「Two votes here: mine and X's」 — his ballot, a copy of this one, or written down with it)
                   r"(?:他|她|佢|伊)\s*(?:的)?\s*(?:那|这|一)\s*(?:张|票|份)|落在|记在|名下|算在|(?:跟|和|同)(?:你|我)\s*(?:投)?(?:的)?\s*一样|"
                   r"一样投|也\s*一样|一式|两份|一起写|写上|都[係系]|(?i:two\s+votes|mine\s+and)|"
                   # (round 115: 「答案一样，一起算上」「Also casting X's vote」「嘛欲投」「寄存在我这」「说随我」「我也是（他微信回我的原话）」)
                   r"答案一样|一起算|嘛\s*欲投|欲投|寄存|交给你|交给我|随我|我也是|原话|(?i:casting|\S+[\x27’]s\s+(?:vote|ballot))|"
                   # (round 117: 「附议，由本人代为录入」「一人两用」「寄我这」「另一张是X的」「她托我的」「委托书」「一并计入」「写我这儿」)
                   r"附议|录入|一人两用|寄我|寄在我|另一张|另外一张|另一票|托我|委托书|一并计入|一并算|写我这|"
                   r"(?i:\bfor\b|behalf|\b(?:his|her)\s+(?:vote|ballot)|submit|mine\s*\+)")
EVENTS = _EVENTS = re.compile(r"昨|前天|第[一二三四五六七八九十\d]+[天日晚夜轮]|当晚|今早|出局|被刀|被杀|翻牌|遗言|刀口|发言|票型|身份|警长|站边|踩|怀疑|可疑|狼|"
                     r"好人|视角|逻辑|解释|复盘|分析|节奏|划水|预言|查杀|金水|跳|说(?:他|她|自己)?[是像]|觉得|认为|看|如果|要是|假如|明天|重投|平票|对决|"
                     r"截至|目前|现在|一共|还剩|没投|票帖|改票|弃权|说话|挡|互保|保[他她]|掩护|想法|看法|注意|不同|一直|肯定|问题|有鬼|心虚|抱团|"
                     r"站队|质疑|攻击|针对|怼|咬|捞|洗|诽谤|理解|不投|别投|不跟|吧\s*[。!！~～]*\s*$|"
                     # (「X说他自己会来投，我就不替他操心了」: he votes himself, nothing passed on — round 113, C26)
                     r"自己\s*(?:会|要)?\s*来?\s*投|不\s*(?:用|必)?\s*(?:替|帮|代)|操心|无关|没关系|不相干")  # (「这票跟X无关」: C06)
_BALLOT_LABEL = re.compile(r"^\s*[【\[]?\s*(?:投票|改票)?(?:对象|目标)\s*[】\]]?\s*[:：]|^\s*(?:投票|改票|vote)\s*[:：]", re.I)
_REASON_LABEL = re.compile(r"^\s*[【\[]?\s*(?:投票|改票)?(?:理由|原因)\s*[】\]]?\s*[:：]|^\s*reason\s*[:：]", re.I)


def named_beside(text: str, roster, known, tied: bool = True) -> list[tuple[str, str]]:
    """See _named_beside (cached: the proof refolds the day many times)."""
    return list(_named_beside(text, roster, frozenset(known), tied))


def moves_his(text: str, roster, known) -> list[tuple[str, str]]:
    """(player, line) for each short line of a ballot post that names a player outside `known` and says his ballot is taken back
    or moved (「X说他那张作废，跟我走」: a relay that changes his vote — the hostile round 111, case 10), telling no event."""
    return [(n, line) for n, line in _named_beside(text, roster, frozenset(known), False)
            if _MOVES.search(rest := roster.pattern.sub("", _REASON_LABEL.sub("", _BALLOT_LABEL.sub("", line)))) and
            not _EVENTS.search(rest) and len(re.findall(r"[\u4e00-\u9fff]", rest)) <= 24]


def unnamed_relay(text: str, roster, known) -> str | None:
    """A short line of a ballot post that passes a ballot on for someone it names in no way the roster knows (「梅姐说她也这么投，
    懒得上线」: a nickname nobody announced — the hostile round 111, case 12), naming no other player and telling no event."""
    said = closed_up(to_simplified(text or ""), roster) if roster is not None else ""
    if roster is None or roster.pattern is None or not _UNNAMED.search(said):
        return None
    for line in re.split(r"\n|[（(]|[)）]", said):
        body = _REASON_LABEL.sub("", _BALLOT_LABEL.sub("", line))
        if not _UNNAMED.search(body) or any(roster.table[m.group()] not in known for m in roster.pattern.finditer(body)):
            continue
        rest = roster.pattern.sub("", body)
        if not _EVENTS.search(rest) and len(re.findall(r"[\u4e00-\u9fff]", rest)) <= 24:
            return line.strip()
    return None


_UNNAMED = re.compile(r"(?:他|她|伊|佢|(?i:\bta\b))\s*(?:也|同样|一样|都)\s*(?:这么|这样|要|想)?\s*(?:投|选)|"
                      # (round 113: 「靖儿也是这个意思，他今天来不了」「老公说他跟我投一样的」)
                      r"(?:也|都)\s*是\s*这个意思|跟我投(?:的)?一样|跟我一样|"
                      r"(?:帮|替|代)\s*(?:他|她|(?i:\bta\b))\s*(?:投|发|交|贴)")
_MOVES = re.compile(r"作废|不算|撤[回销掉]?|收回|不要了|改(?:成|投|为|到|给)|换(?:成|到|给)|转投|挪(?:到|给)")


@lru_cache(maxsize=16384)
def _named_beside(text: str, roster, known: frozenset, tied: bool) -> tuple[tuple[str, str], ...]:
    """(player, line) for each line of a ballot post — the reason's line too, not the ballot's own — naming a player outside
    `known` (its target, its poster); with `tied`, only a short line whose words tie him to the ballot and tell no event."""
    if roster is None or roster.pattern is None:
        return []
    out = []
    # (a bracketed aside is a line of its own: 「发言可疑（X由我代）」 — round 111, case 06)
    for line in re.split(r"\n|[（(]|[)）]", closed_up(to_simplified(text or ""), roster)):
        if not line.strip():
            continue
        body = _REASON_LABEL.sub("", _BALLOT_LABEL.sub("", line))
        named = [roster.table[m.group()] for m in roster.pattern.finditer(body)]
        named = [n for n in dict.fromkeys(named) if n not in known]
        if not named:
            continue
        rest = roster.pattern.sub("", body)
        if tied and (not _TIES.search(rest) or _EVENTS.search(rest) or len(re.findall(r"[\u4e00-\u9fff]", rest)) > 24):
            continue
        out += [(n, line.strip()) for n in named]
    return tuple(out)


_SPACED_OUT = re.compile(r"(?<![\u4e00-\u9fff])[\u4e00-\u9fff](?:[ \t\u3000·・•]+[\u4e00-\u9fff])+(?![\u4e00-\u9fff])")


def closed_up(text: str, roster=None) -> str:
    """Letters spaced out one by one closed up: 「梅　超　风　同　上」「梅 超 风 也 一 样」 (a name the roster reads only whole —
    rounds 111, 113); a run of two (「杨 康」「郭·靖」) only where it closes into a player's name, else it is two words."""
    if not any(c in text for c in " \t\u3000·・•"):
        return text

    def close(m: re.Match) -> str:
        joined = re.sub(r"[ \t\u3000·・•]+", "", m.group())
        if len(joined) >= 3 and re.search(r"[ \t\u3000]", m.group()):
            return joined
        names = roster.pattern if roster is not None and roster.pattern is not None else None
        return joined if names is not None and names.search(joined) and not names.search(m.group()) else m.group()
    return _SPACED_OUT.sub(close, text)


@lru_cache(maxsize=16384)
def named_as_target(text: str, roster) -> frozenset[str]:
    """The players a post names where a ballot's target stands (「打错了，是黄蓉」「改投黄蓉」「→黄蓉」): whom it may vote for, never
    whose ballot it passes on."""
    if roster is None or roster.pattern is None:
        return frozenset()
    said = closed_up(to_simplified(text or ""), roster)
    names = roster.pattern.pattern
    # (「另一张是X的」: whose, not whom — round 113, case 13)
    out = {roster.table[m.group(1)] for m in re.finditer(rf"(?:是|投|选|改成|改为|改投|改票|→|->|=>)\s*(?:给)?\s*({names})(?!\s*的)", said)}
    for line in said.split("\n"):  # every name on the ballot's own line (「投票对象：郭靖和黄蓉」: two targets)
        if (label := _TARGET_LABEL.search(line)) is not None:
            out |= {roster.table[m.group()] for m in roster.pattern.finditer(_REASON_SPLIT.split(line[label.end():])[0])}
    return frozenset(out)


_TARGET_LABEL = re.compile(r"(?:投票|改票)?(?:对象|目标)\s*[】\]]?\s*[:：]|(?:^|\s)(?i:vote)\s*[:：]")
_REASON_SPLIT = re.compile(r"(?:投票|改票)?(?:理由|原因)\s*[:：]")
