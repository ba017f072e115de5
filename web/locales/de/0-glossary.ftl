# The shogi words of the German page, as Fluent terms (`{ -sente }` in a message).
# Each term follows the German column of ../shared/reference/terms.md (`# terms.md: CONCEPT`,
# the concept named as in ../en/0-glossary.ftl): the words of the German rulebooks 000, 001
# and 002. Where they disagree, the reason for the choice is given (`# chosen: …`); where they
# have no word, the source is named (`# not in terms.md: …`).
# Nouns that change in the genitive (or, for Bauer and Drache, in every case but the nominative)
# have case variants: `{ -pawn(case: "gen") }` is "Bauern". A case left out is the nominative's form.

# terms.md: shogi (the game)
# chosen: Shogi (002) over Shôgi (000) and Shōgi (001): the spelling without diacritics, as the game is written in German text and on servers.
-shogi = Shogi
# terms.md: first player, "Black" (sente)
# chosen: Sente over Schwarz: shogi pieces have no colour, 001 uses Schwarz only for the board's orientation, and Sente/Gote are the names of kifu and servers (000, 002 use them too). Genitive as in 002 ("Gotes Falke").
-sente = { $case ->
   *[nom] Sente
    [gen] Sentes
}
# terms.md: second player, "White" (gote)
# chosen: Gote over Weiß, as for Sente.
-gote = { $case ->
   *[nom] Gote
    [gen] Gotes
}
# terms.md: board
# chosen: Brett over Spielbrett, Shôgibrett, Spielfeld: used by all three texts, and short.
-board = { $case ->
   *[nom] Brett
    [gen] Bretts
}
# terms.md: piece
# chosen: Stein over Figur: 000 says the pieces are "Steine, nicht Figuren", 002 agrees, and Stein is the most frequent word of the three texts; only 001 prefers Figur.
-piece = { $case ->
   *[nom] Stein
    [gen] Steins
}
# terms.md: pieces in hand / the hand
-hand = Hand
# terms.md: starting position
# chosen: Grundstellung (001, 002) over Grundaufstellung (000): two texts, and the word German chess players know.
-starting-position = Grundstellung
# terms.md: position (arrangement of pieces)
-position = Stellung
# terms.md: promotion zone
# chosen: Beförderungszone over gegnerisches Lager, Umwandlungszone: used by all three texts, and it matches befördern.
-promotion-zone = Beförderungszone

# terms.md: king (either kanji)
# chosen: König over Juwelengeneral, which 000 gives only to Black's 玉 and 001 only as a gloss.
-king = { $case ->
   *[nom] König
    [gen] Königs
}
# terms.md: rook
# chosen: Turm over Streitwagen (001): 000 and 001 both use Turm.
-rook = { $case ->
   *[nom] Turm
    [gen] Turms
}
# terms.md: dragon (promoted rook)
# chosen: Drache over gekrönter Turm, beförderter Turm: the name of 000 and 001, and a noun (weak: Drachen in gen, dat, acc).
-dragon = { $case ->
   *[nom] Drache
    [gen] Drachen
    [dat] Drachen
    [acc] Drachen
}
# terms.md: bishop
-bishop = { $case ->
   *[nom] Läufer
    [gen] Läufers
}
# terms.md: horse (promoted bishop)
# chosen: Pferd over gekrönter Läufer, beförderter Läufer: the name of 000 and 001. Pferd is the promoted bishop, not the knight (Springer).
-horse = { $case ->
   *[nom] Pferd
    [gen] Pferdes
}
# terms.md: gold general
# chosen: Goldgeneral over Gold and goldener General: most frequent, and bare "Gold" reads as the metal or a medal.
-gold = { $case ->
   *[nom] Goldgeneral
    [gen] Goldgenerals
}
# terms.md: silver general
# chosen: Silbergeneral over Silber and silberner General, as for Goldgeneral.
-silver = { $case ->
   *[nom] Silbergeneral
    [gen] Silbergenerals
}
# terms.md: promoted silver
# chosen: beförderter Silbergeneral (001) over "beförderter Silber" (000, 001), which does not agree with das Silber; it matches -silver.
-promoted-silver = beförderter Silbergeneral
# terms.md: knight
-knight = { $case ->
   *[nom] Springer
    [gen] Springers
}
# terms.md: promoted knight
-promoted-knight = beförderter Springer
# terms.md: lance
# chosen: Lanze (000, 001) over Lanzenreiter (001 only).
-lance = Lanze
# terms.md: promoted lance
# chosen: beförderte Lanze (000, 001) over beförderter Lanzenreiter (001 only), as for -lance.
-promoted-lance = beförderte Lanze
# terms.md: pawn
# chosen: Bauer (000, 001) over Soldat (001 only). Weak noun: Bauern in gen, dat, acc.
-pawn = { $case ->
   *[nom] Bauer
    [gen] Bauern
    [dat] Bauern
    [acc] Bauern
}
# terms.md: tokin (promoted pawn)
# chosen: Tokin (000, 001) over beförderter Bauer, beförderter Soldat (001): the piece's own name, short, and the one both texts use.
-tokin = Tokin

# terms.md: move (noun)
# chosen: Zug over Spielzug: used by all three texts for one player's move.
-move = { $case ->
   *[nom] Zug
    [gen] Zuges
}
# terms.md: drop (a piece from hand)
# chosen: einsetzen over "wieder einsetzen": the plain verb of all three texts (000's notation glosses * as "eingesetzt").
-drop = einsetzen
# terms.md: promote
-promote = befördern
# not in terms.md: the texts have only phrases ("nicht zu befördern" in 000, "wird nicht befördert" in 001); built from the row's verb befördern, as 000 phrases it.
-decline-promotion = nicht befördern
# terms.md: check (noun)
# chosen: Schach over Ôte (000): all three texts use Schach.
-check = Schach
# terms.md: checkmate
# chosen: Schachmatt over Matt and mattsetzen: the most frequent word, used by all three texts.
-checkmate = Schachmatt

# terms.md: resign / resignation
# chosen: Aufgabe (000) over Spielaufgabe and aufgeben: the short noun of results ("gewinnt durch Aufgabe").
-resign = Aufgabe
# terms.md: draw
# chosen: Remis (000, 002) over Unentschieden (000, 001): the word of German chess players and game servers ("Remis anbieten"), a plain noun, where Unentschieden is also an adjective.
-draw = Remis
# terms.md: repetition (sennichite)
# chosen: Sennichite over Stellungswiederholung: used by all three texts, and the rule's name on shogi servers.
-sennichite = Sennichite
# terms.md: perpetual check
-perpetual-check = Dauerschach
# terms.md: impasse (jishōgi)
# chosen: Jishōgi (001; 000 writes Jishôgi) over Pattsituation (000 only): Patt means stalemate to German chess players.
-jishogi = Jishōgi
# terms.md: win by declaration
-declaration = Siegdeklaration
# terms.md: throne rule (king reaches the enemy king's start square)
-try-rule = Thronregel
# terms.md: illegal move
-illegal-move = illegaler Zug
# terms.md: two pawns on a file (nifu)
-nifu = Nifu
# not in terms.md: 001 has only a phrase ("Mattsetzen durch Einsetzen eines Bauern"); the rulebooks' words Matt, einsetzen, Bauer with the Japanese name, as the en page gives it.
-uchifuzume = Matt durch eingesetzten Bauern (Uchifuzume)

# terms.md: handicap; handicap game
# chosen: Handicap (001, 002) over Vorgabe (001 only): two texts, and the stem of Handicapspiel.
-handicap = { $case ->
   *[nom] Handicap
    [gen] Handicaps
}
# terms.md: deciding who moves first (furigoma)
# chosen: Furigoma over Auslosung (000): the name of the shogi pawn toss, as on the en page; Auslosung is any drawing of lots.
-furigoma = Furigoma

# terms.md: time control / thinking time
-time-control = Bedenkzeit
# terms.md: byoyomi (fixed time per move after the main time)
# chosen: Byoyomi (000) over Byōyomi (001): the spelling of the en page and of servers.
-byoyomi = Byoyomi
# terms.md: clock
-clock = Uhr
# not in terms.md: 000 has only the phrase "Bedenkzeit abgelaufen", not a noun; Zeitüberschreitung is the German chess term (FIDE rules in German, chess servers).
-time-out = Zeitüberschreitung

# terms.md: game record (kifu)
# chosen: Kifu (000, 001) over Spielaufzeichnung (000) and Mitschrift (001): the word both texts use.
-kifu = Kifu
# terms.md: notation (system)
-notation = Notation
# terms.md: tsume problem (mating problem)
-tsume = Tsumeproblem
# terms.md: kyu (student grade)
# chosen: Kyū over Schülerrang: the grade's name in rank lists ("1. Kyū").
-kyu = Kyū
# terms.md: dan (master grade)
# chosen: Dan over Meisterrang: the grade's name in rank lists ("1. Dan").
-dan = Dan
# terms.md: rating / Elo
# chosen: Elo-Zahl over Ratingsystem and Elo-System: the player's number, not the system.
-rating = Elo-Zahl
# terms.md: tournament
-tournament = { $case ->
   *[nom] Turnier
    [gen] Turniers
}
# terms.md: round
-round = Runde
# terms.md: knockout
-knockout = K.-o.-System

# terms.md: greeting before the game ("onegaishimasu")
-greeting-start = O-negaishimasu
# terms.md: resigning formula ("makemashita", "I have lost")
-makemashita = Makemashita
# terms.md: thanks after the game ("arigatō gozaimashita")
-greeting-end = Arigato gozaimashita
# terms.md: post-game review (kansōsen)
-kansosen = Partieanalyse
