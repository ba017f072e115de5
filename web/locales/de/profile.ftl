# Die Seite eines Spielers (profile.ts), und Namen, Elo-Zahlen und Ränge der Spieler, wo immer
# die Seite sie zeigt (players.ts).

## Spieler, Elo-Zahlen und Ränge

profile-deleted-player = gelöschter Spieler
# Ein Rang aus der Elo-Zahl, wie deutsche Ranglisten ihn schreiben: „3. Kyū“, „2. Dan“.
profile-rank-name = { $unit ->
        [kyu] { $number }. { -kyu }
        [dan] { $number }. { -dan }
       *[other] { $rank }
    }
profile-player = { $name } { $rating } · { profile-rank-name }
profile-player-diff = { $name } { $rating } { $diff } · { profile-rank-name }
profile-rank = { profile-rank-name } / { $japanese }
profile-handicap-even-player = Nach Ihrer { -rating } und der Ihres Gegners: eine Partie ohne { -handicap } (平手).
profile-handicap-even-spectator = Nach der { -rating } beider Spieler: eine Partie ohne { -handicap } (平手).
profile-handicap-player = Nach Ihrer { -rating } und der Ihres Gegners: eine Partie mit { -handicap }. { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } gibt { $japanese } ({ $handicap }).
profile-handicap-spectator = Nach der { -rating } beider Spieler: eine Partie mit { -handicap }. { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } gibt { $japanese } ({ $handicap }).

## Wertungspools: die des Standard-Shogi nach ihrem Tempo benannt, die anderer Varianten nach
## Variante und Tempo.

profile-speed = { $speed ->
        [ultraBullet] UltraBullet
        [bullet] Bullet
        [blitz] Blitz
        [rapid] Rapid
        [classical] Klassisch
        [correspondence] Fernpartie
       *[other] { $speed }
    }
profile-pool = { $variant ->
        [shogi] { $speed ->
            [ultraBullet] UltraBullet
            [bullet] Bullet
            [blitz] Blitz
            [rapid] Rapid
            [classical] Klassisch
            [correspondence] Fernpartie
           *[other] { $pool }
        }
        [tori] Tori-{ -shogi } ({ profile-speed })
        [minishogi] Minishogi ({ profile-speed })
        [kyotoshogi] Kyoto-{ -shogi } ({ profile-speed })
        [dobutsu] Dōbutsu-{ -shogi } ({ profile-speed })
        [chushogi] Chu-{ -shogi } ({ profile-speed })
       *[other] { $pool }
    }
profile-plot-label = Verlauf der { -rating }: { profile-pool }
profile-plot-title = { -rating } pro Tag: { profile-pool }
profile-plot-point = { $date }: { $rating }
profile-plot-day = { DATETIME($day, month: "short", day: "numeric") }

## Die Seite des Spielers

profile-loading = Wird geladen…
profile-no-such-player = Spieler nicht gefunden: { $error }
profile-home = Startseite
profile-deleted = Dieses Konto wurde gelöscht; seine Partien bleiben erhalten.
profile-member-since = Mitglied seit { DATETIME($date, year: "numeric", month: "long", day: "numeric") }
profile-games-count = { $count ->
        [one] { $count } Partie
       *[other] { $count } Partien
    } ({ $rated } gewertet)
profile-playing-now = Spielt gerade:
profile-play-your-game = Ihre Partie spielen
profile-watch-the-game = Partie ansehen
profile-current-failed = Die laufende Partie wurde nicht gefunden: { $error }
profile-ratings = { -rating } レーティング
profile-no-ratings = Noch keine gewerteten Partien.
profile-rated-games = { $count ->
        [one] { $count } gewertete Partie
       *[other] { $count } gewertete Partien
    }

## Die Partien des Spielers

profile-games = Partien 棋譜
profile-col-date = Datum
profile-col-side = Seite
profile-col-opponent = Gegner
profile-col-game = Partie
profile-col-result = Ergebnis
profile-game-date = { DATETIME($date, year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
profile-guest-or-engine = Gast oder Engine
profile-game-rated = gewertet
profile-verdict-win = Sieg
profile-verdict-loss = Niederlage
profile-verdict-draw = { -draw }
profile-state-in-progress = läuft
profile-state-waiting = wartet auf einen Spieler
profile-replay = Nachspielen
profile-watch = Zuschauen
profile-previous = ← Zurück
profile-next = Weiter →
profile-page = Seite { $page }
profile-no-games = Noch keine Partien.
profile-no-more-games = Keine weiteren Partien.
profile-list-failed = Die Partien können nicht aufgelistet werden: { $error }
