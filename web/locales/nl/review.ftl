# De analyseschermen: een geïmporteerde partijnotatie op het analysebord (#review), haar
# commentaar en varianten, de varianten van de engine, de analyse van elke stelling, en de
# kamer voor het nabespreken van een afgelopen partij (#room). Formaatnamen (KIF, KI2, CSA,
# JKF, USI, SFEN) blijven zoals ze zijn.

## Een partijnotatie importeren (#review)

review-import-title = Een { -kifu } importeren 棋譜を読み込む
review-open-file = Bestand openen…
review-record-placeholder = Plak hier een KIF-, KI2-, CSA-, JKF-, USI- of SFEN-notatie, of een zettenlijst (1. P-7f P-3d 2. P-2f …)
review-format-label = Formaat
review-format-detect = Formaat: automatisch herkennen
review-format-moves = Zettenlijst
review-variant-label = Variant
review-variant-detect = Variant: automatisch herkennen
review-read = De { -kifu } inlezen
review-file-unreadable = Het bestand kan niet worden gelezen.
review-paste-first = Plak eerst een { -kifu } of kies een bestand.
review-read-failed = De { -kifu } kan niet worden gelezen: { $error }
review-imported-title = Geïmporteerde { -kifu }
review-title-game = Partij { $id }
review-title-game-result = Partij { $id } · { $result }
review-game-failed = Partij { $id } kan niet worden geladen: { $error }

## Wat bij het inlezen of exporteren niet bewaard kon worden

review-warnings-title = ⚠ Opmerkingen bij deze { -kifu }
review-warnings-reading = Inlezen:
review-warnings-export = { $format }-export:
review-warning = { $message }
review-warning-line = Regel { $line }: { $message }
review-export-warnings = { $format }-export: { $warnings }
review-export-failed = Export: { $error }
review-play-failed = { $move } kan niet worden gespeeld: { $error }

## Knoppen naast het bord

review-flip = ⇅ Omdraaien
review-settings = ⚙ Instellingen

## De analyse van elke stelling (棋譜解析)

review-panel-label = Analyse
review-heading = 棋譜解析 Analyse
review-plot-label = Winstkansen van { -sente } per { -move }
review-plot-title = Winstkansen van { -sente } per { -move } (klik om naar een { -move } te gaan)
review-time-label = Tijd per { -position }
review-time-option = { $seconds } s / { -position }
review-analyse = Analyseren
review-prev-mistake = ◀ Vorige fout
review-next-mistake = Volgende fout ▶
review-idle = Laat de engine elke { -position } van de partij bekijken.
review-starting = De analyse wordt gestart…
review-start-failed = Analyse: { $error }
review-poll-failed = Analyse: { $error }; opnieuw proberen…
review-failed = De analyse is mislukt: { $error }
review-done =
    { $count ->
        [one] { $count } { -position } geanalyseerd.
       *[other] { $count } stellingen geanalyseerd.
    }
review-progress =
    Analyseren… { $done } / { $total ->
        [one] { $total } { -position }
       *[other] { $total } stellingen
    }
review-mark-dubious = dubieus ?!
review-mark-mistake = fout ?
review-mark-blunder = blunder ??
review-plot-dot =
    { $ply }. { $move } { $mark ->
        [dubious] dubieus
        [mistake] fout
       *[blunder] blunder
    }
review-info-move = Zet { $ply }
review-info-chances = { -sente } { $percent }%  ({ $score })
review-info-mark =
    { $move }: { $mark ->
        [dubious] dubieus ?!
        [mistake] fout ?
       *[blunder] blunder ??
    }
review-info-mark-loss =
    { $move }: { $mark ->
        [dubious] dubieus ?!
        [mistake] fout ?
       *[blunder] blunder ??
    } (−{ $loss }%)
review-better = Beter: { $move }
review-pv = Variant: { $moves }
review-best-now = Beste { -move } nu: { $move }
review-score-mate-sente = ☗ geeft { -checkmate } in { $moves }
review-score-mate-gote = ☖ geeft { -checkmate } in { $moves }

## De varianten van de engine (検討)

review-engine-label = Engine
review-engine-heading = 検討 Engine
review-engine-off = Engine: uit
review-engine-on = Engine: aan
review-engine-lines-label = Varianten
review-engine-lines-option =
    { $count ->
        [one] { $count } variant
       *[other] { $count } varianten
    }
review-engine-depth-label = Diepte
review-engine-depth-option = diepte { $depth }
review-engine-chances = Kansen van { -sente }
review-engine-bar = { -sente } { $percent }%
review-engine-players-turn = De spelers zetten de engine aan
review-engine-searching = Zoeken…
review-engine-busy = De engine is bezig: { $error }
review-engine-busy-waiting = De engine is bezig: { $error }; wachten…
review-engine-failed = Geen varianten: { $error }
review-engine-mated = Geen { -move }: de kant die aan zet is, staat { -checkmate }.
review-engine-depth = Diepte { $depth }
review-engine-depth-kept = Diepte { $depth } (bewaard)

## Commentaar en varianten bij de getoonde zet (注釈)

review-notes-label = Commentaar en varianten
review-notes-heading = 注釈 Aantekeningen
review-notes-main-line = ↩ Hoofdvariant
review-notes-header = 棋譜情報 Partijgegevens ({ $count })
review-notes-start = 開始局面 Begin
review-notes-no-comment-start = Geen commentaar bij het begin.
review-notes-no-comment = Geen commentaar bij deze { -move }.
review-notes-write = ✎ Commentaar schrijven
review-notes-placeholder = Schrijf commentaar bij deze { -move }…
review-notes-editor-label = Commentaar bij de getoonde { -move }
review-notes-promote = ★ Tot hoofdvariant maken
review-notes-delete = ✕ Deze { -move } en het vervolg verwijderen
review-notes-up = Deze { -move } één plaats omhoog tussen de varianten
review-notes-down = Deze { -move } één plaats omlaag tussen de varianten
review-notes-variations = 変化 Zet { $ply }:
review-notes-main-mark = 本譜
review-notes-hint = Klik op een { -move } om zijn variant te volgen; ↑ ↓ wisselen de variant van de getoonde { -move }.

## De kamer voor het nabespreken van een afgelopen partij (感想戦, #room)

room-opening = De kamer wordt geopend…
room-reconnecting = Opnieuw verbinden…
room-not-connected = Niet verbonden met de kamer; opnieuw proberen…
room-status = 感想戦 · { $players }
room-people = { $count } in de kamer ({ $watchers } { $watchers ->
        [one] kijkt
       *[other] kijken
    } mee). Aan het { -board }: de spelers.
room-people-mover = { $count } in de kamer ({ $watchers } { $watchers ->
        [one] kijkt
       *[other] kijken
    } mee). Aan het { -board }: de spelers. Jij mag erop spelen.
room-people-holder = { $count } in de kamer ({ $watchers } { $watchers ->
        [one] kijkt
       *[other] kijken
    } mee). Aan het { -board }: de spelers en { $holder }.
room-people-holder-mover = { $count } in de kamer ({ $watchers } { $watchers ->
        [one] kijkt
       *[other] kijken
    } mee). Aan het { -board }: de spelers en { $holder }. Jij mag erop spelen.
room-hand-label = Een toeschouwer aan het { -board }:
room-hand-to = Het { -board } overdragen aan
room-hand = Het { -board } overdragen
room-take-back = Het { -board } terugnemen
room-back-to-game = De partij
