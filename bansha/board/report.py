"""A board's 战绩: the BBCode of the record post and a static site (one page per player, one per game), safe as
the game export is — everything a player wrote is escaped, no script runs, nothing is fetched from elsewhere.
"""

from __future__ import annotations

import html
from pathlib import Path

from scraper import model
from tally import board as records
from tally.board import OUT_WORDS, Record
from tally.report import escape_bbcode

# What the record post can be sorted by (`bansha board report --sort`), each with its column's words.
SORTS = {
    "games": ("局数", lambda r: (r.games, r.won)),
    "wins": ("胜场", lambda r: (r.won, r.win_rate or 0)),
    "rate": ("胜率", lambda r: (r.win_rate or 0, r.revealed)),
    "days": ("存活天数", lambda r: (r.days_alive, r.games)),
    "hits": ("投中对方阵营", lambda r: (r.hit_rate or 0, r.judged)),
    "lurks": ("潜水", lambda r: (r.lurks, r.games)),
}
CARD_WORDS = {"blue": "蓝", "yellow": "黄", "red": "红", "drown": "淹死"}


def preset_title(name: str) -> str:
    from tally.rules import PRESETS, load_preset

    return load_preset(name).title_text if name in PRESETS else name


def _percent(part: int, whole: int) -> str:
    return f"{part}/{whole}（{round(100 * part / whole)}%）" if whole else "—"


def _camps(r: Record) -> str:
    return "、".join(f"{camp}{n}局胜{r.wins.get(camp, 0)}" for camp, n in r.camps.most_common()) or "—"


def _outs(r: Record) -> str:
    return "、".join(f"{OUT_WORDS[k]}{n}" for k, n in r.out.most_common()) or "—"


def _cards(r: Record) -> str:
    return "".join(f"{CARD_WORDS.get(c, c)}{n}" for c, n in sorted(r.cards.items())) or "—"


def ordered(found: dict[str, Record], sort: str) -> list[Record]:
    key = SORTS[sort][1]
    return sorted(found.values(), key=lambda r: (*(-x for x in key(r)), r.name))


def columns(r: Record) -> list[str]:
    """One player's row, as the post and the site show it."""
    return [r.name, str(r.games), _percent(r.won, r.revealed), _camps(r), str(r.days_alive), str(r.voted_out), _outs(r),
            str(r.lurks), _cards(r), str(r.ballots), _percent(r.hits, r.judged), str(r.posts)]


HEADINGS = ["玩家", "局数", "胜场/已揭秘", "阵营", "存活天数", "被票出次数", "出局方式", "潜水", "牌", "投票", "投中对方阵营", "发言"]


def bbcode(rows: dict[str, list[dict]], *, title: str, sort: str = "games") -> str:
    found = records.records(rows)
    games = rows["games"]
    shown = sum(1 for g in games if g["revealed"])
    cell = lambda s: f"[td]{escape_bbcode(s)}[/td]"  # noqa: E731
    lines = [f"[b]{escape_bbcode(title)}战绩[/b]",
             f"共 {len(games)} 局（已揭秘 {shown} 局；没有揭秘的局只计发言和票数），按{SORTS[sort][0]}排序。", "[table]",
             "[tr]" + "".join(f"[td][b]{h}[/b][/td]" for h in HEADINGS) + "[/tr]"]
    lines += ["[tr]" + "".join(cell(c) for c in columns(r)) + "[/tr]" for r in ordered(found, sort)]
    lines.append("[/table]")
    rates = records.camp_rates(rows)
    if rates:
        lines.append("[b]各阵营胜率[/b]（已揭秘的局）")
        for preset, camps in rates.items():
            lines.append(f"{escape_bbcode(preset_title(preset))}：" + "、".join(f"{escape_bbcode(c)} {_percent(w, n)}" for c, (w, n) in camps.items()))
    presets: dict[str, int] = {}
    for g in games:
        presets[g["preset"]] = presets.get(g["preset"], 0) + 1
    lines.append("各规则局数：" + "、".join(f"{escape_bbcode(preset_title(p))} {n} 局" for p, n in sorted(presets.items())))
    same = records.same_names(rows)
    if same:
        lines.append("同名的不同账号（分别计算）：" + "；".join(f"{escape_bbcode(n)}：{len(a)} 个账号" for n, a in same.items()))
    return "\n".join(lines) + "\n"


# -- the site ---------------------------------------------------------------------------------------------

STYLE = """body{font-family:"Noto Sans CJK SC","Microsoft YaHei",sans-serif;max-width:62em;margin:1em auto;padding:0 1em;color:#222}
nav{margin-bottom:1em}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left;vertical-align:top}
td,th{white-space:nowrap}.wide{overflow-x:auto;max-width:100%}.muted{color:#777}.spoiler{color:#a00}
h1,h2,p,li{overflow-wrap:anywhere}
@media (max-width:600px){body{padding:0 .5em;margin:.5em auto}td,th{padding:.2em .35em}h1{font-size:1.4em}}
"""


def _page(out: Path, name: str, title: str, body: str) -> Path:
    model.write_file(out / name,
                     "<!DOCTYPE html><html lang='zh-CN'><head><meta charset='utf-8'>"
                     "<meta name='viewport' content='width=device-width, initial-scale=1'>"
                     f"<title>{html.escape(title)}</title><link rel='stylesheet' href='style.css'>"
                     "<meta http-equiv='Content-Security-Policy' content=\"default-src 'self' file: data:; "
                     "script-src 'none'; object-src 'none'; style-src 'self' file:\">"
                     f"</head><body><nav><a href='index.html'>战绩首页</a></nav><h1>{html.escape(title)}</h1>{body}</body></html>\n")
    return out / name


def _table(headings: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headings)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<div class='wide'><table><tr>{head}</tr>{body}</table></div>"


def write_site(rows: dict[str, list[dict]], out: Path, *, title: str, sort: str = "games") -> list[Path]:
    model.output_folder(out, "战绩网站目录")
    found = records.records(rows)
    players = ordered(found, sort)
    page_of = {r.account: f"player-{n}.html" for n, r in enumerate(sorted(found.values(), key=lambda r: r.account), start=1)}
    games = rows["games"]
    game_page = {g["key"]: f"game-{n}.html" for n, g in enumerate(games, start=1)}
    seats_of: dict[str, list[dict]] = {}
    for seat in rows["seats"]:
        seats_of.setdefault(seat["game"], []).append(seat)
    written = []
    table = [[f"<a href='{page_of[r.account]}'>{html.escape(r.name)}</a>", *map(html.escape, columns(r)[1:])] for r in players]
    rates = records.camp_rates(rows)
    rate_lines = "".join(f"<li>{html.escape(preset_title(p))}：" + "、".join(f"{html.escape(c)} {_percent(w, n)}" for c, (w, n) in cs.items()) + "</li>"
                         for p, cs in rates.items())
    game_list = "".join(f"<li><a href='{game_page[g['key']]}'>{html.escape(g['name'])}</a> <span class='muted'>"
                        f"{html.escape(preset_title(g['preset'] or ''))}{'' if g['revealed'] else '（未揭秘）'}</span></li>" for g in games)
    written.append(_page(out, "index.html", f"{title}战绩",
                         f"<p>共 {len(games)} 局，{len(found)} 个账号。</p>{_table(HEADINGS, table)}"
                         f"<h2>各阵营胜率</h2><ul>{rate_lines or '<li>（还没有揭秘的局）</li>'}</ul><h2>对局</h2><ol>{game_list}</ol>"))
    for r in found.values():
        mine = [s for g in games for s in seats_of.get(g["key"], []) if s["account"] == r.account]
        by_key = {g["key"]: g for g in games}
        lines = []
        for s in mine:
            g = by_key[s["game"]]
            result = "—" if s["won"] is None else ("胜" if s["won"] else "负")
            days = f"第{s['from_day']}–{s['to_day']}天" if s["from_day"] != 1 or s["name"] != s["seat"] else ""
            lines.append([f"<a href='{game_page[g['key']]}'>{html.escape(g['name'])}</a>", html.escape(s["seat"]) + (
                f" <span class='muted'>{html.escape(days)}</span>" if days else ""),
                html.escape(s["role"] or ("—" if g["revealed"] else "（未揭秘）")), html.escape(s["camp"] or "—"), result,
                html.escape(OUT_WORDS.get(s["out_by"] or "", "")) + (f"（第{s['out_day']}天）" if s["out_day"] else ""),
                str(s["days_alive"])])
        also = f"<p class='muted'>用过的名字：{html.escape('、'.join(r.names))}</p>" if len(r.names) > 1 else ""
        summary = _table(HEADINGS[1:], [list(map(html.escape, columns(r)[1:]))])
        written.append(_page(out, page_of[r.account], r.name,
                             f"{also}<p class='muted'>账号 {html.escape(r.account)}</p>{summary}<h2>对局</h2>"
                             + _table(["对局", "座位", "身份", "阵营", "胜负", "出局", "存活天数"], lines)))
    accounts = {a: page_of.get(a) for a in page_of}
    for g in games:
        seats = sorted(seats_of.get(g["key"], []), key=lambda s: (s["seat"], s["from_day"]))
        lines = [[html.escape(s["seat"]), (f"<a href='{accounts[s['account']]}'>{html.escape(s['name'])}</a>"
                                           if accounts.get(s["account"]) else html.escape(s["name"]))
                  + (f" <span class='muted'>第{s['from_day']}–{s['to_day']}天</span>" if s["from_day"] != 1 or s["name"] != s["seat"] else ""),
                  html.escape(s["role"] or "—"), html.escape(s["camp"] or "—"),
                  html.escape(OUT_WORDS.get(s["out_by"] or "", "")) + (f"（第{s['out_day']}天）" if s["out_day"] else "")]
                 for s in seats]
        days = [[html.escape(d["label"] or f"第{d['day']}天"), html.escape(_outcome(d))]
                for d in rows["days"] if d["game"] == g["key"]]
        site = (f"<p><a href='{html.escape(g['site'])}'>这一局的揭秘网站</a></p>" if g.get("site") else "")
        head = (f"<p>规则：{html.escape(preset_title(g['preset'] or ''))}；获胜方：{html.escape(g['winner'] or '—')}</p>" if g["revealed"]
                else "<p class='muted'>这一局还没有确认的揭秘记录：不显示身份和阵营。</p>")
        written.append(_page(out, game_page[g["key"]], g["name"],
                             head + site + _table(["座位", "账号", "身份", "阵营", "出局"], lines)
                             + "<h2>每天的结果</h2>" + _table(["天", "结果"], days)))
    model.write_file(out / "style.css", STYLE)
    written.append(out / "style.css")
    return written


def _outcome(day: dict) -> str:
    names = day["names"] or ""
    return {"out": f"{names} {'当选' if day['kind'] == 'election' else '出局'}", "runoff": f"{names} 进入高票对决",
            "revote": f"{names} 平票，重投"}.get(day["outcome"], "无人出局")
