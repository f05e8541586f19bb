"""Tweens over time: easing curves, and sequences of steps that can be skipped.

An animation is a tree of :class:`Step` objects.  :class:`Tween` moves one
number (or tuple of numbers) of one object from a start value to an end
value; :class:`Call` runs a function once (switch a face, play a sound);
:class:`Wait` holds; :class:`Seq` plays its children one after another and
:class:`Par` together.  ``advance(dt)`` returns the unused part of ``dt`` so
a sequence can hand it on, and ``skip()`` jumps to the end, applying every
end value and every call on the way: a skipped animation leaves exactly the
same model as a played one.

>>> class Box: x = 0.0
>>> b = Box()
>>> t = Seq(Tween(b, "x", 0.0, 10.0, 1.0), Call(lambda: setattr(b, "done", True)))
>>> t.advance(0.5)  # half way: nothing left over
0.0
>>> round(b.x, 3)
5.0
>>> t.skip(); b.x, b.done, t.finished
(10.0, True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

# ------------------------------------------------------------------ easing
Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_out(t: float) -> float:
    """Cubic ease in and out."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in(t: float) -> float:
    return t * t * t


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles (a token landing)."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def smoothstep(t: float) -> float:
    return t * t * (3 - 2 * t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_value(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple):
        return tuple(lerp(x, y, t) for x, y in zip(a, b, strict=True))
    return lerp(a, b, t)


# ------------------------------------------------------------------- steps
class Step:
    """One piece of an animation.  Subclasses implement ``_advance`` and ``skip``."""

    finished = False

    def advance(self, dt: float) -> float:
        """Play ``dt`` seconds; return the seconds left over once finished (else 0)."""
        if self.finished:
            return dt
        return self._advance(dt)

    def _advance(self, dt: float) -> float:  # pragma: no cover - abstract
        raise NotImplementedError

    def skip(self) -> None:
        """Jump to the end: apply final values and run pending calls."""
        self.finished = True

    @property
    def duration(self) -> float:
        return 0.0


class Tween(Step):
    """Move ``obj.attr`` from ``start`` to ``end`` over ``duration`` seconds.

    ``start`` may be ``None``: the attribute's value when the tween begins.
    ``obj`` may also be a list, with ``attr`` an index.
    """

    def __init__(self, obj: Any, attr: str | int, start: Any, end: Any, duration: float,
                 ease: Ease = ease_in_out) -> None:
        self.obj, self.attr = obj, attr
        self.start, self.end = start, end
        self._duration = max(0.0, float(duration))
        self.ease = ease
        self.t = 0.0
        self._begun = False

    @property
    def duration(self) -> float:
        return self._duration

    def _get(self) -> Any:
        return self.obj[self.attr] if isinstance(self.attr, int) else getattr(self.obj, self.attr)

    def _set(self, value: Any) -> None:
        if isinstance(self.attr, int):
            self.obj[self.attr] = value
        else:
            setattr(self.obj, self.attr, value)

    def _begin(self) -> None:
        if not self._begun:
            self._begun = True
            if self.start is None:
                self.start = self._get()

    def _advance(self, dt: float) -> float:
        self._begin()
        self.t += dt
        if self.t >= self._duration:
            self._set(self.end)
            self.finished = True
            return self.t - self._duration
        self._set(lerp_value(self.start, self.end, self.ease(self.t / self._duration)))
        return 0.0

    def skip(self) -> None:
        if not self.finished:
            self._begin()
            self._set(self.end)
        self.finished = True


class Call(Step):
    """Run ``fn()`` once, taking no time."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn

    def _advance(self, dt: float) -> float:
        self.finished = True
        self.fn()
        return dt

    def skip(self) -> None:
        if not self.finished:
            self.finished = True
            self.fn()


class Wait(Step):
    """Hold for ``duration`` seconds."""

    def __init__(self, duration: float) -> None:
        self._duration = max(0.0, float(duration))
        self.t = 0.0

    @property
    def duration(self) -> float:
        return self._duration

    def _advance(self, dt: float) -> float:
        self.t += dt
        if self.t >= self._duration:
            self.finished = True
            return self.t - self._duration
        return 0.0


class Func(Step):
    """Call ``fn(progress)`` with the eased progress 0..1 every frame for ``duration``."""

    def __init__(self, fn: Callable[[float], Any], duration: float, ease: Ease = ease_in_out) -> None:
        self.fn = fn
        self._duration = max(0.0, float(duration))
        self.ease = ease
        self.t = 0.0

    @property
    def duration(self) -> float:
        return self._duration

    def _advance(self, dt: float) -> float:
        self.t += dt
        if self.t >= self._duration:
            self.fn(1.0)
            self.finished = True
            return self.t - self._duration
        self.fn(self.ease(self.t / self._duration))
        return 0.0

    def skip(self) -> None:
        if not self.finished:
            self.fn(1.0)
        self.finished = True


class Seq(Step):
    """Children one after another."""

    def __init__(self, *steps: Step | None) -> None:
        self.steps: list[Step] = [s for s in steps if s is not None]
        self.i = 0

    def add(self, step: Step | None) -> Seq:
        if step is not None:
            self.steps.append(step)
        return self

    @property
    def duration(self) -> float:
        return sum(s.duration for s in self.steps)

    def _advance(self, dt: float) -> float:
        while self.i < len(self.steps):
            dt = self.steps[self.i].advance(dt)
            if not self.steps[self.i].finished:
                return 0.0
            self.i += 1
        self.finished = True
        return dt

    def skip(self) -> None:
        while self.i < len(self.steps):
            self.steps[self.i].skip()
            self.i += 1
        self.finished = True


class Par(Step):
    """Children together; finished when the longest one is."""

    def __init__(self, *steps: Step | None) -> None:
        self.steps: list[Step] = [s for s in steps if s is not None]

    def add(self, step: Step | None) -> Par:
        if step is not None:
            self.steps.append(step)
        return self

    @property
    def duration(self) -> float:
        return max((s.duration for s in self.steps), default=0.0)

    def _advance(self, dt: float) -> float:
        left = dt
        done = True
        for s in self.steps:
            if not s.finished:
                r = s.advance(dt)
                if s.finished:
                    left = min(left, r)
                else:
                    done = False
        if done:
            self.finished = True
            return left
        return 0.0

    def skip(self) -> None:
        for s in self.steps:
            s.skip()
        self.finished = True


def stagger(steps: Sequence[Step], delay: float) -> Par:
    """Start each step ``delay`` seconds after the previous one."""
    return Par(*(Seq(Wait(i * delay), s) if i else s for i, s in enumerate(steps)))


def pulse(t: float, speed: float = 2.0) -> float:
    """A 0..1 breathing value for highlights, from a clock ``t`` in seconds."""
    return 0.5 + 0.5 * math.sin(t * speed * math.tau)
