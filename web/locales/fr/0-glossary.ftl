# The shogi words of the French page, as Fluent terms (`{ -sente }` in a message).
# ../shared/reference/terms.md has no French column, so every term says where its word comes
# from (`# not in terms.md: …`): the usage of French shogi players, as the Fédération Française
# de Shogi (FFS) and French shogi texts write it (fr.wikipedia "Shōgi" and "Sennichite", the
# FFS book "Shogi, l'art des échecs japonais"), and the words of French chess (FFE) where shogi
# shares them. The concept each term stands for is the one of ../en/0-glossary.ftl.

# not in terms.md: no French column; shogi, as FFS and French texts write the game.
-shogi = shogi
# not in terms.md: no French column; Sente, the name French shogi texts use (fr.wikipedia: "Sente (noir)").
-sente = Sente
# not in terms.md: no French column; Gote, the name French shogi texts use (fr.wikipedia: "Gote (blanc)").
-gote = Gote
# not in terms.md: no French column; plateau, as French shogi rules say it (shogiban for the wooden board).
-board = plateau
# not in terms.md: no French column; pièce, as in French shogi and chess.
-piece = pièce
# not in terms.md: no French column; réserve, French shogi's word for the captured pieces (pièces en réserve).
-hand = réserve
# not in terms.md: no French column; position de départ, as French shogi rules say it.
-starting-position = position de départ
# not in terms.md: no French column; position, as in French shogi and chess.
-position = position
# not in terms.md: no French column; zone de promotion, as French shogi rules say it.
-promotion-zone = zone de promotion

# not in terms.md: no French column; roi, French shogi's name for the king.
-king = roi
# not in terms.md: no French column; tour, French shogi's name for the rook.
-rook = tour
# not in terms.md: no French column; dragon, French shogi's name for the promoted rook.
-dragon = dragon
# not in terms.md: no French column; fou, French shogi's name for the bishop.
-bishop = fou
# not in terms.md: no French column; cheval dragon, French shogi's name for the promoted bishop.
-horse = cheval dragon
# not in terms.md: no French column; général d'or, French shogi's name for the gold.
-gold = général d'or
# not in terms.md: no French column; général d'argent, French shogi's name for the silver.
-silver = général d'argent
# not in terms.md: no French column; général d'argent promu, as French shogi rules say it.
-promoted-silver = général d'argent promu
# not in terms.md: no French column; cavalier, French shogi's name for the knight.
-knight = cavalier
# not in terms.md: no French column; cavalier promu, as French shogi rules say it.
-promoted-knight = cavalier promu
# not in terms.md: no French column; lance, French shogi's name for the lance (some texts say lancier).
-lance = lance
# not in terms.md: no French column; lance promue, as French shogi rules say it.
-promoted-lance = lance promue
# not in terms.md: no French column; pion, French shogi's name for the pawn.
-pawn = pion
# not in terms.md: no French column; tokin, the name French shogi texts keep for the promoted pawn.
-tokin = tokin

# not in terms.md: no French column; coup, as in French shogi and chess.
-move = coup
# not in terms.md: no French column; parachutage, French shogi's word for a drop.
-drop = parachutage
# not in terms.md: no French column; promouvoir, as French shogi rules say it.
-promote = promouvoir
# not in terms.md: no French column; ne pas promouvoir, as French shogi rules say it.
-decline-promotion = ne pas promouvoir
# not in terms.md: no French column; échec, as in French shogi and chess.
-check = échec
# not in terms.md: no French column; échec et mat, as in French shogi and chess (also "mat").
-checkmate = échec et mat

# not in terms.md: no French column; abandon, as in French chess (FFE) and shogi.
-resign = abandon
# not in terms.md: no French column; nulle, as in French chess (partie nulle).
-draw = nulle
# not in terms.md: no French column; répétition with the Japanese name (fr.wikipedia "Sennichite": "nulle par répétition").
-sennichite = répétition (sennichite)
# not in terms.md: no French column; échec perpétuel, as in French shogi and chess.
-perpetual-check = échec perpétuel
# not in terms.md: no French column; impasse with the Japanese name, as on the en page.
-jishogi = impasse (jishōgi)
# not in terms.md: no French column; déclaration with the Japanese name, after the en page.
-declaration = déclaration (nyūgyoku sengen)
# not in terms.md: no French column; the rule's name on lishogi and the en page.
-try-rule = règle du try
# not in terms.md: no French column; coup illégal, as in French chess.
-illegal-move = coup illégal
# not in terms.md: no French column; deux pions with the Japanese name, as on the en page.
-nifu = deux pions (nifu)
# not in terms.md: no French column; fr.wikipedia "Sennichite" ("mater par un parachutage de pion"), with the Japanese name.
-uchifuzume = mat par parachutage de pion (uchifuzume)

# not in terms.md: no French column; handicap, as FFS says it (parties à handicap).
-handicap = handicap
# not in terms.md: no French column; the Japanese name, as French shogi players and the en page use it.
-furigoma = furigoma

# not in terms.md: no French column; cadence, the French chess word for a time control.
-time-control = cadence
# not in terms.md: no French column; byoyomi, as French go and shogi say it (fr.wikipedia "Byo yomi").
-byoyomi = byoyomi
# not in terms.md: no French column; pendule, the French word for a game clock (pendule d'échecs).
-clock = pendule
# not in terms.md: no French column; temps écoulé, as French chess servers say it.
-time-out = temps écoulé

# not in terms.md: no French column; relevé de partie, the French chess term for a written game.
-kifu = relevé de partie
# not in terms.md: no French column; notation, as in French shogi and chess.
-notation = notation
# not in terms.md: no French column; tsume with problème de mat, as FFS writes tsume shogi.
-tsume = tsume (problème de mat)
# not in terms.md: no French column; kyu, the Japanese grade, as FFS uses it.
-kyu = kyu
# not in terms.md: no French column; dan, the Japanese grade, as FFS uses it.
-dan = dan
# not in terms.md: no French column; classement Elo, as French chess and FFS say it.
-rating = classement Elo
# not in terms.md: no French column; tournoi, as in French shogi and chess.
-tournament = tournoi
# not in terms.md: no French column; ronde, the French chess word for a tournament round.
-round = ronde
# not in terms.md: no French column; élimination directe, the French word for a knockout.
-knockout = élimination directe

# not in terms.md: no French column; the Japanese greeting, as on the en page.
-greeting-start = Onegaishimasu
# not in terms.md: no French column; a French translation beside the Japanese, as on the en page.
-makemashita = J'ai perdu (makemashita)
# not in terms.md: no French column; a French translation beside the Japanese, as on the en page.
-greeting-end = Merci (arigatō gozaimashita)
# not in terms.md: no French column; a French translation beside the Japanese, as on the en page.
-kansosen = analyse commune (kansōsen)
