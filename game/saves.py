"""Saved games on disk: named saves and the autosaves, each a :class:`GameRecord` as JSON.

Every unfinished game is kept in its own autosave slot, one per game and
mode (``autosave-london-solo.json``), so starting a New York game never
touches a London one; only a new game of the same game and mode replaces
a slot, and the client asks first (:meth:`SaveStore.slot_info`).  The
single ``autosave.json`` of earlier versions is still read, and is
removed once its game has been saved to its slot.

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
AUTOSAVE = "autosave" + SUFFIX  # the one slot of earlier versions (still read)
SLOT_PREFIX = "autosave-"
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
    #: Who the human played (``meta["human"]``): ``investigator``, ``jack``, ``both`` or ``none``.
    side: str = ""
    #: The file is an autosave slot (an unfinished game kept automatically), not a named save.
    slot: bool = False
    #: The seed of the game (with ``game``, what tells two games apart).
    seed: int | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def is_slot(path: Path) -> bool:
    """Whether ``path`` is an autosave (a slot, or the single autosave of earlier versions)."""
    return path.name == AUTOSAVE or (path.name.startswith(SLOT_PREFIX) and path.suffix == SUFFIX)


def slot_key(game: str, mode: str) -> str:
    """The slot's file name for an unfinished game of ``game`` played in ``mode``."""
    return f"{SLOT_PREFIX}{_slug(game)}-{_slug(mode or 'solo')}{SUFFIX}"


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
        self._checked: set[Path] = set()  # slot files known to hold a readable game (or none)

    # --------------------------------------------------------------- autosaves
    @property
    def autosave_path(self) -> Path:
        """The single autosave of earlier versions (read, never written)."""
        return self.folder / AUTOSAVE

    def slot_path(self, game: str, mode: str) -> Path:
        """Where an unfinished game of ``game`` in ``mode`` is kept."""
        return self.folder / slot_key(game, mode)

    def autosave(self, record: GameRecord) -> Path:
        """Keep ``record`` in its slot (its game and mode), replacing what was there.

        A slot file that cannot be read is first renamed aside (it stays in
        the list, with its reason), so a damaged file is never lost by
        overwriting it.  The old single autosave is removed once it holds
        this same game.

        :raises OSError: if the folder cannot be written.
        """
        path = self.slot_path(record.game, str(record.meta.get("mode", "solo")))
        self._keep_damaged(path)
        write_atomic(path, record.to_json())
        self._drop_legacy(record)
        return path

    def _keep_damaged(self, path: Path) -> None:
        if path in self._checked:
            return
        if path.exists():
            try:
                read_record(path)
            except SaveError as exc:
                if exc.kind != "missing":
                    aside = path.with_name(f"{path.stem}-damaged-{time.strftime('%Y%m%d-%H%M%S')}{SUFFIX}")
                    os.replace(path, aside)
        self._checked.add(path)

    def _drop_legacy(self, record: GameRecord) -> None:
        legacy = self.autosave_path
        if not legacy.exists():
            return
        try:
            old = read_record(legacy)
        except SaveError:
            return  # a damaged old autosave stays, listed with its reason
        if (old.game, old.seed) == (record.game, record.seed) and old.actions == record.actions[:len(old.actions)]:
            legacy.unlink(missing_ok=True)

    def slot_info(self, game: str, mode: str) -> SaveInfo | None:
        """The unfinished game a new ``game`` in ``mode`` would replace, or ``None`` (empty, or finished).

        A damaged slot file is returned too (``ok`` false): it is set aside, not lost.
        """
        path = self.slot_path(game, mode)
        if not path.exists():
            return None
        info = self.info(path)
        return None if info.ok and info.over else info

    def autosaves(self) -> list[SaveInfo]:
        """The unfinished games kept in slots (and the old single autosave), newest first."""
        return [i for i in self.list(include_autosave=True) if i.slot and i.ok and not i.over]

    def load_autosave(self) -> GameRecord | None:
        """The newest unfinished autosaved game, or ``None`` if there is none.

        A damaged autosave is not an error worth stopping for: it is skipped
        (and left on disk, listed with its reason).
        """
        for info in self.autosaves():
            try:
                return read_record(info.path)
            except SaveError:
                continue
        return None

    def clear_autosave(self, record: GameRecord | None = None) -> None:
        """Remove the slot of ``record``'s game and mode (and the old single autosave if it is that game).

        Without ``record``, only the old single autosave is removed.
        """
        if record is not None:
            path = self.slot_path(record.game, str(record.meta.get("mode", "solo")))
            try:
                held = read_record(path)
            except SaveError:
                held = None
            if held is not None and (held.game, held.seed) == (record.game, record.seed):
                path.unlink(missing_ok=True)
            self._drop_legacy(record)
            return
        self.autosave_path.unlink(missing_ok=True)

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
        if is_slot(path):
            path = self.folder / ("saved-" + path.name)
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
            if path.name.startswith(".") or (is_slot(path) and not include_autosave):
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
            return SaveInfo(path.stem, path, "?", 0, modified, "", error=str(exc), error_kind=exc.kind,
                            slot=is_slot(path))
        name = record.meta.get("name")
        if is_slot(path):
            name = name or "autosave"
        state = record.replay()
        return SaveInfo(str(name) if name else path.stem, path, record.game,
                        int(getattr(state, "round", 0)), modified, str(record.meta.get("mode", "")),
                        over=bool(state.is_over()), side=str(record.meta.get("human", "")),
                        slot=is_slot(path), seed=record.seed)
