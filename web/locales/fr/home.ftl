# L'écran d'accueil (home.ts) : le formulaire de nouvelle partie, les parties en cours du joueur,
# les parties récentes ; le menu des cadences (time-presets.ts) ; les noms des variantes et des
# handicaps (variants.ts).

## Le formulaire de nouvelle partie

home-new-game-title = Nouvelle partie 対局
home-opponent = Adversaire
home-opponent-engine = Le moteur (koma)
home-opponent-person = Une personne (envoyer une invitation)
home-level = Niveau du moteur
home-level-movetime = { $seconds } s par { -move }
home-level-movetime-easy = { $seconds } s par { -move } (facile)
home-level-depth = Profondeur { $depth }
home-level-depth-very-easy = Profondeur { $depth } (très facile)
home-variant = Variante
home-handicap = Handicap 駒落ち
home-handicap-hint = Celui qui donne le { -handicap } (上手) joue { -gote } et commence ; pas de { -furigoma }.
home-rules = Règles
home-rules-default-shogi = Par défaut (amateur)
home-rules-default-tori = Par défaut (tori)
home-rules-default-minishogi = Par défaut (Minishogi)
home-rules-default-kyotoshogi = Par défaut (Kyoto shogi)
home-rules-default-dobutsu = Par défaut (Dōbutsu shogi)
home-rules-default-other = Par défaut ({ $name })
home-rules-amateur = Amateur : déclaration à 27 points
home-rules-professional = Professionnel : { -jishogi } à 24 points
home-rules-csa = CSA : déclaration, { -draw } à 256 coups
home-rules-try = Règle du try
home-rules-tori = Règlement : pas de troisième répétition
home-rules-tori-fsf = Fairy-Stockfish : la quatrième répétition perd
home-time-control = Cadence
# Les exemples après les deux-points sont lus par le serveur : les garder tels quels.
home-time-control-hint = Ou écrivez-en une : none · byoyomi 10m+30s · 10m+30sx3 · fischer:5m+10s · sudden:15m
home-side = Votre camp
home-side-random = Furigoma 振り駒 (au hasard)
home-side-sente = { -sente } ☗ (commence)
home-side-gote = { -gote } ☖
home-side-give = Donner le { -handicap } : 上手 ☖ { -gote } (commence)
home-side-receive = Recevoir le { -handicap } : 下手 ☗ { -sente }
home-rated = Partie classée 公式戦
home-rated-hint = Contre une personne connectée, depuis la { -starting-position } sans { -handicap }, avec { -clock }.
home-start = Lancer la partie
home-create-failed = Impossible de créer la partie : { $error }

## Les parties en cours du joueur

home-your-games = Vos parties 対局中
home-your-move = À vous de jouer
home-play = Jouer
home-my-game-engine = { $color ->
        [sente] ☗
       *[gote] ☖
    } contre le moteur
home-my-game-player = { $color ->
        [sente] ☗
       *[gote] ☖
    } contre { $name }
home-game-rated = classée

## Les parties récentes

home-recent-games = Parties récentes
home-loading = Chargement…
home-list-failed = Impossible d'afficher la liste des parties : { $error }
home-no-games = Aucune partie pour l'instant.
home-col-created = Créée
home-col-players = Joueurs
home-col-game = Partie
home-col-moves = Coups
home-col-state = État
home-created = { DATETIME($created, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
home-state-in-progress = en cours
home-state-waiting = en attente d'un joueur
home-replay = Revoir
home-watch = Regarder
home-review = Analyser
home-import-record = Importer un { -kifu } pour le rejouer ou l'analyser 棋譜を読む
home-studies = Études 研究 : chapitres, leçons
home-chu = Chu shogi 中将棋 contre le moteur (12×12)

## Le menu des cadences (time-presets.ts)

home-presets = Cadences prédéfinies
home-preset-untimed = Sans { -clock }
home-preset-fischer-3-2 = 3 min + 2 s Fischer (blitz)
home-preset-byoyomi-5-10 = 5 min + 10 s de { -byoyomi }
home-preset-byoyomi-10-30 = 10 min + 30 s de { -byoyomi }
home-preset-byoyomi-10-30x3 = 10 min + 3 × 30 s de { -byoyomi }
home-preset-byoyomi-30-60 = 30 min + 60 s de { -byoyomi }
home-preset-byoyomi-45-30 = 45 min + 30 s de { -byoyomi } ({ -tournament })
home-preset-fischer-15-10 = 15 min + 10 s Fischer
home-preset-sudden-15 = 15 min mort subite
home-preset-days-1 = 1 jour par coup (par correspondance)
home-preset-days-3 = 3 jours par coup (par correspondance)
home-preset-custom = Personnalisée…

## Les variantes (variants.ts)

variant-shogi = Shogi standard (本将棋)
variant-shogi-short = Shogi standard
variant-shogi-option = Shogi standard (本将棋) { $files }×{ $ranks }
variant-tori = Tori Shogi (禽将棋)
variant-tori-short = Tori Shogi
variant-tori-option = Tori Shogi (禽将棋) { $files }×{ $ranks }
variant-minishogi = Minishogi (5五将棋)
variant-minishogi-short = Minishogi
variant-minishogi-option = Minishogi (5五将棋) { $files }×{ $ranks }
variant-kyotoshogi = Kyoto { -shogi } (京都将棋)
variant-kyotoshogi-short = Kyoto { -shogi }
variant-kyotoshogi-option = Kyoto { -shogi } (京都将棋) { $files }×{ $ranks }
variant-dobutsu = Dōbutsu { -shogi } (どうぶつしょうぎ)
variant-dobutsu-short = Dōbutsu { -shogi }
variant-dobutsu-option = Dōbutsu { -shogi } (どうぶつしょうぎ) { $files }×{ $ranks }
variant-chushogi = Chu { -shogi } (中将棋)
variant-chushogi-short = Chu { -shogi }
variant-chushogi-option = Chu { -shogi } (中将棋) { $files }×{ $ranks }
variant-other-option = { $name } { $files }×{ $ranks }

## Les handicaps : $japanese est le nom japonais (香落ち), avant le nom français.

variant-handicap-even = { $japanese } Sans { -handicap }
variant-handicap-lance = { $japanese } Sans { -lance }
variant-handicap-right-lance = { $japanese } Sans { -lance } droite
variant-handicap-bishop = { $japanese } Sans { -bishop }
variant-handicap-rook = { $japanese } Sans { -rook }
variant-handicap-rook-lance = { $japanese } Sans { -rook } ni { -lance }
variant-handicap-two-piece = { $japanese } Deux pièces
variant-handicap-three-piece = { $japanese } Trois pièces
variant-handicap-four-piece = { $japanese } Quatre pièces
variant-handicap-five-piece = { $japanese } Cinq pièces
variant-handicap-left-five-piece = { $japanese } Cinq pièces (gauche)
variant-handicap-six-piece = { $japanese } Six pièces
variant-handicap-left-seven-piece = { $japanese } Sept pièces (gauche)
variant-handicap-right-seven-piece = { $japanese } Sept pièces (droite)
variant-handicap-eight-piece = { $japanese } Huit pièces
variant-handicap-ten-piece = { $japanese } Dix pièces
variant-handicap-three-pawns = { $japanese } Trois pions
variant-handicap-naked-king = { $japanese } Le { -king } seul
variant-handicap-tori-left-quail = { $japanese } Sans caille gauche
variant-handicap-tori-falcon = { $japanese } Sans faucon
variant-handicap-tori-falcon-left-quail = { $japanese } Sans faucon ni caille gauche
variant-handicap-tori-falcon-both-quails = { $japanese } Sans faucon ni cailles
variant-handicap-mini-bishop = { $japanese } Mini sans { -bishop }
variant-handicap-mini-rook = { $japanese } Mini sans { -rook }
variant-handicap-mini-two-piece = { $japanese } Mini deux pièces
variant-handicap-mini-three-piece = { $japanese } Mini trois pièces
variant-handicap-mini-four-piece = { $japanese } Mini quatre pièces
variant-handicap-kyoto-tokin = { $japanese } Kyoto sans { -tokin }
variant-handicap-kyoto-silver = { $japanese } Kyoto sans { -silver }
variant-handicap-kyoto-pawn = { $japanese } Kyoto sans { -pawn }
variant-handicap-kyoto-gold = { $japanese } Kyoto sans { -gold }
variant-handicap-kyoto-two-piece = { $japanese } Kyoto deux pièces
variant-handicap-kyoto-three-piece = { $japanese } Kyoto trois pièces
variant-handicap-kyoto-naked-king = { $japanese } Kyoto, le { -king } seul
variant-handicap-dobutsu-chick = { $japanese } Dōbutsu sans poussin
variant-handicap-other = { $japanese } { $name }
