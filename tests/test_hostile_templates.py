"""A templates folder from a stranger: every file read by the one reader
(no link out, no pipe, no device, a size told before reading), and every
template rendered within a budget it cannot step round (docs/templates.md,
"What a template may spend")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hi5pnp.cli import main
from hi5pnp.data import template_folder
from hi5pnp.errors import TemplateError
from hi5pnp.render import sandbox
from hi5pnp.render.template import Templates


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def own(tmp_path):
    """A copy of the bundled templates, to be spoilt."""
    folder = tmp_path / "templates"
    shutil.copytree(template_folder(), folder)
    return folder


def one(tmp_path: Path, text: str) -> Templates:
    folder = tmp_path / "t"
    folder.mkdir(exist_ok=True)
    (folder / "t.yaml.j2").write_text(text)
    return Templates(folder)


@pytest.mark.slow
def test_a_template_linked_out_of_its_folder_is_refused_and_never_printed(own, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the-secret-words\n")
    (own / "leak.j2").symlink_to(secret)
    card = own / "competitor.yaml.j2"
    card.write_text("{% include 'leak.j2' %}\n" + card.read_text())
    for args in (["validate", "--templates", str(own)], ["build", "--templates", str(own), "--out", str(tmp_path / "kit")]):
        result = invoke(*args)
        assert result.exit_code == 1, result.output
        assert f"{own / 'leak.j2'}: leads outside the folder it is read from (a link); refused" in result.stderr
        assert "the-secret-words" not in result.output
    assert not (tmp_path / "kit").exists()


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_pipe_or_device_named_as_a_template_is_refused_at_once(own, kind):
    leak = own / "leak.j2"
    if kind == "fifo":
        os.mkfifo(leak)
    else:
        leak.symlink_to("/dev/zero")
    start = time.perf_counter()
    with pytest.raises(TemplateError) as caught:
        Templates(own).fingerprint()  # what every build and validate reads first
    assert time.perf_counter() - start < 1
    fault = caught.value.faults[0]
    assert fault.path == str(leak) and ("not a regular file" in fault.message or "leads outside" in fault.message)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{% set s = 'x' * 100000 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}", "still rendering after 0.1 s"),
        ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "still rendering after 0.1 s"),
        ("{% set x = (2 ** 1000) ** 1000 %}", "would make a number of more than 4,096 bits"),
        ("{% set x = '' | center(1000000000) %}", "could make a text of 1,000,000,000 characters"),
        ("{% set x = ''.zfill(1500000000) %}", "could make a text of 1,500,000,000 characters"),
        ("{% set x = ('x' * 1000000) | wordwrap(1) %}", "wordwrap takes texts of up to 65,536 characters"),
        ("{% set ns = namespace(x=3) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}{% endfor %}", "'*' would make a number"),
        ("{% set x = lipsum(1000000) %}", "lipsum takes numbers up to 100"),
        ("{% set x = 'a' | center(1000000000) %}", "could make a text of 2,000,000,000 characters"),
        ("{% set x = 'a'.ljust(1000000000) %}", "could make a text of 2,000,000,000 characters"),
        ("{% set x = '{:>999999999}'.format(1) %}", "a format's width or precision is over 1,000"),
        ("{% set x = '{:{w}}'.format(1, w=999999999) %}", "a format's width is given by another field"),
        ("{% set x = '%999999999s' | format(1) %}", "a %-format's width or precision is over 1,000"),
        ("{% set x = '%*s' % (999999999, 1) %}", "a %-format's width is given by a value"),
        ("{% set ns = namespace(s='xxxxxxxxxx') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", "a template may make at most 1,048,576"),
        ("{% set ns = namespace(s='xxxxxxxxxx') %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}", "'+' would make"),
        ("{% set s = 'x' * 1000000 %}{% set x = ([s] * 1000) | join %}", "would make"),
        ("{% set s = 'x' * 1000000 %}{{ s | replace('x', 'yyyyyyyyyyyyyyyyyyyy') }}", "could make a text of"),
        ("{% set x = 'x' * 10**9 %}", "'*' would make 1,000,000,000 items"),
        (
            "{% set s = 'x' * 1000000 %}{% set ns = namespace(l=[s]) %}{% for i in range(30) %}{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ '' ~ ns.l }}",
            "'~' would make",
        ),
        (
            "{% set s = 'x' * 1000000 %}{% set ns = namespace(l=[s]) %}{% for i in range(30) %}{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ '{}'.format(ns.l) }}",
            "could make a text of",
        ),
        (
            "{% set s = 'x' * 1000000 %}{% set ns = namespace(l=[s]) %}{% for i in range(30) %}{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ ns.l }}",
            "writes out a value of more than",
        ),
        ("{% set x = range(100000) | map('center', 1000000) | join %}", "makes a sequence of more than"),
        ("{% set s = 'x' * 10000 %}{% for i in range(100000) %}{{ s }}{% endfor %}", "its output passes 1,048,576 characters"),
    ],
    ids=[
        "loops-over-text",
        "loops-over-range",
        "power-of-power",
        "empty-centred",
        "empty-zfill",
        "wordwrap",
        "squaring",
        "lipsum",
        "center",
        "ljust",
        "format-width",
        "format-nested",
        "format-filter",
        "printf-star",
        "tilde-doubling",
        "plus-doubling",
        "join",
        "replace",
        "repeat",
        "tilde-nested",
        "format-nested-list",
        "write-nested",
        "map-join",
        "output",
    ],
)
def test_a_template_over_its_budget_is_a_fault_at_its_line(tmp_path, monkeypatch, text, words):
    monkeypatch.setattr(sandbox, "MAX_RENDER_SECONDS", 0.1)
    templates = one(tmp_path, "a: 1\n" + text + "\n")
    start = time.perf_counter()
    with pytest.raises(TemplateError) as caught:
        templates.render("t.yaml.j2", {})
    assert time.perf_counter() - start < 3
    fault = caught.value.faults[0]
    assert fault.path.endswith("t.yaml.j2") and words in fault.message, fault


def test_the_budget_is_the_build_s_not_each_face_s(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_RENDER_SECONDS", 0.1)
    templates = one(tmp_path, "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n")
    start = time.perf_counter()
    for _ in range(10):
        with pytest.raises(TemplateError):
            templates.render("t.yaml.j2", {})
    assert time.perf_counter() - start < 0.8  # ten faces, one budget: not ten
    assert templates.spent()


def test_a_normal_template_renders_as_it_did(tmp_path):
    templates = one(tmp_path, "{% for x in ['a', 'b'] %}{{ x ~ '-' ~ loop.index }} {{ '%5.2f' | format(3.14159) }} {{ '{:>4}'.format(7) }}\n{% endfor %}")
    assert templates.render("t.yaml.j2", {}) == '"a-1" " 3.14" "   7"\n"b-2" " 3.14" "   7"\n'


@pytest.mark.parametrize("name", ["g.ruling.yaml", "event.yaml"])
def test_a_ruling_or_event_file_linked_out_of_the_event_folder_is_refused(tmp_path, name):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("judge: Someone\n")
    folder = tmp_path / "event"
    folder.mkdir()
    assert invoke("deal", "--seed", "3").exit_code == 0
    (folder / "g.yaml").write_text(invoke("deal", "--seed", "3").output)
    (folder / name).symlink_to(outside)
    result = invoke("check", str(folder / "g.yaml")) if name.endswith("ruling.yaml") else invoke("standings", str(folder))
    assert result.exit_code == 2
    assert f"{name}: leads outside the folder it is read from (a link); refused" in result.stderr


PIECES = [
    "{% for a in s %}",
    "{% endfor %}",
    "{% set s = s ~ s %}",
    "{% set s = s + s %}",
    "{{ s | center(n) }}",
    "{{ s.ljust(n) }}",
    "{{ s * n }}",
    "{{ n ** n }}",
    "{{ '{:>%d}'.format(1) }}",
    "{{ '%%%ds' | format(1) }}",
    "{{ lipsum(n) }}",
    "{{ s | replace('x', s) }}",
    "{{ ([s] * n) | join }}",
    "{{ s | indent(n) }}",
    "{{ s | wordwrap(n) }}",
    "{{ range(n) | list | length }}",
    "{{ s | list | join(s) }}",
    "{{ (s | list) * n }}",
    "{{ '%d' % n }}",
    "{% set n = n * n %}",
]

FUZZ = textwrap.dedent(
    """
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from pathlib import Path
    from hi5pnp.errors import TemplateError
    from hi5pnp.render import sandbox
    from hi5pnp.render.template import Templates
    sandbox.MAX_RENDER_SECONDS = 1.0
    folder = Path(sys.argv[1])
    for i, text in enumerate(json.loads(sys.stdin.read())):
        (folder / f"t{i}.yaml.j2").write_text(text)
        try:
            Templates(folder).render(f"t{i}.yaml.j2", {"s": "x" * 1000, "n": 100000})
        except TemplateError:
            pass
    print("done")
    """
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join), min_size=5, max_size=5), st.integers(2, 999999999))
def test_fuzzed_templates_end_within_their_budget_and_memory(tmp_path_factory, texts, width):
    """Hostile pieces put together at random (unclosed loops are syntax
    faults): each template ends, in a second of budget and under 1 GiB, with
    a fault or a page, never a traceback."""
    folder = tmp_path_factory.mktemp("fuzz")
    texts = [t.replace("%d", str(width)) for t in texts]
    import json

    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", FUZZ, str(folder)], input=json.dumps(texts), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "done", run.stderr[-2000:]
    assert time.perf_counter() - start < 30
