"""jinja2 templates that speak: the i18n extension added to an environment,
its ``{% trans %}`` blocks and ``_()`` calls answered in the language being
spoken (:mod:`.speech`) when the template renders, never in one fixed
when the environment was made; so one environment renders in any language.

Whitespace inside a ``{% trans %}`` block is trimmed (each run of spaces and
line ends is one space), so a paragraph can be wrapped in the template as it
reads best without its message changing.
"""

from __future__ import annotations

import jinja2

from . import speech

#: the options the templates' messages are extracted with: as the environment reads them
EXTRACT_OPTIONS = {"extensions": "jinja2.ext.i18n", "trimmed": "true", "trim_blocks": "true", "lstrip_blocks": "true", "keep_trailing_newline": "true"}


def install(env: jinja2.Environment) -> None:
    """Give ``env`` the i18n extension and the marks of the language being spoken."""
    env.add_extension("jinja2.ext.i18n")
    env.policies["ext.i18n.trimmed"] = True
    # the extension's documented way in; old-style calls: _() gives plain text,
    # which a layout writes as one YAML value and markup escapes
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=speech.gettext,
        ngettext=speech.ngettext,
        pgettext=speech.pgettext,
        npgettext=speech.npgettext,
        newstyle=False,
    )
