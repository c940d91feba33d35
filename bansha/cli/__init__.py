"""The `bansha` command. Thin: it parses options, calls plain functions and prints in Chinese.

Commands live in modules by what they serve — reading.py (the forum and the game file), tallying.py (the
count and the rulings), posting.py (results on the forum, the desk, the demo), archiving.py (archive and
export); common.py holds what they share and words.py the command line's own words, in Chinese.
"""

from __future__ import annotations

from . import archiving, posting, reading, tallying  # noqa: F401 - each registers its commands
from .common import app, err, escape, model, terminal_safe  # noqa: F401


def main() -> None:
    """The console entry point: storage failures anywhere become one clear sentence and exit 1."""
    import sqlite3

    try:
        app(standalone_mode=True)
    except model.ArchiveError as exc:
        err.print(f"[bold red]错误：[/]{escape(str(exc))}", highlight=False)
        raise SystemExit(1) from None
    except sqlite3.Error as exc:
        from scraper import archive

        err.print(f"[bold red]错误：[/]{escape(archive.describe_sqlite_error(exc, '档案库'))}", highlight=False)
        raise SystemExit(1) from None
    except OSError as exc:
        err.print(f"[bold red]错误：[/]{escape(model.describe_os_error(exc))}", highlight=False)
        raise SystemExit(1) from None


if __name__ == "__main__":  # pragma: no cover
    main()

