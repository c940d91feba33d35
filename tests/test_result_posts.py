"""Result posts players read at a glance (issue 29), as the best vote counts do (mafiascum's, NetTally's):
which count it is and the floor it is as of, whole-vote thresholds with 还差 N 票 per wagon, totals, a
countdown that never makes every cron run edit the post, the zone beside every time, ties in an order the
post explains — and nothing the game file keeps secret (issue 27: who cannot vote)."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import httpx
import pytest

from bansha import poll as polling
from bansha.demo import game as demo
from bansha.demo.serving import Background
from tallykit import START, Thread, game
from tally import report
from tally.day import COUNTED
from tally.game import Player
from tally.rules import load_preset
from test_poll import director_posts, game_file, on_path, options

TIME = re.compile(r"(?:\d{4}-)?\d{2}-\d{2} \d{2}:\d{2}")


def poll(board, tmp_path, path=None, **kw):
    lines: list[str] = []
    result = polling.run_poll(path or game_file(tmp_path, board.base_url), tmp_path / "g.db",
                              options(board, out_dir=tmp_path / "out", **kw), lines.append)
    return result, lines


def with_roles(tmp_path, base: str, name: str, roles: str) -> Path:
    path = game_file(tmp_path, base)
    text = path.read_text("utf-8")
    assert f'name = "{name}"\n' in text
    path.write_text(text.replace(f'name = "{name}"\n', f'name = "{name}"\nroles = {roles}\n', 1), "utf-8")
    return path


def listed(post: str, label: str) -> list[str]:
    """The names on the line 「label（n）：a、b」, checking that n is how many there are."""
    found = re.search(rf"^{label}（(\d+)）：(.*)$", post, re.M)
    if not found:
        return []
    names = re.sub(r"\[/?[a-z]+[^\]]*\]", "", found.group(2)).split("、")
    assert int(found.group(1)) == len(names), found.group(0)
    return names


def alive_of(post: str) -> list[str]:
    return re.search(r"^存活（\d+ 人）：(.*)$", post, re.M).group(1).split("、")


def voters_of(post: str) -> set[str]:
    """Every name standing in a wagon line of the 票型 (struck-out switches left aside)."""
    names = set()
    for line in post.split("[b]票型[/b]")[1].split("\n\n")[0].splitlines():
        if " ← " in line:
            kept = re.sub(r"\[s\].*?\[/s\]", "", line.split(" ← ", 1)[1])
            names |= {re.sub(r"\[/?url[^\]]*\]|×[\d.]+|（不计入）", "", n).strip() for n in kept.split("、")} - {"—", ""}
    return names


# -- issue 27: a secret leaks --------------------------------------------------------------------

def running_post(tmp_path, roles: str | None, non_voter: bool = False) -> str:
    tmp_path.mkdir()
    forum = demo.build()
    with forum:
        path = with_roles(tmp_path, forum.base_url, "燕青", roles) if roles else game_file(tmp_path, forum.base_url)
        if non_voter:
            path.write_text(path.read_text("utf-8").replace("dead = []", 'dead = []\nnon_voters = ["燕青"]'), "utf-8")
        poll(forum, tmp_path, path, running=True, now=demo.OPEN + timedelta(hours=13))
        (post,) = director_posts(forum)
        return re.sub(r"\[size=1\]bansha.*?\[/size\]", "", post.bbcode).replace(forum.base_url, "")


@pytest.mark.parametrize("how", ["judge", "non_voters"])
def test_the_running_post_reads_a_secret_non_voters_ballot_as_anyones(tmp_path, how):
    """003: the 法官 cannot vote, nor can a game file's non_voters — the game's secret. His ballot (燕青's
    「投票对象：弃权」, floor 8) was left out of the running count and he was listed as 还没有投票 under it, while
    an ordinary doubtful ballot stood in the count (issue 42, 5.1/5.2); then it stood in the count but his floor
    was listed among the posts waiting for the director, where nobody else's plain ballot is (the lab's
    re-check). The running post now reads exactly as it would if he could vote."""
    plain = running_post(tmp_path / "plain", None)
    secret = running_post(tmp_path / how, '["法官"]' if how == "judge" else None, non_voter=how == "non_voters")
    assert secret == plain
    assert "燕青" in listed(secret, "弃权") and "燕青" not in listed(secret, "还没有投票")
    assert "没有投票权" in (tmp_path / how / "out" / "day1.html").read_text("utf-8")  # the director's page says why


def test_a_judges_ballot_waits_for_the_director_and_the_thread_hears_only_the_ruling(tmp_path):
    """The lab (issue 42, 5): 「这张票不计入（原因由导演说明）」 was written for nobody but a player who may not vote —
    the public post named the secret 法官. Now his ballot waits for the director like any doubtful post: the final
    is held with the words any hold has, and once ruled the thread reads 「导演裁定：无效」 as for any ruling."""
    from scraper import archive

    forum = demo.build()  # its clock is after the close
    with forum:
        path = with_roles(tmp_path, forum.base_url, "燕青", '["法官"]')  # 燕青 posted 「投票对象：弃权」 (floor 8)
        poll(forum, tmp_path, path, running=True, now=demo.OPEN + timedelta(hours=13))  # the running post
        result, lines = poll(forum, tmp_path, path, post=True, running=True)
        assert result.code == polling.EXIT_REVIEW
        held = [p.bbcode for p in director_posts(forum)]
        assert not any("结果[/b]" in p and "实时" not in p for p in held)  # no final yet
        assert all("法官" not in p and "没有投票权" not in p and "原因由导演说明" not in p for p in held)
        # the hold's public words are every hold's: no floor, no number (a landslide held for one plain ballot named him)
        assert any("最终结果暂不发布：有帖子待导演裁定。" in p for p in held) and not any("#8" in p and "暂不发布" in p for p in held)
        assert any("没有投票权" in line for line in lines)  # the director hears why
        judge = next(p for p in forum.threads[demo.VOTE_TID].posts if p.position == 8)
        archive.save_ruling(archive.open_db(tmp_path / "g.db"), game="[101]梁山风云", day=1, pid=judge.pid,
                            decision="reject", note="法官不能投票")  # the hostile round, B3: a note that names the role
        result, _lines = poll(forum, tmp_path, path, post=True, running=True)
        final = [p.bbcode for p in director_posts(forum) if "结果[/b]" in p.bbcode and "实时" not in p.bbcode]
    assert len(final) == 1, final
    assert re.search(r"#8(\[/url\])? 燕青：无效", final[0]), final[0]
    assert "法官" not in final[0] and "没有投票权" not in final[0] and "原因由导演说明" not in final[0]


def test_a_judges_doubtful_post_that_could_change_nothing_goes_out_as_anyones(tmp_path):
    """The hostile round 112, case 54 (class 14): the 法官's 「投李逵吧，大概」 in a landslide held the final — 「#8 是没有投票权的
    玩家」 — where the same post by anyone else is proven harmless and the final posted: the thread learnt who cannot vote from
    which day waited. Now his doubt is weighed as anyone's; the final goes out, word for word the one of a game where he may
    vote."""
    def final(where: Path, roles: str | None):
        where.mkdir()
        with demo.build() as forum:  # its clock is after the close
            mine = next(p for p in forum.threads[demo.VOTE_TID].posts if p.position == 8)  # 燕青's 「投票对象：弃权」
            mine.bbcode = "投李逵吧，大概"
            path = with_roles(where, forum.base_url, "燕青", roles) if roles else game_file(where, forum.base_url)
            result, _lines = poll(forum, where, path, post=True)
            posted = [p.bbcode for p in director_posts(forum) if "结果[/b]" in p.bbcode and "实时" not in p.bbcode]
            return result, [re.sub(r"\[size=1\]bansha.*?\[/size\]", "", p).replace(forum.base_url, "") for p in posted]

    plain, plain_posts = final(tmp_path / "plain", None)
    secret, secret_posts = final(tmp_path / "judge", '["法官"]')
    assert len(plain_posts) == 1 and "李逵 出局" in plain_posts[0], plain_posts
    assert secret_posts == plain_posts
    assert "法官" not in secret_posts[0] and "没有投票权" not in secret_posts[0]


def test_a_held_judges_ballot_is_listed_for_review_and_the_report_file_keeps_the_secret(tmp_path):
    """The hostile round 79 (r79-114): poll held the final for the secret 法官's ballot and told the director to rule,
    while `bansha review` said 「没有需要裁定的帖子」 and poll's summary 「待裁定 0 帖」; and dayN.bbcode — the file the
    README says may be pasted whole — listed him 「未投有效票」 under his own visible ballot. Now review lists his floor
    with the rulings it offers, and the file reads exactly as the final of a game where he may vote (the hostile round
    95, case 53: listing his plain ballot among the posts waiting, or in no list at all, set him apart)."""
    def waiting(summary: str) -> int:
        return int(re.search(r"待裁定 (\d+) 帖", summary).group(1))

    def kept(where: Path, base: str) -> str:
        return re.sub(r"\[size=1\]bansha.*?\[/size\]", "", (where / "out" / "day1.bbcode").read_text("utf-8")).replace(base, "")

    (tmp_path / "plain").mkdir()
    with demo.build() as forum:  # its clock is after the close
        plain, _lines = poll(forum, tmp_path / "plain", game_file(tmp_path / "plain", forum.base_url), post=True)
        plain_kept = kept(tmp_path / "plain", forum.base_url)
    forum = demo.build()
    with forum:
        path = with_roles(tmp_path, forum.base_url, "燕青", '["法官"]')  # 燕青 posted 「投票对象：弃权」 (floor 8)
        result, lines = poll(forum, tmp_path, path, post=True)
        judge = next(p for p in forum.threads[demo.VOTE_TID].posts if p.position == 8)
        secret_kept = kept(tmp_path, forum.base_url)
    assert result.code == polling.EXIT_REVIEW and waiting(result.summary) == waiting(plain.summary) + 1
    assert secret_kept == plain_kept
    assert "法官" not in secret_kept and "没有投票权" not in secret_kept
    review = subprocess.run([sys.executable, "-m", "bansha.cli", "review", str(path), "--db", str(tmp_path / "g.db"),
                             "--day", "1"], capture_output=True, text=True, cwd=tmp_path)
    assert review.returncode == 0, review.stderr
    assert "没有需要裁定的帖子" not in review.stdout and f"#8 燕青（pid {judge.pid}）" in review.stdout
    assert f"rule {path} {judge.pid} 无效" in review.stdout


def test_a_judges_plain_ballot_ruled_as_written_reads_in_public_as_anyones(tmp_path):
    """The hostile round 63 (n_s15): the 法官's clean 「弃权」 held the final, as it must; once the director ruled it
    「弃权」 — what it says — the final carried 「#8 燕青：计为「弃权」」, the one ruling line a voter's same post never
    has. The final now reads as the one posted where he may vote."""
    from scraper import archive

    def final(where: Path, roles: str | None) -> str:
        where.mkdir()
        forum = demo.build()  # its clock is after the close
        with forum:
            path = with_roles(where, forum.base_url, "燕青", roles) if roles else game_file(where, forum.base_url)
            if roles:
                result, _lines = poll(forum, where, path, post=True)
                assert result.code == polling.EXIT_REVIEW  # held for the director, as any doubt is
                judge = next(p for p in forum.threads[demo.VOTE_TID].posts if p.position == 8)
                archive.save_ruling(archive.open_db(where / "g.db"), game="[101]梁山风云", day=1, pid=judge.pid,
                                    decision="target", target=None)
            poll(forum, where, path, post=True)
            (post,) = [p.bbcode for p in director_posts(forum) if "结果[/b]" in p.bbcode and "实时" not in p.bbcode]
            return re.sub(r"\[size=1\]bansha.*?\[/size\]", "", post).replace(forum.base_url, "")

    plain, secret = final(tmp_path / "plain", None), final(tmp_path / "judge", '["法官"]')
    assert "燕青" in listed(plain, "弃权")
    assert secret == plain


# -- what a count shows ----------------------------------------------------------------------------

def ballot_posts(board, before=None) -> list:
    """The vote thread's posts that are ballots by their labels, as a reader counts them by eye."""
    return [p for p in board.threads[demo.VOTE_TID].posts if p.uid != demo.DIRECTOR[0]
            and re.search(r"(投票|改票)对象", p.bbcode) and (before is None or p.dateline < before.timestamp())]


def test_the_final_says_which_count_it_is_and_the_floor_it_is_as_of(tmp_path):
    forum = demo.build()
    with forum:
        poll(forum, tmp_path, post=True)
        (post,) = director_posts(forum)
        ballots = ballot_posts(forum)
    text = post.bbcode
    assert f"票数统计 #1.{len(ballots)}" in text
    assert f"计至投票帖第 {max(p.position for p in ballots)} 楼" in text
    assert "截止时间：北京时间 2026-11-29 21:00" in text
    # Totals: the (n) on the 弃权 line and how many voted, from the posts themselves.
    assert listed(text, "弃权") == ["燕青"]
    voted = {p.author for p in ballots if p.dateline < demo.CLOSE.timestamp()}
    assert f"合计：{len(voted)} 人投了有效票（其中弃权 1 人）" in text


def test_every_time_in_the_posts_names_its_zone(tmp_path):
    forum = demo.build()
    with forum:
        poll(forum, tmp_path, running=True, now=demo.CLOSE - timedelta(hours=20))
        running = director_posts(forum)[0].bbcode
        poll(forum, tmp_path, post=True, running=True)
        texts = [p.bbcode for p in director_posts(forum)]
    assert running not in texts  # the running post is now 已截止
    for text in [running, *texts]:
        text = re.sub(r"\[i=s\] 本帖最后由 .*? 编辑 \[/i\]", "", text)  # the forum's own edit stamp
        shown = list(TIME.finditer(text))
        assert shown, text
        for m in shown:
            assert text[:m.start()].endswith("北京时间 "), (m.group(0), text)


def test_the_countdown_edits_the_running_post_only_where_its_bound_changes(tmp_path):
    """「距截止不到 12 小时」 stays true from 12 h to 6 h before the close: runs in between leave the post
    alone (no ballot comes in the demo's last eight hours); the first run under 6 h edits it once."""
    forum = demo.build()
    with forum:
        for hours in (7.5, 7, 6.5):
            poll(forum, tmp_path, running=True, now=demo.CLOSE - timedelta(hours=hours))
        (post,) = director_posts(forum)
        assert forum.edits == 0 and "距截止不到 12 小时" in post.bbcode
        poll(forum, tmp_path, running=True, now=demo.CLOSE - timedelta(hours=5, minutes=50))
        assert forum.edits == 1 and "距截止不到 6 小时" in director_posts(forum)[0].bbcode
        poll(forum, tmp_path, running=True, now=demo.CLOSE - timedelta(hours=4))
        assert forum.edits == 1


def test_a_running_count_with_now_leaves_out_the_posts_made_after_it(tmp_path):
    forum = demo.build()
    with forum:
        at = demo.OPEN + timedelta(hours=10)
        poll(forum, tmp_path, running=True, now=at)
        (post,) = director_posts(forum)
        counted = ballot_posts(forum, before=at)
    assert f"票数统计 #1.{len(counted)}" in post.bbcode and "未截止" in post.bbcode
    assert "孙二娘" not in voters_of(post.bbcode)  # her ballot came at hour 30


def qisha_day():
    """七杀: out only at 40 % of the living; nine alive, so a wagon needs 4 (3.6 rounded up to whole votes)."""
    names = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通"]
    g = game("qisha", players=tuple(Player(n, i + 3) for i, n in enumerate(names)))
    t = Thread()
    t.vote("郭靖", "杨康", 1)
    t.vote("黄蓉", "杨康", 2)
    first = t.vote("欧阳克", "欧阳锋", 3)
    t.vote("穆念慈", "欧阳锋", 4)
    t.change("欧阳克", "杨康", 5, quote=first)
    t.add("周伯通", "投票对象：无\n投票理由：再看看", 6)
    from tally.day import tally_day

    return g, tally_day(t.posts, g, g.days[0], load_preset("qisha"))


def test_a_threshold_is_whole_votes_and_each_wagon_says_how_many_it_still_needs():
    g, t = qisha_day()
    text = report.render_bbcode(t, g.name, as_of=START + timedelta(hours=7))
    alive = len(g.players)
    needed = math.ceil(0.4 * alive)
    assert f"出局需 {needed} 票（存活 {alive} 人的 40%）" in text and "3.6" not in text
    for name in ("杨康", "欧阳锋"):
        count = sum(1 for e in t.entries if e.verdict == COUNTED and e.target == name)
        assert f"{name}：{count} 票（还差 {needed - count} 票）" in text
    assert "[s]欧阳克[/s]" in text.split("欧阳锋：")[1].splitlines()[0]  # switched away, struck out


def test_equal_counts_are_ordered_by_who_reached_them_first_and_the_post_says_so():
    g = game("shediao")
    t = Thread()
    t.vote("杨康", "郭靖", 1)  # 郭靖 first on the roster, and first to get a vote …
    t.vote("穆念慈", "黄蓉", 2)
    t.vote("欧阳锋", "黄蓉", 3)  # … but 黄蓉 reaches 2 at hour 3,
    t.vote("欧阳克", "郭靖", 4)  # 郭靖 only at hour 4
    from tally.day import tally_day

    text = report.render_bbcode(tally_day(t.posts, g, g.days[0], load_preset("shediao")), g.name)
    board = text.split("[b]票型[/b]\n")[1]
    assert board.index("黄蓉：2 票") < board.index("郭靖：2 票")
    assert "票数相同的，先达到这个票数的排在前面" in board


# -- the desk and the 揭秘 site show the post's wagons -----------------------------------------------

def test_the_desk_and_the_site_show_the_same_wagons_as_the_post(tmp_path):
    from werkzeug.serving import make_server

    from bansha import pipeline
    from bansha.desk import DeskConfig, create_app, new_token
    from bansha.export.site import export_site
    from scraper import archive

    forum = demo.build()
    with forum:
        poll(forum, tmp_path, post=True)
        (post,) = director_posts(forum)
        path = game_file(tmp_path, forum.base_url)
    config = DeskConfig(path, tmp_path / "g.db", new_token(), polling.PollOptions())
    server = Background(make_server("127.0.0.1", 0, create_app(config), threaded=True))
    try:
        desk = httpx.get(f"http://127.0.0.1:{server.server_port}/{config.token}/day/1").text
    finally:
        server.shutdown()
    game_, rules = pipeline.load_game(path)
    db = archive.open_db(tmp_path / "g.db", readonly=True)
    export_site(db, game_, rules, tmp_path / "site")
    site = (tmp_path / "site" / "day-1.html").read_text("utf-8")
    # In the post: 燕青's wagon holds 花荣's switched-away ballot, struck out; 燕青 abstained.
    line = next(row for row in post.bbcode.splitlines() if row.startswith("燕青："))
    assert re.search(r"\[s\]\[url=[^\]]+\]花荣\[/url\]\[/s\]", line)
    desk_row = desk.split('<table id="totals">')[1].split("</table>")[0]
    site_row = site.split("<table class='wagons'>")[1].split("</table>")[0]
    for table in (desk_row, site_row):
        yan = next(r for r in table.split("<tr") if r.startswith(">") and "<td>燕青</td>" in r)
        assert re.search(r"<s[^>]*>(<a [^>]*>)?花荣", yan), yan
        abstain = next(r for r in table.split("<tr") if "<td>弃权</td>" in r)
        assert "燕青" in abstain


# -- a ballot from an account the game file does not list -----------------------------------------

def test_ballots_from_accounts_off_the_roster_are_the_directors_question(tmp_path):
    """They may be players' second accounts or substitutes the game file does not name yet: each is
    flagged; where they could change the result together the final waits for the director, who says
    whose they are in the game file or rules them 无效 — never 计为 a player."""
    import subprocess

    forum = demo.build()
    strays = []
    for uid, name in ((50, "路人甲"), (51, "路人乙"), (52, "路人丙")):  # 燕青 2 + 3 = 李逵's 5: a tie
        forum.add_user(uid, name, password="x")
        strays.append(forum.add_post(demo.VOTE_TID, uid, "投票对象：燕青\n投票理由：我也来投一票", demo.OPEN + timedelta(hours=30)))
    with forum:
        path = game_file(tmp_path, forum.base_url)
        held, _lines = poll(forum, tmp_path, path, post=True)
        assert held.code == polling.EXIT_REVIEW and director_posts(forum) == [], held.summary

        def cli(*args):  # in a shell where the environment is activated: printed commands say 「bansha …」
            return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                                  timeout=120, env={**os.environ, "PATH": on_path()})

        review = cli("review", path, "--db", tmp_path / "g.db", "--day", "1")
        for stray in strays:
            assert f"pid {stray.pid}" in review.stdout and "顶替" in review.stdout, review.stdout
            assert f"bansha rule {path} {stray.pid} 无效" in review.stdout and f"{stray.pid} 计为" not in review.stdout
        counted = cli("rule", path, strays[0].pid, "计为", "燕青", "--day", "1", "--db", tmp_path / "g.db")
        assert counted.returncode == 1 and "不能用裁定算给谁" in counted.stderr, counted.stderr
        for stray in strays:
            assert cli("rule", path, stray.pid, "无效", "--day", "1", "--db", tmp_path / "g.db").returncode == 0
        poll(forum, tmp_path, path, post=True)
        (post,) = director_posts(forum)
    assert "李逵 出局" in post.bbcode and "路人甲" in post.bbcode.split("[b]导演裁定[/b]")[1]


def test_a_vote_for_the_bar_owner_says_why_to_the_director_only():
    """The hostile round (issue 42, 5): 「风清扬 不能成为投票对象（酒吧老板‹结界›）」 in the public post named the role."""
    from tallykit import NAMES, Thread

    from tally.day import tally_day

    players = tuple(Player(n, i + 3, roles=("酒吧老板",) if n == NAMES[1] else ()) for i, n in enumerate(NAMES))
    g = game("mahjong", players=players)
    t = Thread()
    t.vote(NAMES[0], NAMES[1], 1)
    tally = tally_day(t.posts, g, g.days[0], load_preset("mahjong"))
    public, director = report.render_bbcode(tally, "测试局"), report.render_text(tally, "测试局")
    assert "不能成为投票对象" in public and "酒吧老板" not in public
    assert "酒吧老板" in director


def test_a_secret_voters_doubtful_post_waits_once():
    """A 法官's 「投杨康吧，大概」 is a doubt and a secret ballot both: review, the desk and poll's summary list it once, not twice."""
    from tally.day import tally_day
    from tally.rules import load_preset

    players = tuple(Player(n, i + 3, roles=("法官",) if n == "洪七公" else ()) for i, n in enumerate(
        ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "洪七公"]))
    g = game("s10", players=players)
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    doubt = t.add("洪七公", "投杨康吧，大概", 2)
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    assert doubt.pid in {f.pid for f in result.flags} and doubt.pid in {e.pid for e in report.secret_ballots(result)}
    assert [f.pid for f in report.waiting_flags(result)].count(doubt.pid) == 1
    assert report.waiting_posts(result) == [(f.pid, f.floor) for f in report.waiting_flags(result)]
