"""`python -m i18n extract | update | add CODE | check [CODE ...]`: see docs/languages.md."""
from __future__ import annotations

import argparse
import sys

from i18n import catalogs
from i18n.languages import ENGLISH, shipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n", description="Keep the message catalogs.")
    verbs = parser.add_subparsers(dest="verb", required=True)
    verbs.add_parser("extract", help="write i18n/locales/messages.pot from the code")
    verbs.add_parser("update", help="extract, then bring every language's catalog up to date")
    added = verbs.add_parser("add", help="start a catalog for a new language")
    added.add_argument("code", help="Discord's locale code, e.g. it or pt-BR")
    checked = verbs.add_parser("check", help="list what each catalog lacks (exit 1 if anything)")
    checked.add_argument("codes", nargs="*", help="the languages to check (default: all)")
    args = parser.parse_args(argv)
    if args.verb == "extract":
        print(f"{len(catalogs.extract())} messages in {catalogs.TEMPLATE}")
    elif args.verb == "update":
        print("updated:", ", ".join(catalogs.update()) or "no language yet")
    elif args.verb == "add":
        print(f"started {catalogs.add(args.code)}")
    else:
        template = catalogs.extracted()
        bad = 0
        for code in args.codes or [c for c in shipped() if c != ENGLISH]:
            found = catalogs.problems(code, template)
            bad += len(found)
            print(f"{code}: {'complete' if not found else f'{len(found)} problems'}")
            for problem in found:
                print("   ", problem)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
