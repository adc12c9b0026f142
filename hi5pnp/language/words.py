"""Words every language says its own way, in the language being spoken: an
ordinal (1st, 2nd; German 1., 2.) and a list (a, b and c)."""

from __future__ import annotations

from collections.abc import Iterable

from .speech import _, pgettext


def ordinal(n: int) -> str:
    """``n`` as a place: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    if n % 100 in (11, 12, 13):
        return _("%(n)dth") % {"n": n}
    ends = {1: _("%(n)dst"), 2: _("%(n)dnd"), 3: _("%(n)drd")}
    return ends.get(n % 10, _("%(n)dth")) % {"n": n}


def listed(items: Iterable[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return pgettext("a list's last two items", "%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}
