# The shogi words of the English page, as Fluent terms (`{ -sente }` in a message).
# English is the reference language: each term names the concept of
# ../shared/reference/terms.md it stands for (`# terms.md: CONCEPT`, the first column there),
# which every other language's glossary follows; the words are those of lishogi and 81Dojo,
# shogi's English-speaking servers.

# terms.md: shogi (the game)
-shogi = shogi
# terms.md: first player, "Black" (sente)
-sente = Sente
# terms.md: second player, "White" (gote)
-gote = Gote
# terms.md: board
-board = board
# terms.md: piece
-piece = piece
# terms.md: pieces in hand / the hand
-hand = hand
# terms.md: starting position
-starting-position = starting position
# terms.md: position (arrangement of pieces)
-position = position
# terms.md: promotion zone
-promotion-zone = promotion zone

# terms.md: king (either kanji)
-king = king
# terms.md: rook
-rook = rook
# terms.md: dragon (promoted rook)
-dragon = dragon
# terms.md: bishop
-bishop = bishop
# terms.md: horse (promoted bishop)
-horse = horse
# terms.md: gold general
-gold = gold
# terms.md: silver general
-silver = silver
# terms.md: promoted silver
-promoted-silver = promoted silver
# terms.md: knight
-knight = knight
# terms.md: promoted knight
-promoted-knight = promoted knight
# terms.md: lance
-lance = lance
# terms.md: promoted lance
-promoted-lance = promoted lance
# terms.md: pawn
-pawn = pawn
# terms.md: tokin (promoted pawn)
-tokin = tokin

# terms.md: move (noun)
-move = move
# terms.md: drop (a piece from hand)
-drop = drop
# terms.md: promote
-promote = promote
# terms.md: decline promotion
-decline-promotion = don't promote
# terms.md: check (noun)
-check = check
# terms.md: checkmate
-checkmate = checkmate

# terms.md: resign / resignation
-resign = resign
# terms.md: draw
-draw = draw
# terms.md: repetition (sennichite)
-sennichite = repetition (sennichite)
# terms.md: perpetual check
-perpetual-check = perpetual check
# terms.md: impasse (jishōgi)
-jishogi = impasse (jishōgi)
# terms.md: win by declaration
-declaration = entering king declaration
# terms.md: throne rule (king reaches the enemy king's start square)
-try-rule = try rule
# terms.md: illegal move
-illegal-move = illegal move
# terms.md: two pawns on a file (nifu)
-nifu = two pawns (nifu)
# terms.md: pawn-drop mate (uchifuzume)
-uchifuzume = pawn-drop mate (uchifuzume)

# terms.md: handicap; handicap game
-handicap = handicap
# terms.md: deciding who moves first (furigoma)
-furigoma = furigoma

# terms.md: time control / thinking time
-time-control = time control
# terms.md: byoyomi (fixed time per move after the main time)
-byoyomi = byoyomi
# terms.md: clock
-clock = clock
# terms.md: time runs out
-time-out = time out

# terms.md: game record (kifu)
-kifu = game record
# terms.md: notation (system)
-notation = notation
# terms.md: tsume problem (mating problem)
-tsume = tsume (mating problem)
# terms.md: kyu (student grade)
-kyu = kyu
# terms.md: dan (master grade)
-dan = dan
# terms.md: rating / Elo
-rating = rating
# terms.md: tournament
-tournament = tournament
# terms.md: round
-round = round
# terms.md: knockout
-knockout = knockout

# terms.md: greeting before the game ("onegaishimasu")
-greeting-start = Onegaishimasu
# terms.md: resigning formula ("makemashita", "I have lost")
-makemashita = I have lost (makemashita)
# terms.md: thanks after the game ("arigatō gozaimashita")
-greeting-end = Thank you (arigatō gozaimashita)
# terms.md: post-game review (kansōsen)
-kansosen = review together (kansōsen)
