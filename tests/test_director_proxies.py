"""The director's proxies corrected or taken back in the same post, in words no list held (heldout6–8: each was read
as the first proxy, certain): rules.md, "How directors really write rulings and proxies" — a proxy taken back or
corrected in a later line, the request pasted from a chat log. A correction the post explains stands; one it does
not explain, and a take-back in words nobody listed, are the director's to confirm."""

from __future__ import annotations

import pytest

from tally import certainty
from tally.day import tally_day
from tally.rules import load_preset
from tallykit import Thread, game


def fold(text: str, preset: str = "qisha"):
    t = Thread()
    post = t.add("导演", text, 1)
    g = game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset))
    proxies = [e for e in result.entries if e.pid == post.pid]
    return result, proxies


def counted(result) -> dict:
    return {voter: target for target, voters in result.voters.items() for voter, _ in voters}


@pytest.mark.parametrize("text, voter, target", [
    # the later pair corrects the first, said in words the old list did not hold
    ("代投：杨康 → 郭靖\n啊不对，看错私信了，是郭靖托我投杨康，不是反过来。更正：代投 郭靖 → 杨康，理由“他跳得太早”。", "郭靖", "杨康"),
    ("代投 黄蓉：投票对象 一灯\n——上面写错了。黄蓉私信原话是“投一灯的对家”，我追问后她明确说是洪七公。更正为：黄蓉 → 洪七公。",
     "黄蓉", "洪七公"),
    ("代投：穆念慈 → 欧阳锋\n更正：穆念慈刚在 QQ 说是欧阳克不是欧阳锋，以欧阳克为准。\n——穆念慈 → 欧阳克", "穆念慈", "欧阳克"),
    # the player's own later request in a pasted log corrects the first
    ("收到 周伯通 的代投私信：\n[08-03 19:40] 周伯通：导演帮我投杨康\n[08-03 19:52] 周伯通：等等，算了，改成黄药师吧\n"
     "以后一句为准：周伯通 → 黄药师。", "周伯通", "黄药师"),
    # two clauses on a line: the second refuses a request, it makes no proxy
    ("代投：一灯 → 黄蓉；洪七公 让我“看着投”，没有明确对象，不代。", "一灯", "黄蓉"),
])
def test_a_proxy_corrected_in_the_same_post_counts_the_correction(text, voter, target):
    result, _ = fold(text)
    assert counted(result) == {voter: target}, result.entries[-1].reason


@pytest.mark.parametrize("text, voter", [
    ("代投：杨康 → 郭靖\n撤销。杨康说她找到电脑了，自己来投，上面这条不算。", "杨康"),
    ("代投 黄蓉 → 一灯（理由：跟票太快）。\n撤回：黄蓉刚刚自己上线了，说要亲自投，上面这条不算。", "黄蓉"),
])
def test_a_proxy_taken_back_in_new_words_counts_nothing_and_is_asked(text, voter):
    result, (entry,) = fold(text)
    assert voter not in counted(result)
    assert entry.needs_review and "撤回" in entry.reason


def test_a_record_line_that_keeps_a_request_the_player_corrected_in_the_log_is_asked():
    """The log shows 周伯通 correcting the request; the director's record keeps the first target — which is the proxy
    is the director's to say, and both targets are weighed."""
    text = ("【代投】周伯通 短信原文：\n[06-06 10:02] 周伯通：帮我投杨康，理由他替补后说话不对劲\n"
            "[06-06 10:04] 周伯通：不对，是黄药师，打错了\n——记 周伯通 → 杨康。")
    result, (entry,) = fold(text)
    assert entry.needs_review and "改了口" in entry.reason
    keys = {r.key for r in certainty.readings(entry)}
    assert {("proxy", "杨康", "周伯通"), ("proxy", "黄药师", "周伯通")} <= keys or \
        {("vote", "杨康", "周伯通"), ("vote", "黄药师", "周伯通")} <= keys, keys


@pytest.mark.parametrize("text, voter, target", [
    ("Proxy vote for 穆念慈 -> 杨康", "穆念慈", "杨康"),  # the hostile round, B8: reversed
    ("【目前票型】杨康 3票：郭靖、黄蓉、一灯\n另：代投 周伯通→郭靖（私信委托）", "周伯通", "郭靖"),  # B16: credited to 郭靖
])
def test_a_proxy_written_as_an_arrow_after_its_heading_is_for_the_left_player(text, voter, target):
    result, _ = fold(text)
    assert counted(result).get(voter) == target, result.entries[-1].reason


def test_a_proxy_whose_voter_is_corrected_in_words_the_reader_cannot_pair_is_asked():
    """B7: 「【代投】郭靖→杨康 ⏎ 更正：是黄蓉委托的」 was counted as certain for 郭靖."""
    result, (entry,) = fold("【代投】郭靖→杨康\n更正：是黄蓉委托的")
    assert entry.needs_review and "更正" in entry.reason


@pytest.mark.parametrize("text", [
    "代投说明：洪七公→郭靖（示例，请按这个格式私信）",  # B2: an example, counted as a proxy
    "洪七公私信我说投杨康，黄药师也私信说投杨康，代投如上",  # B10: dropped
    "黄药师：杨康\n（代投）",  # B11: a pair marked as a proxy on the line below, read as a notice
])
def test_a_director_post_that_may_make_a_proxy_is_never_counted_or_dropped_unasked(text):
    """The hostile round (issue 42, B2/B10/B11): each was counted as a certain proxy or read as a notice."""
    result, (entry,) = fold(text)
    assert entry.needs_review and not counted(result), entry.reason


def test_a_count_that_marks_how_a_ballot_came_is_no_proxy_made():
    # 「（代投）」 beside a name in a running count says how the ballot came: no doubt of a proxy made here
    result, (entry,) = fold("【目前票型】\n杨康 2票：郭靖、黄药师（代投）\n黄蓉 1票：欧阳克")
    assert not entry.needs_review and not counted(result), entry.reason


def test_a_players_relay_beside_their_own_ballot_is_kept():
    """B12: 「投黄蓉，顺便替一灯也投黄蓉」 — 一灯's relayed ballot vanished."""
    t = Thread()
    post = t.add("郭靖", "投黄蓉，顺便替一灯也投黄蓉，理由：跟风太快", 1)
    g = game("qisha")
    r = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert entry.needs_review and "一灯" in entry.relayed_for, entry.reason


@pytest.mark.parametrize("text, made", [
    # the voter named by whose ballot it is (「X 这一票由主持人代投：Y」), the log above agreeing
    ("【代投】黄蓉 今天在医院，微信委托，原话照录：\n黄蓉 08:52：主持人，今天上不了论坛\n黄蓉 08:52：票投杨康\n"
     "——黄蓉 这一票由主持人代投：杨康。", {"黄蓉": "杨康"}),
    # list items 「X —— 投票对象：Y，理由：Z」 under a heading that names no pair
    ("代投两条，都是昨晚短信里说好的，无条件：\n一灯 —— 投票对象：郭靖，理由：路线刻意\n周伯通 —— 投票对象：杨康，理由：地图对不上",
     {"一灯": "郭靖", "周伯通": "杨康"}),
    # a heading that names both voters after 受, one item each below it
    ("受 一灯、周伯通 两位委托代投（均在今天中午前私信，均无条件）：\n一灯——投票对象：郭靖，理由：渡口的事\n"
     "周伯通——投票对象：杨康，理由：票型", {"一灯": "郭靖", "周伯通": "杨康"}),
    # the chat log's speaker and time in one bracket (「【X 10:02】帮我投Y」), the record line under it
    ("代投两位，微信原话：\n【一灯 10:02】帮我投郭靖，导演\n【周伯通 10:15】我投杨康，不加条件\n——记：一灯 → 郭靖；周伯通 → 杨康。",
     {"一灯": "郭靖", "周伯通": "杨康"}),
])
def test_proxies_in_the_directors_own_list_shapes_count_for_the_pairs_they_name(text, made):
    result, _ = fold(text)
    assert counted(result) == made, [e.reason for e in result.entries]


def test_a_doubtful_director_post_weighs_every_pair_its_names_make():
    # 「——郭靖 这一份由导演代投：一灯。」 reads 一灯 as the voter and no target; which of the two is the voter is the
    # doubt, so both pairs are among what the proof weighs (heldout9: it weighed two abstentions only, and the
    # director's pair was outside every reading)
    from grammar import director
    from grammar.names import Roster

    said = director.read("——郭靖 这一份由导演代投：一灯。", Roster(["郭靖", "一灯", "杨康"]))
    assert said.doubts
    assert {("郭靖", "一灯"), ("一灯", "郭靖")} <= set(said.readings), said.readings


def test_a_proxy_taken_back_in_a_later_post_is_withdrawn_and_asked():
    # heldout11 (after its first read): 「上午替燕子代投的白鹭撤回——她本人……已经自己投了」 was counted as a new proxy
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    made = t.add("导演", "代投：周伯通 → 杨康（私信委托）", 2)
    back = t.add("导演", "上午替周伯通代投的杨康撤回——他本人 12:05 已经自己投了，以本人为准。", 3)
    g = game("shediao")
    result = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
    entries = {e.pid: e for e in result.entries}
    assert entries[made.pid].verdict == "superseded" and entries[back.pid].needs_review, entries[back.pid].reason
    assert result.totals == {"杨康": 1}


def test_a_proxy_first_shown_in_the_directors_count_is_void_under_qisha_and_asked():
    """002: 「导演在统计票数时才公布的代投信息是无效的」 — a proxy the count itself adds (heldout17 s17_079) is void by
    the rule and asked (that it was not shown before is this thread's reading); one the director had posted before
    and repeats in the count stands. Under a seed without that sentence the same post's proxy counts."""
    count = "【计票】截止时间到。\n杨康 2 票：黄蓉、郭靖\n另：穆念慈 昨晚私信托我投杨康，一直忘了发，现在补上 → 杨康 3 票。"
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "杨康", 2)
    post = t.add("导演", count, 3)
    g = game("qisha")
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert "穆念慈" not in counted(result) or counted(result)["穆念慈"] is None
    assert entry.needs_review and "统计" in entry.reason and "杨康" in [r.target for r in certainty.readings(entry)]
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    assert counted(result).get("穆念慈") == "杨康"
    # shown before the count: the count's 另 line repeats it, the earlier proxy stands
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.add("导演", "代投：穆念慈 → 杨康（私信委托）", 2)
    t.vote("郭靖", "杨康", 2.5)
    t.add("导演", count, 3)
    g = game("qisha")
    result = tally_day(t.posts, g, g.days[0], load_preset("qisha"))
    assert counted(result).get("穆念慈") == "杨康"


@pytest.mark.parametrize("text", [
    "【代投】穆念慈 私信：“杨康 或者 欧阳锋 都行，导演你看着办”。按她先说的那个代投：\n投票对象：杨康\n投票理由：穆念慈 委托代投",
    "代投：穆念慈 → 杨康（她说杨康欧阳锋二选一，我挑了杨康）",
])
def test_a_request_that_leaves_the_pick_to_the_director_is_asked(text):
    """002/004: 要求代投时必须给出明确的投票对象，不允许给出条件让导演确定投票对象 — a request naming two and leaving the
    pick to the director (heldout17 s17_127) is a conditional proxy: asked, both readings weighed."""
    _, (entry,) = fold(text)
    assert entry.needs_review and "条件" in entry.reason
    assert "杨康" in [r.target for r in certainty.readings(entry)]


def test_a_count_written_on_one_line_with_a_proxy_mark_after_a_number_makes_no_proxy():
    """heldout15 o15_100: 「直尺 2、胶水 1、橡皮 1（代投）…」 — the mark says how a ballot in the count came."""
    result, (entry,) = fold("【截至 10:00】杨康 2、郭靖 1、黄蓉 1（代投）、一灯 1、弃权 1。其余以宣判时为准。", "anshazhe")
    assert not entry.needs_review and not counted(result), entry.reason


def test_a_proxy_in_a_post_headed_as_the_count_is_one_first_shown_there():
    """heldout12 z12_087: 「【关门统计】锅贴 4、汤圆 3。⏎附：煎饺昨晚托我代投春卷，一并计入。」 — a count written on one line."""
    result, (entry,) = fold("【关门统计】杨康 4、郭靖 3、黄蓉 2。\n附：穆念慈昨晚托我代投黄蓉，一并计入。", "qisha")
    assert entry.needs_review and "统计" in entry.reason and counted(result).get("穆念慈") in (None,)


def test_a_proxy_first_shown_in_a_running_count_under_qisha_is_asked_and_counts_by_default():
    """heldout6 w0098: 「【11:50 票型】…另：奶黄包今早私信委托代投烧卖，一并计入」 — before the close the players can still see it;
    whether it is 「统计票数时才公布」 is the director's call: asked, counted until ruled (the closing count's is void)."""
    result, (entry,) = fold("【11:50 票型】\n杨康 3：郭靖、黄蓉、一灯\n另：穆念慈今早私信委托代投杨康，一并计入 → 杨康 4。", "qisha")
    assert entry.needs_review and "关门前的票型统计" in entry.reason and counted(result).get("穆念慈") == "杨康"


@pytest.mark.parametrize("text, expected", [
    # each item of a numbered proxy list: the player, an arrow, then the labelled ballot (heldout18)
    ("代投两张（均为私信委托）：\n1. 郭靖 → 投票对象：杨康，投票理由：前后矛盾\n2. 黄蓉 → 投票对象：弃权，投票理由：出差",
     {"郭靖": "杨康", "黄蓉": None}),
    # a log pasted with quote marks or the app's name before each line, summed up under it
    ("代投（微信委托）：\n> 穆念慈 18:20：导演 我今晚没网 帮我投欧阳克\n> 导演 18:21：好\n受 穆念慈 委托：投票：欧阳克",
     {"穆念慈": "欧阳克"}),
    ("代投：\n[QQ] 周伯通 12:05:33\n导演 我一点前回不来 帮我投 杨康\n[QQ] 导演 12:06:01\n收到\n——以上，周伯通 投票：杨康",
     {"周伯通": "杨康"}),
    ("代投（洪七公 微信委托，文字照录）：\n洪七公 21:35：黄药师吧 就他\n——记：洪七公 → 黄药师。", {"洪七公": "黄药师"}),
    # a substitute announced on the proxy's own line, and a 委托：弃权 on the next
    ("两条代投：\n1）郭靖 今天起由替补顶替（已私信交接），替补还没拿到密码，私信我：投票：杨康；\n2）黄蓉 委托：弃权。",
     {"郭靖": "杨康", "黄蓉": None}),
    # one of two taken back under 【更正】, the other said to stand
    ("代投两张：\n1. 郭靖 → 投票对象：杨康\n2. 黄蓉 → 投票对象：欧阳克\n【更正】黄蓉 那张撤回，她刚上线说自己来投；郭靖 那张有效。",
     {"郭靖": "杨康"}),
    ("代投：郭靖 → 杨康；黄蓉 → 欧阳克。\n更正：黄蓉 刚上线说自己来投，黄蓉那条撤回，只保留 郭靖 的代投。", {"郭靖": "杨康"}),
    # a refusal is said of the player its sentence names first, not of the proxy made before it
    ("代投：郭靖 → 杨康。（黄蓉 也私信了，原话是“跟郭靖投一样的就行”，这是条件票，不代。）", {"郭靖": "杨康"}),
])
def test_proxy_lists_logs_and_takebacks_as_directors_write_them(text, expected):
    result, _ = fold(text)
    made = {e.voter: (e.target if e.kind != "abstain" else None) for e in result.entries if e.kind in ("proxy", "abstain")}
    assert made == expected, [e.reason for e in result.entries]
    assert not any(e.needs_review for e in result.entries), [e.reason for e in result.entries]


@pytest.mark.parametrize("text", [
    "两条代投：\n1. 郭靖 → 投票对象：杨康\n2. 黄蓉 委托，聊天记录如下：",  # the second announced, never spelled out
    "代投：郭靖 → 杨康\n更正：刚才看串了消息，郭靖 说的是 欧阳克，以此为准，上面那行作废。",  # voided by its correction
])
def test_a_proxy_announced_and_not_spelled_out_or_voided_by_a_correction_is_never_dropped(text):
    result, (entry,) = fold(text)
    assert entry.needs_review or counted(result).get("郭靖") == "欧阳克", entry.reason


def test_a_closing_tally_with_dashes_is_a_count_not_a_proxy():
    text = ("【第二日 关门】\n票型：\n杨康 3 —— 郭靖、黄蓉（代投）、欧阳克\n黄蓉 1 —— 杨康\n弃权 —— 梅超风\n杨康 出局。")
    result, (entry,) = fold(text)
    assert counted(result) == {} and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text, target", [
    ("代投：郭靖，投票对象：杨康。\n更正：郭靖刚私信说写错了，是黄蓉，理由不变，以这一条为准。", "黄蓉"),
    ("代投 郭靖 → 杨康。\n——刚又收到郭靖消息：是黄蓉，上面是我听错了。以黄蓉为准。", "黄蓉"),
    ("代投：郭靖 委托投 杨康。\n……更正：刚才看串了消息，郭靖 说的是 黄蓉，以此为准，上面那行作废。", "黄蓉"),
    ("代投：郭靖 → 杨康。\n更正：郭靖的原话是“黄蓉”，我抄错了，郭靖的代投以 黄蓉 为准。", "黄蓉"),
])
def test_the_one_proxy_corrected_to_the_one_other_player_its_correction_names(text, target):
    result, (entry,) = fold(text)
    assert counted(result) == {"郭靖": target} and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["代投：郭靖 → 杨康。\n更正：郭靖的原话里提到了黄蓉，但投的还是杨康",
                                  "代投：郭靖 → 杨康。\n更正：郭靖 说的是 黄蓉吗？"])
def test_a_correcting_line_that_names_the_old_target_too_or_asks_is_the_directors(text):
    result, (entry,) = fold(text)
    assert entry.needs_review, entry.reason


@pytest.mark.parametrize("text, expected", [
    ("代投两票：\n1. 郭靖（微信 17:40）→ 杨康\n2. 黄蓉（短信 18:05）→ 弃权\n都在 20:30 前，照收。", {"郭靖": "杨康", "黄蓉": None}),
    ("代投（微信截图文字版）：\n周伯通：导演，晚上值班，票投杨康\n周伯通：理由写“时间线不对”\n导演：收到\n→ 代投：周伯通 投票对象：杨康",
     {"周伯通": "杨康"}),
    ("代投 一灯（微信委托）：\n一灯：票投杨康 理由他昨天一直在保郭靖\n导演：好的\n→ 一灯：投票对象 杨康。", {"一灯": "杨康"}),
])
def test_list_items_with_a_channel_note_and_log_lines_that_say_more_of_the_same_proxy(text, expected):
    result, _ = fold(text)
    made = {e.voter: (e.target if e.kind != "abstain" else None) for e in result.entries if e.kind in ("proxy", "abstain")}
    assert made == expected and not any(e.needs_review for e in result.entries), [e.reason for e in result.entries]
