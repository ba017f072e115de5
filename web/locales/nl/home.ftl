# Het startscherm (home.ts): het formulier voor een nieuwe partij, je lopende partijen, de
# recente partijen; het menu van bedenktijden (time-presets.ts, ook in de lobby); de namen van
# de varianten en handicaps (variants.ts).

## Het formulier voor een nieuwe partij

home-new-game-title = Nieuwe partij 対局
home-opponent = Tegenstander
home-opponent-engine = De engine (koma)
home-opponent-person = Een mens (stuur een uitnodiging)
home-level = Niveau van de engine
home-level-movetime = { $seconds } s per { -move }
home-level-movetime-easy = { $seconds } s per { -move } (makkelijk)
home-level-depth = Diepte { $depth }
home-level-depth-very-easy = Diepte { $depth } (heel makkelijk)
home-variant = Variant
home-handicap = Handicap 駒落ち
home-handicap-hint = Wie de { -handicap } geeft (上手), speelt { -gote } en zet als eerste; geen { -furigoma }.
home-rules = Regels
home-rules-default-shogi = Standaard (amateur)
home-rules-default-tori = Standaard (tori)
home-rules-default-minishogi = Standaard (Minishogi)
home-rules-default-kyotoshogi = Standaard (Kyoto shogi)
home-rules-default-dobutsu = Standaard (Dōbutsu shogi)
home-rules-default-other = Standaard ({ $name })
home-rules-amateur = Amateur: { -declaration } met 27 punten
home-rules-professional = Professioneel: { -jishogi } met 24 punten
home-rules-csa = CSA: { -declaration }, { -draw } na 256 zetten
home-rules-try = Try-regel
home-rules-tori = Regelboek: geen derde herhaling
home-rules-tori-fsf = Fairy-Stockfish: vierde herhaling verliest
home-time-control = Bedenktijd
home-time-control-hint = Of schrijf er zelf een: none · byoyomi 10m+30s · 10m+30sx3 · fischer:5m+10s · sudden:15m
home-side = Jouw kant
home-side-random = Furigoma 振り駒 (willekeurig)
home-side-sente = { -sente } ☗ (zet als eerste)
home-side-gote = { -gote } ☖
home-side-give = De { -handicap } geven: 上手 ☖ { -gote } (zet als eerste)
home-side-receive = De { -handicap } krijgen: 下手 ☗ { -sente }
home-rated = Telt voor de { -rating } 公式戦
home-rated-hint = Tegen een ingelogde tegenstander, vanuit de gewone { -starting-position }, met een { -clock }.
home-start = Partij starten
home-create-failed = De partij kan niet worden aangemaakt: { $error }

## Je lopende partijen

home-your-games = Jouw partijen 対局中
home-your-move = Jij bent aan zet
home-play = Spelen
home-my-game-engine = { $color ->
        [sente] ☗
       *[gote] ☖
    } tegen de engine
home-my-game-player = { $color ->
        [sente] ☗
       *[gote] ☖
    } tegen { $name }
home-game-rated = telt voor de { -rating }

## De recente partijen

home-recent-games = Recente partijen
home-loading = Laden…
home-list-failed = De partijen kunnen niet worden opgehaald: { $error }
home-no-games = Nog geen partijen.
home-col-created = Aangemaakt
home-col-players = Spelers
home-col-game = Partij
home-col-moves = Zetten
home-col-state = Status
home-created = { DATETIME($created, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
home-state-in-progress = bezig
home-state-waiting = wacht op een speler
home-replay = Naspelen
home-watch = Bekijken
home-review = Analyseren
home-import-record = Een { -kifu } importeren om na te spelen of te analyseren 棋譜を読む
home-studies = Studies 研究: hoofdstukken, lessen
home-chu = Chu shogi 中将棋 tegen de engine (12×12)

## Het menu van bedenktijden (time-presets.ts)

home-presets = Vaste keuzes voor de { -time-control }
home-preset-untimed = Zonder { -clock }
home-preset-fischer-3-2 = 3 min + 2 s Fischer (blitz)
home-preset-byoyomi-5-10 = 5 min + 10 s { -byoyomi }
home-preset-byoyomi-10-30 = 10 min + 30 s { -byoyomi }
home-preset-byoyomi-10-30x3 = 10 min + 3 × 30 s { -byoyomi }
home-preset-byoyomi-30-60 = 30 min + 60 s { -byoyomi }
home-preset-byoyomi-45-30 = 45 min + 30 s { -byoyomi } ({ -tournament })
home-preset-fischer-15-10 = 15 min + 10 s Fischer
home-preset-sudden-15 = 15 min sudden death
home-preset-days-1 = 1 dag per zet (correspondentie)
home-preset-days-3 = 3 dagen per zet (correspondentie)
home-preset-custom = Eigen keuze…

## De varianten (variants.ts): variant-ID is de volledige naam, variant-ID-short de naam in
## lijsten, variant-ID-option de naam in een menu met de grootte van het bord.

variant-shogi = Standaard{ -shogi } (本将棋)
variant-shogi-short = Standaard{ -shogi }
variant-shogi-option = Standaard{ -shogi } (本将棋) { $files }×{ $ranks }
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

## De handicaps (beginopstellingen met een naam): $japanese is de Japanse naam (香落ち) zoals de
## server die geeft, vóór de Nederlandse.

variant-handicap-even = { $japanese } Gelijk
variant-handicap-lance = { $japanese } Zonder { -lance }
variant-handicap-right-lance = { $japanese } Zonder rechter { -lance }
variant-handicap-bishop = { $japanese } Zonder { -bishop }
variant-handicap-rook = { $japanese } Zonder { -rook }
variant-handicap-rook-lance = { $japanese } Zonder { -rook } en { -lance }
variant-handicap-two-piece = { $japanese } Twee stukken
variant-handicap-three-piece = { $japanese } Drie stukken
variant-handicap-four-piece = { $japanese } Vier stukken
variant-handicap-five-piece = { $japanese } Vijf stukken
variant-handicap-left-five-piece = { $japanese } Vijf stukken (links)
variant-handicap-six-piece = { $japanese } Zes stukken
variant-handicap-left-seven-piece = { $japanese } Zeven stukken (links)
variant-handicap-right-seven-piece = { $japanese } Zeven stukken (rechts)
variant-handicap-eight-piece = { $japanese } Acht stukken
variant-handicap-ten-piece = { $japanese } Tien stukken
variant-handicap-three-pawns = { $japanese } Drie pionnen
variant-handicap-naked-king = { $japanese } Kale { -king }
variant-handicap-tori-left-quail = { $japanese } Zonder linker kwartel
variant-handicap-tori-falcon = { $japanese } Zonder valk
variant-handicap-tori-falcon-left-quail = { $japanese } Zonder valk en linker kwartel
variant-handicap-tori-falcon-both-quails = { $japanese } Zonder valk en beide kwartels
variant-handicap-mini-bishop = { $japanese } Mini: zonder { -bishop }
variant-handicap-mini-rook = { $japanese } Mini: zonder { -rook }
variant-handicap-mini-two-piece = { $japanese } Mini: twee stukken
variant-handicap-mini-three-piece = { $japanese } Mini: drie stukken
variant-handicap-mini-four-piece = { $japanese } Mini: vier stukken
variant-handicap-kyoto-tokin = { $japanese } Kyoto: zonder { -tokin }
variant-handicap-kyoto-silver = { $japanese } Kyoto: zonder { -silver }
variant-handicap-kyoto-pawn = { $japanese } Kyoto: zonder { -pawn }
variant-handicap-kyoto-gold = { $japanese } Kyoto: zonder { -gold }
variant-handicap-kyoto-two-piece = { $japanese } Kyoto: twee stukken
variant-handicap-kyoto-three-piece = { $japanese } Kyoto: drie stukken
variant-handicap-kyoto-naked-king = { $japanese } Kyoto: kale { -king }
variant-handicap-dobutsu-chick = { $japanese } Dōbutsu: zonder kuiken
variant-handicap-other = { $japanese } { $name }
