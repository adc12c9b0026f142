"""How a build grows with the deck: the time per card of a 100-competitor
deck (106 cards) against the bundled deck's (16 cards), in the same run.

Both kits are made in this process (``make_kit``, both paper sizes, one
process: the work, not the parallelism), alternating, the median of a few
runs each. Prints each build's time, its time per card and the ratio of the
two (target: at most 2.0, docs/kit.md "Speed"), what each card added to the
bundled deck costs, and the big deck's token sheets paged by the template's
declared capacity against paging by trial layouts (a copy of the templates
without the capacity line, the way it was done before).

    python bench/bench_big_deck.py [--runs N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from hi5pnp.data import bundled_deck, template_folder
from hi5pnp.deck import load_deck
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.kit.sheets.tokens import render_tokens
from hi5pnp.render.template import Templates


def big_deck(folder: Path, copies: int = 10) -> Path:
    """The bundled deck with its competitor cards repeated ``copies`` times, renumbered."""
    shutil.copytree(bundled_deck("default"), folder)
    head, *cards = re.split(r"(?m)^(?=- card:)", (folder / "competitors.yaml").read_text())
    body = "".join(cards)
    more = [re.sub(r"(?m)^- card: (\d+)$", lambda m, k=k: f"- card: {int(m.group(1)) + len(cards) * k}", body) for k in range(1, copies)]
    (folder / "competitors.yaml").write_text(head + body + "".join(more))
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        decks = {"bundled": load_deck(), "100 competitors": load_deck(big_deck(Path(tmp) / "big"))}
        cards = {name: len(d.competitors) + len(d.obstacles) for name, d in decks.items()}
        make_kit(decks["bundled"], BuildOptions(), jobs=1)  # warm: imports, compiled templates
        times: dict[str, list[float]] = {name: [] for name in decks}
        for _ in range(args.runs):
            for name, deck in decks.items():
                start = time.perf_counter()
                make_kit(deck, BuildOptions(), jobs=1)
                times[name].append(time.perf_counter() - start)
        tried = Path(tmp) / "templates"
        shutil.copytree(template_folder(), tried)
        text = (tried / "tokens.yaml.j2").read_text()
        (tried / "tokens.yaml.j2").write_text(re.sub(r"(?m)^capacity:.*\n", "", text))
        paging: dict[str, list[float]] = {"declared capacity": [], "trial layouts": []}
        for _ in range(args.runs):
            for name, templates in (("declared capacity", Templates()), ("trial layouts", Templates(tried))):
                start = time.perf_counter()
                for paper in ("a4", "letter"):
                    render_tokens(decks["100 competitors"], paper, templates)
                paging[name].append(time.perf_counter() - start)
    per_card = {}
    for name in decks:
        median = statistics.median(times[name])
        per_card[name] = median / cards[name]
        print(f"{name:>16}: {cards[name]:3d} cards, {median:.2f} s a build, {1000 * per_card[name]:.1f} ms a card")
    added = (statistics.median(times["100 competitors"]) - statistics.median(times["bundled"])) / (cards["100 competitors"] - cards["bundled"])
    print(f"each card added: {1000 * added:.1f} ms")
    for name, runs in paging.items():
        print(f"token sheets of the big deck, both papers, {name}: {statistics.median(runs):.3f} s")
    ratio = per_card["100 competitors"] / per_card["bundled"]
    print(f"ratio (time per card, 100-competitor deck / bundled): {ratio:.2f} (target: at most 2.0)")


if __name__ == "__main__":
    main()
