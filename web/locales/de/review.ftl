# Die Analysebildschirme: ein importiertes Kifu auf dem Analysebrett (#review), seine
# Kommentare und Varianten, die Varianten der Engine, die Computeranalyse jeder Stellung und
# der Raum der Partieanalyse einer beendeten Partie (#room).

## Ein Kifu importieren (#review)

review-import-title = { -kifu } importieren 棋譜を読み込む
review-open-file = Datei öffnen…
review-record-placeholder = Fügen Sie hier ein KIF-, KI2-, CSA-, JKF-, USI- oder SFEN-{ -kifu } ein oder eine Zugliste (1. P-7f P-3d 2. P-2f …)
review-format-label = Format
review-format-detect = Format: automatisch erkennen
review-format-moves = Zugliste
review-variant-label = Variante
review-variant-detect = Variante: automatisch erkennen
review-read = { -kifu } einlesen
review-file-unreadable = Die Datei kann nicht gelesen werden.
review-paste-first = Fügen Sie zuerst ein { -kifu } ein oder wählen Sie eine Datei.
review-read-failed = Das { -kifu } kann nicht gelesen werden: { $error }
review-imported-title = Importiertes { -kifu }
review-title-game = Partie { $id }
review-title-game-result = Partie { $id } · { $result }
review-game-failed = Partie { $id } kann nicht geladen werden: { $error }

## Was beim Einlesen oder Exportieren nicht erhalten blieb

review-warnings-title = ⚠ Hinweise zu diesem { -kifu }
review-warnings-reading = Einlesen:
review-warnings-export = { $format }-Export:
review-warning = { $message }
review-warning-line = Zeile { $line }: { $message }
review-export-warnings = { $format }-Export: { $warnings }
review-export-failed = Export: { $error }
review-play-failed = { $move } kann nicht gespielt werden: { $error }

## Schaltflächen neben dem Brett

review-flip = ⇅ { -board } drehen
review-settings = ⚙ Einstellungen

## Die Computeranalyse jeder Stellung (棋譜解析)

review-panel-label = Computeranalyse
review-heading = 棋譜解析 Computeranalyse
review-plot-label = { -sente(case: "gen") } Gewinnchancen pro { -move }
review-plot-title = { -sente(case: "gen") } Gewinnchancen pro { -move } (klicken, um zu einem { -move } zu gehen)
review-time-label = Zeit pro { -position }
review-time-option = { $seconds } s / { -position }
review-analyse = Analysieren
review-prev-mistake = ◀ Vorheriger Fehler
review-next-mistake = Nächster Fehler ▶
review-idle = Lassen Sie die Engine jede { -position } der Partie prüfen.
review-starting = Analyse wird gestartet…
review-start-failed = Analyse: { $error }
review-poll-failed = Analyse: { $error }; neuer Versuch…
review-failed = Die Analyse ist fehlgeschlagen: { $error }
review-done =
    { $count ->
        [one] { $count } { -position } analysiert.
       *[other] { $count } Stellungen analysiert.
    }
review-progress =
    Analyse läuft… { $done } / { $total ->
        [one] { $total } { -position }
       *[other] { $total } Stellungen
    }
review-mark-dubious = zweifelhaft ?!
review-mark-mistake = Fehler ?
review-mark-blunder = Patzer ??
review-plot-dot =
    { $ply }. { $move } { $mark ->
        [dubious] zweifelhaft
        [mistake] Fehler
       *[blunder] Patzer
    }
review-info-move = { -move } { $ply }
review-info-chances = { -sente } { $percent } %  ({ $score })
review-info-mark =
    { $move }: { $mark ->
        [dubious] zweifelhaft ?!
        [mistake] Fehler ?
       *[blunder] Patzer ??
    }
review-info-mark-loss =
    { $move }: { $mark ->
        [dubious] zweifelhaft ?!
        [mistake] Fehler ?
       *[blunder] Patzer ??
    } (−{ $loss } %)
review-better = Besser: { $move }
review-pv = Variante: { $moves }
review-best-now = Jetzt am besten: { $move }
review-score-mate-sente = ☗ { -checkmate } in { $moves }
review-score-mate-gote = ☖ { -checkmate } in { $moves }

## Die Varianten der Engine (検討)

review-engine-label = Engine
review-engine-heading = 検討 Engine
review-engine-off = Engine: aus
review-engine-on = Engine: an
review-engine-lines-label = Varianten
review-engine-lines-option =
    { $count ->
        [one] { $count } Variante
       *[other] { $count } Varianten
    }
review-engine-depth-label = Tiefe
review-engine-depth-option = Tiefe { $depth }
review-engine-chances = { -sente(case: "gen") } Chancen
review-engine-bar = { -sente } { $percent } %
review-engine-players-turn = Die Spieler schalten die Engine ein
review-engine-searching = Suche läuft…
review-engine-busy = Die Engine ist beschäftigt: { $error }
review-engine-busy-waiting = Die Engine ist beschäftigt: { $error }; warten…
review-engine-failed = Keine Varianten: { $error }
review-engine-mated = Kein { -move }: Die Seite am Zug ist matt gesetzt.
review-engine-depth = Tiefe { $depth }
review-engine-depth-kept = Tiefe { $depth } (übernommen)

## Die Anmerkungen zum gezeigten Zug: Kommentare und Varianten (注釈)

review-notes-label = Kommentare und Varianten
review-notes-heading = 注釈 Anmerkungen
review-notes-main-line = ↩ Hauptvariante
review-notes-header = 棋譜情報 Kopfdaten ({ $count })
review-notes-start = 開始局面 Anfang
review-notes-no-comment-start = Kein Kommentar zum Anfang.
review-notes-no-comment = Kein Kommentar zu diesem { -move }.
review-notes-write = ✎ Kommentar schreiben
review-notes-placeholder = Kommentar zu diesem { -move } schreiben…
review-notes-editor-label = Kommentar zum gezeigten { -move }
review-notes-promote = ★ Zur Hauptvariante machen
review-notes-delete = ✕ Diesen { -move } und alle folgenden löschen
review-notes-up = Diesen { -move } unter den Varianten eine Stelle nach oben schieben
review-notes-down = Diesen { -move } unter den Varianten eine Stelle nach unten schieben
review-notes-variations = 変化 { -move } { $ply }:
review-notes-main-mark = 本譜
review-notes-hint = Klicken Sie auf einen { -move }, um seiner Variante zu folgen; ↑ ↓ wechseln die Variante des gezeigten { -move(case: "gen") }.

## Der Raum der Partieanalyse einer beendeten Partie (感想戦, #room)

room-opening = Raum wird geöffnet…
room-reconnecting = Verbindung wird wiederhergestellt…
room-not-connected = Nicht mit dem Raum verbunden; neuer Versuch…
room-status = 感想戦 · { $players }
room-people = { $count } im Raum ({ $watchers } Zuschauer). Am { -board }: die Spieler.
room-people-mover = { $count } im Raum ({ $watchers } Zuschauer). Am { -board }: die Spieler. Sie dürfen ziehen.
room-people-holder = { $count } im Raum ({ $watchers } Zuschauer). Am { -board }: die Spieler und { $holder }.
room-people-holder-mover = { $count } im Raum ({ $watchers } Zuschauer). Am { -board }: die Spieler und { $holder }. Sie dürfen ziehen.
room-hand-label = Ein Zuschauer zieht:
room-hand-to = { -board } übergeben an
room-hand = { -board } übergeben
room-take-back = { -board } zurücknehmen
room-back-to-game = Zur Partie
