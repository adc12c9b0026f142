"""A translation catalogue from a stranger (``HI5PNP_TRANSLATIONS``): read by
the one reader, its Plural-Forms checked before Babel reads it, and each
translation's placeholders read against its message, never filled in to
tell; each fault one line at the catalogue's line, never a traceback nor a
gigabyte (docs/translating.md, "A catalogue from someone else")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hi5pnp.language.catalogue import CatalogueError, catalogue
from hi5pnp.language.languages import FOLDER_VARIABLE, package_folder

SHIPPED = package_folder() / "de" / "LC_MESSAGES" / "hi5pnp.po"


@pytest.fixture
def spoilt(tmp_path, monkeypatch):
    """A copy of the German catalogue in a translator's folder, to be spoilt."""
    po = tmp_path / "locale" / "de" / "LC_MESSAGES" / "hi5pnp.po"
    po.parent.mkdir(parents=True)
    shutil.copy(SHIPPED, po)
    shutil.copy(package_folder() / "hi5pnp.pot", tmp_path / "locale" / "hi5pnp.pot")
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path / "locale"))

    def spoil(old: str, new: str) -> Path:
        text = po.read_text(encoding="utf-8")
        assert old in text
        po.write_text(text.replace(old, new, 1), encoding="utf-8")
        return po

    return spoil


CASES = [
    ('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', '"Plural-Forms: nplurals=2; plural=(n / 0);\\n"', "cannot be worked out"),
    ('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', '"Plural-Forms: nplurals=99999999; plural=(n != 1);\\n"', "gives 99,999,999 forms"),
    ('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', '"Plural-Forms: nplurals=2; plural=(n.__class__);\\n"', "not one gettext reads"),
    ('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', '"Plural-Forms: nplurals=2; plural=n+5;\\n"', "gives form 5 for 0"),
    ('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', '"Plural-Forms: two forms\\n"', "is not 'nplurals=N; plural=EXPRESSION;'"),
    ("charset=utf-8", "charset=no-such-charset", "charset"),
    ('msgstr "Runde {n}"', 'msgstr "Runde {n.__init__.__globals__}"', "a field is a name of the message"),
    ('msgstr "Runde {n}"', 'msgstr "Runde {n.__class__.__mro__}"', "a field is a name of the message"),
    ('msgstr "Runde {n}"', 'msgstr "Runde {n:>999999999}"', "a width or precision that is not a number up to 999"),
    ('msgstr "Runde {n}"', 'msgstr "Runde {n[0]}"', "a field is a name of the message"),
    ('msgstr "Runde {n}"', 'msgstr "Runde {m}"', "uses {m}, which the message does not have"),
    ('msgstr " (mit %(options)s beim Bauen)"', 'msgstr " (mit %(options)999999999s beim Bauen)"', "width or precision that is not a number up to 999"),
    ('msgstr " (mit %(options)s beim Bauen)"', 'msgstr " (mit %(options)*s beim Bauen)"', "width or precision"),
    ('msgstr " (mit %(options)s beim Bauen)"', 'msgstr " (mit %(other)s beim Bauen)"', "uses %(other)…"),
]


@pytest.mark.parametrize(("old", "new", "words"), CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_a_hostile_catalogue_is_one_fault_at_its_line(spoilt, old, new, words):
    po = spoil = spoilt(old, new)
    with pytest.raises(CatalogueError) as caught:
        catalogue("de")
    fault = caught.value.faults[0]
    assert fault.path.endswith("hi5pnp.po") and words in fault.message, fault
    assert spoil == po


def test_a_catalogue_past_its_size_is_refused_unread(spoilt):
    po = spoilt("msgid", "msgid")
    with po.open("r+b") as f:
        f.truncate((4 << 20) + 1)
    with pytest.raises(CatalogueError) as caught:
        catalogue("de")
    assert "files over 4,194,304 bytes are refused" in caught.value.faults[0].message


def test_the_shipped_catalogue_still_reads(spoilt):
    assert catalogue("de").gettext("Round {n}") == "Runde {n}"


FUZZ = textwrap.dedent(
    """
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from hi5pnp.language.catalogue import CatalogueError, catalogue
    try:
        said = catalogue("de")
        said.ngettext("%(n)d game", "%(n)d games", 3)
    except CatalogueError:
        pass
    print("done")
    """
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.sampled_from(["n", "n/0", "n%0", "(n!=1)", "n>1?2:n", "n.__x", "((((((n))))))" * 50, "n*99999999", "-n", "n==1?0:1", "!n"]),
    st.integers(-3, 10**9),
    st.sampled_from(["{n}", "{n.__class__}", "{n:>99999}", "{n!r:^5}", "{{n}}", "{", "{0}", "{n[1]}", "%(x)s", "%s", "%%", "%(n)99999d"]),
    st.sampled_from(["utf-8", "latin-1", "x-unknown", "utf-16", ""]),
)
def test_fuzzed_catalogues_are_a_fault_or_a_catalogue(tmp_path_factory, expression, forms, placeholder, charset):
    folder = tmp_path_factory.mktemp("locale")
    po = folder / "de" / "LC_MESSAGES" / "hi5pnp.po"
    po.parent.mkdir(parents=True)
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace("nplurals=2; plural=(n != 1);", f"nplurals={forms}; plural={expression};", 1)
    text = text.replace("charset=utf-8", f"charset={charset}", 1).replace('msgstr "Runde {n}"', f'msgstr "Runde {placeholder}"', 1)
    po.write_text(text, encoding="utf-8")
    env = {**os.environ, FOLDER_VARIABLE: str(folder)}
    run = subprocess.run([sys.executable, "-c", FUZZ], capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "done", run.stderr[-3000:]


def test_a_stray_folder_among_the_catalogues_is_no_language(tmp_path, monkeypatch):
    from hi5pnp.language.languages import known

    locale = tmp_path / "locale"
    for stray in ("junk", "backup copy/LC_MESSAGES", "de.old/LC_MESSAGES"):
        (locale / stray).mkdir(parents=True)
    shutil.copy(SHIPPED, locale / "backup copy" / "LC_MESSAGES" / "hi5pnp.po")
    shutil.copy(SHIPPED, locale / "de.old" / "LC_MESSAGES" / "hi5pnp.po")
    monkeypatch.setenv(FOLDER_VARIABLE, str(locale))
    assert known() == ["en", "de"]


@pytest.mark.slow
def test_translations_extract_onto_a_folder_is_one_line(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from hi5pnp.cli import main

    (tmp_path / "hi5pnp.pot").mkdir()
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    result = CliRunner().invoke(main, ["translations", "extract"])
    assert result.exit_code == 2 and "hi5pnp.pot: is a folder" in result.stderr and len(result.stderr.strip().splitlines()) == 1
