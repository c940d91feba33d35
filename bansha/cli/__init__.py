"""The `bansha` command. Thin: it parses options, calls plain functions and prints in Chinese.

Commands live in modules by what they serve — reading.py (the forum and the game file), tallying.py (the
count and the rulings), posting.py (results on the forum, the desk, the demo), archiving.py (archive and
export), board.py (a board's history: reveal, board add, board report); common.py holds what they share and words.py the command line's own words, in Chinese.
"""

from __future__ import annotations

from . import archiving, board, posting, reading, tallying  # noqa: F401 - each registers its commands
from .common import app, err, error, model, terminal_safe  # noqa: F401


def main() -> None:
    """The console entry point: usage errors, storage failures and file errors anywhere become one clear
    Chinese sentence; help pages are Chinese (words.py)."""
    import sqlite3
    import sys

    from typer import Abort
    from typer._click.exceptions import ClickException, NoArgsIsHelpError

    from . import words

    words.install()
    try:
        code = app(standalone_mode=False)
    except NoArgsIsHelpError as shown:  # `bansha` alone, `bansha card`: the list of commands
        sys.stdout.write(shown.ctx.get_help())
        raise SystemExit(2) from None
    except ClickException as usage:
        ctx = getattr(usage, "ctx", None)
        lines = [f"错误：{words.explain(usage)}"]
        if ctx is not None:
            lines += [words.usage(ctx), f"查看说明：{words.command_path(ctx)} --help"]
        sys.stderr.write(terminal_safe("\n".join(lines)) + "\n")
        raise SystemExit(usage.exit_code) from None
    except Abort:
        sys.stderr.write("已中止。\n")
        raise SystemExit(1) from None
    except model.ArchiveError as exc:
        error(str(exc))
        raise SystemExit(1) from None
    except sqlite3.Error as exc:
        from scraper import archive

        error(archive.describe_sqlite_error(exc, '档案库'))
        raise SystemExit(1) from None
    except OSError as exc:
        error(model.describe_os_error(exc))
        raise SystemExit(1) from None
    raise SystemExit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()

