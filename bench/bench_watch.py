"""Time one rebuild of `hi5pnp build --watch` after a face's name is
edited (the deck read again and the kit made, in a warm process, as the
watch does it), for the whole kit and for `--only cards --paper a4`, on the
bundled deck and on a big one (its competitor cards ten times over: 100
cards, 212 faces). The watch keeps its templates, which remember the layouts
made, so a rebuild lays out only the face that changed. Prints the median
seconds of each and the ratio of the cards-only loop to the whole kit (the
peer, measured in the same run). The target: the cards-only loop on the big
deck under a second.

    python bench/bench_watch.py [--runs N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from hi5pnp.data import bundled_deck
from hi5pnp.deck import load_deck
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.render.template import Templates


def big_deck(folder: Path, copies: int = 10) -> Path:
    """The bundled deck with its competitor cards ``copies`` times over, renumbered."""
    shutil.copytree(bundled_deck("default"), folder)
    head, *cards = re.split(r"(?m)^(?=- card:)", (folder / "competitors.yaml").read_text())
    body = "".join(cards)
    more = [re.sub(r"(?m)^- card: (\d+)$", lambda m, k=k: f"- card: {int(m.group(1)) + len(cards) * k}", body) for k in range(1, copies)]  # type: ignore[misc]
    (folder / "competitors.yaml").write_text(head + body + "".join(more))
    return folder


def rebuild(folder: Path, options: BuildOptions, runs: int) -> float:
    """The median seconds of a watch's rebuild after face 1a's name is
    edited: read the deck, make the kit (not written: the disk is not the question)."""
    templates = Templates(remember=True)
    path = folder / "competitors.yaml"
    times = []
    for run in range(runs + 1):  # the first is the watch's first build
        name = f"Dash Dunmore {run}" if run else "Dash Dunmore"
        path.write_text(re.sub(r'name: "Dash Dunmore[^"]*"', f'name: "{name}"', path.read_text(), count=1))
        start = time.perf_counter()
        make_kit(load_deck(folder), options, templates)
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    whole, cards = BuildOptions(), BuildOptions(papers=("a4",), only="cards")
    with tempfile.TemporaryDirectory() as tmp:
        for label, folder in (("bundled deck", big_deck(Path(tmp) / "bundled", 1)), ("big deck (100 cards)", big_deck(Path(tmp) / "big"))):
            full = rebuild(folder, whole, args.runs)
            quick = rebuild(folder, cards, args.runs)
            print(f"{label}: whole kit {full:.2f} s, --only cards --paper a4 {quick:.2f} s, ratio {quick / full:.2f}")


if __name__ == "__main__":
    main()
