"""The desk when something is wrong (issue 27): a game file it can no longer load is a page that says why
and one Chinese line in the terminal — as poll says it — never a bare 500 and a traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import httpx

from conftest import stop_service
from test_poll import game_file


def test_a_game_file_broken_while_the_desk_runs_is_one_line_and_a_page_that_says_why(tmp_path):
    path = game_file(tmp_path, "http://127.0.0.1:9/")
    desk = subprocess.Popen([sys.executable, "-m", "bansha.cli", "desk", path, "--no-browser"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        first = desk.stdout.readline()
        address = re.search(r"http://127\.0\.0\.1:\d+/open/\S+?(?=（)", first).group(0)
        page = httpx.get(address, follow_redirects=True, timeout=30)
        assert page.status_code == 200 and "梁山风云" in page.text
        home = str(page.url)
        path.write_text(path.read_text("utf-8").replace('timezone = "Asia/Shanghai"', 'timzone = "Asia/Shanghai"'), "utf-8")
        for _ in range(2):  # said once in the terminal, however often the page is reloaded
            broken = httpx.get(home, timeout=30)
            assert broken.status_code == 500
            assert "游戏文件读不了" in broken.text and "[game] 里有不认识的设置「timzone」" in broken.text, broken.text
        day = httpx.get(home + "day/1", timeout=30)
        assert day.status_code == 500 and "timzone" in day.text
        path.write_text(path.read_text("utf-8").replace('timzone = "Asia/Shanghai"', 'timezone = "Asia/Shanghai"'), "utf-8")
        assert httpx.get(home, timeout=30).status_code == 200  # fixed: the page works again, no restart
    finally:
        out, err = stop_service(desk)
    said = first + out + err
    assert "Traceback" not in said and "Exception on" not in said, said
    assert said.count("timzone") == 1, said
    assert re.search(r"^错误：\[game\] 里有不认识的设置「timzone」", out, re.M), said
