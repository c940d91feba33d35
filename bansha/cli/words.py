"""The command line's own words, in Chinese: help pages and usage errors.

typer (0.29) renders help and errors in English through rich, and rich reads 「[[days.rounds]]」 in a help
text as markup and drops it. So bansha renders both itself, as plain text: `install()` gives typer's
command classes a Chinese `format_help`, and `explain()` turns a usage error (a missing argument, an
unknown option, a value of the wrong type — typer's own messages and pydantic's) into one Chinese
sentence, with the usage line and where to read more. Nothing here imports rich: `bansha --help` stays
as light as check-vote.
"""

from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

TYPE_WORDS = {int: "整数", float: "数字", str: "文字", Path: "路径"}

# Typer's and pydantic's own sentences → ours. Anything not listed is said without its English.
_MESSAGES = [
    (re.compile(r"No such command '(.+?)'"), "没有这个命令：{0}（运行 bansha --help 查看所有命令）"),
    (re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((.+?)\)"), "多写了参数：{0}"),
    (re.compile(r"Option '?(.+?)'? requires (?:an argument|\d+ arguments)"), "选项 {0} 后面要写一个值"),
    (re.compile(r"Option '?(.+?)'? does not take a value"), "选项 {0} 后面不用写值"),
    (re.compile(r"Missing command"), "缺少命令（运行 bansha --help 查看所有命令）"),
    (re.compile(r"valid integer"), "应当是整数"),
    (re.compile(r"valid number"), "应当是数字"),
    (re.compile(r"valid boolean"), "应当是 true 或 false"),
    (re.compile(r"valid (?:string|str)"), "应当是文字"),
    (re.compile(r"does not exist"), "不存在"),
    (re.compile(r"is a directory"), "是目录，不是文件"),
    (re.compile(r"greater than or equal to (\S+)"), "不能小于 {0}"),
    (re.compile(r"less than or equal to (\S+)"), "不能大于 {0}"),
]


def say(message: str) -> str:
    """A usage message of typer's or pydantic's, in Chinese."""
    for pattern, words in _MESSAGES:
        m = pattern.search(message or "")
        if m:
            return words.format(*m.groups())
    return "写法不对"


def _shown(param) -> str:
    """How the director names a parameter: an option by its switch, an argument by its help's noun."""
    if param.param_type_name == "option":
        return param.opts[0]
    if param.metavar:
        return param.metavar
    help_text = (param.help or param.name or "").strip()
    return re.split(r"[（(，,：:]", help_text, maxsplit=1)[0] or param.name


def _kind(param) -> str:
    descriptor = getattr(param, "type_descriptor", None)
    annotation = getattr(descriptor, "annotation", None)
    for base, words in TYPE_WORDS.items():
        if annotation is base or (isinstance(annotation, type) and issubclass(annotation, base)):
            return words
    return "文字" if getattr(descriptor, "annotation", None) is not None else ""


def explain(error) -> str:
    """A usage error (typer's ClickException family) as the director reads it."""
    from typer._click.exceptions import BadParameter, MissingParameter, NoSuchOption

    param = getattr(error, "param", None)
    if isinstance(error, MissingParameter):
        what = "参数" if getattr(error, "param_type", None) == "argument" or (param and param.param_type_name == "argument") \
            else "选项"
        shown = _shown(param) if param is not None else ""
        told = f"：{param.help}" if param is not None and param.help and not param.help.startswith(shown) else ""
        return f"缺少{what} {shown}{told}".rstrip()
    if isinstance(error, NoSuchOption):
        near = "、".join(getattr(error, "possibilities", None) or [])
        return f"没有这个选项：{error.option_name}" + (f"（是不是想写 {near}？）" if near else "")
    if isinstance(error, BadParameter):
        return f"{_shown(param) if param else '参数'} 的值不对：{say(error.message)}"
    return say(getattr(error, "message", "") or str(error))


def command_path(ctx) -> str:
    """「bansha card add」, however the program was started (python -m bansha.cli, a script)."""
    names = []
    while ctx.parent is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    return " ".join(["bansha", *reversed(names)])


def usage(ctx) -> str:
    """「用法：bansha tally [选项] 游戏文件」."""
    command = ctx.command
    pieces = [command_path(ctx)]
    if any(p.param_type_name == "option" for p in command.get_params(ctx)):
        pieces.append("[选项]")
    if hasattr(command, "commands"):
        pieces.append("命令 [参数]…")
    for param in command.get_params(ctx):
        if param.param_type_name == "argument":
            name = _shown(param)
            pieces.append(name if param.required else f"[{name}]")
    return "用法：" + " ".join(pieces)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int, indent: int) -> list[str]:
    """Lines no wider than `width` columns (a Chinese character takes two)."""
    lines, line = [], ""
    for ch in text:
        if _width(line + ch) > width and line:
            lines.append(line)
            line = ""
        line += ch
    lines.append(line)
    return [lines[0]] + [" " * indent + rest for rest in lines[1:]]


def _table(rows: list[tuple[str, str]], columns: int) -> list[str]:
    left = min(max((_width(a) for a, _ in rows), default=0) + 2, 28)
    out = []
    for a, b in rows:
        pad = " " * max(1, left - _width(a))
        text = f"  {a}{pad}"
        if _width(text) > left + 2:  # a long switch: its words go on the next line
            out.append(text.rstrip())
            text = " " * (left + 2)
        out += wrap(text + b, columns, left + 2)
    return out


def _default(param) -> str:
    value = param.default
    if param.required or value is None or value is False or value == "" or getattr(param, "is_flag", False):
        return ""
    return f"（默认：{value}）"


def command_help(self, ctx, formatter) -> None:
    """A command's help page, in Chinese."""
    columns = min(shutil.get_terminal_size((100, 24)).columns, 120) - 2
    lines = [usage(ctx), ""]
    if self.help:
        lines += [*wrap(self.help.strip(), columns, 0), ""]
    params = [p for p in self.get_params(ctx) if not getattr(p, "hidden", False)]
    arguments = [(_shown(p), (p.help or "") + ("（必填）" if p.required else ""))
                 for p in params if p.param_type_name == "argument"]
    options = []
    for p in params:
        if p.param_type_name != "option":
            continue
        if p.name == "help":
            options.append(("--help", "显示这份说明"))
            continue
        switch = " / ".join([*p.opts, *p.secondary_opts])
        kind = "" if getattr(p, "is_flag", False) else _kind(p)
        options.append((f"{switch} {kind}".strip(), (p.help or "") + _default(p) + ("（必填）" if p.required else "")))
    if arguments:
        lines += ["参数：", *_table(arguments, columns), ""]
    if options:
        lines += ["选项：", *_table(options, columns), ""]
    formatter.write("\n".join(lines) + "\n")


def group_help(self, ctx, formatter) -> None:
    """The list of commands (bansha --help, bansha card --help), in Chinese."""
    columns = min(shutil.get_terminal_size((100, 24)).columns, 120) - 2
    lines = [usage(ctx), ""]
    if self.help:
        lines += [*wrap(self.help.strip(), columns, 0), ""]
    rows = []
    for name in self.list_commands(ctx):
        command = self.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        first = (command.help or "").strip().split("\n")[0]
        rows.append((name, re.split(r"(?<=[。；])", first, maxsplit=1)[0]))
    lines += ["命令：", *_table(rows, columns), ""]
    lines += [f"每个命令的说明：{command_path(ctx)} 命令 --help", ""]
    formatter.write("\n".join(lines) + "\n")


def install() -> None:
    """Give typer's command classes the Chinese help pages."""
    import typer.core

    typer.core.TyperCommand.format_help = command_help
    typer.core.TyperGroup.format_help = group_help
