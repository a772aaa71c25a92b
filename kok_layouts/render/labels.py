"""Every printed word in Dutch, German, French and English."""

from __future__ import annotations

import re
from typing import Literal

Language = Literal["nl", "de", "fr", "en"]
LANGUAGES: tuple[Language, ...] = ("nl", "de", "fr", "en")

_LABELS: dict[str, dict[Language, str]] = {
    "first": {"nl": "eerst", "de": "zuerst", "fr": "premier", "en": "first"},
    "later": {"nl": "later", "de": "später", "fr": "ensuite", "en": "later"},
    "start": {"nl": "start", "de": "Start", "fr": "départ", "en": "start"},
    "bonus": {"nl": "BONUS", "de": "BONUS", "fr": "BONUS", "en": "BONUS"},
    "colour_bonus": {"nl": "Kleur vol", "de": "Farbe voll", "fr": "Couleur complète",
                     "en": "Colour complete"},
    "jokers": {"nl": "Jokers", "de": "Joker", "fr": "Jokers", "en": "Jokers"},
    "joker_hint": {
        "nl": "Elke gebruikte X of ? kost één !. Elke ongebruikte ! telt +1.",
        "de": "Jedes genutzte X oder ? kostet ein !. Jedes übrige ! zählt +1.",
        "fr": "Chaque X ou ? utilisé coûte un !. Chaque ! restant vaut +1.",
        "en": "Each X or ? used costs one !. Each unused ! scores +1.",
    },
    "score": {"nl": "SCORE", "de": "WERTUNG", "fr": "SCORE", "en": "SCORE"},
    "total": {"nl": "TOTAAL", "de": "GESAMT", "fr": "TOTAL", "en": "TOTAL"},
    "rows": {"nl": "Rijen", "de": "Reihen", "fr": "Lignes", "en": "Rows"},
    "hearts": {"nl": "Harten", "de": "Herzen", "fr": "Cœurs", "en": "Hearts"},
    "heart_hint": {
        "nl": "Kolom vol: schrijf je aantal harten eronder.",
        "de": "Spalte voll: schreib deine Herzen darunter.",
        "fr": "Colonne complète : inscrivez vos cœurs dessous.",
        "en": "Column complete: write your hearts below it.",
    },
    "boxes": {"nl": "Doosjes", "de": "Kästchen", "fr": "Cases", "en": "Boxes"},
    "box_hint": {
        "nl": "Een doosje: de speciale steen gebruiken.",
        "de": "Ein Kästchen: den Spezialwürfel nutzen.",
        "fr": "Une case : utiliser le dé spécial.",
        "en": "One box: use the special die once.",
    },
    "visitors": {"nl": "Bezoekers", "de": "Besucher", "fr": "Visiteurs", "en": "Visitors"},
    "buckets": {"nl": "Emmers", "de": "Eimer", "fr": "Seaux", "en": "Buckets"},
    "food": {"nl": "Voer", "de": "Futter", "fr": "Nourriture", "en": "Food"},
    "chameleons": {"nl": "Kameleons", "de": "Chamäleons", "fr": "Caméléons",
                   "en": "Chameleons"},
    "chameleon_hint": {
        "nl": "Paars: kruis een ! aan. Elke tweede ! is een kameleon: een verblijf naar keuze.",
        "de": "Lila: ein ! ankreuzen. Jedes zweite ! ist ein Chamäleon: ein Gehege nach Wahl.",
        "fr": "Violet : cochez un !. Chaque deuxième ! est un caméléon : un enclos au choix.",
        "en": "Purple: cross a !. Every second ! is a chameleon: any enclosure you like.",
    },
    "circles": {"nl": "Rondjes", "de": "Kreise", "fr": "Cercles", "en": "Circles"},
    "player": {"nl": "Speler", "de": "Spieler", "fr": "Joueur", "en": "Player"},
}

_WORDS: dict[str, dict[Language, str]] = {
    "black": {"nl": "zwart", "de": "schwarz", "fr": "noir", "en": "black"},
    "green": {"nl": "groen", "de": "grün", "fr": "vert", "en": "green"},
    "yellow": {"nl": "geel", "de": "gelb", "fr": "jaune", "en": "yellow"},
    "blue": {"nl": "blauw", "de": "blau", "fr": "bleu", "en": "blue"},
    "red": {"nl": "rood", "de": "rot", "fr": "rouge", "en": "red"},
    "orange": {"nl": "oranje", "de": "orange", "fr": "orange", "en": "orange"},
    "purple": {"nl": "paars", "de": "lila", "fr": "violet", "en": "purple"},
    "pink": {"nl": "roze", "de": "rosa", "fr": "rose", "en": "pink"},
    "grey": {"nl": "grijs", "de": "grau", "fr": "gris", "en": "grey"},
    "penguin": {"nl": "pinguïn", "de": "Pinguin", "fr": "manchot", "en": "penguin"},
    "lion": {"nl": "leeuw", "de": "Löwe", "fr": "lion", "en": "lion"},
    "crocodile": {"nl": "krokodil", "de": "Krokodil", "fr": "crocodile", "en": "crocodile"},
    "elephant": {"nl": "olifant", "de": "Elefant", "fr": "éléphant", "en": "elephant"},
    "flamingo": {"nl": "flamingo", "de": "Flamingo", "fr": "flamant", "en": "flamingo"},
}


def label(key: str, lang: Language) -> str:
    """A printed label in ``lang``."""
    return _LABELS[key][lang]


def word(name: str, lang: Language) -> str:
    """A colour or animal name in ``lang``; names the table does not know stay as written."""
    return _WORDS.get(name.lower(), {}).get(lang, name)


NBSP = "\u00a0"
"""French sets a space before "!"; a no-break one, so that "!" never starts a line."""

GAME_NAMES: dict[str, dict[Language, str]] = {
    "Keer op Keer": {"nl": "Keer op Keer", "de": "Noch mal!", "fr": f"Encore{NBSP}!",
                     "en": "Keer op Keer"},
    "Keer op Keer 2": {"nl": "Keer op Keer 2", "de": "Noch mal so gut!",
                       "fr": f"Encore et encore{NBSP}!", "en": "Keer op Keer 2"},
    "Keer op Keer Kids": {"nl": "Keer op Keer Kids", "de": "Noch mal! Kids",
                          "fr": f"Encore{NBSP}! Kids", "en": "Keer op Keer Kids"},
}
"""The games as they are sold in each language, keyed by their Dutch (original) names:
Schmidt Spiele's German *Noch mal!*, *Noch mal so gut!* and *Noch mal! Kids*, the French
*Encore !*, *Encore et encore !* and *Encore ! Kids*; Dutch and English keep the Dutch
names."""

_PAD_TITLE = re.compile(r"^(Keer op Keer) \u2013 (\w+) pad$")
_PAD_TITLES: dict[Language, str] = {
    "nl": "{} \u2013 {} blok", "de": "{} \u2013 Block {}",
    "fr": "{} \u2013 bloc {}", "en": "{} \u2013 {} pad",
}


def game_name(dutch: str, lang: Language) -> str:
    """The name a game is sold under in ``lang`` ("Keer op Keer 2" is "Noch mal so gut!"
    in German); a name the table does not know stays as written."""
    return GAME_NAMES.get(dutch, {}).get(lang, dutch)


def title(text: str, lang: Language) -> str:
    """A sheet's printed title in ``lang``, under the name the game is sold as there: the
    official pads' "Keer op Keer - black pad" becomes "Keer op Keer - zwart blok" in
    Dutch, "Noch mal! - Block Schwarz" in German and "Encore ! - bloc noir" in French
    (with an en dash); "Keer op Keer 2" and "Keer op Keer Kids" become the edition's name
    there. Other titles are the layout's own words."""
    if text in GAME_NAMES:
        return game_name(text, lang)
    found = _PAD_TITLE.match(text)
    if found is None or found.group(2).lower() not in _WORDS:
        return text
    colour = word(found.group(2), lang)
    return _PAD_TITLES[lang].format(game_name(found.group(1), lang),
                                    colour.capitalize() if lang == "de" else colour)
