# Die Lobby (lobby.ts): offene Gesuche, das Formular für ein neues, schnelle Paarung, laufende
# Partien; und die ausgewählte Partie der Startseite.

lobby-login-note = Melden Sie sich an, um ein Gesuch zu erstellen oder anzunehmen:
lobby-log-in = Anmelden
lobby-sign-up = Registrieren
lobby-loading = Wird geladen…

## Offene Gesuche

lobby-open-seeks = Offene Gesuche
lobby-no-seeks = Keine offenen Gesuche. Erstellen Sie eins!
lobby-col-player = Spieler
lobby-col-game = Partie
lobby-col-range = Bereich ({ -rating })
lobby-col-side = Seite
lobby-cancel = Zurückziehen
lobby-accept = Annehmen
lobby-login-to-accept = Melden Sie sich an, um ein Gesuch anzunehmen.
lobby-no-clock = ohne { -clock }
lobby-rated = gewertet
lobby-casual = ungewertet
lobby-range-any = beliebig
lobby-seek-side = { $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] zufällig
       *[other] { $side }
    }
lobby-seek-side-handicap = { $handicap } ({ $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] zufällig
       *[other] { $side }
    })

## Ein Gesuch erstellen

lobby-post-title = Gesuch erstellen 対局待ち
lobby-variant = Variante
lobby-time-control = { -time-control }
lobby-rated-label = Gewertet 公式戦
lobby-opponent-rating = { -rating } des Gegners
lobby-rating-min = min
lobby-rating-max = max
lobby-your-side = Ihre Seite
lobby-side-random = { -furigoma } (zufällig)
lobby-side-sente = { -sente } ☗
lobby-side-gote = { -gote } ☖
lobby-handicap = { -handicap } 駒落ち
lobby-post = Gesuch erstellen
lobby-login-to-post = Melden Sie sich an, um ein Gesuch zu erstellen.
lobby-posted = Gesuch erstellt: Warten auf einen Gegner.
lobby-post-failed = Das Gesuch kann nicht erstellt werden: { $error }

## Schnelle Paarung

lobby-quick-title = Schnelle Paarung 早指し
lobby-quick-rated = Gewertet
lobby-login-to-pair = Melden Sie sich an, um gepaart zu werden.
lobby-quick-waiting-fischer-3-2 = Warten auf einen Gegner für 3 min + 2 s Fischer (Blitz)…
lobby-quick-waiting-byoyomi-5-10 = Warten auf einen Gegner für 5 min + 10 s { -byoyomi }…
lobby-quick-waiting-byoyomi-10-30 = Warten auf einen Gegner für 10 min + 30 s { -byoyomi }…
lobby-pair-failed = Paarung nicht möglich: { $error }

## Laufende Partien und die ausgewählte Partie

lobby-live-games = Laufende Partien 対局中
lobby-no-live = Keine laufende Partie.
lobby-guest = Gast
lobby-engine-or-guest = Engine / Gast
lobby-watch = Zuschauen
lobby-live-failed = Die laufenden Partien können nicht aufgelistet werden: { $error }
lobby-featured = Ausgewählte Partie 注目の対局
lobby-featured-board = Die ausgewählte Partie
