# The shogi words of the Finnish page, as Fluent terms (`{ -sente }` in a message).
# Each term follows the Finnish column of ../shared/reference/terms.md (`# terms.md: CONCEPT`,
# the concept named as in ../en/0-glossary.ftl): the words of the Finnish rules text 004. Where
# it has several, the reason for the choice is given (`# chosen: …`); where it has no word, the
# source is named (`# not in terms.md: …`), mostly the usage of Finnish chess, whose words
# Finnish shogi players share.
# Nouns have case variants: `{ -pawn(case: "gen") }` is "sotilaan", `{ -pawn(case: "par") }`
# "sotilasta"; a few have locative cases too (ine, ela, ill, ade, abl, all). A case left out
# gives the nominative.

# terms.md: shogi (the game)
-shogi = { $case ->
   *[nom] shogi
    [gen] shogin
    [par] shogia
}
# not in terms.md: 004 names no sides; the Japanese names, as on the en page and on shogi servers (lishogi, 81Dojo).
-sente = { $case ->
   *[nom] Sente
    [gen] Senten
    [par] Senteä
}
# not in terms.md: 004 names no sides; the Japanese names, as on the en page and on shogi servers (lishogi, 81Dojo).
-gote = { $case ->
   *[nom] Gote
    [gen] Goten
    [par] Gotea
}
# terms.md: board
# chosen: lauta over pelilauta: 004's first word, and short.
-board = { $case ->
   *[nom] lauta
    [gen] laudan
    [par] lautaa
    [ine] laudassa
    [ela] laudasta
    [ill] lautaan
    [ade] laudalla
    [abl] laudalta
    [all] laudalle
}
# terms.md: piece
# chosen: nappula over pelinappula: 004's first word, and short.
-piece = { $case ->
   *[nom] nappula
    [gen] nappulan
    [par] nappulaa
}
# terms.md: pieces in hand / the hand
# chosen: varasto, 004's noun (varastossaan) for the captured pieces a player may drop.
-hand = { $case ->
   *[nom] varasto
    [gen] varaston
    [par] varastoa
    [ine] varastossa
    [ela] varastosta
    [ill] varastoon
}
# terms.md: starting position
-starting-position = { $case ->
   *[nom] alkuasema
    [gen] alkuaseman
    [par] alkuasemaa
}
# terms.md: position (arrangement of pieces)
-position = { $case ->
   *[nom] asema
    [gen] aseman
    [par] asemaa
}
# terms.md: promotion zone
-promotion-zone = { $case ->
   *[nom] korotusalue
    [gen] korotusalueen
    [par] korotusaluetta
    [ade] korotusalueella
    [abl] korotusalueelta
    [all] korotusalueelle
}

# terms.md: king (either kanji)
-king = { $case ->
   *[nom] kuningas
    [gen] kuninkaan
    [par] kuningasta
}
# terms.md: rook
-rook = { $case ->
   *[nom] torni
    [gen] tornin
    [par] tornia
}
# terms.md: dragon (promoted rook)
-dragon = { $case ->
   *[nom] kruunattu torni
    [gen] kruunatun tornin
    [par] kruunattua tornia
}
# terms.md: bishop
-bishop = { $case ->
   *[nom] lähetti
    [gen] lähetin
    [par] lähettiä
}
# terms.md: horse (promoted bishop)
-horse = { $case ->
   *[nom] kruunattu lähetti
    [gen] kruunatun lähetin
    [par] kruunattua lähettiä
}
# terms.md: gold general
-gold = { $case ->
   *[nom] kultakenraali
    [gen] kultakenraalin
    [par] kultakenraalia
}
# terms.md: silver general
-silver = { $case ->
   *[nom] hopeakenraali
    [gen] hopeakenraalin
    [par] hopeakenraalia
}
# not in terms.md: the Finnish cell is empty; 004's adjective korotettu (promoted) with the piece's name.
-promoted-silver = { $case ->
   *[nom] korotettu hopeakenraali
    [gen] korotetun hopeakenraalin
    [par] korotettua hopeakenraalia
}
# terms.md: knight
-knight = { $case ->
   *[nom] ratsu
    [gen] ratsun
    [par] ratsua
}
# not in terms.md: the Finnish cell is empty; 004's adjective korotettu (promoted) with the piece's name.
-promoted-knight = { $case ->
   *[nom] korotettu ratsu
    [gen] korotetun ratsun
    [par] korotettua ratsua
}
# terms.md: lance
-lance = { $case ->
   *[nom] peitsi
    [gen] peitsen
    [par] peistä
}
# not in terms.md: the Finnish cell is empty; 004's adjective korotettu (promoted) with the piece's name.
-promoted-lance = { $case ->
   *[nom] korotettu peitsi
    [gen] korotetun peitsen
    [par] korotettua peistä
}
# terms.md: pawn
-pawn = { $case ->
   *[nom] sotilas
    [gen] sotilaan
    [par] sotilasta
}
# not in terms.md: the Finnish cell is empty; 004's adjective korotettu (promoted) with the piece's name, like the other promoted pieces.
-tokin = { $case ->
   *[nom] korotettu sotilas
    [gen] korotetun sotilaan
    [par] korotettua sotilasta
}

# terms.md: move (noun)
-move = { $case ->
   *[nom] siirto
    [gen] siirron
    [par] siirtoa
}
# terms.md: drop (a piece from hand)
# chosen: palautus over palauttaa, palauttaminen, palautussiirto: 004's short noun, a label like the en page's "drop".
-drop = { $case ->
   *[nom] palautus
    [gen] palautuksen
    [par] palautusta
}
# terms.md: promote
# chosen: korottaa (the player promotes) over korottua (the piece is promoted).
-promote = korottaa
# not in terms.md: 004 has only the phrase "korottaminen on vapaaehtoista"; the negative imperative of 004's verb korottaa, like the en page's "don't promote".
-decline-promotion = älä korota
# terms.md: check (noun)
# chosen: uhka over uhkaus: 004's more frequent word. 004 calls check a threat and never uses shakki for it.
-check = { $case ->
   *[nom] uhka
    [gen] uhan
    [par] uhkaa
}
# terms.md: checkmate
-checkmate = { $case ->
   *[nom] matti
    [gen] matin
    [par] mattia
}

# not in terms.md: the Finnish cell is empty; luovutus, the Finnish chess word (luovuttaa, to resign).
-resign = { $case ->
   *[nom] luovutus
    [gen] luovutuksen
    [par] luovutusta
}
# terms.md: draw
-draw = { $case ->
   *[nom] tasapeli
    [gen] tasapelin
    [par] tasapeliä
}
# not in terms.md: 004 has only the phrase "sama asema toistuu"; asemantoisto as in Finnish chess, with the Japanese name as on the en page.
-sennichite = asemantoisto (sennichite)
# terms.md: perpetual check
-perpetual-check = { $case ->
   *[nom] ikuinen shakkaaminen
    [gen] ikuisen shakkaamisen
    [par] ikuista shakkaamista
}
# not in terms.md: the Finnish cell is empty; umpikuja (impasse) with the Japanese name, as on the en page; not patti, which is stalemate.
-jishogi = umpikuja (jishōgi)
# not in terms.md: the Finnish cell is empty; julistus (declaration) with the Japanese name, after the en page.
-declaration = julistus (nyūgyoku sengen)
# not in terms.md: the Finnish cell is empty; the rule's name on lishogi and the en page, with Finnish sääntö.
-try-rule = try-sääntö
# not in terms.md: the Finnish cell is empty; laiton siirto as in Finnish chess.
-illegal-move = { $case ->
   *[nom] laiton siirto
    [gen] laittoman siirron
    [par] laitonta siirtoa
}
# terms.md: two pawns on a file (nifu)
-nifu = { $case ->
   *[nom] kaksoissotilaat
    [gen] kaksoissotilaiden
    [par] kaksoissotilaita
}
# not in terms.md: 004 has only the phrase "palautussiirto tekisi matin"; built from 004's words matti, sotilas, palautus, with the Japanese name as on the en page.
-uchifuzume = matti sotilaan palautuksella (uchifuzume)

# not in terms.md: the Finnish cell is empty; tasoitus, the word of Finnish go for handicap (tasoituspeli).
-handicap = { $case ->
   *[nom] tasoitus
    [gen] tasoituksen
    [par] tasoitusta
}
# not in terms.md: the Finnish cell is empty; the Japanese name, as on the en page.
-furigoma = furigoma

# not in terms.md: the Finnish cell is empty; miettimisaika, the Finnish chess word.
-time-control = { $case ->
   *[nom] miettimisaika
    [gen] miettimisajan
    [par] miettimisaikaa
}
# not in terms.md: the Finnish cell is empty; the Japanese name, as on the en page, in Finnish go and on 81Dojo.
-byoyomi = byoyomi
# not in terms.md: the Finnish cell is empty; kello as in Finnish chess (shakkikello).
-clock = { $case ->
   *[nom] kello
    [gen] kellon
    [par] kelloa
}
# not in terms.md: the Finnish cell is empty; aikatappio, the Finnish chess word for a loss on time.
-time-out = { $case ->
   *[nom] aikatappio
    [gen] aikatappion
    [par] aikatappiota
}

# not in terms.md: the Finnish cell is empty; siirtoluettelo (the list of a game's moves), plain Finnish for a game record.
-kifu = { $case ->
   *[nom] siirtoluettelo
    [gen] siirtoluettelon
    [par] siirtoluetteloa
}
# not in terms.md: the Finnish cell is empty; notaatio as in Finnish chess.
-notation = { $case ->
   *[nom] notaatio
    [gen] notaation
    [par] notaatiota
}
# not in terms.md: the Finnish cell is empty; the Japanese name with Finnish chess's mattitehtävä, as on the en page.
-tsume = tsume (mattitehtävä)
# not in terms.md: the Finnish cell is empty; the Japanese grade, as in Finnish go and judo.
-kyu = kyu
# not in terms.md: the Finnish cell is empty; the Japanese grade, as in Finnish go and judo.
-dan = dan
# not in terms.md: the Finnish cell is empty; vahvuusluku, the Finnish chess word for a rating.
-rating = { $case ->
   *[nom] vahvuusluku
    [gen] vahvuusluvun
    [par] vahvuuslukua
}
# not in terms.md: the Finnish cell is empty; turnaus as in Finnish chess.
-tournament = { $case ->
   *[nom] turnaus
    [gen] turnauksen
    [par] turnausta
}
# not in terms.md: the Finnish cell is empty; kierros as in Finnish chess tournaments.
-round = { $case ->
   *[nom] kierros
    [gen] kierroksen
    [par] kierrosta
}
# not in terms.md: the Finnish cell is empty; pudotusturnaus (elimination tournament), as Finnish sports say it.
-knockout = { $case ->
   *[nom] pudotusturnaus
    [gen] pudotusturnauksen
    [par] pudotusturnausta
}

# not in terms.md: the Finnish cell is empty; the Japanese greeting, as on the en page.
-greeting-start = Onegaishimasu
# not in terms.md: the Finnish cell is empty; a Finnish translation beside the Japanese, as on the en page.
-makemashita = Hävisin (makemashita)
# not in terms.md: the Finnish cell is empty; a Finnish translation beside the Japanese, as on the en page.
-greeting-end = Kiitos (arigatō gozaimashita)
# not in terms.md: the Finnish cell is empty; a Finnish translation beside the Japanese, as on the en page.
-kansosen = yhteinen analyysi (kansōsen)
