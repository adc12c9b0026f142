"""Time `hi5pnp build` of the whole kit against a peer, in the same run.

The peer is cardimpose (PyPI) imposing 36 ready-made card faces onto A4 with
duplex backs: a smaller job than ours (one file from pre-drawn faces against
our nineteen files drawn from the deck). Build and peer runs alternate, so both
see the same machine. Prints the median wall times, their ratio (target: the
whole kit is faster, a ratio under 1.0), the build's peak memory, and the
import floor (Python starting and importing what a build imports) for scale.

    python bench/bench_build.py [--runs N]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable
# Measure as an installed tool runs: with Python's bytecode cache (some shells
# set PYTHONDONTWRITEBYTECODE, which recompiles every module on every run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KiB) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{err}")
    return elapsed, usage.ru_maxrss


FACES = """
import sys
from pathlib import Path
from hi5pnp.deck import load_deck
from hi5pnp.kit.sheets.cardsheets import FormCache
from hi5pnp.kit.sheets.imposition import Slot
from hi5pnp.render.cardsize import POKER
from hi5pnp.render.faces import render_cards
from hi5pnp.render.pdf import finish, new_canvas
from hi5pnp.render.template import Templates


cards = render_cards(load_deck(), Templates(), POKER)
layouts = [face for card in cards for face in card.faces]
layouts += layouts[: 36 - len(layouts)]
c, buf = new_canvas((POKER.width, POKER.height), "faces", "36 faces")
forms = FormCache(c, 0.0)
for layout in layouts:  # a repeated face is one form, as in a card sheet
    forms.place(layout, f"face-{id(layout)}", Slot(0, 0, POKER.width, POKER.height))
    c.showPage()
Path(sys.argv[1]).write_bytes(finish(c, buf))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    # nothing heavy is imported here: a child's peak memory would count this process's
    if importlib.util.find_spec("cardimpose") is None:
        sys.exit("cardimpose is not installed: pip install -c .ci/constraints.txt cardimpose")
    with tempfile.TemporaryDirectory() as tmp:
        faces = Path(tmp, "faces.pdf")
        subprocess.run([PY, "-c", FACES, str(faces)], check=True, env=ENV)
        imposed = str(Path(tmp, "imposed.pdf"))
        peer_cmd = [PY, "-W", "ignore", "-m", "cardimpose", str(faces), "--page-size", "a4", "--mode", "singles", "--backside", "alternating", "-o", imposed]
        floor_cmd = [PY, "-c", "import hi5pnp.cli, hi5pnp.kit.build, reportlab.platypus, pypdf"]
        build_cmd = [PY, "-m", "hi5pnp", "build", "--out", str(Path(tmp, "kit"))]
        timed(build_cmd)  # the first build fills the template cache, as any build after it finds it
        build, peer, floor, peak = [], [], [], 0
        for _ in range(args.runs):  # interleaved, so all see the same machine
            seconds, rss = timed(build_cmd)
            build.append(seconds)
            peak = max(peak, rss)
            peer.append(timed(peer_cmd)[0])
            floor.append(timed(floor_cmd)[0])
        b, p, f = statistics.median(build), statistics.median(peer), statistics.median(floor)
        print(f"hi5pnp build, whole kit (19 files): {b:.3f} s (fastest {min(build):.3f} s)")
        print(f"cardimpose, 36 faces onto A4 with duplex backs: {p:.3f} s (fastest {min(peer):.3f} s)")
        print(f"ratio build/cardimpose: {b / p:.2f}  (target < 1.0); fastest runs: {min(build) / min(peer):.2f}")
        print(f"import floor (Python and the build's imports): {f:.3f} s")
        print(f"peak memory of the build: {peak / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
