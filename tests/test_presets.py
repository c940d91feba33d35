"""Every preset setting says where it comes from: a sentence of its seed, quoted, or 种子未明说.

Nothing a seed doesn't say is imposed silently (issue 14): a setting a preset leaves out must be off, and a
quoted sentence must really be in the seed (checked against ../shared/seeds, read in place).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import MISSING, fields
from importlib import resources

import pytest

from conftest import SHARED
from tally.rules import PRESETS, Rules

SEEDS = SHARED / "seeds"
META = {"name", "title_text", "seed", "customs", "sources"}
SETTINGS = [f for f in fields(Rules) if f.name not in META]
UNSAID = "种子未明说"


def preset(name: str) -> dict:
    return tomllib.loads(resources.files("tally.presets").joinpath(f"{name}.toml").read_text("utf-8"))


@pytest.mark.parametrize("name", PRESETS)
def test_every_setting_is_set_and_sourced_or_off(name):
    data = preset(name)
    for setting in SETTINGS:
        if setting.name in data["rules"]:
            assert data["sources"].get(setting.name), f"{name}: {setting.name} has no [sources] line"
        else:
            # Left out of the preset: the default must impose nothing (a mechanic this game doesn't have).
            default = setting.default if setting.default is not MISSING else setting.default_factory()
            assert default in (0, False, ""), f"{name}: {setting.name} is imposed by default ({default!r}) without a source"


def fragments(text: str) -> list[str]:
    return [f for f in re.split(r"[\s，。；：、,.;:()（）“”「」《》〈〉<>\[\]【】…—\-！!？?=]+", text) if len(f) >= 6]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is absent")
@pytest.mark.parametrize("name", PRESETS)
def test_every_source_quotes_its_seed_or_says_it_is_unsaid(name):
    data = preset(name)
    seed = re.sub(r"\s+", "", (SEEDS / data["preset"]["seed"]).read_text("utf-8"))
    for setting, source in data["sources"].items():
        if UNSAID in source:
            continue
        quoted = [f for f in fragments(source) if f in seed]
        assert quoted, f"{name}.{setting}: 「{source}」 is neither a sentence of {data['preset']['seed']} nor marked {UNSAID}"


def test_the_quote_check_can_fail():
    assert not [f for f in fragments("关门前两小时不允许改票或代投") if f in "关门前一小时不允许改票或代投"]
