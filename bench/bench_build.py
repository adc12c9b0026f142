"""Time `hi5pnp build` of the whole kit against its floor, in the same run.

The floor is a fresh interpreter importing every third-party module a build
imports (found by doing a build in one process and listing them). Floor and
build runs alternate, so both see the same machine. Prints the median wall
times and their ratio (target ≤ 2.0), the ratio of the best runs (which
leaves out moments when something else had the machine), and the build's
peak memory (target < 150 MiB). If cardimpose (PyPI) is installed, also
times it imposing 36 ready-made card faces onto A4 with duplex backs, for
comparison.

    python bench/bench_build.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable
LIBS = ("reportlab", "jinja2", "markupsafe", "yaml", "click", "pypdf", "_rl_accel", "_yaml")


# Measure as an installed tool runs: with Python's bytecode cache (some shells
# set PYTHONDONTWRITEBYTECODE, which recompiles every module on every run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], cwd: str | None = None) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KiB) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd, env=ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{err}")
    return elapsed, usage.ru_maxrss


def build_imports(out: str) -> list[str]:
    code = (
        "import sys, json\n"
        "from hi5pnp.cli import main\n"
        f"sys.argv = ['hi5pnp', 'build', '--out', {out!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"libs = {LIBS!r}\n"
        "mods = sorted(m for m in sys.modules if m.split('.')[0] in libs)\n"
        "sys.stderr.write(json.dumps(mods))\n"
    )
    # in one process (HI5PNP_JOBS=1), so that every library any worker needs is listed
    res = subprocess.run([PY, "-c", code], capture_output=True, text=True, env={**ENV, "HI5PNP_JOBS": "1"})
    return json.loads(res.stderr.strip().splitlines()[-1])


def peer(runs: int, tmp: str) -> str:
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import cardimpose  # noqa: F401
    except ImportError:
        return "cardimpose not installed (pip install cardimpose to compare); it takes about 1 s here"
    from hi5pnp.cardsheets import FormCache
    from hi5pnp.deckload import load_deck
    from hi5pnp.faces import CardSpec, render_cards
    from hi5pnp.pdfdoc import new_canvas
    from hi5pnp.sheets import Slot

    from hi5pnp import TEMPLATE_DIR

    spec = CardSpec()
    cards = render_cards(load_deck(), spec, TEMPLATE_DIR)
    layouts = [face for card in cards for face in card.faces]
    layouts += layouts[: 36 - len(layouts)]
    c, buf = new_canvas((spec.width, spec.height), "faces", "36 faces")
    forms = FormCache(c, 0.0)
    for layout in layouts:  # the four repeated faces are one form each, as in a card sheet
        forms.place(layout, f"face-{id(layout)}", Slot(0, 0, spec.width, spec.height))
        c.showPage()
    c.save()
    faces = Path(tmp, "faces.pdf")
    faces.write_bytes(buf.getvalue())
    cmd = [PY, "-m", "cardimpose", str(faces), "--page-size", "a4", "--mode", "singles", "--backside", "alternating", "-o", str(Path(tmp, "imposed.pdf"))]
    times = [timed(cmd)[0] for _ in range(runs)]
    return f"cardimpose, 36 faces onto A4 with duplex backs: {statistics.median(times):.3f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        mods = build_imports(str(Path(tmp, "warm")))
        floor_cmd = [PY, "-c", "import " + ", ".join(mods)]
        floor, build, peak = [], [], 0
        for run in range(args.runs):  # interleaved, so both see the same machine
            floor.append(timed(floor_cmd)[0])
            # a fresh out folder each time: the whole kit is built and written
            seconds, rss = timed([PY, "-m", "hi5pnp", "build", "--out", str(Path(tmp, f"kit{run}"))])
            build.append(seconds)
            peak = max(peak, rss)
        f, b = statistics.median(floor), statistics.median(build)
        print(f"floor (start Python, import {len(mods)} modules of {', '.join(sorted({m.split('.')[0] for m in mods}))}): {f:.3f} s")
        print(f"hi5pnp build, whole kit: {b:.3f} s")
        print(f"ratio build/floor: {b / f:.2f}  (target <= 2.0); best runs: {min(build) / min(floor):.2f}")
        # the rusage of the build includes the workers it forks and reaps (max RSS: the largest)
        print(f"peak memory of the build: {peak / 1024:.1f} MiB, its largest process  (target < 150 MiB)")
        print(peer(args.runs, tmp))


if __name__ == "__main__":
    main()
