"""Mutation testing of the rules engine and the imposition geometry.

mutmut (3.x) changes the code one small step at a time (a ``<`` for a
``<=``, a ``+`` for a ``-``, a constant, a dropped argument) and runs the
tests that reach the changed function: a mutant the tests notice is
*killed*; one they pass is a *survivor*, a change of behaviour nothing
pins (or a change that is not one: an *equivalent* mutant).
pyproject.toml's [tool.mutmut] says what is mutated (hi5pnp/rules/ and
hi5pnp/kit/sheets/imposition.py) and with which tests: the fast engine and
imposition tests, a few seconds, not the whole suite. docs/testing.md has
the last score and the survivors judged equivalent.

Run it from the repository's root folder (about five minutes on two busy
processors; far longer when many mutants survive, as each survivor runs every
test that reaches it)::

    python -m pip install -c .ci/constraints.txt -e '.[mutation]'
    python bench/mutation.py                 # rules, then imposition
    python bench/mutation.py imposition      # one part: rules or imposition
    python bench/mutation.py --report        # the counts of the last run only
    python bench/mutation.py --survivors     # after adding tests: run again only the
                                             # mutants the last run did not kill

It runs mutmut under ``nice -n 10`` with two workers (``--jobs`` to change);
mutmut keeps its work in ``mutants/`` (ignored by git; remove the folder
to start afresh after changing the tests, or mutmut reuses its results).
For each part it reports the mutants killed out of all, the survivors,
timeouts and those no selected test reaches, then every survivor's name;
``mutmut show NAME`` prints a survivor's change.
"""

from __future__ import annotations

import argparse
import fnmatch
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = {"rules": "hi5pnp.rules.*", "imposition": "hi5pnp.kit.sheets.imposition.*"}


def mutmut() -> str:
    found = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which("mutmut")
    if not found:
        sys.exit("mutmut is not installed: python -m pip install -c .ci/constraints.txt -e '.[mutation]'")
    return found


def run(part: str, jobs: int, survivors: bool = False) -> float:
    """Run mutmut on one part (every mutant, or only those the last run did not
    kill); its progress goes to mutants/mutation-<part>.log."""
    names = [PARTS[part]]
    if survivors:  # tests were added, none taken away: a killed mutant stays killed
        names = sorted(n for n, s in results().items() if fnmatch.fnmatch(n, PARTS[part]) and s != "killed")
        if not names:
            return 0.0
    (ROOT / "mutants").mkdir(exist_ok=True)
    log = ROOT / "mutants" / f"mutation-{part}.log"
    start = time.monotonic()
    with log.open("w") as out:
        done = subprocess.run(["nice", "-n", "10", mutmut(), "run", "--max-children", str(jobs), *names], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode:
        sys.exit(f"mutmut run failed ({done.returncode}); see {log.relative_to(ROOT)}")
    return time.monotonic() - start


def results() -> dict[str, str]:
    """Every mutant's name and status, as mutmut records them."""
    text = subprocess.run([mutmut(), "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    status = {}
    for line in text.splitlines():
        name, sep, what = line.strip().rpartition(": ")
        if sep and name.startswith("hi5pnp."):
            status[name] = what
    return status


def report(part: str, status: dict[str, str], seconds: float | None = None) -> None:
    mine = {n: s for n, s in status.items() if fnmatch.fnmatch(n, PARTS[part])}
    counts = Counter(mine.values())
    total = len(mine)
    killed = counts.get("killed", 0)
    took = f" in {seconds / 60:.1f} min" if seconds is not None else ""
    print(f"{part}: {killed} killed of {total} ({100 * killed / max(total, 1):.1f} %){took}")
    print("  " + ", ".join(f"{what} {n}" for what, n in sorted(counts.items())))
    survivors = sorted(n for n, s in mine.items() if s not in ("killed", "caught by type check"))
    for name in survivors:
        print(f"  {mine[name]}: {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("parts", nargs="*", metavar="PART", help="rules or imposition (default: both, in that order)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--report", action="store_true", help="report the last run without running")
    parser.add_argument("--survivors", action="store_true", help="run only the mutants the last run did not kill")
    args = parser.parse_args()
    parts = args.parts or list(PARTS)
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        parser.error(f"unknown part {unknown[0]!r}; the parts are {', '.join(PARTS)}")
    took = {}
    if not args.report:
        for part in parts:
            took[part] = run(part, args.jobs, args.survivors)
    status = results()
    for part in parts:
        report(part, status, took.get(part))


if __name__ == "__main__":
    main()
