"""Saved games on disk: named saves and one autosave, each a :class:`GameRecord` as JSON.

The folder is ``$MRJACK_HOME/saves`` when that variable is set, else
``saves`` in the platform's user data folder.  Every write goes to a
temporary file in the same folder and is then renamed over the target, so a
crash mid-write leaves the old file intact.  Reading checks the whole record
(it is replayed), and any file that is not a record this version can play
raises :class:`SaveError` with a message fit to show the player.

No pygame here: the client shows these, the engine does not know them.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .engine.errors import ParseError
from .engine.record import FORMAT, GameRecord

APP_NAME = "mrjack"
HOME_ENV = "MRJACK_HOME"
SUFFIX = ".json"
AUTOSAVE = "autosave" + SUFFIX
MAX_BYTES = 1 << 20  # a whole game is a few kilobytes


class SaveError(ValueError):
    """A file that is not a saved game this version can load; the message says why.

    ``kind`` names the reason for programs (and translations): ``missing``,
    ``unreadable``, ``too_large``, ``empty``, ``binary``, ``truncated``,
    ``not_json``, ``foreign``, ``newer`` or ``damaged``.
    """

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


def data_dir() -> Path:
    """``$MRJACK_HOME`` if set, else the platform's user data folder for the game."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True)
class SaveInfo:
    """One entry of :meth:`SaveStore.list`; ``error`` is set for a file that cannot be loaded."""

    name: str
    path: Path
    game: str
    round: int
    modified: float
    mode: str
    error: str | None = None
    #: The game in the file is finished (worth a replay, not a resume).
    over: bool = False
    #: :attr:`SaveError.kind` when ``error`` is set.
    error_kind: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _slug(name: str) -> str:
    """A file name for a save called ``name`` (letters of any script are kept)."""
    slug = re.sub(r"[^\w]+", "-", name.strip(), flags=re.UNICODE).strip("-_.").lower()
    return slug[:60] or "game"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``.

    :raises OSError: if the folder cannot be written; the old file is kept.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_record(path: str | os.PathLike[str]) -> GameRecord:
    """The record in ``path``, checked and replayed.

    :raises SaveError: for a missing, unreadable, empty, truncated, foreign,
        newer-version or illegal file, with a message naming the file.
    """
    path = Path(path)
    where = path.name
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{where}: the file is too large to be a saved game ({size} bytes).", "too_large")
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{where}: the file no longer exists.", "missing") from None
    except OSError as exc:
        raise SaveError(f"{where}: the file cannot be read ({exc.strerror or exc}).", "unreadable") from None
    if not data.strip():
        raise SaveError(f"{where}: the file is empty.", "empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{where}: this is not a saved game (the file is not text).", "binary") from None
    try:
        raw = json.loads(text)
    except ValueError:
        stripped = text.strip()
        if stripped.startswith("{") and not stripped.endswith("}"):
            raise SaveError(f"{where}: the file is cut short (truncated); "
                            "it was not completely written.", "truncated") from None
        raise SaveError(f"{where}: this is not a saved game (not valid JSON).", "not_json") from None
    if not isinstance(raw, dict) or "format" not in raw:
        raise SaveError(f"{where}: this is not a Mr. Jack saved game.", "foreign")
    fmt = raw.get("format")
    if fmt != FORMAT:
        family, _sep, version = str(fmt).partition("/")
        base, _sep, ours = FORMAT.partition("/")
        if family == base and version.isdigit() and int(version) > int(ours):
            raise SaveError(f"{where}: this game was saved by a newer version of Mr. Jack "
                            f"(format {fmt}); this version reads {FORMAT}.", "newer")
        raise SaveError(f"{where}: this is not a Mr. Jack saved game (format {fmt!r}).", "foreign")
    try:
        return GameRecord.from_json(text)
    except ParseError as exc:
        raise SaveError(f"{where}: the saved game is damaged ({exc}).", "damaged") from None


class SaveStore:
    """Named saves and the autosave in one folder (created on the first write)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir() / "saves"

    # ---------------------------------------------------------------- autosave
    @property
    def autosave_path(self) -> Path:
        return self.folder / AUTOSAVE

    def autosave(self, record: GameRecord) -> Path:
        """Overwrite the autosave with ``record``.

        :raises OSError: if the folder cannot be written.
        """
        write_atomic(self.autosave_path, record.to_json())
        return self.autosave_path

    def load_autosave(self) -> GameRecord | None:
        """The autosaved game, or ``None`` if there is none or it cannot be loaded.

        A damaged autosave is not an error worth stopping for: it is ignored
        (and left on disk for inspection).
        """
        if not self.autosave_path.exists():
            return None
        try:
            return read_record(self.autosave_path)
        except SaveError:
            return None

    def clear_autosave(self) -> None:
        try:
            self.autosave_path.unlink()
        except FileNotFoundError:
            pass

    # ------------------------------------------------------------- named saves
    def path_for(self, name: str) -> Path:
        return self.folder / (_slug(name) + SUFFIX)

    def save(self, record: GameRecord, name: str) -> Path:
        """Save ``record`` under ``name`` (replacing a save of the same name); returns its path.

        The name and time go into the saved copy's ``meta``; ``record`` is not changed.

        :raises OSError: if the folder cannot be written.
        """
        name = name.strip() or "game"
        meta = dict(record.meta, name=name, saved_at=time.time())
        copy = GameRecord(record.game, record.seed, list(record.actions), meta)
        path = self.path_for(name)
        if path.name == AUTOSAVE:
            path = self.folder / ("autosave-save" + SUFFIX)
        write_atomic(path, copy.to_json())
        return path

    def load(self, path: str | os.PathLike[str]) -> GameRecord:
        """:raises SaveError: if the file is not a saved game this version can load."""
        return read_record(path)

    def delete(self, path: str | os.PathLike[str]) -> None:
        """Remove a save; a file already gone is not an error."""
        try:
            Path(path).unlink()
        except FileNotFoundError:
            pass

    def list(self, include_autosave: bool = False) -> list[SaveInfo]:
        """Every save in the folder, newest first; damaged files are listed with ``error`` set."""
        if not self.folder.is_dir():
            return []
        out = []
        for path in self.folder.glob("*" + SUFFIX):
            if path.name.startswith(".") or (path.name == AUTOSAVE and not include_autosave):
                continue
            out.append(self.info(path))
        out.sort(key=lambda i: (-i.modified, i.name))
        return out

    def info(self, path: Path) -> SaveInfo:
        """What :meth:`list` shows for one file."""
        try:
            modified = path.stat().st_mtime
        except OSError:
            modified = 0.0
        try:
            record = read_record(path)
        except SaveError as exc:
            return SaveInfo(path.stem, path, "?", 0, modified, "", error=str(exc), error_kind=exc.kind)
        name = record.meta.get("name")
        if path.name == AUTOSAVE:
            name = name or "autosave"
        state = record.replay()
        return SaveInfo(str(name) if name else path.stem, path, record.game,
                        int(getattr(state, "round", 0)), modified, str(record.meta.get("mode", "")),
                        over=bool(state.is_over()))
