"""Sound effects synthesised by the game itself (no sample files, no numpy).

Each effect is a few lines of arithmetic over 16-bit samples (sine tones,
seeded noise, simple envelopes and a one-pole low-pass filter), turned into
a :class:`pygame.mixer.Sound` on first use.  With no audio device, or when
the mixer fails to start, :class:`Sound` stays silent and every call still
works, so the game never depends on sound: nothing is told by sound alone
(the witness bell has its banner, the win its results screen).

Volumes: a master volume, then one for the music and one for each effect
(each 0-1, multiplied by the master), so a player can keep the music and
silence the footsteps, or the other way round.
"""

from __future__ import annotations

import math
import random
import threading
from array import array
from collections.abc import Callable

import pygame

NAMES = ("step", "turn", "flip", "slide", "deal", "throw", "witness", "win", "click")
RATE = 22050  # samples per second we synthesise at (resampled if the mixer differs)
MUSIC = "music"
#: The music's motif: (start beat, MIDI note, beats), over a low drone; 16 beats loop seamlessly.
MOTIF = ((0, 57, 2), (2, 60, 1), (3, 64, 1), (4, 62, 2), (6, 60, 2), (8, 57, 2), (10, 55, 1), (11, 57, 1),
         (12, 52, 3), (15, 56, 1))
BEAT = 0.6  # seconds
MUSIC_RATE = 11025  # the music has nothing above ~1 kHz: synthesised at a low rate, then resampled


# ------------------------------------------------------------------ synthesis
def _env(i: int, n: int, attack: float = 0.005, rate: int = RATE) -> float:
    """A quick linear attack then an exponential decay to silence at sample ``n``."""
    a = max(1, int(attack * rate))
    if i < a:
        return i / a
    t = (i - a) / max(1, n - a)
    return math.exp(-5.0 * t) * (1.0 - t)


def _tone(freq: float, dur: float, rate: int, amp: float = 0.5, decay: float = 5.0,
          harmonics: tuple[float, ...] = (1.0,)) -> list[float]:
    n = int(dur * rate)
    out = []
    for i in range(n):
        t = i / rate
        v = sum(h * math.sin(2 * math.pi * freq * (k + 1) * t) for k, h in enumerate(harmonics))
        e = math.exp(-decay * i / n) * min(1.0, i / (0.004 * rate + 1))
        out.append(amp * v * e)
    return out


def _noise(dur: float, rate: int, rng: random.Random, amp: float = 0.5, smooth: float = 0.0,
           shape: Callable[[float], float] | None = None) -> list[float]:
    """White noise, low-passed by ``smooth`` (0 = none, close to 1 = dull)."""
    n = int(dur * rate)
    out, prev = [], 0.0
    for i in range(n):
        x = rng.uniform(-1.0, 1.0)
        prev = prev * smooth + x * (1.0 - smooth)
        e = shape(i / max(1, n)) if shape else _env(i, n, rate=rate)
        out.append(amp * prev * e)
    return out


def _mix(*parts: tuple[float, list[float]], rate: int) -> list[float]:
    """Sum ``(start_seconds, samples)`` parts into one buffer."""
    length = max(int(s * rate) + len(p) for s, p in parts)
    out = [0.0] * length
    for start, part in parts:
        o = int(start * rate)
        for i, v in enumerate(part):
            out[o + i] += v
    return out


def synthesise(name: str, rate: int = RATE) -> list[float]:
    """The samples (floats in -1..1, mono) of effect ``name``.

    :raises ValueError: for a name not in :data:`NAMES`.
    """
    rng = random.Random(name)
    if name == "step":  # a soft footfall: a low thud under a little grit
        thud = _tone(110, 0.09, rate, amp=0.7, decay=9)
        grit = _noise(0.05, rate, rng, amp=0.25, smooth=0.85)
        return _mix((0, thud), (0, grit), rate=rate)
    if name == "turn":  # a tile scraping round: a rising swish
        n = int(0.18 * rate)
        out, prev = [], 0.0
        for i in range(n):
            t = i / n
            smooth = 0.95 - 0.5 * t
            prev = prev * smooth + rng.uniform(-1, 1) * (1 - smooth)
            out.append(0.6 * prev * math.sin(math.pi * t))
        return out
    if name == "flip":  # a card turned over: two soft flaps
        a = _noise(0.035, rate, rng, amp=0.5, smooth=0.6)
        b = _noise(0.045, rate, rng, amp=0.45, smooth=0.7)
        return _mix((0, a), (0.07, b), rate=rate)
    if name == "slide":  # tiles sliding past each other: a long dull hiss
        return _noise(0.32, rate, rng, amp=0.45, smooth=0.9, shape=lambda t: math.sin(math.pi * t) ** 0.7)
    if name == "deal":  # a card snapped onto the table
        return _mix((0, _noise(0.04, rate, rng, amp=0.6, smooth=0.3)),
                    (0, _tone(320, 0.03, rate, amp=0.15, decay=12)), rate=rate)
    if name == "throw":  # four wooden tokens clattering down
        parts = []
        for k in range(7):
            start = 0.02 + k * 0.045 + rng.uniform(0, 0.03)
            parts.append((start, _tone(rng.uniform(700, 1100), 0.04, rate, amp=0.35 * (1 - k / 9),
                                       decay=14, harmonics=(1.0, 0.4, 0.2))))
            parts.append((start, _noise(0.012, rate, rng, amp=0.3, smooth=0.2)))
        return _mix(*parts, rate=rate)
    if name == "witness":  # a church bell: the witness is called
        bell = _tone(523.25, 0.9, rate, amp=0.35, decay=4, harmonics=(1.0, 0.5, 0.25, 0.12))
        fifth = _tone(784.0, 0.8, rate, amp=0.18, decay=5)
        return _mix((0, bell), (0.02, fifth), rate=rate)
    if name == "win":  # a rising major arpeggio
        notes = (523.25, 659.25, 783.99, 1046.5)
        parts = [(i * 0.11, _tone(f, 0.4 if i == 3 else 0.2, rate, amp=0.3, decay=4,
                                  harmonics=(1.0, 0.3))) for i, f in enumerate(notes)]
        return _mix(*parts, rate=rate)
    if name == "click":  # a button press
        return _tone(1800, 0.018, rate, amp=0.35, decay=10)
    raise ValueError(f"no sound called {name!r}; known: {', '.join(NAMES)}")


def synthesise_music(rate: int = RATE) -> list[float]:
    """The music: a slow, quiet gas-lit motif in A minor over a drone, one seamless loop.

    The last notes ring into the start of the loop (they are folded back),
    so the loop has no seam.
    """
    n = int(16 * BEAT * rate)
    out = [0.0] * n
    for start, note, beats in MOTIF:
        freq = 440.0 * 2 ** ((note - 69) / 12)
        tone = _tone(freq, beats * BEAT + 0.9, rate, amp=0.16, decay=3.2, harmonics=(1.0, 0.35, 0.12))
        o = int(start * BEAT * rate)
        for i, v in enumerate(tone):
            out[(o + i) % n] += v
    for k in range(n):  # the drone: A2 and E3, breathing slowly (a whole number of breaths per loop)
        t = k / rate
        breath = 0.75 + 0.25 * math.sin(2 * math.pi * t * 2 / (16 * BEAT))
        out[k] += 0.06 * breath * (math.sin(2 * math.pi * 110.0 * t) + 0.5 * math.sin(2 * math.pi * 164.81 * t))
    return out


def resample(samples: list[float], src: int, dst: int) -> list[float]:
    """``samples`` at ``src`` Hz as ``dst`` Hz, by linear interpolation (a loop stays a loop)."""
    if src == dst or not samples:
        return list(samples)
    n = len(samples)
    m = int(n * dst / src)
    out = []
    for j in range(m):
        x = j * src / dst
        i = int(x)
        f = x - i
        out.append(samples[i] * (1 - f) + samples[(i + 1) % n] * f)
    return out


def to_pcm(samples: list[float], size: int, channels: int) -> bytes:
    """Samples as the mixer's PCM format (signed 16- or 8-bit, or 32-bit float)."""
    bits = abs(size)
    if bits == 32:
        data = array("f", (max(-1.0, min(1.0, v)) for v in samples for _ in range(channels)))
        return data.tobytes()
    if bits == 8:
        if size < 0:
            data = array("b", (int(max(-1.0, min(1.0, v)) * 127) for v in samples for _ in range(channels)))
        else:
            data = array("B", (int(max(-1.0, min(1.0, v)) * 127) + 128
                               for v in samples for _ in range(channels)))
        return data.tobytes()
    data = array("h", (int(max(-1.0, min(1.0, v)) * 32000) for v in samples for _ in range(channels)))
    return data.tobytes()


# --------------------------------------------------------------------- player
class Sound:
    """The game's effects and music; silent when there is no mixer.

    ``volume`` is the master volume; ``music_volume`` and ``effect_volumes``
    (one per name in :data:`NAMES`, 1.0 when not given) scale under it.
    """

    def __init__(self, volume: float = 0.8, music_volume: float = 0.5,
                 effect_volumes: dict[str, float] | None = None) -> None:
        self.volume = _clamp(volume)
        self.music_volume = _clamp(music_volume)
        self.effect_volumes: dict[str, float] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._music: pygame.mixer.Sound | None = None
        self._music_channel: pygame.mixer.Channel | None = None
        self._music_thread: threading.Thread | None = None
        self._music_wanted = False
        self.error: str | None = None
        self._format: tuple[int, int, int] | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            init = pygame.mixer.get_init()
            if init:
                self._format = (init[0], init[1], init[2])
                pygame.mixer.set_reserved(1)  # channel 0 is the music's: effects never cut it off
            else:
                self.error = "the mixer did not start"
        except (pygame.error, NotImplementedError) as exc:
            self.error = f"no sound: {exc}"
        for name, v in (effect_volumes or {}).items():
            if name in NAMES:
                self.effect_volumes[name] = _clamp(v)

    @property
    def enabled(self) -> bool:
        return self._format is not None

    # ------------------------------------------------------------ volumes
    def effect_volume(self, name: str) -> float:
        """What ``name`` plays at: its own volume times the master volume."""
        return self.volume * self.effect_volumes.get(name, 1.0)

    def set_volume(self, volume: float) -> None:
        """Set the master volume (effects and music follow)."""
        self.volume = _clamp(volume)
        self._apply_volumes()

    def set_music_volume(self, volume: float) -> None:
        self.music_volume = _clamp(volume)
        self._apply_volumes()

    def set_effect_volume(self, name: str, volume: float) -> None:
        """:raises ValueError: for a name not in :data:`NAMES`."""
        if name not in NAMES:
            raise ValueError(f"no sound called {name!r}; known: {', '.join(NAMES)}")
        self.effect_volumes[name] = _clamp(volume)
        self._apply_volumes()

    def _apply_volumes(self) -> None:
        for name, sound in self._sounds.items():
            sound.set_volume(self.effect_volume(name))
        if self._music is not None:
            self._music.set_volume(self.volume * self.music_volume)
            if self.volume * self.music_volume <= 0:
                wanted = self._music_wanted
                self.stop_music()
                self._music_wanted = wanted  # comes back when the volume does
            elif self._music_wanted and not self.music_playing:
                self._play_music()

    # ------------------------------------------------------------ effects
    def get(self, name: str) -> pygame.mixer.Sound | None:
        """The effect as a mixer sound, built on first use (``None`` when silent).

        :raises ValueError: for a name not in :data:`NAMES`.
        """
        if name not in NAMES:
            raise ValueError(f"no sound called {name!r}; known: {', '.join(NAMES)}")
        if self._format is None:
            return None
        if name not in self._sounds:
            sound = self._build(synthesise(name, self._format[0]))
            if sound is None:
                return None
            sound.set_volume(self.effect_volume(name))
            self._sounds[name] = sound
        return self._sounds[name]

    def _build(self, samples: list[float]) -> pygame.mixer.Sound | None:
        assert self._format is not None
        _freq, size, channels = self._format
        try:
            return pygame.mixer.Sound(buffer=to_pcm(samples, size, channels))
        except pygame.error as exc:
            self.error = f"no sound: {exc}"
            self._format = None
            return None

    def preload(self) -> None:
        """Build every effect now (about half a second), so no first play stalls a frame."""
        for name in NAMES:
            self.get(name)

    def play(self, name: str) -> None:
        """Start effect ``name``; nothing happens when its volume is 0 or without a mixer.

        :raises ValueError: for a name not in :data:`NAMES`.
        """
        if name not in NAMES:
            raise ValueError(f"no sound called {name!r}; known: {', '.join(NAMES)}")
        if self.effect_volume(name) <= 0:
            return
        sound = self.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error:
            pass

    # -------------------------------------------------------------- music
    @property
    def music_playing(self) -> bool:
        return self._music_channel is not None and self._music_channel.get_busy()

    def start_music(self) -> None:
        """Loop the music on its own channel; nothing when muted or silent.

        The first time, the music is synthesised in a worker thread (about
        a second of arithmetic), so the title screen never stalls; it
        starts when ready, unless it was stopped or muted meanwhile.
        """
        self._music_wanted = True
        if self._format is None or self.volume * self.music_volume <= 0 or self.music_playing:
            return
        if self._music is not None:
            self._play_music()
            return
        if self._music_thread is None:
            self._music_thread = threading.Thread(target=self._make_music, name="music", daemon=True)
            self._music_thread.start()

    def _make_music(self) -> None:
        fmt = self._format
        if fmt is None:
            return
        samples = resample(synthesise_music(MUSIC_RATE), MUSIC_RATE, fmt[0])
        music = self._build(samples)
        if music is not None:
            self._music = music
            if self._music_wanted and self.volume * self.music_volume > 0:
                self._play_music()

    def wait_for_music(self, timeout: float | None = 30.0) -> None:
        """Block until the music is built (tests and tools; never the frame loop)."""
        if self._music_thread is not None:
            self._music_thread.join(timeout)

    def _play_music(self) -> None:
        assert self._music is not None
        self._music.set_volume(self.volume * self.music_volume)
        try:
            self._music_channel = pygame.mixer.Channel(0)
            self._music_channel.play(self._music, loops=-1)
        except pygame.error:
            self._music_channel = None

    def stop_music(self) -> None:
        self._music_wanted = False
        if self._music_channel is not None:
            try:
                self._music_channel.stop()
            except pygame.error:
                pass
            self._music_channel = None


def _clamp(v: float) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    return 0.0 if math.isnan(v) else min(max(v, 0.0), 1.0)
