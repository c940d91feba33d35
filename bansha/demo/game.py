"""The built-in demo game: [101]梁山风云, day 1, on the demo forum. Our own story, shaped like a real one."""

from __future__ import annotations

from datetime import datetime, timedelta

from .forum import TZ, DemoForum

DIRECTOR = (2, "导演甲")
PLAYERS = [
    (11, "宋江"), (12, "吴用"), (13, "林冲"), (14, "武松"), (15, "鲁智深"),
    (16, "李逵"), (17, "花荣"), (18, "燕青"), (19, "孙二娘"),
]
VOTE_TID, DISCUSSION_TID, PROCESS_TID = 101, 102, 103
OPEN = datetime(2026, 11, 27, 21, 0, tzinfo=TZ)
CLOSE = OPEN + timedelta(days=2)


def build(forum: DemoForum | None = None, **options) -> DemoForum:
    """A forum holding one game day: vote, discussion and process threads. Its clock is just after close."""
    forum = forum or DemoForum(**{"name": "梁山版杀社区", "clock": lambda: CLOSE + timedelta(minutes=30), **options})
    forum.add_user(*DIRECTOR, password="demo-director")
    for uid, name in PLAYERS:
        forum.add_user(uid, name, password="demo-player")
    uid = {name: u for u, name in PLAYERS + [DIRECTOR]}

    def at(hours: float):
        return OPEN + timedelta(hours=hours)

    roster = " ".join(name for _, name in PLAYERS)
    forum.add_thread(VOTE_TID, "[101]梁山风云——第一天投票帖")
    forum.add_thread(DISCUSSION_TID, "[101]梁山风云——第一天讨论帖")
    forum.add_thread(PROCESS_TID, "[101]梁山风云——进程帖")

    forum.add_post(VOTE_TID, uid["导演甲"], (
        "[b]第一天投票帖[/b]\n投票时间：2026-11-27 21:00 至 2026-11-29 21:00\n"
        "投票格式：\n投票对象：X\n投票理由：Y\n改票限一次，须引用自己的原投票楼层。\n"
        f"存活玩家（9人）：\n{roster}"
    ), at(0))
    votes = [
        ("吴用", "投票对象：李逵\n投票理由：发言太冲，像是在带节奏。", 0.5),
        ("林冲", "投票对象：李逵\n投票理由：昨晚的发言前后矛盾。", 1.2),
        ("武松", "投票对象：燕青\n投票理由：一直潜水，不表态。", 3.0),
        ("鲁智深", "投票对象: 李逵\n投票理由: 洒家看他不顺眼。", 5.5),
        ("李逵", "投票对象：吴用\n投票理由：军师说话弯弯绕绕，铁牛不信。", 6.0),
        ("花荣", "投票对象：燕青  投票理由：同意武松的看法。", 9.0),
        ("燕青", "投票对象：弃权\n投票理由：还没看清局势。", 12.0),
    ]
    pids = {}
    for name, text, hours in votes:
        pids[name] = forum.add_post(VOTE_TID, uid[name], text, at(hours)).pid
    forum.add_post(VOTE_TID, uid["孙二娘"], "我也想投李逵，不过再看看讨论帖。", at(14.0))
    forum.add_post(VOTE_TID, uid["宋江"], "投票对象：[color=Red]燕青[/color]\n投票理由：[size=5]大家听我的[/size]", at(20.0))
    forum.add_post(VOTE_TID, uid["花荣"], forum.quote_bbcode(pids["花荣"]) + "\n\n改票对象：李逵\n改票理由：看了讨论帖，改投李逵。", at(26.0))
    forum.add_post(VOTE_TID, uid["孙二娘"], "投票对象：李逵\n投票理由：讨论帖里他已经自爆了一半。", at(30.0))
    forum.add_post(VOTE_TID, uid["武松"], "改票对象：李逵\n改票理由：忘了引用原楼。", at(40.0))
    forum.add_post(VOTE_TID, uid["导演甲"], "[color=Red]投票将于今晚 21:00 截止，请还没投票的玩家抓紧时间。[/color]", at(44.0))
    forum.add_post(VOTE_TID, uid["林冲"], "投票对象：宋江\n投票理由：截止后才想明白。", at(48.2))

    # Discussion: most players talk enough; 燕青 lurks and 孙二娘 is busy (both under 5 posts).
    lines = {
        "宋江": ["各位兄弟，第一天大家先报个平安。", "大家注意，不要在讨论帖里报身份。", "我看燕青一直不说话。", "李逵别急，慢慢说。", "我先投燕青，看看反应。", "晚安，明天继续。"],
        "吴用": ["我觉得李逵昨晚的反应有点奇怪。", "我们先把票集中在李逵身上试试。", "燕青你出来说两句吧。", "李逵的说法前后对不上。", "军师我心里有数。"],
        "李逵": ["铁牛是好人！谁投我我就记住谁！", "军师你这是借刀杀人！", "好吧，铁牛认了，明天见分晓。", "你们都冲着我来！", "俺不服！"],
        "林冲": ["李逵你先冷静，把你昨晚看到的说清楚。", "我站吴用这边。", "宋江哥哥说得对。", "今晚我早点睡。", "明天再看票型。"],
        "武松": ["燕青到现在一句话都没说。", "我投燕青了。", "打虎都没这么累。", "李逵也不一定是坏人。", "再看看吧。"],
        "鲁智深": ["洒家同意林冲，李逵说话太冲了。", "洒家投李逵了。", "洒家饿了。", "李逵别嚷嚷。", "洒家去睡了。", "明日再战！"],
        "花荣": ["燕青确实在潜水。", "我可能会改票，看后续发言。", "我改投李逵了。", "箭在弦上。", "大家晚安。"],
        "孙二娘": ["店里忙，晚点再来看。", "包子刚出笼。", "我也投李逵吧。"],
        "燕青": [],
    }
    order = [(name, text) for round_ in range(6) for name, said in lines.items() if round_ < len(said) for text in [said[round_]]]
    for index, (name, text) in enumerate(order):
        forum.add_post(DISCUSSION_TID, uid[name], text, at(0.2 + index * 1.0))
    forum.add_post(PROCESS_TID, uid["导演甲"], "[b]进程帖[/b]\n申请加速、延时请在此回复。", at(0))
    forum.add_post(PROCESS_TID, uid["吴用"], "申请加速", at(10.0))
    forum.add_post(PROCESS_TID, uid["林冲"], "申请加速", at(11.0))
    return forum
