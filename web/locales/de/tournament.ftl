# Turniere: die Liste und das Formular (/tournaments), die Seite eines Turniers
# (/tournaments/{id}) mit den Bedienelementen der Leitung, und die Paarungen einer Runde zum Drucken.
# Zweisprachige Überschriften („Rangliste 順位“) behalten ihr Japanisch.

## Gemeinsam

tournament-loading = Wird geladen…
tournament-read-failed = Das { -tournament } kann nicht gelesen werden: { $error }
tournament-player-unknown = #{ $number }
tournament-player-none = —

## Turniersysteme

tournament-format-swiss = Schweizer System
tournament-format-mcmahon = McMahon
tournament-format-knockout = { -knockout }
tournament-format-round-robin = Rundenturnier
tournament-format-double-round-robin = Doppelrundenturnier
tournament-format-arena = Arena

## Feinwertungen

tournament-tiebreak-sos = SOS
tournament-tiebreak-sosos = SOSOS
tournament-tiebreak-sodos = SODOS
tournament-tiebreak-median-sos = Median-SOS
tournament-tiebreak-direct = Direkter Vergleich
tournament-tiebreak-other = { $key }

## Ergebnisse eines Bretts (1-0: Sente gewinnt; ff: kampflos)

tournament-result-sente = 1-0
tournament-result-gote = 0-1
tournament-result-draw = ½-½
tournament-result-sente-forfeit-win = 1-0 ff
tournament-result-gote-forfeit-win = 0-1 ff
tournament-result-unplayed = nicht gespielt

## Die Bedenkzeit, kurz geschrieben: „45 min + 30 s Byoyomi“

tournament-clock-minutes = { $minutes } min
tournament-clock-seconds = { $seconds } s
tournament-clock-increment = { $seconds } s Inkrement
tournament-clock-byoyomi = { $seconds } s { -byoyomi }
tournament-clock-byoyomi-periods = { $seconds } s × { $periods } { -byoyomi }
tournament-clock-join = { $first } + { $second }
tournament-clock-none = ohne { -clock }

## Die Liste der Turniere (/tournaments)

tournament-list-title = Turniere 大会
tournament-list-empty = Noch keine Turniere.
tournament-list-name = Name
tournament-list-format = Modus
tournament-list-players = Spieler
tournament-list-status = Status
tournament-list-starts = Beginn
tournament-list-status-entries = Anmeldung offen
tournament-list-status-running = läuft
tournament-list-status-finished = beendet
tournament-list-older = Ältere
tournament-list-failed = Die Turniere können nicht aufgelistet werden: { $error }
tournament-list-pending = …
tournament-unreachable = Der Server ist nicht erreichbar.
# $login und $signup sind die Links tournament-login-link und tournament-signup-link.
tournament-login-prompt = Um ein { -tournament } zu leiten, { $login } oder { $signup }.
tournament-login-link = melden Sie sich an
tournament-signup-link = registrieren Sie sich

## Das Formular für ein neues Turnier

tournament-form-title = Neues { -tournament } 大会
tournament-form-name = Name
tournament-form-name-placeholder = Vereinsmeisterschaft 2026
tournament-form-format = Modus
tournament-form-rounds = Runden
tournament-form-online = Online
tournament-form-online-hint = Partien auf koma; nicht angehakt: am { -board }, die Turnierleitung trägt die Ergebnisse ein.
tournament-form-main-time = Grundzeit (min)
tournament-form-byoyomi = { -byoyomi } (s)
tournament-form-periods = Perioden
tournament-form-increment = Inkrement (s)
tournament-form-increment-hint = Fischer statt { -byoyomi }: Setzen Sie das { -byoyomi } auf 0.
tournament-form-rated = Gewertet
tournament-form-rated-hint = Nur Online-Partien.
tournament-form-colours = Seiten
tournament-form-colours-furigoma = { -furigoma } 振り駒 (in jeder Partie zufällig)
tournament-form-colours-balanced = Ausgeglichen (abwechselnd)
tournament-form-bye = Freilos
tournament-form-bye-hint = Was ein Freilos zählt.
tournament-form-bye-one = 1 Punkt
tournament-form-bye-half = ½ Punkt
tournament-form-tiebreaks = Feinwertungen, in Reihenfolge
tournament-form-tiebreak-none = —
tournament-form-bar = McMahon-Bar
tournament-form-bar-hint = Spieler mit einer { -rating } an oder über der Bar beginnen in der obersten Gruppe.
tournament-form-group-width = Gruppenbreite
tournament-form-group-width-hint = Spanne der { -rating } pro McMahon-Gruppe unterhalb der Bar.
tournament-form-groups = Gruppen
tournament-form-groups-hint = Gruppen, die oberste eingeschlossen; jede tiefere Gruppe beginnt einen Punkt niedriger.
tournament-form-knockout-draw = Bei { -draw }
tournament-form-knockout-draw-hint = { -knockout }: Eine Armageddon-Partie oder eine Wiederholungspartie entscheidet.
tournament-form-draw-armageddon = Armageddon
tournament-form-draw-rematch = Wiederholungspartie
tournament-form-losers-swiss = Schweizer System für Ausgeschiedene
tournament-form-losers-swiss-hint = Wie bei der ESC: Wer ausscheidet, spielt in einem Schweizer System weiter und behält seine Punkte.
tournament-form-arena-minutes = Arena-Minuten
tournament-form-berserk = Berserk
tournament-form-berserk-hint = Die Zeit auf der eigenen { -clock } halbieren – für einen Extrapunkt bei Sieg.
tournament-form-handicap = { -handicap } nach { -rating }
tournament-form-handicap-hint = Das { -handicap } jeder Partie richtet sich nach dem Unterschied der { -rating } beider Spieler.
tournament-form-no-show = Verlust bei Nichtantreten (s)
tournament-form-no-show-hint = Eine Partie, in der nach dieser Zeit niemand gezogen hat, wird kampflos gewertet.
tournament-form-starts = Beginn um
tournament-form-starts-hint = Online: Die Partien der { -round } 1 beginnen dann (leer: wenn die Turnierleitung startet).
tournament-form-create = { -tournament } erstellen
tournament-form-create-failed = Das { -tournament } kann nicht erstellt werden: { $error }
tournament-form-no-name = Geben Sie dem { -tournament } einen Namen.
tournament-form-name-too-long = Der Name ist länger als { $max } Zeichen.
tournament-form-tiebreak-twice = Eine Feinwertung ist doppelt gewählt.
tournament-form-whole-rounds = Die Zahl der Runden muss eine ganze Zahl ab 0 sein.
tournament-form-whole-main-time = Die Grundzeit muss eine ganze Zahl ab 0 sein.
tournament-form-whole-increment = Das Inkrement muss eine ganze Zahl ab 0 sein.
tournament-form-whole-byoyomi = Das { -byoyomi } muss eine ganze Zahl ab 0 sein.
tournament-form-whole-periods = Die Zahl der Perioden muss eine ganze Zahl ab 0 sein.
tournament-form-whole-no-show = Die Frist für das Nichtantreten muss eine ganze Zahl ab 0 sein.
tournament-form-whole-arena-minutes = Die Arena-Minuten müssen eine ganze Zahl ab 0 sein.
tournament-form-no-clock = Die { -clock } braucht eine Grundzeit, ein Inkrement oder ein { -byoyomi }.
tournament-form-increment-and-byoyomi = Eine { -clock } hat entweder ein Inkrement oder ein { -byoyomi }, nicht beides: Setzen Sie eines davon auf 0.

## Die Seite eines Turniers: Angaben, Teilnehmen und Zurückziehen

tournament-page-title = { $name } · koma
tournament-connecting = Verbindung wird hergestellt…
tournament-live = live
tournament-reconnecting = Verbindung wird wiederhergestellt…
tournament-show-failed = Das { -tournament } kann nicht angezeigt werden: { $error }
tournament-status-entries = Anmeldung offen
tournament-status-finished = Beendet
tournament-status-under-way = Läuft
tournament-status-round = { -round } { $round } von { $planned }
tournament-info-director = { $status } · Leitung: { $director }
tournament-info-join = { $first } · { $second }
tournament-info-rounds =
    { $count ->
        [one] { $count } { -round }
       *[other] { $count } Runden
    }
tournament-info-online = online
tournament-info-over-the-board = am { -board }
tournament-info-rated = gewertet
tournament-info-unrated = ungewertet
tournament-info-balanced = ausgeglichene Seiten
tournament-info-furigoma = { -furigoma }
tournament-info-handicap = { -handicap } nach { -rating }
tournament-join = Teilnehmen
tournament-accept-invitation = Einladung annehmen
tournament-join-country = Land { $input }
tournament-join-country-label = Ihr Land (zwei Buchstaben, für die Ratingliste der FESA)
tournament-join-country-placeholder = DE
tournament-join-failed = Teilnahme nicht möglich: { $error }
tournament-decline = Ablehnen
tournament-decline-failed = Ablehnen nicht möglich: { $error }
tournament-withdraw = Zurückziehen
tournament-withdraw-failed = Zurückziehen nicht möglich: { $error }
tournament-log-in-to-join = Zum Teilnehmen anmelden
tournament-export = Export: { $files }
tournament-your-game-started = Ihre Partie hat begonnen.
tournament-your-game-play = Zu Ihrer Partie →

## Spaltenüberschriften der Tabellen

tournament-col-place = Pl.
tournament-col-number = Nr.
tournament-col-player = Spieler
tournament-col-score = Punkte
tournament-col-games = Partien
tournament-col-rating = { -rating }
tournament-col-start = Start
tournament-col-board = { -board }
tournament-col-sente = ☗ { -sente }
tournament-col-gote = ☖ { -gote }
tournament-col-result = Ergebnis

## Rangliste

tournament-standings-title = Rangliste 順位
tournament-standings-empty = Keine Rangliste vor { -round } 1.
tournament-standings-error = Keine Rangliste: { $error }
tournament-standings-error-unknown = Keine Rangliste: unbekannter Fehler

## Der K.-o.-Turnierbaum

tournament-bracket-title = Turnierbaum トーナメント表
tournament-bracket-final = Finale
tournament-bracket-semi-finals = Halbfinale
tournament-bracket-quarter-finals = Viertelfinale
tournament-bracket-round = { -round } { $number }

## Die Arena

tournament-arena-title = Arena アリーナ
tournament-arena-finished = Beendet.
tournament-arena-ends = Endet in etwa { $minutes } min.
tournament-berserk = Berserk (halbe Zeit)
tournament-berserk-failed = Berserk nicht möglich: { $error }
tournament-arena-your-game = Ihre Partie
tournament-arena-streak = 🔥
tournament-arena-playing = Laufende Partien: { $games }
tournament-arena-game = { $sente } – { $gote }

## Runden und Paarungen

tournament-rounds-title = Runden 対戦表
tournament-rounds-empty = Noch keine Paarungen.
tournament-round-title = { -round } { $number }
tournament-round-progress = · { $done }/{ $total } Ergebnisse
tournament-round-bye = Freilos: { $player }
tournament-play-your-game = Ihre Partie spielen
tournament-replay = Nachspielen
tournament-watch = Zuschauen
tournament-print-link = Paarungen zum Drucken

## Spieler

tournament-players-title = Spieler 参加者 ({ $count })
tournament-players-empty = Noch keine Spieler.
tournament-players-invited = Eingeladen, noch nicht angenommen: { $names }
tournament-player-withdrawn = zurückgezogen

## Die Bedienelemente der Turnierleitung

tournament-director-title = Turnierleitung 大会運営
tournament-director-entries = Einen Spieler am { -board } eintragen
tournament-director-name = Name
tournament-director-fesa-id = FESA-ID
tournament-director-country = Land (z. B. DE)
tournament-director-country-title = Ländercode aus zwei Buchstaben, der für einen in der FESA-Liste neuen Spieler in die Ergebnisdatei der FESA geschrieben wird
tournament-director-account = koma-Konto
tournament-director-add = Spieler hinzufügen
tournament-director-add-failed = Der Spieler kann nicht hinzugefügt werden: { $error }
tournament-director-no-name = Geben Sie den Namen des Spielers an.
tournament-director-rating-not-whole = Die { -rating } muss eine ganze Zahl sein.
tournament-director-start = Start: Paarungen für { -round } 1
tournament-director-start-confirm =
    Anmeldung schließen ({ $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    }) und die Paarungen für { -round } 1 erstellen?
tournament-director-start-yes = Starten
tournament-director-start-failed = Start nicht möglich: { $error }
tournament-director-pair = Paarungen der nächsten { -round }
tournament-director-pair-failed = Die Paarungen der nächsten { -round } sind nicht möglich: { $error }
tournament-director-waiting = { -round } { $round }: Warten auf Ergebnisse.
tournament-director-print = Paarungen drucken
tournament-director-withdraw-label = Zurückziehen
tournament-director-withdraw = Zurückziehen
tournament-director-withdraw-option = { $number }. { $name }
tournament-director-withdraw-confirm = { $name } aus den folgenden Runden nehmen?
tournament-director-withdraw-yes = Zurückziehen
tournament-director-withdraw-failed = Der Spieler kann nicht zurückgezogen werden: { $error }
tournament-director-results-hint = Ergebnisse: Wählen Sie sie in der Tabelle jeder { -round } und klicken Sie auf Speichern; eine Korrektur wird ebenso gespeichert.
tournament-director-result-none = —
tournament-director-result-sente = 1-0 { -sente } gewinnt
tournament-director-result-gote = 0-1 { -gote } gewinnt
tournament-director-result-draw = ½-½ { -draw }
tournament-director-result-sente-forfeit-win = 1-0 kampflos, { -gote } abwesend
tournament-director-result-gote-forfeit-win = 0-1 kampflos, { -sente } abwesend
tournament-director-result-unplayed = nicht gespielt, beide abwesend
tournament-director-result-label = Ergebnis an { -board } { $board }
tournament-director-handicap-label = { -handicap } an { -board } { $board }
tournament-director-save = Speichern
tournament-director-save-failed = Das Ergebnis kann nicht gespeichert werden: { $error }
tournament-director-no-result = Wählen Sie zuerst ein Ergebnis.

## Die Paarungen einer Runde zum Drucken

tournament-print-page-title = { $name } · { -round } { $number }
tournament-print-missing = Für { -round } { $number } gibt es noch keine Paarungen (gepaarte Runden: { $paired }).
tournament-print-bye = Freilos

## Hinweise auf laufende eigene Partien (auf jeder Seite)

tournament-opponent-engine = die Engine
tournament-opponent-guest = einen Gast
tournament-crosstable-number = Nr.
tournament-crosstable-place = Platz
tournament-crosstable-name = Name
tournament-crosstable-rating = Wertung
tournament-crosstable-round = R{ $round }
tournament-crosstable-points = Punkte
