"""Translations: English source strings, Russian, Polish and French catalogues.

Catalogues are plain gettext ``.po`` files in
``assets/locale/<lang>/LC_MESSAGES/mrjack.po``.  They are compiled in memory
when first used (the same ``.mo`` layout Python's ``msgfmt.py`` writes) and
read by :class:`gettext.GNUTranslations`, so no gettext tools are needed to
install or run the game.  Fuzzy entries and empty translations are left out,
so an untranslated message shows in English rather than blank.

>>> set_language("fr")
'fr'
>>> _("Settings")
'Paramètres'
>>> set_language("xx")  # unknown: English
'en'
"""

from __future__ import annotations

import ast
import gettext
import io
import os
import struct
from collections.abc import Iterable, Iterator
from pathlib import Path

from . import pagetext

DOMAIN = "mrjack"
LOCALE_DIR = Path(__file__).resolve().parents[2] / "assets" / "locale"

#: Every language the game offers, by code, each named in its own language.
LANGUAGES = {"en": "English", "ru": "Русский", "pl": "Polski", "fr": "Français"}
SOURCE_LANGUAGE = "en"

_current = SOURCE_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}


# ------------------------------------------------------------------ public API
def _(text: str) -> str:
    """``text`` in the current language (``text`` itself when untranslated)."""
    return _translations.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, by the current language's plural rule."""
    return _translations.ngettext(singular, plural, n)


def colon(label: str, text: str) -> str:
    """``label: text`` as the language writes it (French puts a no-break space before the colon)."""
    return _("{label}: {text}").format(label=label, text=text)


def N_(text: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``text`` for translation without translating it now (for tables)."""
    return text


def set_language(code: str | None) -> str:
    """Switch every later ``_()`` to ``code``; unknown codes fall back to English.

    Returns the code now in use.  A catalogue that cannot be read also falls
    back to English (with the reason in :data:`last_error`) rather than raise.
    """
    global _current, _translations
    code = (code or SOURCE_LANGUAGE).lower()
    if code not in LANGUAGES:
        code = SOURCE_LANGUAGE
    _translations = translations(code)
    _current = code
    return code


def current_language() -> str:
    return _current


def default_language(environ: dict[str, str] | None = None) -> str:
    """The language the system asks for (``LANGUAGE``, ``LC_ALL``, ...), if we have it."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(var, "").split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return SOURCE_LANGUAGE


#: Why the last catalogue failed to load, or ``None``.
last_error: str | None = None


def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalogue for ``code`` (cached); English is the identity."""
    global last_error
    if code in _cache:
        return _cache[code]
    result: gettext.NullTranslations = gettext.NullTranslations()
    if code != SOURCE_LANGUAGE:
        path = po_path(code)
        try:
            result = gettext.GNUTranslations(io.BytesIO(compile_po(path.read_text("utf-8"))))
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            last_error = f"cannot read the {LANGUAGES.get(code, code)} translations ({path}): {exc}"
    _cache[code] = result
    return result


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


# ------------------------------------------------------------- .po compiling
class PoEntry:
    """One message of a ``.po`` file."""

    __slots__ = ("context", "msgid", "plural", "msgstr", "fuzzy", "line")

    def __init__(self) -> None:
        self.context: str | None = None
        self.msgid: str | None = None
        self.plural: str | None = None
        self.msgstr: dict[int, str] = {}
        self.fuzzy = False
        self.line = 0

    @property
    def key(self) -> str:
        msgid = self.msgid or ""
        if self.plural is not None:
            msgid += "\0" + self.plural
        return msgid if self.context is None else f"{self.context}\x04{msgid}"

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values()) and not self.fuzzy


def _unquote(text: str, line: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"line {line}: expected a quoted string, got {text!r}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as exc:
        raise ValueError(f"line {line}: bad string {text!r}: {exc}") from None
    if not isinstance(value, str):
        raise ValueError(f"line {line}: bad string {text!r}")
    return value


def parse_po(text: str) -> list[PoEntry]:
    """The entries of a ``.po`` file, header (``msgid ""``) included.

    Handles contexts, plurals, multi-line strings and the ``#, fuzzy`` flag;
    obsolete (``#~``) entries are skipped.

    :raises ValueError: on a line that is not ``.po`` syntax.
    """
    entries: list[PoEntry] = []
    entry = PoEntry()
    field: str | None = None
    index = 0
    fuzzy_next = False

    def finish() -> None:
        nonlocal entry
        if entry.msgid is not None:
            entries.append(entry)
        elif entry.msgstr or entry.context is not None:
            raise ValueError(f"line {entry.line}: entry without msgid")
        entry = PoEntry()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if field is not None and field.startswith("msgstr"):
                    finish()
                    field = None
                fuzzy_next = True
            continue
        keyword, _sep, rest = line.partition(" ")
        if line.startswith('"'):
            if field is None:
                raise ValueError(f"line {number}: continuation without a keyword")
            value = _unquote(line, number)
            if field == "msgctxt":
                entry.context = (entry.context or "") + value
            elif field == "msgid":
                entry.msgid = (entry.msgid or "") + value
            elif field == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            else:
                entry.msgstr[index] = entry.msgstr.get(index, "") + value
            continue
        if keyword in ("msgctxt", "msgid") and field is not None and field.startswith("msgstr"):
            finish()
        if not entry.line:
            entry.line = number
            entry.fuzzy, fuzzy_next = fuzzy_next, False
        if keyword == "msgctxt":
            field, entry.context = "msgctxt", _unquote(rest, number)
        elif keyword == "msgid":
            field, entry.msgid = "msgid", _unquote(rest, number)
        elif keyword == "msgid_plural":
            field, entry.plural = "msgid_plural", _unquote(rest, number)
        elif keyword == "msgstr":
            field, index = "msgstr", 0
            entry.msgstr[0] = _unquote(rest, number)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            try:
                index = int(keyword[7:-1])
            except ValueError:
                raise ValueError(f"line {number}: bad plural index {keyword!r}") from None
            field = "msgstr"
            entry.msgstr[index] = _unquote(rest, number)
        else:
            raise ValueError(f"line {number}: unknown keyword {keyword!r}")
    finish()
    return entries


def compile_po(text: str) -> bytes:
    """A ``.po`` file's text as ``.mo`` bytes (little-endian, as ``msgfmt.py`` writes).

    :raises ValueError: if the text is not ``.po`` syntax.
    """
    messages: dict[str, str] = {}
    for entry in parse_po(text):
        if entry.msgid == "" and entry.context is None:  # the header is always kept
            messages[""] = entry.msgstr.get(0, "")
        elif entry.translated:
            forms = [entry.msgstr[i] for i in sorted(entry.msgstr)]
            messages[entry.key] = "\0".join(forms)
    keys = sorted(messages)
    ids = b""
    strs = b""
    offsets = []
    for key in keys:
        k, v = key.encode("utf-8"), messages[key].encode("utf-8")
        offsets.append((len(ids), len(k), len(strs), len(v)))
        ids += k + b"\0"
        strs += v + b"\0"
    n = len(keys)
    keystart = 7 * 4 + 16 * n
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    table = struct.pack(f"{len(koffsets)}i", *koffsets) + struct.pack(f"{len(voffsets)}i", *voffsets)
    return header + table + ids + strs


# ---------------------------------------------------------------- extraction
MARKERS = ("_", "N_")


def extract_file(path: Path) -> Iterator[tuple[str, int, str | None]]:
    """``(message, line, problem)`` for every ``_(...)``/``N_(...)``/``ngettext(...)`` call in a file.

    ``problem`` is ``None`` for a plain literal; otherwise it says why the
    call cannot be extracted (an f-string, a ``%``/``.format`` made before
    translation), which is a bug: the formatted text is never in a catalogue.
    """
    tree = ast.parse(path.read_text("utf-8"), str(path))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ngettext"
                and len(node.args) == 3):
            one, many = node.args[0], node.args[1]
            if all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in (one, many)):
                yield one.value, node.lineno, None  # the catalogue entry is keyed by the singular
            else:
                yield ast.unparse(node), node.lineno, "ngettext() needs literal singular and plural"
            continue
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in MARKERS and len(node.args) == 1 and not node.keywords):
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            yield arg.value, node.lineno, None
        elif isinstance(arg, ast.JoinedStr):
            yield ast.unparse(arg), node.lineno, "f-string inside _(): format after translating"
        elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):
            yield ast.unparse(arg), node.lineno, "string built before translating"
        elif (isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute)
              and arg.func.attr == "format" and isinstance(arg.func.value, ast.Constant)):
            yield ast.unparse(arg), node.lineno, ".format() inside _(): format after translating"


RULES_TEXT = "rules.txt"  # a game's rule pages (game.ui.pagetext)


def extract(paths: Iterable[Path]) -> dict[str, list[str]]:
    """Literal messages found under ``paths`` (``.py`` files and the games' ``rules.txt``), each with where
    it is used."""
    found: dict[str, list[str]] = {}
    for root in paths:
        files = [root] if root.is_file() else sorted([*root.rglob("*.py"), *root.rglob(RULES_TEXT)])
        for file in files:
            if file.name == RULES_TEXT:
                for message, line in pagetext.messages(file):
                    found.setdefault(message, []).append(f"{file}:{line}")
                continue
            for message, line, problem in extract_file(file):
                if problem is None:
                    found.setdefault(message, []).append(f"{file}:{line}")
    return found


def catalogue_ids(code: str) -> dict[str, PoEntry]:
    """Entries of a language's ``.po`` file by msgid (header left out)."""
    return {e.msgid: e for e in parse_po(po_path(code).read_text("utf-8"))
            if e.msgid and e.context is None}


# ------------------------------------------------------ source references
def refresh_sources(text: str, found: dict[str, list[str]], add: bool = False) -> str:
    """A ``.po`` text whose ``#:`` lines name the files that use each message now.

    ``found`` is :func:`extract`'s answer (``path:line`` places; the ``#:``
    lines name the files, sorted, without line numbers).  An entry whose
    message the code no longer uses keeps its line as it is; one without a
    ``#:`` line gets one just before its ``msgid`` only with ``add``.
    Nothing else changes: not a translation, not a flag, not a comment.
    """
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []  # (index, lines replaced: 0 or 1, new line)
    for entry in parse_po(text):
        if not entry.msgid or entry.context is not None or entry.msgid not in found:
            continue
        files = sorted({place.rsplit(":", 1)[0] for place in found[entry.msgid]})
        new = "#: " + " ".join(files) + "\n"
        first = entry.line - 1  # the entry's first keyword line
        k = first - 1
        while k >= 0 and lines[k].startswith("#") and not lines[k].startswith("#:"):
            k -= 1
        if k >= 0 and lines[k].startswith("#:"):
            if lines[k] != new:
                edits.append((k, 1, new))
        elif add:
            edits.append((first, 0, new))
    for index, replaced, new in sorted(edits, reverse=True):
        lines[index:index + replaced] = [new]
    return "".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m game.ui.i18n --refresh-sources [--add-missing]``: rewrite every catalogue's ``#:`` lines
    from the code (and give one to the entries that have none)."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m game.ui.i18n", description=main.__doc__)
    ap.add_argument("--refresh-sources", action="store_true", help="rewrite the #: lines of every .po file")
    ap.add_argument("--add-missing", action="store_true", help="also add a #: line to entries without one")
    args = ap.parse_args(argv)
    if not args.refresh_sources:
        ap.print_help()
        return 2
    root = LOCALE_DIR.parents[1]
    found = {m: [str(Path(p).relative_to(root)) for p in places]
             for m, places in extract([root / "game"]).items()}
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        path = po_path(code)
        text = path.read_text("utf-8")
        new = refresh_sources(text, found, args.add_missing)
        if compile_po(new) != compile_po(text):
            raise SystemExit(f"{path}: refreshing the sources would change a translation")
        if new != text:
            path.write_text(new, "utf-8")
            print(f"{path}: source references refreshed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
