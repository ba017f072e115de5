# The shogi words of the Dutch page, as Fluent terms (`{ -sente }` in a message).
# Each term follows the Dutch column of ../shared/reference/terms.md (`# terms.md: CONCEPT`,
# the concept named as in ../en/0-glossary.ftl): the words of the Dutch rules page 003. Where
# it has several, the reason for the choice is given (`# chosen: …`); where it has no word, the
# source is named (`# not in terms.md: …`), mostly the usage of Dutch chess (KNSB, chess
# servers), whose words Dutch shogi players share. Piece names are written in lower case, as
# Dutch writes them in running text (003 capitalises them).

# terms.md: shogi (the game)
-shogi = shogi
# terms.md: first player, "Black" (sente)
# chosen: Zwart, 003's only word. In shogi Black (sente) moves first (000, 002, Western notation); 003 itself never says which colour starts.
-sente = Zwart
# terms.md: second player, "White" (gote)
# chosen: Wit, 003's only word; White (gote) moves second.
-gote = Wit
# terms.md: board
-board = bord
# terms.md: piece
-piece = stuk
# terms.md: pieces in hand / the hand
# chosen: reservetroepen, 003's only word for the captured pieces a player may drop.
-hand = reservetroepen
# terms.md: starting position
-starting-position = beginopstelling
# not in terms.md: the Dutch cell is empty; stelling is the Dutch chess word for a position.
-position = stelling
# terms.md: promotion zone
# chosen: promotiezone over promotiegebied: 003's first word, short, and like the other languages' "zone".
-promotion-zone = promotiezone

# terms.md: king (either kanji)
# chosen: koning over "juwelen generaal", which 003 gives as the king's "real name", not as the piece's name in play.
-king = koning
# terms.md: rook
-rook = toren
# terms.md: dragon (promoted rook)
-dragon = drakenkoning
# terms.md: bishop
-bishop = loper
# terms.md: horse (promoted bishop)
# chosen: drakenpaard, 003's word; not paard, which is the knight.
-horse = drakenpaard
# terms.md: gold general
-gold = gouden generaal
# terms.md: silver general
-silver = zilveren generaal
# terms.md: promoted silver
# chosen: gepromoveerde zilveren generaal, from 003's phrase "tot Gouden Generaal gepromoveerde Zilveren Generaal", like its other promoted pieces.
-promoted-silver = gepromoveerde zilveren generaal
# terms.md: knight
# chosen: paard over Shogi-paard: 003's usual word. Paard is the knight here (German Pferd is the promoted bishop).
-knight = paard
# not in terms.md: 003 has only the phrase "gepromoveerde Paard", inflected as after an article; the bare label of a neuter noun is gepromoveerd paard (Dutch grammar, 003's pattern).
-promoted-knight = gepromoveerd paard
# terms.md: lance
-lance = lans
# terms.md: promoted lance
-promoted-lance = gepromoveerde lans
# terms.md: pawn
-pawn = pion
# terms.md: tokin (promoted pawn)
# chosen: gepromoveerde pion, 003's phrase, like its other promoted pieces.
-tokin = gepromoveerde pion

# terms.md: move (noun)
-move = zet
# terms.md: drop (a piece from hand)
# chosen: parachuteren over inzetten: 003's main word and the name of its rule (parachuteer-regel).
-drop = parachuteren
# terms.md: promote
-promote = promoveren
# not in terms.md: 003 has only the phrase "de promotie uit te stellen"; built from 003's verb promoveren.
-decline-promotion = niet promoveren
# terms.md: check (noun)
-check = schaak
# terms.md: checkmate
# chosen: mat over matzetten: the noun, as Dutch chess says it.
-checkmate = mat

# not in terms.md: the Dutch cell is empty; opgeven is the Dutch chess word (also "wint door opgeven").
-resign = opgeven
# not in terms.md: the Dutch cell is empty (003 has no draw); remise is the Dutch chess word.
-draw = remise
# not in terms.md: the Dutch cell is empty (003 has no repetition rule); herhaling as in Dutch chess (herhaling van zetten), with the Japanese name as on the en page.
-sennichite = herhaling (sennichite)
# terms.md: perpetual check
-perpetual-check = eeuwig schaak
# not in terms.md: the Dutch cell is empty; impasse (a Dutch word too) with the Japanese name, as on the en page and lishogi.
-jishogi = impasse (jishōgi)
# not in terms.md: the Dutch cell is empty; verklaring (declaration) with the Japanese name, after the en page.
-declaration = verklaring (nyūgyoku sengen)
# not in terms.md: the Dutch cell is empty; the rule's name on lishogi and the en page, with -regel as in 003's parachuteer-regel.
-try-rule = try-regel
# not in terms.md: the Dutch cell is empty; illegale zet as Dutch chess players say it.
-illegal-move = illegale zet
# not in terms.md: 003 describes nifu without naming it; twee pionnen with the Japanese name, as on the en page.
-nifu = twee pionnen (nifu)
# not in terms.md: 003 has only the phrase "mat zetten door het parachuteren van een pion"; shortened from it, with the Japanese name as on the en page.
-uchifuzume = mat met een geparachuteerde pion (uchifuzume)

# not in terms.md: the Dutch cell is empty; handicap as Dutch go and chess players say it.
-handicap = handicap
# not in terms.md: 003 has only the phrase "het tossen van een pion"; the Japanese name, as on the en page.
-furigoma = furigoma

# not in terms.md: the Dutch cell is empty; bedenktijd is the Dutch chess word.
-time-control = bedenktijd
# not in terms.md: the Dutch cell is empty; the Japanese name, as on the en page, in Dutch go and on 81Dojo.
-byoyomi = byoyomi
# not in terms.md: the Dutch cell is empty; klok as in Dutch chess (schaakklok).
-clock = klok
# not in terms.md: the Dutch cell is empty; tijdsoverschrijding is the Dutch chess word ("verlies door tijdsoverschrijding").
-time-out = tijdsoverschrijding

# not in terms.md: the Dutch cell is empty; partijnotatie, the Dutch chess word for a written game.
-kifu = partijnotatie
# not in terms.md: the Dutch cell is empty; notatie as in Dutch chess.
-notation = notatie
# not in terms.md: the Dutch cell is empty; the Japanese name with Dutch chess's matprobleem, as on the en page.
-tsume = tsume (matprobleem)
# not in terms.md: the Dutch cell is empty; the Japanese grade, as in Dutch go and judo.
-kyu = kyu
# not in terms.md: the Dutch cell is empty; the Japanese grade, as in Dutch go and judo.
-dan = dan
# not in terms.md: the Dutch cell is empty; rating as in Dutch chess (KNSB rating).
-rating = rating
# terms.md: tournament
-tournament = toernooi
# not in terms.md: the Dutch cell is empty; ronde as in Dutch chess tournaments.
-round = ronde
# not in terms.md: the Dutch cell is empty; knock-out as Dutch says it (knock-outsysteem).
-knockout = knock-out

# not in terms.md: the Dutch cell is empty; the Japanese greeting, as on the en page.
-greeting-start = Onegaishimasu
# not in terms.md: the Dutch cell is empty; a Dutch translation beside the Japanese, as on the en page.
-makemashita = Ik heb verloren (makemashita)
# not in terms.md: the Dutch cell is empty; a Dutch translation beside the Japanese, as on the en page.
-greeting-end = Dank u wel (arigatō gozaimashita)
# not in terms.md: the Dutch cell is empty; nabespreken as in Dutch chess, beside the Japanese, as on the en page.
-kansosen = samen nabespreken (kansōsen)
