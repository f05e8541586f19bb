"""The player's settings, kept as JSON in the user config folder.

The folder is ``platformdirs.user_config_dir("mrjack")`` unless the
environment variable ``MRJACK_HOME`` names another one (tests and portable
installs use that).  Reading never fails: a missing file gives the defaults,
a corrupt one gives the defaults plus a :attr:`Settings.warning` to show.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from twisted.logger import Logger

from .i18n import LANGUAGES, default_language

log = Logger(namespace="mrjack.settings")

APP_NAME = "mrjack"
FILENAME = "settings.json"
HOME_ENV = "MRJACK_HOME"

#: Window sizes offered in the settings scene.
WINDOW_SIZES = ((800, 600), (1024, 768), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
MIN_SIZE = (640, 480)
MAX_SIZE = (7680, 4320)
SPEED_RANGE = (0.5, 3.0)


def config_dir() -> Path:
    """``$MRJACK_HOME`` if set, else the platform's user config folder for the game."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILENAME


@dataclass
class Settings:
    """What the player chose; values out of range are clamped by :meth:`normalise`."""

    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    animation_speed: float = 1.0
    volume: float = 0.75
    #: The music's volume and each effect's (by name; 1.0 when absent), under the master ``volume``.
    music_volume: float = 0.5
    effect_volumes: dict[str, float] = field(default_factory=dict)
    language: str = field(default_factory=default_language)
    #: Online play: the last lobby server ("host:port") and the name shown to other players.
    server_address: str = ""
    player_name: str = ""
    #: The New game screen's last choices, offered again next time ("" = the screen's default).
    last_game: str = ""
    last_edition: str = ""
    last_mode: str = ""
    last_side: str = ""
    last_bot: str = ""
    last_style: str = ""
    #: Why the file could not be read as it was (not saved).
    warning: str | None = field(default=None, compare=False, repr=False)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def normalise(self) -> Settings:
        """Clamp every value into range (in place) and return ``self``."""
        self.width = int(min(max(self.width, MIN_SIZE[0]), MAX_SIZE[0]))
        self.height = int(min(max(self.height, MIN_SIZE[1]), MAX_SIZE[1]))
        self.fullscreen = bool(self.fullscreen)
        speed = float(self.animation_speed)
        self.animation_speed = 1.0 if math.isnan(speed) else min(max(speed, SPEED_RANGE[0]), SPEED_RANGE[1])
        volume = float(self.volume)
        self.volume = 0.75 if math.isnan(volume) else min(max(volume, 0.0), 1.0)
        music = float(self.music_volume)
        self.music_volume = 0.5 if math.isnan(music) else min(max(music, 0.0), 1.0)
        self.effect_volumes = {str(k)[:20]: min(max(float(v), 0.0), 1.0)
                               for k, v in dict(self.effect_volumes).items() if not math.isnan(float(v))}
        if self.language not in LANGUAGES:
            self.language = "en"
        self.server_address = str(self.server_address).strip()[:200]
        self.player_name = str(self.player_name).strip()[:24]
        for name in LAST_CHOICES:
            setattr(self, name, str(getattr(self, name)).strip()[:40])
        return self

    def to_dict(self) -> dict:
        data = asdict(self)
        data.pop("warning")
        return data


LAST_CHOICES = ("last_game", "last_edition", "last_mode", "last_side", "last_bot", "last_style")
_KINDS = {"width": int, "height": int, "fullscreen": bool, "animation_speed": float,
          "volume": float, "music_volume": float, "effect_volumes": dict,
          "language": str, "server_address": str, "player_name": str,
          **{name: str for name in LAST_CHOICES}}


def settings_from_dict(data: object) -> tuple[Settings, list[str]]:
    """Settings from decoded JSON, with the problems found; bad fields keep their default."""
    settings = Settings()
    problems: list[str] = []
    if not isinstance(data, dict):
        return settings, ["the file does not hold a settings object"]
    for f in fields(Settings):
        if f.name == "warning" or f.name not in data:
            continue
        value, kind = data[f.name], _KINDS[f.name]
        if kind is dict:
            ok = isinstance(value, dict) and len(value) <= 32 and all(
                isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                for k, v in value.items())
            if ok:
                value = {k: float(v) for k, v in value.items()}
        elif kind is bool:
            ok = isinstance(value, bool)
        elif kind is str:
            ok = isinstance(value, str)
        else:
            ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
                  and math.isfinite(value) and (kind is float or float(value).is_integer()))
        if not ok:
            problems.append(f"{f.name} = {value!r} is not valid")
            continue
        setattr(settings, f.name, value if kind is dict else kind(value))
    if settings.language not in LANGUAGES:
        problems.append(f"unknown language {settings.language!r}")
    settings.normalise()
    return settings, problems


def load_settings(path: str | os.PathLike[str] | None = None) -> Settings:
    """The saved settings, or the defaults; never raises for a bad or missing file.

    A file that cannot be read or parsed gives the defaults; a file with
    some bad values keeps the good ones.  Either way ``warning`` says what
    was wrong.
    """
    file = Path(path) if path is not None else settings_path()
    try:
        text = file.read_text("utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        return _warn(Settings(), f"Could not read the settings file {file}: {exc}. Using the defaults.")
    try:
        data = json.loads(text)
    except ValueError as exc:
        return _warn(Settings(), f"The settings file {file} is damaged ({exc}). Using the defaults.")
    settings, problems = settings_from_dict(data)
    if problems:
        _warn(settings, f"Some settings in {file} were not valid ({'; '.join(problems)}); "
                        "they were reset to their defaults.")
    return settings


def _warn(settings: Settings, message: str) -> Settings:
    settings.warning = message
    log.warn("{message}", message=message)
    return settings


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write ``settings`` atomically (a temporary file, then a rename); returns the path.

    :raises OSError: if the folder cannot be created or written.
    """
    file = Path(path) if path is not None else settings_path()
    file.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(settings.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=file.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, file)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return file
