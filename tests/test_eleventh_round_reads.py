"""Issue 41, heldout39's first read (e1bdc7a): posts the tool doubted where a careful director reads them at once, mended
by class and tested on posts written here — the word for nobody with the reason after it, 「unvote X, vote Y」 as one
change, one of two proxies corrected by its voter's nickname, a log's closing arrow line, an abstention proxy whose aside
says the player has not decided."""

from __future__ import annotations

from test_hostile_round56 import _day

from grammar import director
from grammar.names import Roster

ROSTER = Roster(["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "洪七公"], {"靖哥哥": "郭靖", "蓉儿": "黄蓉", "老毒物": "欧阳锋",
                                                                      "七公": "洪七公"})


def _proxies(text: str) -> tuple[dict, list]:
    read = director.read(text, ROSTER, ("导演",))
    return {p.voter: p.target for p in read.proxies if p.void is None}, read.doubts


def test_the_word_for_nobody_with_the_reason_after_a_space_is_an_abstention():
    _, (entry,) = _day(("欧阳锋", "投票：弃权 这两天太忙 没看完"), preset="anshazhe")
    assert entry.kind == "abstain" and not entry.needs_review, entry
    # a note that may change it still asks
    _, (entry,) = _day(("欧阳锋", "投票：弃权 或者投杨康"), preset="anshazhe")
    assert entry.needs_review, entry


def test_unvote_naming_the_old_ballot_then_vote_is_one_change():
    _, (_first, entry) = _day(("欧阳锋", "投票：杨康"), ("欧阳锋", "unvote 杨康, vote 郭靖"), preset="anshazhe")
    assert entry.kind == "change" and entry.target == "郭靖", entry


def test_one_of_two_proxies_corrected_by_its_voters_nickname_is_corrected():
    made, doubts = _proxies("代投：蓉儿 → 杨康；老毒物 → 穆念慈。\n更正第二条：老毒物说的是 靖哥哥，不是穆念慈。")
    assert made == {"黄蓉": "杨康", "欧阳锋": "郭靖"} and not doubts, (made, doubts)
    made, doubts = _proxies("代投：蓉儿 → 杨康；老毒物 → 穆念慈。\n更正：老毒物那条看错了，她说的是 郭靖。")
    assert made == {"黄蓉": "杨康", "欧阳锋": "郭靖"} and not doubts, (made, doubts)
    # the correcting line names the other proxy's voter: which one it corrects is the director's
    made, doubts = _proxies("代投：蓉儿 → 杨康；老毒物 → 穆念慈。\n更正：老毒物那条看错了，蓉儿说的是 郭靖。")
    assert doubts, made


def test_an_arrow_line_under_a_pasted_log_gives_the_player_and_the_ballot():
    made, doubts = _proxies("【代投】七公 微信：\n[07:41] 七公：在吗 帮我投杨康\n[07:52] 导演：收到\n→ 洪七公：投票 杨康")
    assert made == {"洪七公": "杨康"} and not doubts, (made, doubts)


def test_an_abstention_proxy_whose_aside_says_the_player_has_not_decided_stands():
    made, doubts = _proxies("代投两张：蓉儿 → 杨康；七公 → 弃权（本人说没想好，先弃）。")
    assert made == {"黄蓉": "杨康", "洪七公": None} and not doubts, (made, doubts)
    # an aside that leaves it open is still asked
    made, doubts = _proxies("代投两张：蓉儿 → 杨康；七公 → 弃权（本人说没想好，等他回复再说）。")
    assert "洪七公" not in made and doubts, (made, doubts)
