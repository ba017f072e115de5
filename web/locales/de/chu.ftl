# Chu-Shogi (中将棋) gegen die Engine, auf einem eigenen Bildschirm (#chu, chu.ts).

chu-title = Chu-{ -shogi } 中将棋 gegen die Engine
chu-board-label = Chu-{ -shogi }-{ -board }
chu-resign = Aufgeben 投了
chu-take-back = Zurücknehmen 待った
chu-download-kif = KIF herunterladen 棋譜
chu-hint = Klicken Sie auf einen { -piece } und dann auf sein Zielfeld. Ein Löwe (獅) oder ein { -piece } mit Löwenkraft zieht zweimal: Klicken Sie auf das Feld, über das er zieht, dann auf das Feld, auf das er weiterzieht – oder noch einmal auf dasselbe Feld, um dort stehen zu bleiben.
chu-resign-question = Diese Partie aufgeben?

## Die Zeile unter dem Brett

chu-engine-thinking = Die Engine denkt nach…
chu-waiting = Warten…
chu-your-move = Ihr { -move } ({ $side ->
        [sente] ☗
       *[gote] ☖
    }).
chu-your-move-check = Ihr { -move } ({ $side ->
        [sente] ☗
       *[gote] ☖
    }): Ihr { -king } wird angegriffen.
chu-cannot-start = Start nicht möglich: { $error }
chu-engine-failed = Die Engine konnte nicht ziehen: { $error }

## Das Ende der Partie. $reason ist die Regel, die sie beendet hat (nach „gewinnt –“, im Nominativ).

chu-over-sente-wins = Partie beendet: { -sente } ☗ gewinnt – { $reason ->
        [royal-captured] letzter königlicher { -piece } geschlagen
        [bare-king] nackter { -king }
        [bare-royals] nur noch die beiden königlichen Steine übrig
        [no-moves] kein legaler { -move } mehr
        [sennichite] { -sennichite } (vierfache Wiederholung, 千日手)
        [perpetual-check] Dauerangriff
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] { -move }limit erreicht
       *[other] nach den Regeln
    }.
chu-over-gote-wins = Partie beendet: { -gote } ☖ gewinnt – { $reason ->
        [royal-captured] letzter königlicher { -piece } geschlagen
        [bare-king] nackter { -king }
        [bare-royals] nur noch die beiden königlichen Steine übrig
        [no-moves] kein legaler { -move } mehr
        [sennichite] { -sennichite } (vierfache Wiederholung, 千日手)
        [perpetual-check] Dauerangriff
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] { -move }limit erreicht
       *[other] nach den Regeln
    }.
chu-over-draw = Partie beendet: { -draw } – { $reason ->
        [royal-captured] letzter königlicher { -piece } geschlagen
        [bare-king] nackter { -king }
        [bare-royals] nur noch die beiden königlichen Steine übrig
        [no-moves] kein legaler { -move } mehr
        [sennichite] { -sennichite } (vierfache Wiederholung, 千日手)
        [perpetual-check] Dauerangriff
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] { -move }limit erreicht
       *[other] nach den Regeln
    }.
