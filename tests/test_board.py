"""A board's history (issue 44): the 揭秘 post read into a draft, three finished demo games gathered into one board
— a renamed account, a 顶替 and a freed name taken by a newcomer among them — and each account's 战绩 as worked
out by hand from the games' stories in bansha/demo/board.py."""

from __future__ import annotations

import html
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bansha.board import reveal_path
from grammar.names import Roster
from grammar.reveal import read_reveal
from scraper import board as store
from tally import board as records
from tally.rules import load_camps

SHEDIAO = load_camps("shediao")
ROSTER = Roster(["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公"])


def bansha(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


# -- the reveal post, read like a ballot ----------------------------------------------------------------------

def test_a_plain_reveal_is_read_whole_and_certain():
    draft = read_reveal("【揭秘】\n郭靖：先知者（护国阵营）\n2号 黄蓉 —— 神医，第三夜被杀手刀了\n杨康：圣姑，第二天被处决\n"
                        "穆念慈 | 左护法 | 杀手阵营\n欧阳克：药师\n洪七公：祖师\n本局护国阵营获胜！", ROSTER, SHEDIAO)
    assert draft.certain and draft.winner == "护国阵营"
    # 杨康's camp is not written: the seed puts 圣姑 in 杀手阵营; 黄蓉's 「被杀手刀了」 says who killed her, not what she was.
    assert {n: (s.role, s.camp) for n, s in draft.seats.items()} == {
        "郭靖": ("先知者", "护国阵营"), "黄蓉": ("神医", "护国阵营"), "杨康": ("圣姑", "杀手阵营"),
        "穆念慈": ("左护法", "杀手阵营"), "欧阳克": ("药师", "护国阵营"), "洪七公": ("祖师", "护国阵营")}


def test_role_lists_camp_headings_and_a_table_read_the_same():
    lists = "圣姑：杨康\n左护法：穆念慈\n护国阵营：郭靖（先知者）、黄蓉（神医）、欧阳克（药师）、洪七公（祖师）\n杀手方胜利"
    headed = "【杀手阵营】\n杨康（圣姑）、穆念慈（左护法）\n\n【护国阵营】\n郭靖（先知者）、黄蓉（神医）、欧阳克（药师）、洪七公（祖师）\n\n杀手阵营获胜"
    table = ("本局结果：杀手阵营获胜\n[table][tr][td]1号[/td][td]郭靖[/td][td]先知者[/td][td]护国阵营[/td][/tr]"
             "[tr][td]2号[/td][td]黄蓉[/td][td]神医[/td][td]护国阵营[/td][/tr][tr][td]3号[/td][td]杨康[/td][td]圣姑[/td][td]杀手阵营[/td][/tr]"
             "[tr][td]4号[/td][td]穆念慈[/td][td]左护法[/td][td]杀手阵营[/td][/tr][tr][td]5号[/td][td]欧阳克[/td][td]药师[/td][td]护国阵营[/td][/tr]"
             "[tr][td]6号[/td][td]洪七公[/td][td]祖师[/td][td]护国阵营[/td][/tr][/table]")
    for text in (lists, headed, table):
        draft = read_reveal(text, ROSTER, SHEDIAO)
        assert draft.certain, draft.questions()
        assert draft.winner == "杀手阵营"
        assert [n for n, s in draft.seats.items() if s.camp == "杀手阵营"] == ["杨康", "穆念慈"]


@pytest.mark.parametrize("line, doubted", [
    ("郭靖：好像是先知者", "不确定"),  # a hedge
    ("郭靖：先知者\n更正：郭靖应为药师", "更正"),  # a later correction: which is it?
    ("郭靖：先知者（杀手阵营）", "不同"),  # the camp written is not the role's camp (a camp change, or a slip)
    ("郭靖：厨子", "阵营"),  # a role the rules do not know, its camp unwritten
    ("郭靖：先知者\n郭靖其实是圣姑", "不止一个身份"),  # another line gives the seat another role
    ("郭靖：先知者\n第二夜郭靖和圣姑聊了很久", "另有说法"),  # a story line naming another role beside the seat
])
def test_every_word_that_could_change_a_seat_is_explained_or_asked(line, doubted):
    rest = "\n黄蓉：神医\n杨康：圣姑\n穆念慈：左护法\n欧阳克：药师\n洪七公：祖师\n护国阵营获胜"
    draft = read_reveal(line + rest, ROSTER, SHEDIAO)
    assert not draft.certain
    assert any(doubted in d for d in draft.seats["郭靖"].doubts), draft.seats["郭靖"].doubts
    assert all(not s.doubts for n, s in draft.seats.items() if n != "郭靖")


def test_missing_seats_strangers_and_no_winner_are_asked():
    draft = read_reveal("郭靖：先知者\n黄蓉：神医\n杨康：圣姑\n郭大侠：左护法\n欧阳克：药师", ROSTER, SHEDIAO)
    questions = "\n".join(draft.questions())
    assert "没有写到：穆念慈、洪七公" in questions
    assert "「郭大侠」不在玩家名单上" in questions
    assert "没有写明哪个阵营获胜" in questions


def test_a_result_post_is_no_reveal():
    draft = read_reveal("第一天投票结果：杨康 3 票，出局\n郭靖、黄蓉、欧阳克 投了杨康\n护国阵营加油", ROSTER, SHEDIAO)
    assert not draft.is_reveal and not draft.certain
    assert all(not s.role and not s.camp for s in draft.seats.values())


# -- three finished demo games on one board ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def board(tmp_path_factory):
    work = tmp_path_factory.mktemp("board")
    done = bansha("demo", "--board", work / "demo")
    assert done.returncode == 0, done.stderr
    return work / "demo", done.stdout


def _by_name(rows) -> dict[str, records.Record]:
    found = records.records(rows)
    by_uid = {r.account.rsplit("#", 1)[1]: r for r in found.values()}
    assert len(by_uid) == len(found)  # every account known by its uid
    return by_uid


def test_each_players_record_is_as_worked_out_by_hand(board):
    folder, _said = board
    rows = store.load_rows(store.open_board(folder / "board.db", readonly=True))
    got = _by_name(rows)
    # (games, won/revealed, days alive, out by vote/night, times voted out, ballots, hits on the other camp, 潜水)
    # from bansha/demo/board.py's three stories: [201] 护国 wins (吴用 the only killer), [202] 海盗方 wins,
    # [203] 杀手阵营 wins (宋江, 行者).
    expected = {
        # 宋江: 护国 / 海盗 / 杀手, all won; alive both days of each; six ballots, every one at the other camp.
        "11": (3, 3, 6, {}, 0, 6, 6, 0),
        # 吴用: 杀手 in [201] (voted out day 2), 护国 in [203] (killed before day 2): alive 2 + 1 days.
        "12": (2, 0, 3, {"vote": 1, "night": 1}, 1, 3, 3, 0),
        # 林冲 (uid 13): [201] killed before day 2; [202] plays day 1 only (扈三娘 takes the seat from day 2).
        "13": (2, 1, 2, {"night": 1}, 0, 2, 1, 0),
        # 武松, renamed 行者 before [203]: one account, three games, three wins; day 2 of [202] he voted 燕青, his own camp.
        "14": (3, 3, 6, {}, 0, 6, 5, 0),
        # 鲁智深: [201] only; 2 posts in day 1's discussion (潜水); day 1 he voted 李逵, his own camp.
        "15": (1, 1, 2, {}, 0, 2, 1, 1),
        # 李逵: voted out on day 1 of [201] and of [203]; won [201] as 护国, lost [203].
        "16": (2, 1, 2, {"vote": 2}, 2, 2, 1, 0),
        "17": (1, 0, 1, {"vote": 1}, 1, 1, 1, 0),  # 花荣: 土著, voted out day 1
        "18": (2, 1, 4, {"vote": 1}, 1, 4, 3, 0),  # 燕青: 海盗 won; 护国 in [203], voted out day 2
        "19": (1, 1, 1, {"night": 1}, 0, 1, 1, 0),  # 孙二娘: 海盗, killed before day 2
        # 扈三娘: 林冲's seat from day 2 of [202]: that day only, voted out in it, the seat's camp lost.
        "20": (1, 0, 1, {"vote": 1}, 1, 1, 1, 0),
        # The newcomer who registered the freed name 武松: [203] only, no ballot and 1 post on day 2 (潜水).
        "21": (1, 0, 2, {}, 0, 1, 0, 1),
    }
    assert set(got) == set(expected)
    for uid, (games, won, days, out, voted_out, ballots, hits, lurks) in expected.items():
        r = got[uid]
        assert (r.games, r.won, r.revealed, r.days_alive, dict(r.out), r.voted_out, r.ballots, r.hits, r.lurks) == \
            (games, won, games, days, out, voted_out, ballots, hits, lurks), (uid, r)
    assert got["14"].names == ["武松", "行者"] and got["21"].names == ["武松"]  # one name, two accounts, never merged
    assert dict(got["15"].cards) == {"yellow": 1}  # the director's card for his 潜水
    assert records.camp_rates(rows) == {"qisha": {"土著方": (0, 1), "海盗方": (1, 1)},
                                        "shediao": {"护国阵营": (1, 2), "杀手阵营": (1, 2)}}


def test_the_record_post_and_the_site_show_it(board):
    folder, said = board
    post = (folder / "board.bbcode.txt").read_text("utf-8")
    assert post in said.replace("\r", "")
    row = re.search(r"\[tr\]\[td\]行者\[/td\](.*?)\[/tr\]", post).group(1)
    assert "[td]3[/td][td]3/3（100%）[/td]" in row and "[td]5/6（83%）[/td]" in row
    assert "同名的不同账号（分别计算）：武松：2 个账号" in post
    index = (folder / "board-site" / "index.html").read_text("utf-8")
    assert "共 3 局，11 个账号" in index
    pages = [p.read_text("utf-8") for p in (folder / "board-site").glob("player-*.html")]
    renamed = next(p for p in pages if "用过的名字：武松、行者" in p)
    assert renamed.count("<tr>") == 2 + 1 + 3  # the record's heading and row; the games' heading and three games
    assert "script-src 'none'" in index


def test_adding_a_game_again_writes_nothing(board):
    folder, _said = board
    before = sqlite3.connect(folder / "board.db").execute("select key, added_at from games order by key").fetchall()
    again = bansha("board", "add", folder / "game-201.toml", "--board", folder / "board.db")
    assert again.returncode == 0, again.stderr
    assert "战绩库里已有，没有变化" in again.stdout
    after = sqlite3.connect(folder / "board.db").execute("select key, added_at from games order by key").fetchall()
    assert after == before


def test_a_game_without_its_reveal_shows_no_role_anywhere(board, tmp_path):
    folder, _said = board
    # The same game gathered into a fresh board with its reveal not confirmed: posts and counts, never a role.
    for name in ("game-202.toml", "game-202.db"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    draft = reveal_path(folder / "game-202.toml").read_text("utf-8").replace("confirmed = true", "confirmed = false")
    reveal_path(tmp_path / "game-202.toml").write_text(draft, "utf-8")
    added = bansha("board", "add", tmp_path / "game-202.toml", "--board", tmp_path / "b.db")
    assert added.returncode == 0, added.stderr
    assert "还没有确认" in added.stderr
    report = bansha("board", "report", "--board", tmp_path / "b.db", "--html", tmp_path / "site")
    assert report.returncode == 0, report.stderr
    shown = report.stdout + "".join(p.read_text("utf-8") for p in (tmp_path / "site").glob("*.html"))
    shown += bansha("board", "report", "--board", tmp_path / "b.db").stdout
    for secret in ("船长", "水手", "大副", "族长", "食人花", "海盗方", "土著方"):
        assert secret not in html.unescape(shown), secret
    rows = store.load_rows(store.open_board(tmp_path / "b.db", readonly=True))
    assert {r["role"] for r in rows["seats"]} == {None} and {r["camp"] for r in rows["seats"]} == {None}
    assert len(rows["ballots"]) == 10  # both days' ballots still count: 6 + 4


def test_reveal_drafts_from_the_archive_and_confirms_only_when_complete(board, tmp_path):
    folder, _said = board
    for name in ("game-201.toml", "game-201.db"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    drafted = bansha("reveal", tmp_path / "game-201.toml")
    assert drafted.returncode == 0, drafted.stderr
    text = reveal_path(tmp_path / "game-201.toml").read_text("utf-8")
    assert "confirmed = false" in text and 'winner = "护国阵营"' in text
    assert '吴用 = { role = "圣姑", camp = "杀手阵营" }' in text.replace('"吴用"', "吴用")
    reveal_path(tmp_path / "game-201.toml").write_text(text.replace('winner = "护国阵营"', 'winner = ""'), "utf-8")
    refused = bansha("reveal", tmp_path / "game-201.toml", "--confirm")
    assert refused.returncode == 1 and "没有写获胜方" in refused.stderr
    reveal_path(tmp_path / "game-201.toml").write_text(text, "utf-8")
    confirmed = bansha("reveal", tmp_path / "game-201.toml", "--confirm")
    assert confirmed.returncode == 0, confirmed.stderr
    assert "confirmed = true" in reveal_path(tmp_path / "game-201.toml").read_text("utf-8")


def test_a_name_that_starts_with_a_numeral_is_no_seat_number():
    roster = Roster(["一灯", "七月", "二条泉", "十一"])
    draft = read_reveal("一灯：先知者\n七月：药师\n3号 二条泉：圣姑\n十一、左护法\n杀手阵营获胜", roster, SHEDIAO)
    assert [s.role for s in draft.seats.values()] == ["先知者", "药师", "圣姑", ""]
    assert "十一" in "".join(draft.doubts)  # 「十一、左护法」: a seat number or the player 十一? asked, not guessed


def test_a_role_whose_camp_the_game_may_change_needs_its_camp_written():
    roster = Roster(["甲", "乙", "丙", "丁"])
    camps = load_camps("s10")  # 白狼 may 归群 and join 狼人阵营; 爱神 follows the lovers
    unsaid = read_reveal("甲：白狼\n乙：狼人\n丙：村民\n丁：爱神\n村民阵营胜利", roster, camps)
    assert any("可能改变" in d for d in unsaid.seats["甲"].doubts) and any("可能改变" in d for d in unsaid.seats["丁"].doubts)
    said = read_reveal("甲：白狼（狼人阵营）\n乙：狼人\n丙：村民\n丁：爱神（村民阵营）\n村民阵营胜利", roster, camps)
    assert said.certain and said.seats["甲"].camp == "狼人阵营"


def test_a_seat_with_a_bandit_card_is_the_killers():
    roster = Roster(["甲", "乙", "丙", "丁"])
    draft = read_reveal("甲：民/匪\n乙：警/民\n丙：民/民\n丁：匪/匪\n好人方获胜", roster, load_camps("anshazhe"))
    assert draft.certain, draft.questions()
    assert {n: s.camp for n, s in draft.seats.items()} == {"甲": "杀手方", "乙": "好人方", "丙": "好人方", "丁": "杀手方"}


def test_hostile_names_are_text_in_the_post_and_the_site(tmp_path):
    """A name is what a player registered: markup in it is shown, never run or rendered (the post's BBCode, the
    site's HTML), and a link to a game's 揭秘 site is only http(s) or relative."""
    from bansha.board import report

    evil = "<script>alert(1)</script>[b]大字[/b]"
    rows = {"games": [{"key": "g", "name": "[url=javascript:x]局[/url]<img src=x>", "preset": "shediao", "revealed": 1,
                       "winner": "护国阵营", "site": None}],
            "accounts": [{"key": "h#1", "host": "h", "uid": 1, "name": evil}],
            "seats": [{"game": "g", "seat": evil, "account": "h#1", "name": evil, "from_day": 1, "to_day": 1, "role": "平民",
                       "camp": "护国阵营", "won": 1, "out_by": None, "out_day": None, "days_alive": 1, "voted_out": 0, "posts": 3}],
            "days": [], "results": [], "ballots": [], "marks": []}
    post = report.bbcode(rows, title="[b]版[/b]")
    assert "[b]大字[/b]" not in post and "[b]版[/b]战绩" not in post
    report.write_site(rows, tmp_path, title="<b>版</b>")
    for page in tmp_path.glob("*.html"):
        text = page.read_text("utf-8")
        assert "<script>" not in text and "<img src=x>" not in text and "<b>版</b>" not in text, page.name
    refused = bansha("board", "add", tmp_path / "none.toml", "--site", "javascript:alert(1)", "--board", tmp_path / "b.db")
    assert refused.returncode == 1 and "--site 只能是" in refused.stderr


def test_a_phone_typed_reveal_an_english_one_and_a_remainder_read_whole():
    phone = "手机党见谅，揭秘：郭靖 先知者；黄蓉 神医；杨康圣姑；穆念慈 左护法；欧阳克 药师；洪七公 祖师。杀手阵营胜利！"
    draft = read_reveal(phone, ROSTER, SHEDIAO)
    assert draft.certain, draft.questions()
    assert draft.seats["杨康"].role == "圣姑" and draft.winner == "杀手阵营"
    s10 = load_camps("s10")
    roster = Roster(["Luna", "2B", "9S", "七月"])
    english = read_reveal("GG — 〖村民阵营〗 wins!\nLuna - Werewolf (wolf team)\n2B - Villager\n9S - Seer\n七月 - Villager",
                          roster, s10)
    assert english.certain, english.questions()
    assert {n: s.camp for n, s in english.seats.items()} == {"Luna": "狼人阵营", "2B": "村民阵营", "9S": "村民阵营", "七月": "村民阵营"}
    rest = read_reveal("杀手方：甲 匪/民、乙 民/匪\n其余两位都是好人方\n好人方胜利", Roster(["甲", "乙", "丙", "丁"]),
                       load_camps("anshazhe"))
    assert rest.certain and rest.seats["丙"].camp == "好人方", rest.questions()
    unsure = read_reveal("杀手方：甲 匪/民、乙 民/匪\n其余都是好人方\n好人方胜利", Roster(["甲", "乙", "丙", "丁", "戊"]),
                         load_camps("anshazhe"))
    assert not unsure.certain  # how many the rest are is unsaid: a seat listed in a shape not read would be misfiled


def test_two_cards_in_brackets_are_the_seats_cards():
    """The third blind set: 「旧城（民-匪）」 was read as 民 alone and the seat filed in 好人方, unasked."""
    draft = read_reveal("旧城（民-匪）\n甲（民/民）\n乙 警/匪\n丙（民/警）\n好人方胜利", Roster(["旧城", "甲", "乙", "丙"]),
                        load_camps("anshazhe"))
    assert {n: (s.role, s.camp) for n, s in draft.seats.items()} == {
        "旧城": ("民/匪", "杀手方"), "甲": ("民/民", "好人方"), "乙": ("警/匪", "杀手方"), "丙": ("民/警", "好人方")}
