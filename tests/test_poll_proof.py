"""Issue 19 end to end on the test forum: a result is posted only when it is proven, and what the tool
prints and posts says what it knows — held results say why, running posts name each voter truly, and
nothing printed before the close reads as a verdict."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta

import httpx
import pytest

from bansha import poll as polling
from bansha.demo import game as demo
from bansha.demo.forum import Fault
from bansha.demo.serving import Background
from test_poll import DIRECTOR, game_file, on_path, options
from test_poll_discuz import AFTER_CLOSE, BEFORE_CLOSE, final_posts, running_posts

STAMP_AFTER_CLOSE = f"[i=s] 本帖最后由 {{who}} 于 {demo.CLOSE.year}-{demo.CLOSE.month}-{demo.CLOSE.day} 21:07 编辑 [/i]\n\n"


@pytest.fixture(params=["utf-8", "gbk"])
def board(request):
    forum = demo.build(charset=request.param)
    with forum:
        yield forum


def vote_of(board, name):
    return next(p for p in board.threads[demo.VOTE_TID].posts if p.author == name and "投票对象" in p.bbcode)


def edited_after_close(board, *names):
    """Each named player's vote now carries Discuz's stamp of an edit made after the close."""
    for name in names:
        post = vote_of(board, name)
        post.bbcode = STAMP_AFTER_CLOSE.format(who=name) + post.bbcode


def no_other_doubts(board):
    """Without 孙二娘's hedge (「我也想投李逵，不过再看看」): the edited votes are the day's only doubts."""
    board.unpost(demo.VOTE_TID, lambda p: "不过再看看" in p.bbcode)


def drop_votes(board, *names):
    board.unpost(demo.VOTE_TID, lambda p: p.author in names and "投票对象" in p.bbcode)


def with_preset(path, preset):
    path.write_text(path.read_text("utf-8").replace('preset = "shediao"', f'preset = "{preset}"'), "utf-8")
    return path


def run(board, tmp_path, preset="shediao", **kw):
    lines: list[str] = []
    path = with_preset(game_file(tmp_path, board.base_url), preset)
    kw.setdefault("out_dir", tmp_path / "out")
    result = polling.run_poll(path, tmp_path / "g.db", options(board, **kw), lines.append)
    return result, lines


@pytest.mark.parametrize("preset,dropped", [
    ("shediao", ("鲁智深", "孙二娘")),  # 000: 李逵 3 : 燕青 2 — the edited vote read for 燕青 makes 燕青 出局
    ("qisha", ("鲁智深",)),            # 002: 李逵 4 of 9 alive ≥ 40 % — read as anything else, nobody is out
])
def test_a_counted_vote_edited_after_close_holds_the_final_of_a_cold_archive(board, tmp_path, preset, dropped):
    drop_votes(board, *dropped)
    edited_after_close(board, "林冲")
    result, lines = run(board, tmp_path, preset, post=True, running=True)
    assert final_posts(board) == []
    assert result.code == polling.EXIT_REVIEW and not result.final_done
    edited = vote_of(board, "林冲")
    held = next(line for line in lines if line.startswith("最终结果暂不发布"))
    assert f"#{edited.position}" in held and "可能改变结果" in held
    assert "最终结果暂不发布" in result.summary
    # The director reads the post and rules it as counted: the next run posts.
    from scraper import archive

    archive.save_ruling(archive.open_db(tmp_path / "g.db"), game="[101]梁山风云", day=1, pid=edited.pid,
                        decision="accept", note="导演核对：关门前就是投李逵")
    result, lines = run(board, tmp_path, preset, post=True)
    assert len(final_posts(board)) == 1 and "李逵 出局" in final_posts(board)[0].bbcode
    assert result.code == polling.EXIT_OK


def test_two_votes_edited_after_close_that_matter_only_together_hold_the_final(board, tmp_path):
    """李逵 5 : 燕青 2. Read for 燕青, either edited vote alone leaves 李逵 出局 (4 : 3); both make it 3 : 4."""
    no_other_doubts(board)
    edited_after_close(board, "吴用", "林冲")
    result, lines = run(board, tmp_path, post=True, running=True)
    assert final_posts(board) == []
    held = next(line for line in lines if line.startswith("最终结果暂不发布"))
    floors = [vote_of(board, name).position for name in ("吴用", "林冲")]
    assert all(f"#{floor}" in held for floor in floors) and "同时改判" in held
    assert "最终结果暂不发布" in result.summary and result.code == polling.EXIT_REVIEW


def test_a_published_final_is_never_corrected_to_a_count_that_is_not_proven(board, tmp_path):
    """Found on a real Discuz: the final was out (李逵 3 : 燕青 2, proven), then 林冲 edited his vote to 燕青
    after the close and the director's archive was lost. The cold count (燕青 3 : 李逵 2) is in doubt — the
    edit may hide anything — so the posted final stays as it is and the run asks for a ruling (exit 3)."""
    drop_votes(board, "鲁智深", "孙二娘")
    for archive_dir in ("cold", "warm"):
        (tmp_path / archive_dir).mkdir()
    first, _ = run(board, tmp_path / "warm", post=True)
    (final,) = final_posts(board)
    posted = final.bbcode
    assert first.code == polling.EXIT_OK and "李逵 出局" in posted
    lin = vote_of(board, "林冲")
    lin.bbcode = STAMP_AFTER_CLOSE.format(who="林冲") + lin.bbcode.replace("投票对象：李逵", "投票对象：燕青")
    for archive_dir in ("cold", "warm"):  # a lost archive, and the one that saw the vote before the edit
        result, _ = run(board, tmp_path / archive_dir, post=True)
        assert final_posts(board)[0].bbcode == posted, archive_dir
        if archive_dir == "cold":
            assert result.code == polling.EXIT_REVIEW, result.summary  # a doubt that can change it
    cold, _ = run(board, tmp_path / "cold", post=True)
    assert "公布的是「李逵 出局」" in cold.summary and "暂不更正" in cold.summary
    assert "不会自动更正" in desk_day_page(board, tmp_path / "cold")
    forced, _ = run(board, tmp_path / "cold", post=True, force_post=True)  # the director's call, taken knowingly
    (final,) = final_posts(board)
    assert "更正" in final.bbcode and "原公布「李逵 出局」，更正为「燕青 出局」" in final.bbcode


def test_an_edit_on_an_earlier_page_is_seen_before_the_final_goes_out(board, tmp_path):
    """The archive read the thread before the close; then 林冲 (page 1) edits his vote after the close. An
    incremental read sees only the last page: the first run after the close reads every page once more, so
    the edit is seen and the final waits (李逵 3 : 燕青 2, the edit reads 燕青)."""
    drop_votes(board, "鲁智深", "孙二娘")
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    lin = vote_of(board, "林冲")
    assert lin.position <= board.ppp < len(board.threads[demo.VOTE_TID].posts)  # page 1 of a longer thread
    lin.bbcode = STAMP_AFTER_CLOSE.format(who="林冲") + lin.bbcode.replace("投票对象：李逵", "投票对象：燕青")
    result, lines = run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    assert any(f"#{lin.position}" in line for line in lines if line.startswith("最终结果暂不发布"))
    assert any("重读一遍" in line for line in lines)


def test_a_vote_deleted_on_an_earlier_page_is_seen_and_ruled_not_counted_unseen(board, tmp_path):
    drop_votes(board, "鲁智深", "孙二娘")
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    lin = vote_of(board, "林冲")
    board.threads[demo.VOTE_TID].posts.remove(lin)  # deleted (by its author or a moderator) after we read it
    result, lines = run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
    assert any(f"pid {lin.pid}" in line and "被删除" in line for line in lines)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW  # 李逵 3 : 燕青 2 hangs on it


def test_the_running_post_after_close_says_why_the_final_is_held(board, tmp_path):
    edited_after_close(board, "吴用", "林冲")
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)  # the running post exists before close …
    run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)  # … and the archive never saw the edits coming
    (running,) = running_posts(board)
    assert "已截止" in running.bbcode and "最终结果暂不发布" in running.bbcode and "待导演裁定" in running.bbcode
    # which flag can change the result depends on who may vote (the secret 法官): the thread is never told
    assert "可能改变结果" not in running.bbcode and "改判" not in running.bbcode


def test_two_voters_swapping_by_quote_reply_are_each_named_under_their_new_target(board, tmp_path):
    """The totals and the outcome stay the same; the running post must still not credit either to the
    wrong player (it was compared on totals once)."""
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    for name, target in (("吴用", "燕青"), ("宋江", "李逵")):
        board.add_post(demo.VOTE_TID, dict((n, u) for u, n in demo.PLAYERS)[name],
                       board.quote_bbcode(vote_of(board, name).pid) + f"\n\n改票对象：{target}\n改票理由：换一换",
                       BEFORE_CLOSE + timedelta(minutes=5))
    run(board, tmp_path, running=True, now=BEFORE_CLOSE + timedelta(minutes=10))
    (running,) = running_posts(board)
    import re

    lines = {line.split("：")[0]: line for line in running.bbcode.splitlines() if "票 ←" in line}
    standing = {name: re.sub(r"\[s\].*?\[/s\]", "", line) for name, line in lines.items()}  # struck: switched away
    assert "吴用" in standing["燕青"] and "吴用" not in standing["李逵"] and "[s]" in lines["李逵"]
    assert "宋江" in standing["李逵"] and "宋江" not in standing["燕青"]
    assert board.edits == 1


def test_an_api_only_read_with_posts_first_seen_after_close_is_held_and_says_why(tmp_path):
    forum = demo.build()
    forum.faults.append(Fault("dsign", match="forum.php?mod=viewthread", times=1000))  # 防采集 on the PC pages
    with forum:
        result, lines = run(forum, tmp_path, post=True)
        assert final_posts(forum) == []
        held = next(line for line in lines if line.startswith("最终结果暂不发布"))
        assert "移动端接口" in held and "编辑标记" in held and "防采集" in held
        assert result.code == polling.EXIT_REVIEW


def test_an_api_read_is_checked_against_the_pc_pages_when_they_can_be_read(tmp_path):
    forum = demo.build()
    forum.faults.append(Fault("dsign", match="forum.php?mod=viewthread&tid=101&extra=&page=1", times=1))
    with forum:
        _, lines = run(forum, tmp_path, post=True)
        assert any("用网页版重新读取一遍" in line for line in lines)
        assert len(final_posts(forum)) == 1


def game_open_now(tmp_path, base: str):
    """The demo game with its day still open (closing tomorrow), for what is printed before the close."""
    from datetime import datetime

    path = game_file(tmp_path, base)
    tomorrow = datetime.now(demo.TZ) + timedelta(days=1)
    text = path.read_text("utf-8").replace("2026-11-29T21:00", f"{tomorrow:%Y-%m-%dT%H:%M}").replace(
        "2026-11-29 21:00", f"{tomorrow:%Y-%m-%d %H:%M}")
    path.write_text(text, "utf-8")
    return path


def test_what_is_printed_before_close_says_it_is_not_a_verdict(tmp_path):
    forum = demo.build()
    with forum:
        path = game_open_now(tmp_path, forum.base_url)
        env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
        cli = [sys.executable, "-m", "bansha.cli"]
        done = subprocess.run([*cli, "poll", str(path), "--db", str(tmp_path / "g.db"), "--out", str(tmp_path / "o"),
                               "--interval", "0", "--login", DIRECTOR], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode in (0, 3), done.stderr
        report = (tmp_path / "o" / "day1.bbcode").read_text("utf-8")
        for text in (report,
                     subprocess.run([*cli, "tally", str(path), "--day", "1", "--db", str(tmp_path / "g.db"),
                                     "--format", "bbcode"], capture_output=True, text=True, timeout=60).stdout,
                     subprocess.run([*cli, "tally", str(path), "--day", "1", "--db", str(tmp_path / "g.db")],
                                    capture_output=True, text=True, timeout=60).stdout):
            assert "未截止" in text and "若此刻截止" in text, text
            assert "[b]结果[/b]" not in text and "\n结果\n" not in text


def desk_day_page(board, folder, *, rule: dict | None = None) -> str:
    """The desk's page of day 1 for the archive in `folder`, as a director's browser gets it (after
    submitting `rule` from it, if given)."""

    from werkzeug.serving import make_server

    from bansha.desk import DeskConfig, create_app, new_token

    config = DeskConfig(with_preset(game_file(folder, board.base_url), "shediao"), folder / "g.db", new_token(),
                        polling.PollOptions())
    server = Background(make_server("127.0.0.1", 0, create_app(config), threaded=True))
    here = f"http://127.0.0.1:{server.server_port}"
    try:
        if rule:
            return httpx.post(f"{here}/{config.token}/day/1/rule", data={"token": config.token, **rule},
                              headers={"Origin": here}, follow_redirects=True).text
        return httpx.get(f"{here}/{config.token}/day/1").text
    finally:
        server.shutdown()


def test_the_desk_never_picks_a_player_for_a_post_that_suggests_none(tmp_path):
    """「这轮不投了」 (flagged: an abstention written outside the format) suggests nobody: the 计为 list starts on
    「请选择」, and sending it unchosen records nothing (it used to start on the first player: one click counted a vote
    for 宋江)."""
    forum = demo.build()
    with forum:
        hedge = forum.add_post(demo.VOTE_TID, 19, "这轮不投了", demo.OPEN + timedelta(hours=2))
        run(forum, tmp_path)
        page = desk_day_page(forum, tmp_path)
        form = page.split(f'name="pid" value="{hedge.pid}"')[-1].split("</form>")[0]
        assert '<option value="" selected>（请选择）</option>' in form and "<option selected>" not in form
        after = desk_day_page(forum, tmp_path, rule={"pid": hedge.pid, "decision": "target", "target": ""})
    assert "还没有选择计为哪位角色" in after
    import sqlite_utils

    assert sqlite_utils.Database(tmp_path / "g.db")["rulings"].count == 0


def test_the_desk_day_page_says_the_final_is_held(tmp_path):
    forum = demo.build()
    with forum:
        no_other_doubts(forum)
        edited_after_close(forum, "吴用", "林冲")
        run(forum, tmp_path)
        page = desk_day_page(forum, tmp_path)
    assert "最终结果暂不发布" in page and "同时改判" in page
    assert "与 pid" in page  # each edited vote: matters together with the other


def test_json_says_whether_the_result_is_proven(tmp_path):
    forum = demo.build()
    with forum:
        no_other_doubts(forum)
        edited_after_close(forum, "吴用", "林冲")
        run(forum, tmp_path)
        path = game_file(tmp_path, forum.base_url)
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "tally", str(path), "--day", "1",
                           "--db", str(tmp_path / "g.db"), "--format", "json"], capture_output=True, text=True, timeout=60)
    proof = json.loads(done.stdout)["proof"]
    assert proof["certain"] is False and len(proof["readings"]) == 2


def test_the_desk_overview_hints_at_the_event_a_closed_day_needs(tmp_path):
    from bansha.desk import DeskConfig, create_app, new_token
    from werkzeug.serving import make_server

    forum = demo.build()
    with forum:
        run(forum, tmp_path)
        config = DeskConfig(game_file(tmp_path, forum.base_url), tmp_path / "g.db", new_token(), polling.PollOptions())
        server = Background(make_server("127.0.0.1", 0, create_app(config), threaded=True))
        try:
            page = httpx.get(f"http://127.0.0.1:{server.server_port}/{config.token}/").text
        finally:
            server.shutdown()
    import html

    page = html.unescape(page)
    assert "第1天的结果是「李逵 出局」" in page and 'what = "处决"' in page and 'player = "李逵"' in page


# -- issue 26: doubts the fold once settled silently, end to end --------------------------------------

def add_vote_post(board, name: str, text: str, hours: float, quote_name: str | None = None):
    from bansha.demo.game import PLAYERS

    uid = dict((n, u) for u, n in PLAYERS)[name]
    if quote_name is not None:
        text = board.quote_bbcode(vote_of(board, quote_name).pid) + "\n\n" + text
    return board.add_post(demo.VOTE_TID, uid, text, demo.OPEN + timedelta(hours=hours))


def test_a_relayed_ballot_that_decides_the_day_holds_the_final_until_the_director_rules(board, tmp_path):
    """李逵 3 : 燕青 2. 吴用 relays a ballot for 孙二娘, who never voted: counted for her, 燕青 3 : 李逵 3 is a tie —
    the fold once made it 吴用's second ballot, invalid, and posted 李逵 出局 unattended."""
    drop_votes(board, "鲁智深", "孙二娘")
    no_other_doubts(board)
    relay = add_vote_post(board, "吴用", "孙二娘在QQ上托我帮她投燕青，理由：她说燕青一直在潜水", 15)
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    held = next(line for line in lines if line.startswith("最终结果暂不发布"))
    assert f"#{relay.position}" in held
    # The director rules it 孙二娘's, from the command line as the review prints it: the tie is posted.
    review = subprocess.run([sys.executable, "-m", "bansha.cli", "review", str(tmp_path / "game.toml"), "--db",
                             str(tmp_path / "g.db")], capture_output=True, text=True, env={**os.environ, "PATH": on_path()})
    assert f"bansha rule {tmp_path / 'game.toml'} {relay.pid} 计为 燕青 --for 孙二娘" in review.stdout, review.stdout
    ruled = subprocess.run([sys.executable, "-m", "bansha.cli", "rule", str(tmp_path / "game.toml"), str(relay.pid),
                            "计为", "燕青", "--for", "孙二娘", "--db", str(tmp_path / "g.db")], capture_output=True, text=True)
    assert ruled.returncode == 0 and "算作 孙二娘 的票" in ruled.stdout, ruled.stderr
    result, _ = run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode and "算作 孙二娘 的票" in final.bbcode and result.code == polling.EXIT_OK


def test_a_reply_to_ones_own_vote_in_the_votes_format_that_decides_the_day_holds_the_final(board, tmp_path):
    """李逵 3 : 燕青 2 : 吴用 1. 林冲 replies to his own vote with 投票对象 instead of 改票对象: as written, a second
    ballot (invalid); read as his change, 燕青 3 : 李逵 2 — the director's call, never the fold's."""
    drop_votes(board, "鲁智深", "孙二娘")
    no_other_doubts(board)
    slip = add_vote_post(board, "林冲", "投票对象：燕青\n投票理由：想了一晚上，改投燕青", 30, quote_name="林冲")
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    held = next(line for line in lines if line.startswith("最终结果暂不发布"))
    assert f"#{slip.position}" in held


def test_a_reported_intention_casts_nothing_and_holds_nothing(board, tmp_path):
    """李逵 3 : 燕青 2. 吴用 says what 孙二娘 said she would vote: nobody's ballot, no ruling, the final goes out."""
    drop_votes(board, "鲁智深", "孙二娘")
    no_other_doubts(board)
    add_vote_post(board, "吴用", "孙二娘昨天说今天要投燕青，不知道她还来不来。", 15)
    add_vote_post(board, "花荣", "燕青昨天投的是李逵，今天又跑去投宋江了。", 16)
    result, _ = run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    assert "李逵 出局" in final.bbcode and result.code == polling.EXIT_OK


def test_a_withdrawal_decides_the_day_held_by_default_and_posted_where_the_game_allows_it(board, tmp_path):
    """李逵 3 : 燕青 2, then 吴用 takes the vote for 李逵 back, quoting it (「撤票」): 2 : 2, nobody out. No seed speaks of
    撤票, so by default the director rules and the final is held; with unvote = "allowed" in the game file it is a
    change to no ballot, and the tie goes out unattended, the 弃权 line naming 吴用（撤票）."""
    drop_votes(board, "鲁智深", "孙二娘")
    no_other_doubts(board)
    back = add_vote_post(board, "吴用", "撤票，再看看今天的发言", 15, quote_name="吴用")
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    assert f"#{back.position}" in next(line for line in lines if line.startswith("最终结果暂不发布"))
    path = tmp_path / "game.toml"
    path.write_text(path.read_text("utf-8").replace("[[players]]", '[rules]\nunvote = "allowed"\n\n[[players]]', 1), "utf-8")
    result = polling.run_poll(path, tmp_path / "g.db", options(board, post=True, out_dir=tmp_path / "out"), lambda line: None)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode and "吴用（撤票）" in final.bbcode and result.code == polling.EXIT_OK, final.bbcode
