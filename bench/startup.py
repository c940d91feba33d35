"""Start-up: whole-process wall time of the light commands, beside typer's own floor.

    .venv/bin/python bench/startup.py [--runs N]

Targets (issue 15): check-vote and `posts FILE` start in under 0.15 s. The anchor is a one-command typer
app with one string option: typer 0.29 coerces every option through pydantic, a cost bansha can't avoid
while it uses typer. Medians of N runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "fixtures" / "discuz7" / "viewthread_tid88_p2_gbk.html"
FLOOR = """
import typer
app = typer.Typer()
@app.command()
def one(x: str = typer.Option("", "--x")):
    pass
@app.command()
def two():
    pass
app()
"""


# As on a director's machine: compiled bytecode is written once and reused (this workplace sets
# PYTHONDONTWRITEBYTECODE, which would recompile every module of ours on every run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(args: list[str], stdin: str = "", runs: int = 7) -> float:
    times = []
    for _ in range(runs + 1):  # the first run writes the bytecode
        started = time.perf_counter()
        subprocess.run(args, input=stdin, capture_output=True, text=True, check=True, cwd=ROOT, env=ENV)
        times.append(time.perf_counter() - started)
    return statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    py = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        floor_script = Path(folder) / "floor.py"
        floor_script.write_text(FLOOR)
        rows = [
            ("python -c pass", wall([py, "-c", "pass"], runs=runs), None),
            ("typer floor (one str option)", wall([py, str(floor_script), "one", "--x", "1"], runs=runs), None),
            ("import bansha.cli", wall([py, "-c", "import bansha.cli"], runs=runs), None),
            ("bansha --help", wall([py, "-m", "bansha.cli", "--help"], runs=runs), None),
            ("bansha check-vote", wall([py, "-m", "bansha.cli", "check-vote", "--players", "郭靖,黄蓉"],
                                       "投票对象：郭靖\n投票理由：发言太少", runs), 0.15),
            ("bansha posts FILE --format jsonl", wall([py, "-m", "bansha.cli", "posts", str(PAGE), "--format", "jsonl"],
                                                      runs=runs), 0.15),
        ]
    for name, seconds, target in rows:
        print(f"{name:<34} {seconds * 1000:6.0f} ms" + (f"   (target {target * 1000:.0f} ms)" if target else ""))


if __name__ == "__main__":
    main()
