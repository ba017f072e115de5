# Der Startbildschirm (home.ts): das Formular für eine neue Partie, die laufenden Partien des
# Spielers, die letzten Partien; das Menü der Bedenkzeiten (time-presets.ts, auch in der Lobby);
# die Namen der Varianten und Handicaps (variants.ts).

## Das Formular für eine neue Partie

home-new-game-title = Neue Partie 対局
home-opponent = Gegner
home-opponent-engine = Die Engine (koma)
home-opponent-person = Ein Mensch (Einladung senden)
home-level = Spielstärke der Engine
home-level-movetime = { $seconds } s pro { -move }
home-level-movetime-easy = { $seconds } s pro { -move } (leicht)
home-level-depth = Tiefe { $depth }
home-level-depth-very-easy = Tiefe { $depth } (sehr leicht)
home-variant = Variante
home-handicap = { -handicap } 駒落ち
home-handicap-hint = Wer das { -handicap } gibt (上手), spielt { -gote } und zieht zuerst; kein { -furigoma }.
home-rules = Regeln
home-rules-default-shogi = Standard (Amateur)
home-rules-default-tori = Standard (Tori)
home-rules-default-minishogi = Standard (Minishogi)
home-rules-default-kyotoshogi = Standard (Kyoto-{ -shogi })
home-rules-default-dobutsu = Standard (Dōbutsu-{ -shogi })
home-rules-default-other = Standard ({ $name })
home-rules-amateur = Amateur: { -declaration } nach der 27-Punkte-Regel
home-rules-professional = Profi: { -jishogi } nach der 24-Punkte-Regel
home-rules-csa = CSA: { -declaration }, { -draw } nach 256 Zügen
home-rules-try = { -try-rule }
home-rules-tori = Regelwerk: keine dritte Wiederholung
home-rules-tori-fsf = Fairy-Stockfish: Die vierte Wiederholung verliert
home-time-control = { -time-control }
# Die Beispiele nach dem Doppelpunkt liest der Server so: unverändert lassen.
home-time-control-hint = Oder selbst eingeben: none · byoyomi 10m+30s · 10m+30sx3 · fischer:5m+10s · sudden:15m
home-side = Ihre Seite
home-side-random = { -furigoma } 振り駒 (zufällig)
home-side-sente = { -sente } ☗ (zieht zuerst)
home-side-gote = { -gote } ☖
home-side-give = { -handicap } geben: 上手 ☖ { -gote } (zieht zuerst)
home-side-receive = { -handicap } erhalten: 下手 ☗ { -sente }
home-rated = Gewertet 公式戦
home-rated-hint = Gegen einen angemeldeten Menschen, aus der { -starting-position }, mit { -clock }.
home-start = Partie starten
home-create-failed = Die Partie kann nicht erstellt werden: { $error }

## Die laufenden Partien des Spielers

home-your-games = Ihre Partien 対局中
home-your-move = Ihr { -move }
home-play = Spielen
home-my-game-engine = { $color ->
        [sente] ☗
       *[gote] ☖
    } gegen die Engine
home-my-game-player = { $color ->
        [sente] ☗
       *[gote] ☖
    } gegen { $name }
home-game-rated = gewertet

## Die letzten Partien

home-recent-games = Letzte Partien
home-loading = Wird geladen…
home-list-failed = Die Partien können nicht aufgelistet werden: { $error }
home-no-games = Noch keine Partien.
home-col-created = Erstellt
home-col-players = Spieler
home-col-game = Partie
home-col-moves = Züge
home-col-state = Status
home-created = { DATETIME($created, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
home-state-in-progress = läuft
home-state-waiting = wartet auf einen Spieler
home-replay = Nachspielen
home-watch = Zuschauen
home-review = Analysieren
home-import-record = { -kifu } importieren, um es nachzuspielen oder zu analysieren 棋譜を読む
home-studies = Studien 研究: Kapitel, Lektionen
home-chu = Chu-{ -shogi } 中将棋 gegen die Engine (12×12)

## Das Menü der Bedenkzeiten (time-presets.ts)

home-presets = Vorlagen für die { -time-control }
home-preset-untimed = Ohne { -clock }
home-preset-fischer-3-2 = 3 min + 2 s Fischer (Blitz)
home-preset-byoyomi-5-10 = 5 min + 10 s { -byoyomi }
home-preset-byoyomi-10-30 = 10 min + 30 s { -byoyomi }
home-preset-byoyomi-10-30x3 = 10 min + 3 × 30 s { -byoyomi }
home-preset-byoyomi-30-60 = 30 min + 60 s { -byoyomi }
home-preset-byoyomi-45-30 = 45 min + 30 s { -byoyomi } ({ -tournament })
home-preset-fischer-15-10 = 15 min + 10 s Fischer
home-preset-sudden-15 = 15 min für die ganze Partie
home-preset-days-1 = 1 Tag pro Zug (Fernpartie)
home-preset-days-3 = 3 Tage pro Zug (Fernpartie)
home-preset-custom = Eigene…

## Die Varianten (variants.ts), nach der ID des Servers: variant-ID ist der volle Name,
## variant-ID-short der Name in Listen, variant-ID-option der Name im Menü mit der Brettgröße.

variant-shogi = Standard-{ -shogi } (本将棋)
variant-shogi-short = Standard-{ -shogi }
variant-shogi-option = Standard-{ -shogi } (本将棋) { $files }×{ $ranks }
variant-tori = Tori-{ -shogi } (禽将棋)
variant-tori-short = Tori-{ -shogi }
variant-tori-option = Tori-{ -shogi } (禽将棋) { $files }×{ $ranks }
variant-minishogi = Minishogi (5五将棋)
variant-minishogi-short = Minishogi
variant-minishogi-option = Minishogi (5五将棋) { $files }×{ $ranks }
variant-kyotoshogi = Kyoto-{ -shogi } (京都将棋)
variant-kyotoshogi-short = Kyoto-{ -shogi }
variant-kyotoshogi-option = Kyoto-{ -shogi } (京都将棋) { $files }×{ $ranks }
variant-dobutsu = Dōbutsu-{ -shogi } (どうぶつしょうぎ)
variant-dobutsu-short = Dōbutsu-{ -shogi }
variant-dobutsu-option = Dōbutsu-{ -shogi } (どうぶつしょうぎ) { $files }×{ $ranks }
variant-chushogi = Chu-{ -shogi } (中将棋)
variant-chushogi-short = Chu-{ -shogi }
variant-chushogi-option = Chu-{ -shogi } (中将棋) { $files }×{ $ranks }
variant-other-option = { $name } { $files }×{ $ranks }

## Die Handicaps (benannte Anfangsstellungen), nach der ID des Servers: $japanese ist der
## japanische Name (香落ち), vor dem deutschen; benannt wird, was der Gebende weglässt.

variant-handicap-even = { $japanese } Ohne { -handicap }
variant-handicap-lance = { $japanese } { -lance }
variant-handicap-right-lance = { $japanese } Rechte { -lance }
variant-handicap-bishop = { $japanese } { -bishop }
variant-handicap-rook = { $japanese } { -rook }
variant-handicap-rook-lance = { $japanese } { -rook } und { -lance }
variant-handicap-two-piece = { $japanese } Zwei Steine
variant-handicap-three-piece = { $japanese } Drei Steine
variant-handicap-four-piece = { $japanese } Vier Steine
variant-handicap-five-piece = { $japanese } Fünf Steine
variant-handicap-left-five-piece = { $japanese } Fünf Steine links
variant-handicap-six-piece = { $japanese } Sechs Steine
variant-handicap-left-seven-piece = { $japanese } Sieben Steine links
variant-handicap-right-seven-piece = { $japanese } Sieben Steine rechts
variant-handicap-eight-piece = { $japanese } Acht Steine
variant-handicap-ten-piece = { $japanese } Zehn Steine
variant-handicap-three-pawns = { $japanese } Drei Bauern
variant-handicap-naked-king = { $japanese } Nackter { -king }
# Die Handicaps des Tori-Shogi: Falke und Wachteln (Wörter des Tori-Shogi-Faltblatts, terms.md 002).
variant-handicap-tori-left-quail = { $japanese } Linke Wachtel
variant-handicap-tori-falcon = { $japanese } Falke
variant-handicap-tori-falcon-left-quail = { $japanese } Falke und linke Wachtel
variant-handicap-tori-falcon-both-quails = { $japanese } Falke und beide Wachteln
variant-handicap-mini-bishop = { $japanese } Mini: { -bishop }
variant-handicap-mini-rook = { $japanese } Mini: { -rook }
variant-handicap-mini-two-piece = { $japanese } Mini: Zwei Steine
variant-handicap-mini-three-piece = { $japanese } Mini: Drei Steine
variant-handicap-mini-four-piece = { $japanese } Mini: Vier Steine
variant-handicap-kyoto-tokin = { $japanese } Kyoto: { -tokin }
variant-handicap-kyoto-silver = { $japanese } Kyoto: { -silver }
variant-handicap-kyoto-pawn = { $japanese } Kyoto: { -pawn }
variant-handicap-kyoto-gold = { $japanese } Kyoto: { -gold }
variant-handicap-kyoto-two-piece = { $japanese } Kyoto: Zwei Steine
variant-handicap-kyoto-three-piece = { $japanese } Kyoto: Drei Steine
variant-handicap-kyoto-naked-king = { $japanese } Kyoto: Nackter { -king }
variant-handicap-dobutsu-chick = { $japanese } Dōbutsu: Küken
variant-handicap-other = { $japanese } { $name }
