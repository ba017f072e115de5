# Chu shogi (中将棋) tegen de engine, op een eigen scherm (#chu, chu.ts). "Chu shogi" is de naam
# van de variant; de Japanse woorden blijven in elke taal staan.

chu-title = Chu shogi 中将棋 tegen de engine
chu-board-label = Chu-shogibord
chu-resign = Opgeven 投了
chu-take-back = Terugnemen 待った
chu-download-kif = KIF downloaden 棋譜
chu-hint = Klik op een { -piece } en dan op het veld waar het heen gaat. Een leeuw (獅) of een { -piece } met leeuwenkracht zet twee keer: klik op het veld waar het langs gaat en dan op waar het verder gaat, of nog eens op hetzelfde veld om daar te blijven staan.
chu-resign-question = Wil je deze partij { -resign }?

## De regel onder het bord (de status)

chu-engine-thinking = De engine denkt na…
chu-waiting = Wachten…
chu-your-move = Jij bent aan zet ({ $side ->
        [sente] ☗
       *[gote] ☖
    }).
chu-your-move-check = Jij bent aan zet ({ $side ->
        [sente] ☗
       *[gote] ☖
    }): je { -king } wordt aangevallen.
chu-cannot-start = Starten mislukt: { $error }
chu-engine-failed = De engine kon niet zetten: { $error }

## Het einde van de partij; $reason is de regel die haar beëindigde.

chu-over-sente-wins = Partij afgelopen: { -sente } ☗ wint door { $reason ->
        [royal-captured] het slaan van het laatste koninklijke { -piece }
        [bare-king] een kale { -king }
        [bare-royals] het overblijven van alleen de twee koninklijke stukken
        [no-moves] het ontbreken van een legale { -move }
        [sennichite] viervoudige herhaling (千日手)
        [perpetual-check] eeuwige aanval
        [illegal-move] een { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] het maximum aantal zetten
       *[other] de regels
    }.
chu-over-gote-wins = Partij afgelopen: { -gote } ☖ wint door { $reason ->
        [royal-captured] het slaan van het laatste koninklijke { -piece }
        [bare-king] een kale { -king }
        [bare-royals] het overblijven van alleen de twee koninklijke stukken
        [no-moves] het ontbreken van een legale { -move }
        [sennichite] viervoudige herhaling (千日手)
        [perpetual-check] eeuwige aanval
        [illegal-move] een { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] het maximum aantal zetten
       *[other] de regels
    }.
chu-over-draw = Partij afgelopen: { -draw } door { $reason ->
        [royal-captured] het slaan van het laatste koninklijke { -piece }
        [bare-king] een kale { -king }
        [bare-royals] het overblijven van alleen de twee koninklijke stukken
        [no-moves] het ontbreken van een legale { -move }
        [sennichite] viervoudige herhaling (千日手)
        [perpetual-check] eeuwige aanval
        [illegal-move] een { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] het maximum aantal zetten
       *[other] de regels
    }.
