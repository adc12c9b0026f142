"""An SVG icon from a stranger: every number finite and bounded before it is
drawn, so extreme arcs and view boxes are a fault or a plain line, never a
traceback nor a PDF with NaN in it (docs/deck-format.md, icons)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hi5pnp.deck.pictures.icons import IconError, icon_from_svg


def svg(d: str, box: str = "0 0 100 100") -> bytes:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}"><path d="{d}"/></svg>'.encode()


@pytest.mark.parametrize("box", ["nan 0 100 100", "0 0 inf 100", "0 0 100 -inf", "0 0 1e300 100", "0 0 1e-300 1e-300"])
def test_a_view_box_not_finite_or_out_of_bounds_is_a_fault(box):
    with pytest.raises(IconError, match="view box"):
        icon_from_svg(svg("M10 10 L90 90 Z", box))


@pytest.mark.parametrize(
    "d",
    [
        "M10 10 A 1e-300 1e-300 0 0 1 90 90 Z",
        "M10 10 A 1e300 1 0 0 1 90 90 Z",
        "M10 10 A 1e-320 5 0 1 1 90 90 Z",
        "M10 10 A 5 1e-200 45 1 0 90 10 Z",
        "M10 10 A 999999 0.000001 33 1 1 11 10 Z",
    ],
)
def test_an_arc_of_extreme_radii_draws_finite_curves_or_is_a_fault(d):
    try:
        icon = icon_from_svg(svg(d))
    except IconError:
        return
    assert all(math.isfinite(v) for steps, _ in icon.paths for _, point in steps for v in point)


def test_a_number_past_the_bound_in_path_data_is_a_fault():
    with pytest.raises(IconError, match="number too large"):
        icon_from_svg(svg("M10 10 L 1e9 90 Z"))


NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(-1e-200, 1e-200),
    st.sampled_from(["1e308", "-1e308", "1e-320", "nan", "inf", "0", "-0"]),
)


CHECK = textwrap.dedent(
    """
    import json, math, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from hi5pnp.deck.pictures.icons import IconError, icon_from_svg
    for text in json.loads(sys.stdin.read()):
        try:
            icon = icon_from_svg(text.encode())
        except IconError:
            continue
        x, y, w, h = icon.box
        assert all(math.isfinite(v) for v in (x, y, w, h)) and w > 0 and h > 0, text
        assert all(math.isfinite(v) for steps, _ in icon.paths for _, point in steps for v in point), text
    print("done")
    """
)
ARC = st.tuples(NUMBERS, NUMBERS, NUMBERS, st.booleans(), st.booleans(), NUMBERS, NUMBERS)


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.tuples(st.lists(NUMBERS, min_size=4, max_size=4), st.lists(ARC, min_size=1, max_size=4)), min_size=50, max_size=50))
def test_fuzzed_icons_are_a_fault_or_finite_outlines(icons):
    """Extreme numbers in view boxes and arcs, read in a process of 1 GiB:
    each icon is a fault or finite outlines, never a traceback."""
    texts = []
    for box, arcs in icons:
        d = "M10 10 " + " ".join(f"A {rx} {ry} {a} {int(large)} {int(sweep)} {x} {y}" for rx, ry, a, large, sweep, x, y in arcs) + " Z"
        texts.append(svg(d, " ".join(str(v) for v in box)).decode())
    run = subprocess.run([sys.executable, "-c", CHECK], input=json.dumps(texts), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "done", run.stderr[-3000:]


def test_an_icon_over_its_size_is_refused_unread(tmp_path):
    from hi5pnp.deck.pictures.icons import read_icon
    from hi5pnp.deck.yamlsource import YamlReadError

    big = tmp_path / "big.svg"
    with big.open("wb") as f:
        f.truncate((256 << 10) + 1)
    with pytest.raises(YamlReadError) as caught:
        read_icon(big, "icons/big.svg", tmp_path.resolve())
    assert "is 262,145 bytes; files over 262,144 bytes are refused (256 KiB at most)" in caught.value.fault.message


@pytest.mark.parametrize(
    "d", ["M10 10 " + "l 900000 900000 " * 3 + "Z", "M0 0 " + "a 900000 900000 0 0 1 900000 0 " * 3, "M0 0 C 10 10 999999 999999 20 20 c 10 10 999999 10 30 30"]
)
def test_a_path_whose_points_add_up_past_the_bound_is_a_fault(d):
    """Each number within the bound, the points they reach not (4.5e9 from
    5,000 relative steps was drawn before): a fault saying where."""
    with pytest.raises(IconError, match=r"path data goes past 1,000,000 either way by character \d+"):
        icon_from_svg(svg(d))
