"""The director's running count set beside ours (issue 41, part 4): where it gives a player another ballot than the
tool does — here it leaves out a proxy the director posted — the director's report, `bansha review` and the desk
say so, as a doubt to look at: 「导演 #N 的票型统计：没有列出 孙二娘 的票；本工具：#M 孙二娘 的代投，计为 李逵」."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta

from bansha.demo import game as demo
from test_poll_proof import desk_day_page, run

UID = dict((name, uid) for uid, name in [*demo.PLAYERS, demo.DIRECTOR])


def a_day_whose_count_misses_a_proxy(forum):
    forum.unpost(demo.VOTE_TID, lambda p: p.author == "孙二娘")  # her own ballot: the director's proxy stands for it
    proxy = forum.add_post(demo.VOTE_TID, UID["导演甲"], "【代投】受孙二娘委托代投李逵（孙二娘私信委托，店里忙）",
                           demo.OPEN + timedelta(hours=29))
    count = forum.add_post(demo.VOTE_TID, UID["导演甲"], (
        "【目前票型】截至第二天晚上\n"
        "李逵 4票：吴用、林冲、鲁智深、花荣\n"
        "燕青 2票：武松、宋江\n"
        "吴用 1票：李逵\n"
        "弃权：燕青"), demo.OPEN + timedelta(hours=35))
    return proxy, count


def test_a_count_that_leaves_out_the_directors_own_proxy_is_said_in_the_report_review_and_desk(tmp_path):
    forum = demo.build()
    with forum:
        proxy, count = a_day_whose_count_misses_a_proxy(forum)
        result, lines = run(forum, tmp_path)
        said = (f"导演 #{count.position} 的票型统计：没有列出 孙二娘 的票；本工具：#{proxy.position} 孙二娘 的代投，计为 李逵")
        report = (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
        assert said in report, report
        public = (tmp_path / "out" / "day1.bbcode").read_text("utf-8")
        assert "票型统计：没有列出" not in public  # the director's to check, never the players'
        review = subprocess.run([sys.executable, "-m", "bansha.cli", "review", str(tmp_path / "game.toml"), "--db",
                                 str(tmp_path / "g.db"), "--day", "1"], capture_output=True, text=True, timeout=120)
        assert said in review.stdout.replace("\n    ", ""), review.stdout + review.stderr
        page = desk_day_page(forum, tmp_path)
    assert 'id="count-checks"' in page and said.split("：", 1)[1] in page
    # The proxy counts as the director posted it: the count is a second opinion, not a ruling.
    assert "孙二娘" in {voter for voter, _ in result_voters(tmp_path)}


def result_voters(folder):
    import json

    data = json.loads((folder / "out" / "day1.json").read_text("utf-8"))["tally"]
    return [(p["voter"], p["target"]) for p in data["posts"] if p["verdict"] == "counted"]
