"""What a build and the card images may be asked for (:class:`BuildOptions`,
:class:`ImageOptions`), and the values each option takes, named here once:
the command line's choices come from here too.

Options are checked when made: a value an option does not take raises
:class:`~hi5pnp.errors.OptionError`, naming the option, the value and the
values it takes, so a kit is never quietly made another way
(``BuildOptions(flip="Long")``). Light to import: no PDF stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from ..deck import EDITION_NUMBERS
from ..errors import OptionError, check_choice, check_number, choices_words
from ..language import SOURCE, language
from ..render.cardsize import POKER, CardSize
from ..render.paper import PAPER_NAMES, PaperName
from .exports.services import SERVICE_NAMES, SERVICES

Flip = Literal["long", "short"]  # duplex: the edge the sheet turns over
Method = Literal["duplex", "fold"]  # the cards in the assembled kit
Ink = Literal["normal", "low"]  # low: white grounds and outlines instead of solid fills
Machine = Literal["silhouette", "cricut"]  # build --cut: the cutting machine the print-then-cut files are for
Only = Literal["all", "cards"]  # cards: the card sheets alone, for a quick loop while editing cards
ONLY: tuple[Only, ...] = get_args(Only)
FLIPS: tuple[Flip, ...] = get_args(Flip)
METHODS: tuple[Method, ...] = get_args(Method)
INKS: tuple[Ink, ...] = get_args(Ink)
MACHINES: tuple[Machine, ...] = get_args(Machine)
DEFAULT_RADIUS = 3.0  # mm: a cut card's corners, as a corner rounder's usual 1/8 in
MOST_RADIUS_SHARE = 0.5  # of the card's shorter side: a larger radius makes no card outline
MOST_BLEED = 5.0  # mm of background beyond a printed card's cut
HOME_BLEED = 1.0  # mm: the card sheets' default bleed, so a cut a little off shows the card's own colour
MOST_GAP = 20.0  # mm between neighbouring cards' cut lines
MOST_OFFSET = 20.0  # mm the backs may be shifted each way: more is not printer drift
DPI_RANGE = (36, 1200)  # the card images' resolution
MOST_IMAGE_BLEED = 10.0  # mm of a card image's own art beyond the cut


def _lang(lang: object) -> str:
    """A language code as hi5pnp names it (``de`` for ``DE`` or ``de-DE``); an :class:`OptionError` for one it does not speak."""
    if not isinstance(lang, str):
        raise OptionError(f"lang: {lang!r} is not a language code; give one such as 'de'")
    return language(lang, "lang")


def _card(card: object) -> None:
    if not isinstance(card, CardSize):
        raise OptionError(f"card: {card!r} is not a card size; give a CardSize, e.g. CardSize.parse('poker')")


@dataclass(frozen=True)
class BuildOptions:
    papers: tuple[PaperName, ...] = PAPER_NAMES
    card: CardSize = POKER
    bleed: float = HOME_BLEED  # mm of background beyond each card's cut, 0 to MOST_BLEED
    flip: Flip = "long"  # duplex: turn the sheet over its "long" or "short" edge
    back_offset: tuple[float, float] = (0.0, 0.0)  # duplex: shift the backs (mm)
    edition: int | None = None  # rules edition of the rulebook; None: the deck's
    method: Method = "duplex"  # the cards in the assembled kit: "duplex" or "fold"
    ink: Ink = "normal"  # "low": white grounds and outlines instead of solid fills
    only: Only = "all"  # "cards": the card sheets of the kit's method (duplex, or fold) alone
    shop_bleed: float = 3.0  # mm of art beyond the cut in the print-shop file, 0 to MOST_IMAGE_BLEED
    service: str | None = None  # the print-shop file as this card service asks (SERVICE_NAMES): its bleed and page order
    gap: float | None = None  # mm between neighbouring cards' cut lines, at least twice the bleed; None: twice the bleed
    guides: bool = False  # lines across the card sheets on every cut, for a rotary cutter or guillotine
    cut: str | None = None  # print-then-cut sheets and cut files for this cutting machine (MACHINES)
    corner_radius: float = DEFAULT_RADIUS  # mm: the cut files' card corners, 0 (square) to half the card's shorter side
    lang: str = SOURCE  # the language of every word printed (a code hi5pnp speaks: en, de)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", _lang(self.lang))
        papers: Any = self.papers
        if isinstance(papers, str) or not isinstance(papers, (tuple, list)) or not papers:
            raise OptionError(f"papers: {papers!r} is not a list of paper sizes; give one or more of {choices_words(PAPER_NAMES)}, e.g. ('a4',)")
        for paper in papers:
            check_choice("papers", paper, PAPER_NAMES)
        if len(set(papers)) < len(papers):
            raise OptionError(f"papers: {tuple(papers)!r} names a paper size twice")
        _card(self.card)
        check_number("bleed", self.bleed, 0, MOST_BLEED, " mm")
        check_choice("flip", self.flip, FLIPS)
        offset: Any = self.back_offset
        if not isinstance(offset, (tuple, list)) or len(offset) != 2:
            raise OptionError(f"back_offset: {offset!r} is not a shift (x, y) in mm, e.g. (0.5, -1.0)")
        for axis, value in zip("xy", offset):
            check_number(f"back_offset {axis}", value, -MOST_OFFSET, MOST_OFFSET, " mm")
        if self.edition is not None:
            check_choice("edition", self.edition, EDITION_NUMBERS)
        check_choice("method", self.method, METHODS)
        check_choice("ink", self.ink, INKS)
        check_choice("only", self.only, ONLY)
        check_number("shop_bleed", self.shop_bleed, 0, MOST_IMAGE_BLEED, " mm")
        if self.gap is not None:
            check_number("gap", self.gap, 0, MOST_GAP, " mm")
            if self.gap < 2 * self.bleed - 1e-9:
                raise OptionError(f"gap: {self.gap:g} mm is less than twice the bleed ({self.bleed:g} mm): neighbouring cards' bleed would overlap")
            object.__setattr__(self, "gap", float(self.gap))
        check_choice("guides", self.guides, (False, True))
        if self.cut is not None:
            check_choice("cut", self.cut, MACHINES)
        check_number("corner_radius", self.corner_radius, 0, MOST_RADIUS_SHARE * min(self.card.width, self.card.height), " mm")
        object.__setattr__(self, "corner_radius", float(self.corner_radius))
        if self.service is not None:
            check_choice("service", self.service, SERVICE_NAMES)
            if abs(self.shop_bleed - SERVICES[self.service].bleed) > 1e-9:
                object.__setattr__(self, "shop_bleed", SERVICES[self.service].bleed)  # the service's canvas decides
        # as the manifest records them whatever was given: a list, whole numbers
        object.__setattr__(self, "papers", tuple(papers))
        object.__setattr__(self, "bleed", float(self.bleed))
        object.__setattr__(self, "shop_bleed", float(self.shop_bleed))
        object.__setattr__(self, "back_offset", (float(offset[0]), float(offset[1])))

    def describe(self) -> dict[str, Any]:
        """The options as the manifest records them."""
        return {
            "papers": list(self.papers),
            "card_size": {"name": self.card.name, "width": self.card.width, "height": self.card.height},
            "bleed": self.bleed,
            "flip": self.flip,
            "back_offset": list(self.back_offset),
            "edition": self.edition,
            "method": self.method,
            "ink": self.ink,
            "only": self.only,
            "gap": 2 * self.bleed if self.gap is None else self.gap,
            "guides": self.guides,
            "print_shop": {"bleed": self.shop_bleed, "service": self.service},
            # recorded only when asked, so a kit without cut files is described as before
            **({"cut": {"machine": self.cut, "corner_radius": self.corner_radius}} if self.cut else {}),
            # recorded only when not English, so an English kit is described as before
            **({"lang": self.lang} if self.lang != SOURCE else {}),
        }


@dataclass(frozen=True)
class ImageOptions:
    dpi: int = 300  # DPI_RANGE
    bleed: float = 3.0  # mm of the face's own art beyond the cut, every side, 0 to MOST_IMAGE_BLEED
    card: CardSize = POKER
    tts: bool = False  # also Tabletop Simulator sheets and saved objects
    service: str | None = None  # a card-printing service's canvas (SERVICE_NAMES): its dpi, bleed and card are these
    tts_url: str = ""  # where the sheets will be hosted: the saved objects name them by full URL
    lang: str = SOURCE  # the language of the words on the faces

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", _lang(self.lang))
        check_number("dpi", self.dpi, *DPI_RANGE, whole=True)
        check_number("bleed", self.bleed, 0, MOST_IMAGE_BLEED, " mm")
        _card(self.card)
        check_choice("tts", self.tts, (False, True))
        if self.service is not None:
            check_choice("service", self.service, SERVICE_NAMES)
            s = SERVICES[self.service]
            if (self.dpi, self.card) != (s.dpi, s.card) or abs(self.bleed - s.bleed) > 1e-9:
                raise OptionError(
                    f"service: {s.title} takes {s.card.name} cards at {s.dpi} dpi with {s.bleed:.3f} mm bleed; make the options with ImageOptions.for_service"
                )
        if not isinstance(self.tts_url, str) or (self.tts_url and not self.tts_url.startswith(("http://", "https://", "file://"))):
            raise OptionError(f"tts_url: {self.tts_url!r} is not a web address; give one starting https:// (or http://, file://)")

    @classmethod
    def for_service(cls, name: str, tts: bool = False, tts_url: str = "", lang: str = SOURCE) -> ImageOptions:
        """The images a card-printing service asks for (:mod:`.services`)."""
        check_choice("service", name, SERVICE_NAMES)
        s = SERVICES[name]
        return cls(dpi=s.dpi, bleed=s.bleed, card=s.card, tts=tts, service=name, tts_url=tts_url, lang=lang)
