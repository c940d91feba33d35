"""Three finished demo games on one demo forum, for `bansha demo --board`: a board's history in small.

[201]聚义厅 (射雕 rules), [202]水泊夜话 (七杀 rules, 林冲's seat taken over by 扈三娘 from day 2 — a 顶替) and
[203]英雄排座次 (射雕 rules), each two days long and closed by the director's 揭秘 post in its process thread, each
written in another board's way. Between the second and the third game the account 武松 (uid 14) is renamed 行者,
and a new account registers the freed name 武松 (uid 21): two accounts, one name, never one record.
Our own story, shaped like real games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from .forum import TZ, DemoForum

DIRECTOR = (2, "导演甲")
ACCOUNTS = {11: "宋江", 12: "吴用", 13: "林冲", 14: "武松", 15: "鲁智深", 16: "李逵", 17: "花荣", 18: "燕青",
            19: "孙二娘", 20: "扈三娘"}
RENAMED = (14, "行者")  # before the third game
NEWCOMER = (21, "武松")  # registers the freed name


@dataclass
class DemoGame:
    number: int  # its vote threads are number*10 + day, discussion +5, process number*10
    name: str
    preset: str
    players: list[str]
    opens: datetime
    ballots: dict[int, list[tuple[str, str]]]  # day → (voter account, target)
    events: list[dict]
    reveal: str
    quiet: dict[int, list[str]] = field(default_factory=dict)  # day → accounts that post too little
    substitutes: dict[str, tuple[int, str]] = field(default_factory=dict)  # seat → (from day, account)

    def vote_tid(self, day: int) -> int:
        return self.number * 10 + day

    def discussion_tid(self, day: int) -> int:
        return self.number * 10 + 4 + day

    @property
    def process_tid(self) -> int:
        return self.number * 10

    def window(self, day: int) -> tuple[datetime, datetime]:
        start = self.opens + timedelta(days=3 * (day - 1))
        return start, start + timedelta(days=2)

    def toml(self, forum: str) -> str:
        lines = ["# A finished demo game (bansha demo --board).", "[game]", f'name = "{self.name}"', f'preset = "{self.preset}"',
                 'timezone = "Asia/Shanghai"', f'forum = "{forum}"', 'directors = ["导演甲"]']
        if self.preset == "qisha":
            lines += ["", "[rules]", 'ballot_format = "labelled"']
        for player in self.players:
            lines += ["", "[[players]]", f'name = "{player}"']
        for day in sorted(self.ballots):
            start, close = self.window(day)
            lines += ["", "[[days]]", f"day = {day}", f"vote_thread = {self.vote_tid(day)}",
                      f"discussion_threads = [{self.discussion_tid(day)}]", f"process_thread = {self.process_tid}",
                      f'start = "{start:%Y-%m-%d %H:%M}"', f'close = "{close:%Y-%m-%d %H:%M}"']
        for event in self.events:
            lines += ["", "[[events]]"] + [f"{k} = {v!r}".replace("'", '"') for k, v in event.items()]
        return "\n".join(lines) + "\n"


GAMES = [
    DemoGame(
        20, "[201]聚义厅", "shediao", ["宋江", "吴用", "林冲", "武松", "鲁智深", "李逵"], datetime(2026, 10, 1, 21, 0, tzinfo=TZ),
        {1: [("宋江", "吴用"), ("武松", "吴用"), ("林冲", "李逵"), ("吴用", "李逵"), ("鲁智深", "李逵"), ("李逵", "鲁智深")],
         2: [("宋江", "吴用"), ("武松", "吴用"), ("鲁智深", "吴用"), ("吴用", "宋江")]},
        [{"what": "处决", "player": "李逵", "day": 1}, {"what": "被杀", "player": "林冲", "day": 2},
         {"what": "处决", "player": "吴用", "day": 2}],
        "[b]【揭秘】[201]聚义厅[/b]\n感谢各位参与！身份如下：\n"
        "宋江：先知者（护国阵营）\n吴用：圣姑（杀手阵营），第二天被处决\n林冲：神医（护国阵营），第二夜被杀手刀了\n"
        "武松：药师（护国阵营）\n鲁智深：弟子（护国阵营）\n李逵：帮主（护国阵营），第一天被处决\n\n"
        "[color=Red]本局护国阵营获胜！[/color]\n下一局见～",
        quiet={1: ["鲁智深"]},
    ),
    DemoGame(
        21, "[202]水泊夜话", "qisha", ["宋江", "林冲", "武松", "花荣", "燕青", "孙二娘"], datetime(2026, 11, 1, 21, 0, tzinfo=TZ),
        {1: [("宋江", "花荣"), ("武松", "花荣"), ("燕青", "花荣"), ("花荣", "宋江"), ("林冲", "武松"), ("孙二娘", "林冲")],
         2: [("宋江", "林冲"), ("武松", "燕青"), ("燕青", "林冲"), ("扈三娘", "宋江")]},
        [{"what": "处决", "player": "花荣", "day": 1}, {"what": "被杀", "player": "孙二娘", "day": 2},
         {"what": "顶替", "player": "林冲", "day": 2, "to": "扈三娘"}, {"what": "处决", "player": "林冲", "day": 2}],
        "七杀「水泊夜话」揭秘\n\n【海盗方】\n宋江（船长）、武松（水手）、燕青（水手）、孙二娘（大副）\n\n"
        "【土著方】\n林冲（族长，第二天起由扈三娘顶替）、花荣（食人花）\n\n海盗方获胜，恭喜各位船员！",
        substitutes={"林冲": (2, "扈三娘")},
    ),
    DemoGame(
        22, "[203]英雄排座次", "shediao", ["宋江", "吴用", "行者", "李逵", "燕青", "武松"], datetime(2026, 11, 20, 21, 0, tzinfo=TZ),
        {1: [("宋江", "李逵"), ("吴用", "宋江"), ("行者", "李逵"), ("李逵", "行者"), ("燕青", "李逵"), ("武松", "吴用")],
         2: [("宋江", "燕青"), ("行者", "燕青"), ("燕青", "宋江")]},
        [{"what": "处决", "player": "李逵", "day": 1}, {"what": "被杀", "player": "吴用", "day": 2},
         {"what": "处决", "player": "燕青", "day": 2}],
        "本局结果：[b]杀手阵营获胜[/b]\n[table]\n[tr][td]座位[/td][td]玩家[/td][td]身份[/td][td]阵营[/td][/tr]\n"
        "[tr][td]1号[/td][td]宋江[/td][td]左护法[/td][td]杀手阵营[/td][/tr]\n[tr][td]2号[/td][td]吴用[/td][td]神医[/td][td]护国阵营[/td][/tr]\n"
        "[tr][td]3号[/td][td]行者[/td][td]圣姑[/td][td]杀手阵营[/td][/tr]\n[tr][td]4号[/td][td]李逵[/td][td]祖师[/td][td]护国阵营[/td][/tr]\n"
        "[tr][td]5号[/td][td]燕青[/td][td]顽童[/td][td]护国阵营[/td][/tr]\n[tr][td]6号[/td][td]武松[/td][td]弟子[/td][td]护国阵营[/td][/tr]\n"
        "[/table]\n谢谢大家，复盘请移步讨论区。",
        quiet={2: ["武松"]},
    ),
]

_CHATTER = ["大家好，先看看情况。", "我觉得昨晚的发言有点问题。", "同意楼上的看法。", "再观察一下票型。", "今晚早点睡，明天继续。",
            "这个思路我不太认同。"]


def build_board(forum: DemoForum, game: DemoGame, rounds: int = 6) -> None:
    """One finished game on the forum: its vote and discussion threads per day (each living seat posting `rounds`
    times a day, the quiet once) and its process thread, the director's 揭秘 last."""
    uid = {u.name: u.uid for u in forum.users.values()}
    director = DIRECTOR[0]
    forum.add_thread(game.process_tid, f"{game.name}——进程帖")
    forum.add_post(game.process_tid, director, f"[b]{game.name} 进程帖[/b]\n公告、加速、延时请在此回复。", game.opens - timedelta(hours=1))
    dead: set[str] = set()
    last_close = game.opens
    for day, ballots in sorted(game.ballots.items()):
        start, close = game.window(day)
        last_close = close
        dead |= {e["player"] for e in game.events if e["what"] in ("被杀",) and e["day"] == day}
        seats = [p for p in game.players if p not in dead]
        playing = {seat: _account(game, seat, day) for seat in seats}
        forum.add_thread(game.vote_tid(day), f"{game.name}——第{day}天投票帖")
        forum.add_thread(game.discussion_tid(day), f"{game.name}——第{day}天讨论帖")
        forum.add_post(game.vote_tid(day), director, f"[b]第{day}天投票帖[/b]\n投票格式：\n投票对象：X\n投票理由：Y\n"
                       f"存活玩家：{' '.join(seats)}", start)
        for n, (voter, target) in enumerate(ballots):
            forum.add_post(game.vote_tid(day), uid[voter], f"投票对象：{target}\n投票理由：第{day}天的发言让我起疑。",
                           start + timedelta(hours=1 + 3 * n))
        quiet = game.quiet.get(day, [])
        for round_ in range(rounds):
            for n, (seat, account) in enumerate(playing.items()):
                if account in quiet and round_ >= 1:
                    continue
                forum.add_post(game.discussion_tid(day), uid[account], f"{_CHATTER[(round_ + n) % len(_CHATTER)]}（{seat}）",
                               start + timedelta(hours=2, minutes=round_ * (2400 // rounds) + n))
        dead |= {e["player"] for e in game.events if e["what"] == "处决" and e["day"] == day}
    forum.add_post(game.process_tid, director, game.reveal, last_close + timedelta(hours=12))


def _account(game: DemoGame, seat: str, day: int) -> str:
    taken = game.substitutes.get(seat)
    return taken[1] if taken and day >= taken[0] else seat


def new_forum(**options) -> DemoForum:
    """The board's forum with its accounts as they were before the third game; its clock after every game."""
    forum = DemoForum(**{"name": "梁山版杀社区", "clock": lambda: datetime(2026, 12, 1, 12, 0, tzinfo=TZ), **options})
    forum.add_user(*DIRECTOR, password="demo-director")
    for uid, name in ACCOUNTS.items():
        forum.add_user(uid, name, password="demo-player")
    return forum


def before_third(forum: DemoForum) -> None:
    """Between the second and the third game: 武松 renamed 行者, and a newcomer registers 武松."""
    forum.rename_user(*RENAMED)
    forum.add_user(*NEWCOMER, password="demo-player")
