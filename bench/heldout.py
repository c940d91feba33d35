"""How the tool reads ballot sets written by others, blind to the grammar: agreement, coverage, and the misses.

    python bench/heldout.py fixtures/heldout/posts.jsonl [--show uncovered|false_doubt|missed_ask|all]

Each case (schema in fixtures/heldout/README.md) is one post with the verdict a careful director gave it.
It is tallied as a post of a one-day vote thread — after the poster's earlier ballot where the case says
there is one, quoting it where the case says so — and the tool's verdict is compared with the director's:

  agree        the tool's own verdict is the director's
  covered      the tool doubts the post, and the director's verdict is one of the readings it weighs
  uncovered    neither: the proof never weighed what the director would rule (must be 0)
  silent       of the uncovered: the director counts a ballot, the tool is certain it counts nothing
  wrong        of the uncovered: the tool is certain it counts a ballot the director does not count as such
  false doubt  the tool doubts a post that is no ballot attempt, which the director would sign unasked
  flagged      an invalid ballot attempt the tool flags where the director would not ask (by design:
               every attempt is shown; it holds a result only where a reading of it changes it)
  missed ask   the director would look first, the tool is certain (and agrees: else it is uncovered)

First reads (each set read once, before any change made for it):

  heldout     450 posts   83 % agree, 33 uncovered                      24 days: 18 right
  heldout2    300 posts   81 % agree, 16 uncovered (10 silent, 6 wrong)
  heldout3    200 posts   91 % agree,  7 uncovered (6 silent, 1 wrong)
  heldout4    200 posts   81.5 % agree, 14 covered, 23 uncovered (6 silent, 17 wrong); 117 decided at a glance,
              11 of them doubted (9.4 %)                                8 days: 5 right, 4 of them held needlessly
              (the speaker's role: 40 posts by the director, 40 quoting the director; issue 33)
  heldout9    200 posts   91.5 % agree, 6 uncovered (2 silent, 4 wrong); 7 of 160 at a glance doubted (4.4 %)
              3 days: 3 right with the rulings typed, 1 from the thread alone, none posted wrongly (issue 41)
  heldout10   200 posts   90 % agree, 4 uncovered (1 silent, 3 wrong); 12 of 149 at a glance doubted (8.1 %)
              3 days: 2 right with the rulings typed, 1 from the thread alone, none posted wrongly (issue 41)
  (heldout5–8: their READMEs)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scraper.model import Post, Quote  # noqa: E402
from tally import certainty  # noqa: E402
from tally.day import tally_day  # noqa: E402
from tally.game import Day, Game, Player  # noqa: E402
from tally.rules import load_preset  # noqa: E402

START = datetime.fromisoformat("2026-11-20T21:00:00+08:00")
CLOSE = START + timedelta(days=2)
# When each seed's day closes (000/004 21:00, 002 12:30, 003 13:00): a post that states its time (（20:35）代投)
# is placed at that time on the closing day, so the time rules decide it as they would on the forum.
CLOSES = {"qisha": (12, 30), "anshazhe": (13, 0)}
_STATED = re.compile(r"^\s*[(（](\d{1,2}):(\d{2})[^)）\n]{0,8}[)）]"  # （20:35）代投 · （20:06 补发）
                     # 「21:04 了吧？刚下夜班……」「现在 20:25，刚收到…私信」「12:24 代投：…」: a post that opens on the clock
                     # time is posted then (a time bound 「20:00 以后不能改票」 is no post's time)
                     r"|^\s*(?:现在|都)?\s*(\d{1,2})[:：](\d{2})(?!\d)(?!\s*(?:前|之前|以前|以后|之后|后|起|开始))"
                     # 「发表于 2026-6-17 12:34」: the forum's own line, pasted at the head of the post (heldout45)
                     r"|^\s*发表于\s*\d{4}-\d{1,2}-\d{1,2}\s+(\d{1,2}):(\d{2})")
# …or that says inside it when it is posted: 「投票理由：刚下班，12:41 应该还来得及吧？」, a line of its own 「（13:05，宣判帖出来前
# 补一下）」 (heldout44 w44_066, w44_115)
_SAID_NOW = re.compile(r"(?m)(?<![\d:：])(\d{1,2})[:：](\d{2})(?!\d)\s*(?:了吧|了)?\s*[,，]?\s*(?:应该|估计)?\s*还?(?:来得及|赶得上|没过)"
                       r"|^\s*[(（](\d{1,2})[:：](\d{2})\s*[,，][^)）\n]{0,16}?(?:补|赶)[^)）\n]{0,8}[)）]\s*$")
# Where a set's story closes a preset's day at another time than the seed's (its README says so).
SET_CLOSES = {"heldout8": {"s10": (23, 59)},  # its 「23:58 了，赶在关门前」 (why: "S10 has no last-hour window")
              "heldout4": {"s10": (22, 0)}, "heldout5": {"s10": (22, 0)}, "heldout6": {"s10": (22, 0)},
              "heldout7": {"s10": (22, 0)}}
# The round a case is set in, as its writer states it: 「Revote round (重投 阿飞 vs 糖糖)」「(高票对决 椰子 vs 珊瑚)」.
_ROUND = re.compile(r"[(（](重投|高票对决)\s+(\S+)\s+vs\s+(\S+?)[)）]")
# What the blind sets assume where a seed leaves the ballot format to the game file (their README says so).
ASSUMED = {"s10": {"ballot_format": "labelled", "require_reason": True},
           "anshazhe": {"ballot_format": "labelled", "require_reason": False}}
# …and where a set's openings say otherwise (its README's "Per-preset assumptions", as that game file would say it)
SET_ASSUMED = {"heldout7": {"s10": {"ballot_format": "free", "require_reason": False, "changes_allowed": 99,
                                    "change_must_quote_own": False},
                            "anshazhe": {"ballot_format": "preferred", "require_reason": False}},
               "heldout9": {"s10": {"ballot_format": "free", "require_reason": False, "changes_allowed": 1,
                                    "change_must_quote_own": False, "blackout_minutes": 0}},
               "heldout10": {"s10": {"ballot_format": "free", "require_reason": False, "changes_allowed": 1,
                                     "change_must_quote_own": True, "blackout_minutes": 30},
                             "anshazhe": {"ballot_format": "preferred", "require_reason": False, "changes_allowed": 1,
                                          "change_must_quote_own": False}}}
SET_ASSUMED["heldout11"] = SET_ASSUMED["heldout10"]  # the same openings (its README's "Presets, rosters, assumptions")
SET_ASSUMED["heldout12"] = SET_ASSUMED["heldout10"]  # and heldout12's (s10 free with 20:30 bar; anshazhe 改票 without a quote)
SET_ASSUMED["heldout13"] = SET_ASSUMED["heldout10"]  # heldout13 keeps heldout12's openings (its README)
SET_ASSUMED["heldout14"] = SET_ASSUMED["heldout10"]  # heldout14 keeps heldout12's openings (its README)
SET_ASSUMED["heldout15"] = SET_ASSUMED["heldout10"]  # heldout15 copies heldout14's (its README)
# Who is dead in each preset's opening, as the set's README says (its single posts carry no dead list; the game file would)
SET_DEAD = {"heldout16": {"shediao": ("月琴",), "s10": ("祁红",), "mahjong": ("荷花",)},
            "heldout17": {"shediao": ("雁荡",), "s10": ("荔枝",), "qisha": ("铅白",), "mahjong": ("孟浩然",)}}
SET_ASSUMED["heldout16"] = SET_ASSUMED["heldout10"]  # heldout16 copies heldout15's (its README)
SET_ASSUMED["heldout17"] = SET_ASSUMED["heldout10"]  # heldout17 copies heldout15's (its README)
SET_ASSUMED["heldout18"] = SET_ASSUMED["heldout10"]  # heldout18 copies heldout15's (its README)
SET_DEAD["heldout18"] = {"shediao": ("蜡染",), "s10": ("德文",), "qisha": ("凉皮",), "anshazhe": ("风车",), "mahjong": ("草书",)}
# heldout19's openings are heldout15's, its s10 day barring changes from 20:00 (its README's "Assumptions")
SET_ASSUMED["heldout19"] = {**SET_ASSUMED["heldout10"], "s10": {**SET_ASSUMED["heldout10"]["s10"], "blackout_minutes": 60}}
SET_DEAD["heldout19"] = {"shediao": ("芹菜",), "s10": ("知了",), "mahjong": ("浓缩",)}
# heldout20's openings are heldout15's, its s10 and anshazhe days barring changes the last hour (its README's "Assumptions")
SET_ASSUMED["heldout20"] = {"s10": {**SET_ASSUMED["heldout10"]["s10"], "blackout_minutes": 60},
                            "anshazhe": {**SET_ASSUMED["heldout10"]["anshazhe"], "blackout_minutes": 60}}
SET_DEAD["heldout20"] = {"shediao": ("文丑",), "s10": ("氖",), "qisha": ("电吹风",), "anshazhe": ("数独",), "mahjong": ("王道灵",)}
SET_ASSUMED["heldout21"] = SET_ASSUMED["heldout10"]  # heldout21's openings announce heldout15's forms (its README's "Assumptions")
SET_DEAD["heldout21"] = {"shediao": ("寒食",), "s10": ("更夫",), "qisha": ("飞剪",), "anshazhe": ("克朗",), "mahjong": ("蝴蝶结",)}
SET_ASSUMED["heldout22"] = SET_ASSUMED["heldout10"]  # heldout22's openings: s10 20:30 bar, anshazhe 改票 without a quote (its README)
SET_DEAD["heldout22"] = {"shediao": ("十七孔桥",), "s10": ("狐步",), "qisha": ("牛仔帽",), "mahjong": ("营钉结",)}
# heldout23's openings: s10 closes at 22:00 with a 21:30 bar; anshazhe announces the forms s10's does (投票：X · 投票对象：X ·
# Vote: X, reason free, 弃权) with a change as a new post saying 改票, and a 12:30 bar before its 13:00 close (its README's table)
SET_ASSUMED["heldout23"] = {"s10": SET_ASSUMED["heldout10"]["s10"],
                            "anshazhe": {**SET_ASSUMED["heldout10"]["s10"], "change_must_quote_own": False, "blackout_minutes": 30}}
SET_CLOSES["heldout23"] = {"s10": (22, 0)}
SET_DEAD["heldout23"] = {"shediao": ("毛装",), "s10": ("单坡",), "qisha": ("折带皴",), "mahjong": ("耀州窑",)}
# heldout24's openings: s10 closes at 22:00 and bars changes from 21:00; anshazhe asks for 投票对象：X (reason optional) and a change
# quoting one's own vote, barred from 12:00 (its README's table)
SET_ASSUMED["heldout24"] = {"s10": {**SET_ASSUMED["heldout10"]["s10"], "blackout_minutes": 60},
                            "anshazhe": {**ASSUMED["anshazhe"], "changes_allowed": 1, "change_must_quote_own": True, "blackout_minutes": 60}}
SET_CLOSES["heldout24"] = {"s10": (22, 0)}
SET_DEAD["heldout24"] = {"shediao": ("串子",), "s10": ("拖鞋",), "qisha": ("提根",), "anshazhe": ("紫金",), "mahjong": ("竹扇",)}
# heldout25's openings: s10 takes 投票：X · 投票对象：X · vote X (reason optional), a change quoting one's own floor, 20:00 bar before
# its 21:00 close; anshazhe takes 投票对象：X · 投票：X · Vote: X (reason optional), a change as a new post saying 改票 — as
# heldout23's, the forms a free format reads (its README's "Assumptions")
SET_ASSUMED["heldout25"] = {"s10": {**SET_ASSUMED["heldout10"]["s10"], "blackout_minutes": 60},
                            "anshazhe": {**SET_ASSUMED["heldout10"]["s10"], "change_must_quote_own": False, "blackout_minutes": 0}}
SET_DEAD["heldout25"] = {"shediao": ("觚影",), "s10": ("布币",), "anshazhe": ("忆故人",), "mahjong": ("县令",)}
# heldout26's openings: s10 as heldout10's (投票：X · 投票对象：X · vote X, reason optional, a quoted change, 20:30 bar before its
# 21:00 close); anshazhe as heldout25's (its README's table and "Assumptions")
SET_ASSUMED["heldout26"] = {"s10": SET_ASSUMED["heldout10"]["s10"], "anshazhe": SET_ASSUMED["heldout25"]["anshazhe"]}
SET_DEAD["heldout26"] = {"shediao": ("香牌",), "s10": ("油伞",), "qisha": ("陆吾",), "anshazhe": ("砂仁",), "mahjong": ("钦宗",)}
# heldout27's openings are heldout26's (s10 投票：X · 投票对象：X · vote X with a 20:30 bar; anshazhe 投票：X · Vote: X and 改票 said)
SET_ASSUMED["heldout27"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout27"] = {"shediao": ("红冲",), "s10": ("快件",), "qisha": ("亭子",), "anshazhe": ("描红",), "mahjong": ("怡然轩",)}
# heldout28's openings are heldout26's too (its README's table and openings)
SET_ASSUMED["heldout28"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout28"] = {"shediao": ("紫阳",), "s10": ("白灼",), "anshazhe": ("东四",)}
# heldout29's openings are heldout26's (its README's table; anshazhe 投票：X · 投票对象：X with 改票 said)
SET_ASSUMED["heldout29"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout29"] = {"shediao": ("潼关",), "s10": ("白马渡",), "mahjong": ("风波亭",)}
# heldout30's openings are heldout26's (its README's assumptions: s10 a quoted change with a 20:30 bar; anshazhe 改票 said)
SET_ASSUMED["heldout30"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout30"] = {"shediao": ("滑梯",), "s10": ("变压器",), "qisha": ("煤票",), "mahjong": ("反光柱",)}
# heldout31's openings are heldout26's (its README's assumptions: s10 a quoted change with a 20:30 bar; anshazhe 改票 said)
SET_ASSUMED["heldout31"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout31"] = {"shediao": ("桂花针",), "s10": ("叠衣",), "mahjong": ("票夹",)}
# heldout32's openings are heldout26's (its README's assumptions: s10 a quoted change with a 20:30 bar; anshazhe 改票 said)
SET_ASSUMED["heldout32"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout32"] = {"shediao": ("桑拿",), "s10": ("省略号",), "qisha": ("蹦蹦床",), "mahjong": ("场记",)}
# heldout33's openings are heldout26's (its README's table and openings)
SET_ASSUMED["heldout33"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout33"] = {"shediao": ("皮腔",), "s10": ("号码布",), "anshazhe": ("兔耳朵",), "mahjong": ("拒收",)}
# heldout34's openings are heldout26's (its README's table and openings)
SET_ASSUMED["heldout34"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout34"] = {"shediao": ("骨密度",), "s10": ("闹洞房",), "qisha": ("垃圾站",), "anshazhe": ("回门",), "mahjong": ("已读",)}
# heldout35's openings are heldout26's (its README's table and openings)
SET_ASSUMED["heldout35"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout35"] = {"shediao": ("熄火",), "s10": ("棚布",), "mahjong": ("头灯",)}
# heldout36's openings are heldout26's (its README's assumptions: s10 a quoted change with a 20:30 bar; anshazhe 改票 said)
SET_ASSUMED["heldout36"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout36"] = {"shediao": ("火柴",), "s10": ("积分",), "mahjong": ("小抄",)}
# heldout37's openings are heldout26's (its README's assumptions: s10 a quoted change with a 20:30 bar; anshazhe 改票 said)
SET_ASSUMED["heldout37"] = SET_ASSUMED["heldout26"]
SET_DEAD["heldout37"] = {"shediao": ("毛毛",), "s10": ("Vincent",), "qisha": ("假牙",), "mahjong": ("唇釉",)}
# heldout38's openings are heldout25's (s10 a quoted change, nothing from 21:00 to the 22:00 close; anshazhe 改票 said)
SET_ASSUMED["heldout38"] = SET_ASSUMED["heldout25"]
SET_DEAD["heldout38"] = {"shediao": ("对讲",), "s10": ("催还单",), "qisha": ("吸尘",), "anshazhe": ("退房",), "mahjong": ("翻拍",)}
# heldout39's openings: s10 as heldout25's (a quoted change, nothing from 20:00 to the 21:00 close); anshazhe 改票 said, and no
# change or proxy after 12:00 with the verdict at 13:00 (its README)
SET_ASSUMED["heldout39"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": {**SET_ASSUMED["heldout25"]["anshazhe"], "blackout_minutes": 60}}
SET_DEAD["heldout39"] = {"shediao": ("下摆",), "s10": ("六边形",), "qisha": ("爬杆",), "anshazhe": ("反复号",), "mahjong": ("窗套",)}
# heldout40's openings: s10 as heldout25's (投票：X · 投票对象：X · vote X, reason optional, a quoted change) with a 21:00 bar
# before its 22:00 close; anshazhe as heldout39's (改票 said, no quote, a 12:00 bar before the 13:00 verdict)
SET_ASSUMED["heldout40"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_CLOSES["heldout40"] = {"s10": (22, 0)}
SET_DEAD["heldout40"] = {"shediao": ("普洱",), "s10": ("榴莲",), "mahjong": ("编钟",)}
# heldout41's openings: s10 as heldout10's (投票：X · 投票对象：X · vote X, reason optional, a quoted change, 20:30 bar before its
# 21:00 close); anshazhe as heldout39's (改票 said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout41"] = {"s10": SET_ASSUMED["heldout10"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_DEAD["heldout41"] = {"shediao": ("白术",), "s10": ("摩羯",), "mahjong": ("竖琴",)}
# heldout42's openings: s10 as heldout25's (a quoted change, nothing from 20:00 to the 21:00 close); anshazhe as heldout25's but
# a change by quoting one's ballot, no change or proxy after 12:00 (its README's "Assumptions")
SET_ASSUMED["heldout42"] = {"s10": SET_ASSUMED["heldout25"]["s10"],
                            "anshazhe": {**SET_ASSUMED["heldout25"]["anshazhe"], "change_must_quote_own": True, "blackout_minutes": 60}}
SET_DEAD["heldout42"] = {"shediao": ("太湖",), "s10": ("浓缩",), "qisha": ("黄鱼",), "anshazhe": ("天牛",), "mahjong": ("昆仑",)}
# heldout43's openings: s10 as heldout25's with a 21:00 bar before its 22:00 close; anshazhe as heldout39's (改票 said, no
# quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout43"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_CLOSES["heldout43"] = {"s10": (22, 0)}
SET_DEAD["heldout43"] = {"shediao": ("油泼面",), "s10": ("礼花",), "anshazhe": ("斗兽棋",), "mahjong": ("海龟",)}
# heldout44's openings: s10 as heldout10's (投票：X · 投票对象：X · vote X, reason optional, a quoted change, 20:30 bar before its
# 21:00 close); anshazhe as heldout39's (改票 said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout44"] = {"s10": SET_ASSUMED["heldout10"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_DEAD["heldout44"] = {"shediao": ("江陵",), "s10": ("丁香",), "anshazhe": ("战车",), "mahjong": ("水仙",)}
# heldout45's openings: s10 as heldout10's with a 22:00 close (so its bar is 21:30); anshazhe as heldout39's (改票 said, no
# quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout45"] = {"s10": SET_ASSUMED["heldout10"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_CLOSES["heldout45"] = {"s10": (22, 0)}
SET_DEAD["heldout45"] = {"shediao": ("篆书",), "s10": ("研钵",), "mahjong": ("彩旦",)}
# heldout46's openings: s10 as heldout25's (投票：X · 投票对象：X · vote: X, reason optional, a quoted change, a 20:00 bar before
# its 21:00 close); anshazhe as heldout39's (改票 said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout46"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_DEAD["heldout46"] = {"shediao": ("龙灯",), "s10": ("呢子",), "qisha": ("豆芽",), "anshazhe": ("沙包",), "mahjong": ("腊八粥",)}
# heldout47's openings: s10 as heldout25's (a quoted change, a 20:00 bar before its 21:00 close); anshazhe as heldout39's but
# with the change quoting the poster's own ballot (「请引用自己的原票并写“改票”；未引用的不算」)
SET_ASSUMED["heldout47"] = {"s10": SET_ASSUMED["heldout25"]["s10"],
                            "anshazhe": {**SET_ASSUMED["heldout39"]["anshazhe"], "change_must_quote_own": True}}
SET_DEAD["heldout47"] = {"shediao": ("帆布",), "s10": ("万花筒",), "anshazhe": ("填字",), "mahjong": ("天使之吻",)}
# heldout48's openings: s10 as heldout10's with a 22:00 close (its bar 21:30), as heldout45's; anshazhe as heldout39's (改票
# said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout48"] = SET_ASSUMED["heldout45"]
SET_CLOSES["heldout48"] = {"s10": (22, 0)}
SET_DEAD["heldout48"] = {"shediao": ("孟郊",), "s10": ("氟",), "mahjong": ("弹珠",)}
# heldout49's openings: s10 as heldout10's (a quoted change, a 20:30 bar before its 21:00 close); anshazhe as heldout25's (改票
# said, no quote, no bar before its 13:00 close)
SET_ASSUMED["heldout49"] = {"s10": SET_ASSUMED["heldout10"]["s10"], "anshazhe": SET_ASSUMED["heldout25"]["anshazhe"]}
SET_DEAD["heldout49"] = {"shediao": ("竹荪",), "s10": ("后座",), "qisha": ("辣椒油",), "anshazhe": ("缅因",), "mahjong": ("望",)}
# heldout50's openings: s10 as heldout25's (a quoted change, a bar an hour before the close) with a 22:00 close; anshazhe as
# heldout25's (改票 said, no quote, no bar before its 13:00 close)
SET_ASSUMED["heldout50"] = SET_ASSUMED["heldout25"]
SET_CLOSES["heldout50"] = {"s10": (22, 0)}
SET_DEAD["heldout50"] = {"shediao": ("夷则",), "s10": ("舷窗",), "mahjong": ("麦芽糖",)}
# heldout51's openings: s10 as heldout25's (a quoted change, a 20:00 bar before its 21:00 close); anshazhe as heldout47's (改票
# by quoting one's own ballot, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout51"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout47"]["anshazhe"]}
SET_DEAD["heldout51"] = {"shediao": ("泰迪",), "s10": ("骈文",), "qisha": ("碱水结",), "mahjong": ("药酒",)}
# heldout52's openings: s10 as heldout25's (a quoted change, a 20:00 bar before its 21:00 close); anshazhe as heldout39's (改票
# said in a new post, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout52"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_DEAD["heldout52"] = {"shediao": ("东便门",), "s10": ("焦耳",), "mahjong": ("墨子",)}
# heldout53's openings: s10 as heldout25's (a quoted change, a 20:00 bar before its 21:00 close); anshazhe as heldout47's (改票
# quoting one's own ballot, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout53"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout47"]["anshazhe"]}
SET_DEAD["heldout53"] = {"shediao": ("河灯",), "s10": ("PHP",), "mahjong": ("雷龙",)}
# heldout54's openings: s10 as heldout25's (a quoted change, a bar an hour before the close) with a 21:30 close; anshazhe as
# heldout39's (改票 said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout54"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_CLOSES["heldout54"] = {"s10": (21, 30)}
SET_DEAD["heldout54"] = {"shediao": ("魔芋",), "s10": ("电源",), "mahjong": ("红豆",)}
# heldout55's openings: s10 as heldout25's (a quoted change, a 20:00 bar before its 21:00 close); anshazhe as heldout39's (改票
# said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout55"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_DEAD["heldout55"] = {"shediao": ("漆匠",), "s10": ("雪橇",), "qisha": ("豆豉",), "mahjong": ("贡菜",)}
# heldout56's openings: s10 as heldout25's (a quoted change, a bar an hour before the close) with a 22:00 close; anshazhe as
# heldout39's (改票 said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout56"] = {"s10": SET_ASSUMED["heldout25"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_CLOSES["heldout56"] = {"s10": (22, 0)}
SET_DEAD["heldout56"] = {"shediao": ("银耳汤",), "s10": ("板栗",), "mahjong": ("婴儿式",)}
# heldout57's openings: s10 as heldout10's (a quoted change, a 20:30 bar before its 21:00 close); anshazhe as heldout39's (改票
# said, no quote, a 12:00 bar before the 13:00 close)
SET_ASSUMED["heldout57"] = {"s10": SET_ASSUMED["heldout10"]["s10"], "anshazhe": SET_ASSUMED["heldout39"]["anshazhe"]}
SET_DEAD["heldout57"] = {"shediao": ("香囊",), "s10": ("闽菜",), "mahjong": ("一筒",)}
# heldout58's openings: s10 labelled with a reason required, a quoted change, no bar, a 22:00 close; anshazhe labelled, reason
# optional, a quoted change (its README's "Assumptions per preset" and openings w58_031, w58_091)
SET_ASSUMED["heldout58"] = {"s10": {"ballot_format": "labelled", "require_reason": True, "changes_allowed": 1,
                                    "change_must_quote_own": True, "blackout_minutes": 0},
                            "anshazhe": {"ballot_format": "labelled", "require_reason": False, "changes_allowed": 1,
                                         "change_must_quote_own": True, "blackout_minutes": 0}}
SET_CLOSES["heldout58"] = {"s10": (22, 0)}
SET_DEAD["heldout58"] = {"shediao": ("黄连", "柴胡", "熟地"), "s10": ("饕餮", "梼杌", "九婴"), "qisha": ("船夫", "戏子", "剃头匠"),
                         "anshazhe": ("泥人", "皮影"), "mahjong": ("柱础", "梁枋", "榫卯")}

# heldout59's openings: s10 labelled, reason optional, a quoted change, no bar, a 22:00 close; anshazhe labelled, reason optional,
# a quoted change (its openings w59_031, w59_091 and README)
SET_ASSUMED["heldout59"] = {"s10": {**SET_ASSUMED["heldout58"]["s10"], "require_reason": False},
                            "anshazhe": SET_ASSUMED["heldout58"]["anshazhe"]}
SET_CLOSES["heldout59"] = {"s10": (22, 0)}
SET_DEAD["heldout59"] = {"shediao": ("少府", "廷尉"), "s10": ("横", "竖"), "qisha": ("挑花", "十字绣"), "anshazhe": ("简策",),
                         "mahjong": ("电池", "开关")}

# heldout60's openings as heldout59's (s10 labelled, reason optional, a quoted change, no bar, a 22:00 close; anshazhe labelled,
# reason optional, a quoted change: its openings w60_031, w60_091)
SET_ASSUMED["heldout60"] = SET_ASSUMED["heldout59"]
SET_CLOSES["heldout60"] = {"s10": (22, 0)}
SET_DEAD["heldout60"] = {"shediao": ("微软雅黑", "华文琥珀"), "s10": ("摄氏度", "卡路里"), "qisha": ("分号", "破折号"),
                         "anshazhe": ("正弦",), "mahjong": ("修正液", "笔袋")}

# heldout61's openings: s10 labelled with a reason required, a quoted change, no bar, a 22:00 close; anshazhe labelled, reason
# optional, a quoted change (its openings w61_031, w61_091)
SET_ASSUMED["heldout61"] = {"s10": SET_ASSUMED["heldout58"]["s10"], "anshazhe": SET_ASSUMED["heldout58"]["anshazhe"]}
SET_CLOSES["heldout61"] = {"s10": (22, 0)}
SET_DEAD["heldout61"] = {"shediao": ("动物园", "军博", "雍和宫"), "s10": ("十字结", "纽扣结"), "qisha": ("藏獒", "腊肠"),
                         "anshazhe": ("阿氦",), "mahjong": ("插入", "翻页")}

# heldout62's openings: s10 labelled with a reason, a quoted change, no bar, a 22:00 close; anshazhe free in form, reason optional,
# a quoted change (its openings w62_031, w62_091)
SET_ASSUMED["heldout62"] = {"s10": SET_ASSUMED["heldout58"]["s10"],
                            "anshazhe": {**SET_ASSUMED["heldout58"]["anshazhe"], "ballot_format": "free"}}
SET_CLOSES["heldout62"] = {"s10": (22, 0)}
SET_DEAD["heldout62"] = {"shediao": ("草菇", "口蘑"), "s10": ("知了", "蚂蚁"), "qisha": ("奶酪", "曲奇"), "anshazhe": ("鱼龙", "沧龙"),
                         "mahjong": ("天舟", "长征")}

# heldout63's openings: s10 labelled, reason optional, a quoted change, no bar, a 22:00 close; anshazhe asked for the form only
# (preferred), reason optional, a quoted change (its openings w63_031, w63_091)
SET_ASSUMED["heldout63"] = {"s10": SET_ASSUMED["heldout59"]["s10"],
                            "anshazhe": {**SET_ASSUMED["heldout58"]["anshazhe"], "ballot_format": "preferred"}}
SET_CLOSES["heldout63"] = {"s10": (22, 0)}
SET_DEAD["heldout63"] = {"shediao": ("龙泉", "赤霄", "含光"), "s10": ("花朝", "人日"), "qisha": ("山童", "狸猫"),
                         "anshazhe": ("包拯", "莫里亚蒂"), "mahjong": ("小白", "卡卡")}

# heldout64's openings as heldout58's (s10 labelled with a reason, a quoted change, no bar, a 22:00 close; anshazhe labelled, reason
# optional, a quoted change: its openings w64_031, w64_091)
SET_ASSUMED["heldout64"] = SET_ASSUMED["heldout58"]
SET_CLOSES["heldout64"] = {"s10": (22, 0)}
SET_DEAD["heldout64"] = {"shediao": ("虹桥", "灞桥"), "s10": ("木耙", "扁担"), "qisha": ("玛丽罗斯",), "anshazhe": ("定影", "放大机"),
                         "mahjong": ("龙须糖",)}

# heldout65's openings: s10 labelled, reason optional, a quoted change, no bar, a 22:00 close; anshazhe's form announced, not
# required (its ✱: 「vote: X and unlabelled 投 X are counted but asked」), reason optional, a quoted change (w65_031, w65_091)
SET_ASSUMED["heldout65"] = {"s10": SET_ASSUMED["heldout59"]["s10"],
                            "anshazhe": {**SET_ASSUMED["heldout58"]["anshazhe"], "ballot_format": "preferred"}}
SET_CLOSES["heldout65"] = {"s10": (22, 0)}
SET_DEAD["heldout65"] = {"shediao": ("钓椅", "鱼篓"), "s10": ("地勤", "航站楼"), "qisha": ("泳帽", "池底"), "anshazhe": ("谢幕", "彩排"),
                         "mahjong": ("醒木", "定场诗")}

# heldout66's openings as heldout58's (s10 labelled with a reason, a quoted change, no bar, a 22:00 close; anshazhe labelled, reason
# optional, a quoted change: its openings w66_031, w66_091 and README's ✱)
SET_ASSUMED["heldout66"] = SET_ASSUMED["heldout58"]
SET_CLOSES["heldout66"] = {"s10": (22, 0)}
SET_DEAD["heldout66"] = {"shediao": ("骆驼", "家兔"), "s10": ("何有福", "白春生"), "qisha": ("悲伤", "恐惧"), "anshazhe": ("介词", "连词"),
                         "mahjong": ("牛肉干", "鱿鱼丝")}

# heldout67's openings: s10 labelled with a reason, a quoted change, no bar, a 22:00 close; anshazhe's form asked for, not required
# (「请尽量按格式，格式不全但对象明确的，执法团酌情计入」), reason optional, a quoted change (w67_031, w67_091)
SET_ASSUMED["heldout67"] = {"s10": SET_ASSUMED["heldout58"]["s10"], "anshazhe": SET_ASSUMED["heldout65"]["anshazhe"]}
SET_CLOSES["heldout67"] = {"s10": (22, 0)}
SET_DEAD["heldout67"] = {"shediao": ("金角大王", "黄风怪"), "s10": ("晴雯", "秦可卿"), "qisha": ("董卓", "貂蝉"), "anshazhe": ("王伦", "晁盖"),
                         "mahjong": ("鳌拜", "海大富")}

# heldout68's openings as heldout58's (s10 labelled with a reason, a quoted change, no bar, a 22:00 close; anshazhe labelled, reason
# optional, a quoted change: its openings w68_031, w68_091 and README's ✱)
SET_ASSUMED["heldout68"] = SET_ASSUMED["heldout58"]
SET_CLOSES["heldout68"] = {"s10": (22, 0)}
SET_DEAD["heldout68"] = {"shediao": ("浑仪", "木牛流马"), "s10": ("新艺术", "粗野主义"), "qisha": ("乡村", "重金属"), "anshazhe": ("王冰", "淳于意"),
                         "mahjong": ("放置", "回合")}

ROLES = {"mahjong": {"龙门渕透华": ("酒吧老板",)}}


_ROLE_KEYS = ("法官", "酒吧老板", "警长", "武林盟主", "白痴若愚", "白痴", "已出局", "诽谤")


def _by_name(roles: dict) -> dict:
    """Who holds which role, name → role. heldout65 writes it role → name (「{"警长": "塔台", "已出局": [...]}」); its lists
    (the dead) and the 诽谤 bonus are said elsewhere (SET_DEAD, a day's bonus)."""
    if not any(_role_word(k) in _ROLE_KEYS for k in roles):
        return roles
    # (heldout66 mixes both: 「{"警长": "周红梅", "何有福": "已出局"}」; heldout67 notes a role in brackets: 「"法官(秘密)": "燕青"」)
    return {(v if _role_word(k) in _ROLE_KEYS else k): (k if _role_word(k) in _ROLE_KEYS else v) for k, v in roles.items()
            if isinstance(v, str)}


def _role_word(written: str) -> str:
    """A role as a set writes it, without the note it may add in brackets (「法官（不公开，不能投票）」)."""
    return re.split(r"[（(]", written, maxsplit=1)[0].strip()


def assumed(case: dict) -> dict:
    return SET_ASSUMED.get(case.get("set", ""), {}).get(case["preset"], ASSUMED.get(case["preset"], {}))  # the announced bar owner of every mahjong case


# Discuz's own edit stamp as a set writes it at the head of a post (「[i=s] 本帖最后由 X 于 2027-07-09 21:06 编辑 [/i]」): on the
# forum it is the page's, not the text's — the scraper takes it out and keeps who edited and when (scraper/message.py).
# Its time of day is placed on the closing day, as a stated time is.
_STAMP = re.compile(r"^\s*\[i=s\]\s*本帖最后由\s*(\S+?)\s*于\s*\d{4}-\d{1,2}-\d{1,2}\s+(\d{1,2}):(\d{2})\s*编辑\s*\[/i\]\s*")


def _post(pid: int, floor: int, author: str, text: str, hours: float, quotes=(), close: datetime | None = None) -> Post:
    stamp = _STAMP.match(text) if close is not None else None
    edited_by = edited_at = None
    if stamp:
        text = text[stamp.end():]
        edited_by = stamp.group(1)
        edited_at = close.replace(hour=int(stamp.group(2)), minute=int(stamp.group(3))).isoformat()
    return Post(pid=pid, tid=1, floor=floor, author=author, author_uid=None,
                posted_at=(START + timedelta(hours=hours)).isoformat(), time_precision="second", edited_by=edited_by,
                edited_at=edited_at, quotes=list(quotes), text=text, html="", status="normal",
                style={"colors": [], "sizes": []})


def run_case(case: dict):
    """The case's post tallied in its thread: (its entry, the day)."""
    roster, poster = case["roster"], case["poster"]
    if any(isinstance(v, list) for v in (case.get("aliases") or {}).values()):  # heldout59 writes each name's nicknames
        case = {**case, "aliases": {a: n for n, said in case["aliases"].items() for a in (said if isinstance(said, list) else [said])}}
    if isinstance(case.get("quotes"), list):  # heldout58 writes the quote as a list of {author, text}: its first is the one replied to
        first = case["quotes"][0] if case["quotes"] else None
        case = {**case, "quotes": {**first, "own_vote": first["author"] == poster} if first else None}
    aliases = case.get("aliases") or {}
    written = _by_name(case.get("roles") or {})  # a set may say who holds which role; else the set's README does
    # (the role word before any note the set adds: 「法官（不公开，不能投票）」 is the 法官 — heldout24)
    roles = {n: (_role_word(r),) for n, r in written.items() if _role_word(r) in ("法官", "酒吧老板")} if written \
        else ROLES.get(case["preset"], {})
    holder = next((n for n, r in written.items() if r in ("警长", "武林盟主")), None)
    idiots = tuple(n for n, r in written.items() if r.startswith("白痴"))
    players = tuple(Player(name, i + 3, aliases=tuple(a for a, n in aliases.items() if n == name),
                           roles=roles.get(name, ())) for i, name in enumerate(roster))
    rules = load_preset(case["preset"]).with_overrides(assumed(case))
    hour, minute = SET_CLOSES.get(case.get("set", ""), {}).get(case["preset"]) or CLOSES.get(case["preset"], (21, 0))
    close = CLOSE.replace(hour=hour, minute=minute)
    dead = tuple(n for n in SET_DEAD.get(case.get("set", ""), {}).get(case["preset"], ()) if n in roster)
    day = Day(day=4, vote_thread=1, discussion_threads=(2,), process_thread=3, start=START.isoformat(),
              close=close.isoformat(), title_holder=holder, votes_not_counted=idiots, dead=dead,
              runoff=tuple(r.group(2, 3)) if (r := _ROUND.search(case.get("why") or "")) else (),
              round_kind=r.group(1) if r else "")
    # (a time opening the post's own words, under the quote it replies to: 「[quote]…[/quote]（08:40）改票对象：…」 — heldout40)
    said = re.sub(r"(?s)^\s*\[quote\].*?\[/quote\]\s*", "", case["text"], count=1)
    stated = _STATED.match(said) or _SAID_NOW.search(said)
    hours = 5.0
    if stated:
        hh, mm = next((stated.group(i), stated.group(i + 1)) for i in range(1, stated.re.groups, 2) if stated.group(i))
        if int(hh) < 24:
            hours = (close.replace(hour=int(hh), minute=int(mm)) - START).total_seconds() / 3600
    game = Game(name="留出集", preset=case["preset"], directors=tuple(case["directors"]), players=players, days=(day,),
                rules=dict(assumed(case)))
    posts = [_post(90, 1, case["directors"][0], "投票帖：请按格式投票。", 0.1)]
    quoted = case.get("quotes")
    own = None
    if case.get("has_vote"):
        text = quoted["text"] if quoted and quoted.get("own_vote") else f"投票对象：{_prior_target(case)}\n投票理由：先投一票"
        own = _post(91, 2, poster, text, 1.0)
        posts.append(own)
    quotes = []
    if quoted:
        if quoted.get("own_vote") and own is not None:
            quotes = [Quote(own.pid, poster, None)]
        else:
            other = _post(92, len(posts) + 1, quoted["author"], quoted.get("text") or "", 2.0)
            posts.append(other)
            quotes = [Quote(other.pid, quoted["author"], None)]
    post = _post(100, len(posts) + 1, poster, case["text"], hours, quotes, close=close)
    posts.append(post)
    result = tally_day(posts, game, day, rules)
    return next(e for e in result.entries if e.pid == post.pid), result


_POSTED_TWICE = re.compile(r"发了两[遍次]|发两遍|重复发|发重了|双发了?|多发了一[遍次]")


def _prior_target(case: dict) -> str:
    """What the poster's earlier ballot was for: the first other player the post names (改票 A→B names A), else
    someone it does not name."""
    text = case["text"]
    meant = case["director"].get("target")
    if meant and _POSTED_TWICE.search(text):
        return meant  # 「网卡了，可能发了两遍」: the post before is this one

    named = sorted((text.find(n), n) for n in case["roster"] if n in text and n != meant and n != case["poster"])
    if named:
        return named[0][1]
    return next(n for n in case["roster"] if n not in text and n != case["poster"])


def key_of(kind: str, target, voter, *, preset: str) -> tuple:
    """What a verdict does to the count: whose ballot ends as what (None: the post counts nothing)."""
    if kind in ("none", "invalid"):
        return ("nothing",)
    return ("counts", voter, target)


def judge(case: dict) -> dict:
    entry, result = run_case(case)
    readings = certainty.readings(entry)
    d = case["director"]
    if isinstance(d.get("target"), list) or isinstance(d.get("for"), list):  # heldout67 writes a post's two proxies as lists:
        d = {**d, **{k: (d[k][0] if isinstance(d.get(k), list) else d.get(k)) for k in ("target", "for")}}  # the first, as the others
    wanted = key_of(d["kind"], d.get("target"), d.get("for") or (case["poster"] if d["kind"] != "proxy" else None),
                    preset=case["preset"])
    alike = {wanted}
    if d["kind"] == "invalid" and load_preset(case["preset"]).invalid_vote == "abstain" and not case.get("has_vote"):
        alike.add(("counts", d.get("for") or case["poster"], None))  # 七杀: an invalid vote stands as an abstention
    if d["kind"] == "vote" and any(e.pid != entry.pid and e.verdict == "counted" and e.voter == wanted[1] and e.target == wanted[2]
                                   for e in result.entries):
        alike.add(("nothing",))  # the standing ballot posted again (「网卡了，可能发了两遍」): counted twice or once, the same count
    keys = [key_of(r.kind, r.target, r.voter, preset=case["preset"]) for r in readings]
    if entry.not_counted and keys[0] != ("nothing",):
        if keys[0] == wanted:
            alike.add(("nothing",))  # (heldout12 writes the 若愚'd idiot's ballot as a vote: its weight 0 is the tally's)
        keys[0] = ("nothing",)  # a valid ballot that weighs nothing (若愚): it counts for nobody, as the director says
    own = keys[0]
    agree = own in alike
    covered = not agree and not entry.certain and bool(alike & set(keys[1:]))
    out = {"agree": agree, "covered": covered, "uncovered": not agree and not covered, "certain": entry.certain,
           "ask": case.get("ask", False), "tool": readings[0].to_json(), "reason": entry.reason,
           "readings": [r.to_json() for r in readings]}
    out["silent"] = out["uncovered"] and own == ("nothing",)
    out["wrong"] = out["uncovered"] and own != ("nothing",)
    # A doubt on a post that is no ballot attempt at all (the director's "none", unasked) costs a ruling for
    # nothing; an invalid ballot attempt is flagged by design (the director sees every attempt).
    out["false_doubt"] = agree and not entry.certain and not case.get("ask", False) and d["kind"] == "none"
    # Where the set says which posts a director decides at a glance (heldout4 on), a doubt on any of them is false.
    if "glance" in case:
        out["false_doubt"] = agree and not entry.certain and bool(case["glance"]) and d["kind"] != "invalid"
    out["flagged_invalid"] = agree and not entry.certain and not case.get("ask", False) and d["kind"] == "invalid"
    out["missed_ask"] = agree and entry.certain and case.get("ask", False)
    return out


def measure(cases: list[dict]) -> tuple[Counter, list[tuple[dict, dict]]]:
    totals: Counter = Counter()
    judged = []
    for case in cases:
        j = judge(case)
        judged.append((case, j))
        totals["cases"] += 1
        for k in ("agree", "covered", "uncovered", "silent", "wrong", "false_doubt", "flagged_invalid", "missed_ask"):
            totals[k] += j[k]
    return totals, judged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--show", default="uncovered")
    parser.add_argument("--group", default=None)
    args = parser.parse_args()
    if args.path.is_dir():
        return days_main(args.path)
    cases = [{**json.loads(line), "set": args.path.parent.name} for line in args.path.read_text("utf-8").splitlines()
             if line.strip()]
    if args.group:
        cases = [c for c in cases if c.get("group") == args.group]
    totals, judged = measure(cases)
    n = totals["cases"]
    glance = sum(1 for c in cases if c.get("glance"))
    if glance:
        print(f"{glance} decided at a glance: false doubts {totals['false_doubt']} ({totals['false_doubt'] / glance:.1%})")
    print(f"{n} cases: agree {totals['agree']} ({totals['agree'] / n:.1%}), covered {totals['covered']}, "
          f"uncovered {totals['uncovered']} (silent {totals['silent']}, wrong {totals['wrong']}), "
          f"false doubts {totals['false_doubt']}, invalid attempts flagged {totals['flagged_invalid']}, "
          f"missed asks {totals['missed_ask']}")
    groups = Counter(c.get("group") for c in cases)
    for group in groups:
        mine = [j for c, j in judged if c.get("group") == group]
        print(f"  {group:14} {len(mine):4}  agree {sum(j['agree'] for j in mine):4}  uncovered "
              f"{sum(j['uncovered'] for j in mine):3}  false doubts {sum(j['false_doubt'] for j in mine):3}")
    for case, j in judged:
        if args.show == "all" or j.get(args.show):
            print(f"\n[{case['id']} {case['preset']} {case.get('group')}] {case['poster']}"
                  f"{' has_vote' if case.get('has_vote') else ''}{' quotes ' + (case['quotes'][0] if isinstance(case['quotes'], list) else case['quotes'])['author'] if case.get('quotes') else ''}")
            print("  " + case["text"].replace("\n", "\n  ")[:600])
            print(f"  director: {case['director']} ask={case.get('ask')}  — {case.get('why')}")
            print(f"  tool: {'certain' if j['certain'] else 'doubt'} {j['tool']} — {j['reason'][:160]}")
            if not j["certain"]:
                print(f"  readings: {j['readings']}")



# -- whole vote days ------------------------------------------------------------------------------------
# Day files (schema in fixtures/heldout/days/README.md): one vote thread each, with the result a careful
# director announces, the floors they would rule on, and whether a tool may post it without asking.

DAY_RULES = {  # what each day file's opening post announces where its seed is silent (the days' README)
    "s10": {"ballot_format": "labelled", "require_reason": True, "blackout_minutes": 0},
    "anshazhe": {"ballot_format": "free", "require_reason": False},
}
LABELLED_ANSHAZHE = ("格式不符视为未投票",)  # game 6 requires the format; game 5 only asks for it


_DAY_NAMED = re.compile(r"\bD(\d)\b|第([一二三四五六七八九])[天日]")  # the day a file's title names (「[102]碧血剑 D2」)


_ANNOUNCED_ALIAS = re.compile(r"([^\s=＝,，、:：;；]{1,12})\s*[=＝]\s*([^\s=＝,，、;；。]{1,12})")


def day_game(day: dict, set_name: str = ""):
    """The day file as the tool reads a game: (game, its vote day, rules, posts). A set whose README gives its own
    openings (SET_ASSUMED) has its days announce the same rules as its posts."""
    roles = _by_name(day.get("roles") or {})
    # the nicknames the opening announces (「昵称：Apple=苹果 …」「认可外号：打春=立春」): the game file a director writes from it
    opening = day["posts"][0]["text"]
    aliases = {a: n for a, n in _ANNOUNCED_ALIAS.findall(opening) if n in day["players"] and a not in day["players"]}
    players = tuple(Player(name, i + 3, roles=(_role_word(roles[name]),) if _role_word(roles.get(name) or "") in ("法官", "酒吧老板") else (),
                           aliases=tuple(a for a, n in aliases.items() if n == name))
                    for i, name in enumerate([*day["players"], *day.get("dead", [])]))
    overrides = dict(SET_ASSUMED.get(set_name, {}).get(day["preset"]) or DAY_RULES.get(day["preset"], {}))
    if day["preset"] == "anshazhe" and any(w in day["posts"][0]["text"] for w in LABELLED_ANSHAZHE):
        overrides["ballot_format"] = "labelled"
    elif "请尽量按" in day["posts"][0]["text"]:
        overrides["ballot_format"] = "preferred"  # a format asked for, not required
    named = _DAY_NAMED.search(day.get("title") or "")
    number = (int(named.group(1)) if named.group(1) else "一二三四五六七八九".index(named.group(2)) + 1) if named else 1
    vote_day = Day(day=number, vote_thread=1, discussion_threads=(2,), process_thread=3, start=day["start"], close=day["close"],
                   dead=tuple(day.get("dead", [])), title_holder=day.get("title_holder"), bonus=day.get("bonus") or {},
                   accelerated_from=day.get("accelerated_from"),
                   votes_not_counted=tuple(n for n, r in roles.items() if r == "白痴若愚" or (r.startswith("白痴") and "若愚" in r)))
    game = Game(name=day.get("title", day["id"]), preset=day["preset"], directors=tuple(day["directors"]), players=players,
                days=(vote_day,), rules=overrides)
    rules = load_preset(day["preset"]).with_overrides(overrides)
    pids = {p["floor"]: 1000 + p["floor"] for p in day["posts"]}
    posts = []
    for p in day["posts"]:
        quotes = []
        if p.get("quote_floor") in pids:
            quoted = next(q for q in day["posts"] if q["floor"] == p["quote_floor"])
            quotes = [Quote(pids[p["quote_floor"]], quoted["author"], None)]
        posts.append(Post(pid=pids[p["floor"]], tid=1, floor=p["floor"], author=p["author"], author_uid=None,
                          posted_at=p["time"], time_precision="second", edited_by=None, edited_at=None, quotes=quotes,
                          text=p["text"], html="", status="normal", style={"colors": [], "sizes": []}))
    return game, vote_day, rules, posts


def _outcome(o) -> tuple:
    kind = {"revote": "revote", "runoff": "runoff", "out": "out"}.get(o["kind"] if isinstance(o, dict) else o.kind, "none")
    names = o["names"] if isinstance(o, dict) else o.names
    return kind, tuple(sorted(names)) if kind != "none" else ()


def director_rulings(day: dict, result) -> dict:
    """The rulings the day file's director made, on every post the tool flags: each as the file counts it."""
    from tally.day import Ruling

    counted = {b["floor"]: b for b in day["expect"].get("ballots", [])}
    rulings = {}
    for flag in result.flags:
        entry = next(e for e in result.entries if e.pid == flag.pid)
        ballot = counted.get(entry.floor)
        if ballot is None:
            rulings[flag.pid] = Ruling(flag.pid, "reject", note="留出集的导演裁定")
            continue
        target = None if ballot["target"] in ("弃权", None) else ballot["target"]
        voter = ballot["voter"] if ballot["voter"] != entry.author else None
        rulings[flag.pid] = Ruling(flag.pid, "target", target, "留出集的导演裁定", voter=voter)
    return rulings


def judge_day(day: dict, set_name: str = "") -> dict:
    game, vote_day, rules, posts = day_game(day, set_name)
    result = tally_day(posts, game, vote_day, rules)
    expect = day["expect"]
    wanted = _outcome(expect["outcome"])
    floor_of = {e.pid: e.floor for e in result.entries}
    held_by = sorted(floor_of[pid] for pid in (result.proof.pids if result.proof else []))
    ruled = tally_day(posts, game, vote_day, rules, director_rulings(day, result))
    out = {
        "unattended": expect["unattended"], "certain": result.certain, "outcome": _outcome(result.outcome),
        "wanted": wanted, "flags": sorted(f.floor for f in result.flags), "doubtful": expect.get("doubtful_floors", []),
        "held_by": held_by, "ruled": _outcome(ruled.outcome), "ruled_certain": ruled.certain,
        "note": result.proof.describe(floor_of.get) if result.proof and not result.certain else "",
    }
    # What a director needs: posted alone only when the file says a tool may, and then right; held otherwise,
    # naming a floor the director would rule on — one left doubtful, or one the director's rulings do rule on
    # (this tally has none of them: a ruled floor is as open here as before the ruling); and right once the
    # director's rulings are in.
    out["posts_alone_wrongly"] = result.certain and (not expect["unattended"] or out["outcome"] != wanted)
    out["holds_needlessly"] = expect["unattended"] and not result.certain
    rules_on = set(out["doubtful"]) | {r["floor"] for r in expect.get("rulings") or () if r.get("floor") is not None}
    out["names_the_doubt"] = result.certain or not out["doubtful"] or bool(set(held_by) & rules_on) or (
        not held_by and bool(set(out["flags"]) & rules_on))
    out["ruled_right"] = out["ruled"] == wanted and ruled.certain
    return out


def judge_day_alone(day: dict, set_name: str = "") -> dict:
    """The day from its thread alone: the director's rulings posted in it applied as poll applies them
    (tally/rulings.py: the director by name and uid, every check a posted ruling passes), nothing typed."""
    from dataclasses import replace

    from tally import rulings as posted

    game, vote_day, rules, posts = day_game(day, set_name)
    uids = {a: (2 if a in day["directors"] else 100 + i) for i, a in enumerate(dict.fromkeys(p.author for p in posts))}
    posts = [replace(p, author_uid=uids[p.author]) for p in posts]
    base = tally_day(posts, game, vote_day, rules, {}, sensitivity=False)
    found = posted.from_posts(posts, game, vote_day, base, rules, {}, posted.director_uids(game, posts))
    result = tally_day(posts, game, vote_day, rules, posted.merge([], found))
    wanted, got = _outcome(day["expect"]["outcome"]), _outcome(result.outcome)
    floor_of = {p.pid: p.floor for p in posts}
    out = {"certain": result.certain, "outcome": got, "wanted": wanted, "unattended": day["expect"]["unattended"],
           "applied": sorted({floor_of.get(pid) for pid in posted.merge([], found)} - {None}),
           "unread": [u.floor for u in found.unread],
           "note": result.proof.describe(floor_of.get) if result.proof and not result.certain else ""}
    out["posts_wrongly"] = result.certain and got != wanted
    # Right: posted alone where the day's director says a tool may, and then theirs; held otherwise.
    # (A day whose doubts the director's posted rulings settle is right certain; one they leave open, right held.)
    out["right"] = (result.certain and got == wanted) or (not result.certain and not out["unattended"])
    return out


def days_main(folder: Path) -> None:
    files = sorted(folder.glob("*.json"))
    bad = 0
    for path in files:
        day = json.loads(path.read_text("utf-8"))
        j = judge_day(day, folder.parent.name)
        ok = not j["posts_alone_wrongly"] and j["names_the_doubt"] and j["ruled_right"]
        bad += not ok
        mark = "ok " if ok else "BAD"
        print(f"{mark} {day['id']} {day['preset']:8} unattended={str(j['unattended']):5} tool={'certain' if j['certain'] else 'held':7} "
              f"{j['outcome']} want {j['wanted']} flags {j['flags']} doubtful {j['doubtful']} held by {j['held_by']} "
              f"ruled {j['ruled']}{' (certain)' if j['ruled_certain'] else ' (still doubtful)'}"
              f"{'  NEEDLESS HOLD' if j['holds_needlessly'] else ''}")
        if not ok and j["note"]:
            print(f"    {j['note']}")
    print(f"{len(files) - bad}/{len(files)} days as the director would have them")
    alone = [judge_day_alone(json.loads(path.read_text("utf-8")), folder.parent.name) for path in files]
    print(f"{sum(a['right'] for a in alone)}/{len(files)} days right from the thread alone (the director's posted "
          f"rulings applied, nothing typed); {sum(a['posts_wrongly'] for a in alone)} posted wrongly")


if __name__ == "__main__":
    main()
