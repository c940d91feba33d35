"""A small mutation check of the tally's rule lines: each one-line bug below must make a rule test fail.

Each mutant is applied to a copy of the `tally` package, which then shadows the real one for one run of
the rule tests. A mutant that survives is a rule no test pins down.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

# (file, the line as it is, the bug) — the last three are the deliberate bugs every test used to pass.
MUTANTS = [
    ("outcome.py", "return Outcome(OUT, [title_target]", "return Outcome(OUT, [leaders[0]]"),
    ("outcome.py", 'if rules.tie == "title_target" and title_target in leaders:',
     'if rules.tie == "title_target" and title_target:'),
    ("outcome.py", "if top < needed:", "if top <= needed:"),
    # (七杀's "两个票数相同且均超过40%": three cannot all reach 40 % of one vote each, so dropping the
    # "two" is an equivalent mutant and not listed.)
    ("day.py", "elif ctx.day.runoff and name not in ctx.candidates:", "elif False:"),
    ("day.py", "if ctx.close and at >= ctx.close:", "if ctx.close and at > ctx.close:"),
    ("day.py", 'if kind == "change" and ctx.blackout and ctx.blackout <= at < ctx.close:',
     'if kind == "change" and ctx.blackout and ctx.blackout < at < ctx.close:'),
    # The proxy times live in certainty.py: the fold's 代投 rule, a relay's readings and a ruling --for another.
    ("certainty.py", "if blackout and rules.blackout_blocks_proxy and blackout <= at:",
     "if blackout and rules.blackout_blocks_proxy and blackout < at:"),
    ("day.py", "            if author != voter:\n", "            if False:\n"),
    ("day.py", "if standing.changes >= rules.changes_allowed:", "if standing.changes > rules.changes_allowed:"),
    ("day.py", "return self.rules.title_weight", "return Fraction(1)"),
    ("day.py", 'if rules.invalid_vote == "abstain" and', 'if rules.invalid_vote != "abstain" and'),
    ("day.py", "entry.form_invalid = review = True", "entry.form_invalid = True"),
]


@pytest.mark.parametrize("file, line, bug", MUTANTS, ids=[f"{f}:{b[:40]}" for f, _l, b in MUTANTS])
def test_the_rule_tests_kill_the_mutant(tmp_path, file, line, bug):
    # A copy of the code and the rule tests, run from the copy: its `tally` comes first on the path.
    for folder in ("tally", "grammar", "scraper", "bansha", "tests"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "tally" / file
    source = target.read_text("utf-8")
    assert source.count(line) == 1, f"the mutated line is no longer in tally/{file}: update MUTANTS"
    target.write_text(source.replace(line, bug), "utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "BANSHA_SHARED": str(ROOT.parent / "shared")}
    probe = subprocess.run([sys.executable, "-c", "import tally; print(tally.__file__)"], capture_output=True,
                           text=True, env=env, cwd=tmp_path)
    assert str(tmp_path) in probe.stdout, "the mutated copy does not shadow the package"
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-n0", "-p", "no:cacheprovider",
                           "tests/test_tally_rules.py", "tests/test_ballot_format.py"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert "passed" in done.stdout or "failed" in done.stdout, done.stdout + done.stderr
    assert done.returncode != 0, f"mutant survived: tally/{file}: {bug}"
