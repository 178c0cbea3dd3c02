"""The language a request is answered in: the one place pages and the API ask it.

Every sentence of the referee is rendered by the rules core's words in the language
this names (a code such as ``"en"`` or ``"es"``); the pages' own words follow the
same choice. Until the catalogs are in, every request is answered in English.
"""

#: The language of every answer when none is asked or none matches.
DEFAULT_LANGUAGE = "en"


def current_language() -> str:
    """The language of the request being answered, as a code (``"en"``)."""
    return DEFAULT_LANGUAGE
