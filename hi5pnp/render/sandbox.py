"""The sandbox templates render in, and the budget no template steps round.

A template is data a designer may be sent. jinja2's sandbox already keeps it
from Python's own attributes (so from ``os.system``); this module bounds what
it may spend, on every path a template can take:

- **time**: every loop step (each ``{% for %}`` iterates through
  :func:`_steps`, put in by the code generator), every call (a macro, a
  global, a method) and every filter checks the deadline; the budget,
  :data:`MAX_RENDER_SECONDS`, is a whole build's, not a face's;
- **size**: no text or list a template makes (by ``~``, ``+``, ``*``, a
  filter, a method) may pass :data:`MAX_TEXT`, nor its whole output; a filter
  or method whose result would be far larger than that is refused before it
  runs (its inputs' size times its widths);
- **numbers**: ``**`` and ``*`` on whole numbers stay within
  :data:`MAX_BITS`; a format's width or precision (``str.format``,
  ``|format``, ``%``, ``lipsum``) within :data:`MAX_WIDTH`.

Over budget is :class:`OverBudget`, which the templates folder reports at the
template's line (``hi5pnp.render.template``).
"""

from __future__ import annotations

import functools
import re
import string
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import jinja2
import jinja2.compiler
import jinja2.nodes
import jinja2.sandbox
import jinja2.utils

GENERATION = "hi5pnp-budget-1"  # the code this module generates; compiled templates kept are keyed by it
MAX_RENDER_SECONDS = 5.0  # a whole build's templates: the bundled kit renders in a fraction of a second
MAX_TEXT = 1 << 20  # characters (or items) of any one text or list a template makes, and of its output
MAX_ESTIMATE = 16 << 20  # a filter or method whose result could be larger is refused before it runs
MAX_WIDTH = 1000  # a format's width or precision
MAX_BITS = 4096  # a whole number a template computes
MAX_LIPSUM = 100  # paragraphs, and words in one
MAX_LOOKED = 1_000_000  # values of a nested one looked at to tell its size

_PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
_DIGITS = re.compile(r"\d+")
_SIZED = (str, bytes, list, tuple, dict, set, frozenset)


class OverBudget(Exception):
    """A template spent more than its budget: ``str(exc)`` says on what."""


def _size(value: Any, cap: int = 4 * MAX_ESTIMATE) -> int:
    """The characters and items a value holds, nested lists and mappings
    included (a list of a thousand copies of one long text is as large as
    their join), counted until ``cap`` is passed."""
    total, stack, looked = 0, [value], 0
    while stack and total <= cap and looked < MAX_LOOKED:
        v = stack.pop()
        looked += 1
        if isinstance(v, (str, bytes)):
            total += len(v)
        elif isinstance(v, (list, tuple, set, frozenset)):
            total += len(v)
            stack.extend(v)
        elif isinstance(v, dict):
            total += len(v)
            stack.extend(v.values())
    return total


def check_size(value: Any) -> None:
    """An :class:`OverBudget` when ``value``, written out, would pass :data:`MAX_TEXT`."""
    if isinstance(value, _SIZED) and _size(value) > MAX_TEXT:
        raise OverBudget(f"it writes out a value of more than {MAX_TEXT:,} characters or items")


def _bounded(items: Iterator[Any], tick: Callable[[], None]) -> list[Any]:
    """A lazy sequence (a ``map``, a generator) made a list, within the
    budget: each item a step, and no more than :data:`MAX_ESTIMATE` in all."""
    out: list[Any] = []
    total = 0
    for item in items:
        tick()
        total += 1 + _size(item)
        if total > MAX_ESTIMATE:
            raise OverBudget(f"it makes a sequence of more than {MAX_ESTIMATE:,} characters or items")
        out.append(item)
    return out


def sized(value: Any) -> Any:
    """``value``, if no text or list larger than :data:`MAX_TEXT`."""
    if isinstance(value, _SIZED) and len(value) > MAX_TEXT:
        raise OverBudget(f"it makes a text or list of {len(value):,} characters or items; a template may make at most {MAX_TEXT:,}")
    return value


def _check_estimate(value: Any, args: Iterable[Any]) -> None:
    """Refuse a filter or method on ``value`` whose result may be far larger
    than its inputs: their size times the largest width or second input."""
    args = list(args)
    sizes = sorted((_size(a) for a in [value, *args]), reverse=True)
    widths = [abs(a) for a in args if isinstance(a, int) and not isinstance(a, bool)]
    factor = max([1, *widths, *sizes[1:2]])
    could = (sum(sizes) + 1) * factor  # an empty text centred in a billion spaces is a billion
    if could > MAX_ESTIMATE:
        raise OverBudget(f"it could make a text of {could:,} characters; a template may make at most {MAX_TEXT:,}")


def check_format(text: str) -> None:
    """A format string (``str.format``) whose widths are bounded and not nested."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:
        return  # not a format: str.format says so
    for _, _, spec, _ in parts:
        if spec and "{" in spec:
            raise OverBudget("a format's width is given by another field; write it as a number")
        if spec and any(int(d) > MAX_WIDTH for d in _DIGITS.findall(spec)):
            raise OverBudget(f"a format's width or precision is over {MAX_WIDTH:,}")


def check_printf(text: str) -> None:
    """A %-format (``%``, ``|format``) whose widths are bounded numbers."""
    for width, precision in _PRINTF.findall(text):
        if "*" in (width, precision):
            raise OverBudget("a %-format's width is given by a value ('*'); write it as a number")
        if any(n and int(n) > MAX_WIDTH for n in (width, precision)):
            raise OverBudget(f"a %-format's width or precision is over {MAX_WIDTH:,}")


class _Ticking(jinja2.compiler.CodeGenerator):
    """jinja2's code generator (``Environment.code_generator_class``), with
    every ``{% for %}`` iterating through the ``_steps`` filter: a loop step
    checks the deadline as a call does."""

    def visit_Template(self, node: jinja2.nodes.Template, frame: Any = None) -> None:
        for loop in node.find_all(jinja2.nodes.For):
            loop.iter = jinja2.nodes.Filter(loop.iter, "_steps", [], [], None, None, lineno=loop.lineno)
        super().visit_Template(node, frame)

    def visit_Concat(self, node: jinja2.nodes.Concat, frame: Any) -> None:
        """``a ~ b``: each part's size checked before they are joined (a list is written out as its text)."""
        self.write("environment.joined((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write("), context.eval_ctx.autoescape)")


class Sandbox(jinja2.sandbox.SandboxedEnvironment):
    """jinja2's sandbox, with the budget of this module."""

    code_generator_class = _Ticking
    intercepted_binops = frozenset(["+", "*", "**", "%"])

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.left = MAX_RENDER_SECONDS  # of the budget, in seconds
        self.deadline = float("inf")
        for name, func in list(self.filters.items()):
            self.filters[name] = self._budgeted(func)
        self.filters["_steps"] = jinja2.pass_environment(_steps)
        self.filters["format"] = self._budgeted(_printf_filter(self.filters["format"]))
        self.filters["wordwrap"] = self._budgeted(_wrap_filter(self.filters["wordwrap"]))
        self.globals["lipsum"] = _lipsum(jinja2.utils.generate_lorem_ipsum)
        self.globals["namespace"] = _Namespace

    def new_budget(self) -> None:
        """A new build: its templates may spend :data:`MAX_RENDER_SECONDS` again."""
        self.left = MAX_RENDER_SECONDS

    def render(self, template: jinja2.Template, context: dict[str, Any]) -> str:
        """``template`` rendered with ``context`` within what is left of the budget."""
        if self.left <= 0:
            raise OverBudget(f"not rendered: the build's {MAX_RENDER_SECONDS:g} s for templates were spent before it")
        start = time.monotonic()
        self.deadline = start + self.left
        try:
            pieces, total = [], 0
            for piece in template.generate(**context):
                total += len(piece)
                if total > MAX_TEXT:
                    raise OverBudget(f"its output passes {MAX_TEXT:,} characters")
                pieces.append(piece)
            return "".join(pieces)
        finally:
            self.left = max(0.0, self.left - (time.monotonic() - start))

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            self.left = 0.0
            raise OverBudget(f"still rendering after {MAX_RENDER_SECONDS:g} s, the build's budget for templates (a loop within a loop?)")

    def _budgeted(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """A filter that checks the deadline and the sizes before and after it runs."""

        @functools.wraps(func)  # its jinja2.pass_* mark too
        def budgeted(*args: Any, **kwargs: Any) -> Any:
            self.tick()
            args = tuple(_bounded(a, self.tick) if isinstance(a, Iterator) else a for a in args)
            values = [a for a in args if not isinstance(a, (jinja2.runtime.Context, jinja2.Environment, jinja2.nodes.EvalContext))]
            if values:
                _check_estimate(values[0], [*values[1:], *kwargs.values()])
            return sized(func(*args, **kwargs))

        return budgeted

    def call(__self, __context: jinja2.runtime.Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        __self.tick()
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, _SIZED):  # a method of a text or a list: s.ljust(n), s.replace(a, b), sep.join(items)
            args = tuple(_bounded(a, __self.tick) if isinstance(a, Iterator) else a for a in args)
            _check_estimate(owner, [*args, *kwargs.values()])
        return sized(super().call(__context, __obj, *args, **kwargs))

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, str) and attribute in ("format", "format_map"):
            check_format(obj)
            real = super().getattr(obj, attribute)

            def formatted(*args: Any, **kwargs: Any) -> Any:
                _check_estimate(obj, [*args, *kwargs.values()])
                return real(*args, **kwargs)

            return formatted
        return super().getattr(obj, attribute)

    def joined(self, parts: tuple[Any, ...], autoescape: bool) -> Any:
        """``~``'s parts joined as jinja2 joins them, once their sizes are known to fit."""
        self.tick()
        total = sum(_size(p) for p in parts)
        if total > MAX_TEXT:
            raise OverBudget(f"'~' would make {total:,} characters or more; a template may make at most {MAX_TEXT:,}")
        return sized(jinja2.runtime.markup_join(parts) if autoescape else jinja2.runtime.str_join(parts))

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any) -> Any:
        whole = isinstance(left, int) and isinstance(right, int)
        if operator == "**" and whole and abs(left) > 1 and right > 0 and abs(left).bit_length() * right > MAX_BITS:
            raise OverBudget(f"'**' with a power of {right:,} would make a number of more than {MAX_BITS:,} bits")
        if operator == "*" and whole and abs(left).bit_length() + abs(right).bit_length() > MAX_BITS:
            raise OverBudget(f"'*' would make a number of more than {MAX_BITS:,} bits")
        if operator == "*" and not whole and isinstance(left, (int, _SIZED)) and isinstance(right, (int, _SIZED)):
            items, times = (left, right) if isinstance(right, int) else (right, left)
            if isinstance(times, int) and not isinstance(times, bool) and _size(items) * times > MAX_TEXT:
                raise OverBudget(f"'*' would make {_size(items) * times:,} items (characters or entries); a template may make at most {MAX_TEXT:,}")
        if operator == "+" and isinstance(left, _SIZED) and isinstance(right, _SIZED):
            sized_sum = _size(left) + _size(right)
            if sized_sum > MAX_TEXT:
                raise OverBudget(f"'+' would make {sized_sum:,} characters or items; a template may make at most {MAX_TEXT:,}")
        if operator == "%" and isinstance(left, str):
            check_printf(left)
            _check_estimate(left, right if isinstance(right, tuple) else [right])
        return sized(super().call_binop(context, operator, left, right))


class _Namespace(jinja2.utils.Namespace):
    """jinja2's ``namespace()``, written out as ``<namespace>``: whatever it
    holds (a list of a thousand long texts) is never made text by ``~``,
    ``%`` or ``|string``, which see no size in it."""

    def __repr__(self) -> str:
        return "<namespace>"


@jinja2.pass_environment
def _steps(environment: Sandbox, iterable: Any) -> Iterator[Any]:
    """A loop's items, each step checking the deadline (a loop over a long
    text within another ends when the budget does)."""
    for item in iterable:
        environment.tick()
        yield item


def _printf_filter(real: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(real)
    def format_(value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            check_printf(value)
        return real(value, *args, **kwargs)

    return format_


MAX_WRAPPED = 1 << 16  # characters ``wordwrap`` takes: Python's text wrapping is slow on long texts


def _wrap_filter(real: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(real)
    def wordwrap(environment: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and len(value) > MAX_WRAPPED:
            raise OverBudget(f"wordwrap takes texts of up to {MAX_WRAPPED:,} characters, not {len(value):,}")
        return real(environment, value, *args, **kwargs)

    return wordwrap


def _lipsum(real: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(real)
    def lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> Any:
        if any(not isinstance(v, int) or v > MAX_LIPSUM for v in (n, min, max)):
            raise OverBudget(f"lipsum takes numbers up to {MAX_LIPSUM}")
        return real(n, html, min, max)

    return lipsum
