"""The bot in its players' languages: gettext catalogs managed with Babel (i18n/locales/), the
language in use (`speaking`, `use`, `current`), and the words of that language (`_`, `ngettext`,
`pgettext`, `N_`, `number`, `percent`). See docs/languages.md."""
from i18n.languages import ENGLISH, best, own_name, shipped
from i18n.words import N_, _, current, ngettext, npgettext, number, percent, pgettext, speaking, use

__all__ = ["ENGLISH", "N_", "_", "best", "current", "ngettext", "npgettext", "number", "own_name", "percent",
           "pgettext", "shipped", "speaking", "use"]
