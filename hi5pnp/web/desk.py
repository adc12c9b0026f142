"""What one run of ``hi5pnp serve`` holds: the folders it was given, its
own output folder, the per-run token that every state-changing request must
carry, and what it keeps between requests (face images, verdicts, the
simulation, the watch on the deck's files). The pages (:mod:`.gallery`,
:mod:`.judging`, :mod:`.printing`) read and write only through it."""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..deck import Deck, load_deck
from ..deck.load import deck_folder
from ..errors import DeckError
from ..kit.templatechoice import choose_templates
from ..render.template import Templates
from .play.tables import Tables
from .simjob import SimJob
from .watch import Changes, FolderWatch

MAX_PASTE = 1 << 20  # bytes of a pasted or uploaded log: as a log file is bounded (1 MiB)
MAX_FORM = 64 << 10  # bytes of any other form
MOST_WATCHED = 5000  # files the pages follow: a deck and its pictures are far fewer
PASTED = re.compile(r"pasted-[0-9a-f]{16}\.yaml")  # a pasted log's name: the start of its SHA-256
MAX_IMAGES = 2048  # face images kept in memory (about 60 KB each at the gallery's resolution)


@dataclass
class Desk:
    """One run's folders and state. ``deck``: a bundled deck's name or a
    folder (None: the bundled deck); ``logs``: the judge's folder of logs;
    ``out``: the desk's own folder (kits built on the hobbyist's page,
    pasted logs); ``event``: the judge's folder is an event's, into which
    the event page may write new files (a round's skeletons and slips,
    played logs handed in, rulings), never replacing one."""

    deck: str | None = None
    logs: Path | None = None
    out: Path = Path("hi5pnp-desk")
    templates: Path | None = None
    alias: Path | None = None  # the standings' alias file (standings --alias)
    event: bool = False  # serve --event: the folder of logs takes the event page's new files
    lang: str | None = None  # serve --lang: every page in this language (None: in each browser's, by its Accept-Language)
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    judge_key: str | None = None  # serve --event --host ADDRESS: the judge's pages need its cookie, but from this machine (web/event/judgelink.py)
    public_url: str | None = None  # the desk's address as the players' phones reach it, for the tables' links ("" / None: the request's own)
    images: dict[str, bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    render_lock: threading.Lock = field(default_factory=threading.Lock)  # reportlab and PDFium draw one thing at a time
    event_lock: threading.Lock = field(default_factory=threading.Lock)  # one pairing, hand-in or ruling written at a time
    changes: Changes = field(default_factory=Changes)  # what the open pages are told
    job: SimJob = field(default_factory=SimJob)  # the background simulation
    verdicts: dict[str, Any] = field(default_factory=dict)  # the judge's page's verdicts, by the log's hash (see judging.outcome)
    _watch: FolderWatch | None = None
    tables: Tables = field(default_factory=Tables)  # the Play page's games
    _templates: Templates | None = None
    _deck: tuple[str, Deck | DeckError] | None = None  # the deck as last read, by the signature of its files then

    def __post_init__(self) -> None:
        self.job.told = lambda: self.changes.tell("sim")

    def follow(self) -> Changes:
        """The changes the open pages follow; the first call starts the one
        watchdog observer on the deck's and the templates' folders."""
        with self.lock:
            if self._watch is None:
                self._watch = FolderWatch(self.watched(), self.out.resolve(), self.changes)
        return self.changes

    def close(self) -> None:
        """Stop the watch, if one was started."""
        with self.lock:
            watch, self._watch = self._watch, None
        if watch is not None:
            watch.stop()

    @property
    def deck_path(self) -> Path:
        return deck_folder(self.deck)

    def card_templates(self) -> Templates:
        """The card templates, remembering the layouts made while their files are unchanged (as build --watch)."""
        fresh = choose_templates(self.deck_path, self.templates).templates(remember=True)
        with self.lock:
            kept = self._templates
            if kept is None or kept.fingerprint() != fresh.fingerprint():
                self._templates = kept = fresh
        return kept

    def current_deck(self) -> Deck:
        """The deck as its files are now, read again only when they changed
        (a page's thirty-odd face images share one read); raises its DeckError."""
        now = self.signature()
        with self.lock:
            kept = self._deck
        if kept is None or kept[0] != now:
            try:
                read: Deck | DeckError = load_deck(self.deck)
            except DeckError as exc:
                read = exc
            kept = (now, read)
            with self.lock:
                self._deck = kept
        if isinstance(kept[1], DeckError):
            raise kept[1]
        return kept[1]

    def token_ok(self, given: object) -> bool:
        return isinstance(given, str) and hmac.compare_digest(given.encode(), self.token.encode())

    def keep_image(self, key: str, data: bytes) -> None:
        with self.lock:
            if len(self.images) >= MAX_IMAGES:
                self.images.clear()
            self.images[key] = data

    def watched(self) -> list[Path]:
        """The folders whose files the pages follow: the deck's and the templates'."""
        from ..data import template_folder

        return [self.deck_path, choose_templates(self.deck_path, self.templates).folder or template_folder()]

    def signature(self) -> str:
        """A digest of the names, sizes and times of the watched folders'
        files, their subfolders' too (a deck's pictures): it changes when a
        file is saved, added or removed. Hidden folders and the desk's own
        folder are not looked in; at most :data:`MOST_WATCHED` files are."""
        h = hashlib.sha256()
        own = self.out.resolve()
        seen = 0
        for folder in self.watched():
            if not folder.is_dir():
                h.update(b"missing\0")
                continue
            for root, dirs, files in os.walk(folder):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and Path(root, d).resolve() != own)
                for name in sorted(f for f in files if not f.startswith(".")):
                    try:
                        st = os.stat(os.path.join(root, name))
                    except OSError:
                        continue
                    h.update(f"{root}/{name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
                    seen += 1
                    if seen >= MOST_WATCHED:
                        return h.hexdigest()
        return h.hexdigest()

    def log_files(self) -> list[str]:
        """The game logs of the judge's folder, by name (none without
        --logs): its regular .yaml files, and links among them only to files
        inside it."""
        if self.logs is None or not self.logs.is_dir():
            return []
        return sorted(p.name for p in self.logs.iterdir() if self._is_log(p.name))

    def _is_log(self, name: str) -> bool:
        """Whether the judge's folder has a log of that name: a plain name, a regular .yaml file, no link out of the folder,
        neither event.yaml nor a ruling beside a log."""
        from ..judge.batch import not_a_log

        if self.logs is None or name != Path(name).name or name.startswith(".") or Path(name).suffix not in (".yaml", ".yml"):
            return False
        path = self.logs / name
        return path.is_file() and not not_a_log(path) and path.resolve().is_relative_to(self.logs.resolve())

    def log_path(self, name: str) -> Path | None:
        """The log ``name`` of the judge's folder, or a pasted one; None for any other name."""
        if self.logs is not None and self._is_log(name):
            return self.logs / name
        if PASTED.fullmatch(name) and (self.pasted / name).is_file() and (self.pasted / name).resolve().is_relative_to(self.pasted.resolve()):
            return self.pasted / name
        return None

    def pasted_files(self) -> list[str]:
        """The logs pasted here (or chosen as files), by name, the latest first."""
        try:
            found = [(p.stat().st_mtime_ns, p.name) for p in self.pasted.iterdir() if PASTED.fullmatch(p.name) and p.is_file()]
        except OSError:
            return []
        return [name for _, name in sorted(found, reverse=True)]

    @property
    def pasted(self) -> Path:
        return self.out / "pasted"
