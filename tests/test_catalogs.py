"""Adding a language is one catalog, and a catalog is whole: every message the code
and the templates say (extracted here with babel, as ``make catalogs`` does) is
translated, none left fuzzy, and each translation keeps the placeholders of its
message, ``{name}`` and ``%(name)s`` alike, so no sentence is drawn with a hole or
fails to format."""

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "referee" / "translations"
#: The keywords `make catalogs` adds to babel's own (gettext, ngettext, pgettext...).
KEYWORDS = DEFAULT_KEYWORDS | {
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "lazy_pgettext": ((1, "c"), 2),
}
LANGUAGES = sorted(
    path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")
)

#: ``{name}`` (str.format; ``{{`` is a brace) and ``%(name)s`` (gettext's own style).
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w*)(?:[!:][^{}]*)?\}(?!\})|%\((\w+)\)[sd]")


def placeholders(text):
    """The named placeholders of a message or a translation.

    >>> sorted(placeholders("{count} in {meld}, %(name)s; {{literal}}"))
    ['count', 'meld', 'name']
    """
    return {brace or percent for brace, percent in PLACEHOLDER.findall(text)}


def extracted():
    """Every message of the code, by (context, id): id a string, or a (singular,
    plural) pair. Extracted as `make catalogs` does, from babel.cfg."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = {}
    for filename, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS
    ):
        key = message if isinstance(message, str) else tuple(message[:2])
        if key:
            found.setdefault((context, key), filename)
    return found


MESSAGES = extracted()


def catalog(language):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def missing_placeholders(message_id, translation):
    """What a translation drops or invents: every form must hold only the message's
    placeholders, and the singular (or the last plural form) all of its own."""
    if isinstance(message_id, str):
        forms, wanted = [translation], placeholders(message_id)
        needed = [(translation, wanted)]
    else:
        singular, plural = message_id
        forms = list(translation)
        wanted = placeholders(singular) | placeholders(plural)
        needed = [(forms[-1], placeholders(plural))]
    problems = [
        f"{form!r} drops {sorted(need - placeholders(form))}"
        for form, need in needed
        if need - placeholders(form)
    ]
    problems += [
        f"{form!r} names {sorted(placeholders(form) - wanted)}"
        for form in forms
        if placeholders(form) - wanted
    ]
    return problems


@pytest.mark.parametrize(
    ("message_id", "translation", "problems"),
    [
        ("a {meld} of {count}", "un {meld} de {count}", 0),
        ("a {meld} of {count}", "un {meld}", 1),  # dropped
        ("Deal %(number)s", "Reparto %(number)s", 0),
        ("Deal %(number)s", "Reparto", 1),
        ("Deal %(number)s", "Reparto %(numero)s", 2),  # dropped, and one of its own
        (
            ("{count} card", "{count} cards"),
            ("una carta", "{count} cartas"),
            0,
        ),  # Spanish says "una"
        (("{count} card", "{count} cards"), ("{count} carta", "cartas"), 1),
    ],
)
def test_the_placeholder_check_sees_a_dropped_or_invented_name(message_id, translation, problems):
    assert len(missing_placeholders(message_id, translation)) == problems


def test_the_code_has_messages_to_translate():
    assert len(MESSAGES) > 100
    assert (None, "Start a game") in MESSAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_code_is_translated(language):
    kept = catalog(language)
    untranslated = [
        f"{where}: {key!r}"
        for (context, key), where in sorted(MESSAGES.items(), key=str)
        if not _translated(kept.get(key if isinstance(key, str) else key[0], context=context))
    ]
    assert not untranslated, (
        f"{len(untranslated)} untranslated in {language} (make catalogs):\n"
        + "\n".join(untranslated)
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_is_left_fuzzy(language):
    fuzzy = [message.id for message in catalog(language) if message.id and message.fuzzy]
    assert not fuzzy, f"fuzzy in {language}: {fuzzy}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_its_placeholders(language):
    problems = [
        f"{message.id!r}: {problem}"
        for message in catalog(language)
        if message.id and _translated(message)
        for problem in missing_placeholders(
            message.id if isinstance(message.id, str) else tuple(message.id), message.string
        )
    ]
    assert not problems, "\n".join(problems)


def _translated(message):
    if message is None:
        return False
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    return all(strings)
