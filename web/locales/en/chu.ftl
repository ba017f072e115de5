# Chu shogi (中将棋) against the engine, on its own screen (#chu, chu.ts). "Chu shogi" is the
# variant's name; the Japanese words after the English ones are shown as they are in every
# language.

chu-title = Chu shogi 中将棋 against the engine
# The board's name for screen readers.
chu-board-label = Chu shogi board
chu-resign = Resign 投了
chu-take-back = Take back 待った
chu-download-kif = Download KIF 棋譜
# Under the board: how to enter a move, a lion's double move included.
chu-hint = Click a { -piece }, then where it goes. A lion (獅) or a { -piece } with its power moves twice: click the square it passes, then where it goes on, or the same square again to stop there.
# The confirmation asked before resigning (its button is chu-resign).
chu-resign-question = Resign this game?

## The line under the board (the status)

chu-engine-thinking = The engine is thinking…
# The engine's move, while the player waits.
chu-waiting = Waiting…
# $side: the player's side, `sente` (shown ☗) or `gote` (☖).
chu-your-move = Your move ({ $side ->
        [sente] ☗
       *[gote] ☖
    }).
# As chu-your-move, when a royal piece of the player is attacked.
chu-your-move-check = Your move ({ $side ->
        [sente] ☗
       *[gote] ☖
    }): your { -king } is attacked.
# $error: why the page could not start (the server's refusal, in words of the page).
chu-cannot-start = Cannot start: { $error }
# $error: why the engine did not answer (the server's refusal, in words of the page).
chu-engine-failed = The engine could not move: { $error }

## The end of the game. $reason is the rule that ended it, a key of the server:
## royal-captured, bare-king, bare-royals, no-moves, sennichite, perpetual-check,
## illegal-move, resignation (others fall to the last variant).

chu-over-sente-wins = Game over: { -sente } ☗ wins by { $reason ->
        [royal-captured] the last royal piece taken
        [bare-king] a bare king
        [bare-royals] only the two royals left
        [no-moves] no legal move
        [sennichite] fourfold repetition (千日手)
        [perpetual-check] perpetual attack
        [illegal-move] an { -illegal-move }
        [resignation] resignation
        [time-forfeit] time forfeit
        [max-moves] the move limit
       *[other] the rules
    }.
chu-over-gote-wins = Game over: { -gote } ☖ wins by { $reason ->
        [royal-captured] the last royal piece taken
        [bare-king] a bare king
        [bare-royals] only the two royals left
        [no-moves] no legal move
        [sennichite] fourfold repetition (千日手)
        [perpetual-check] perpetual attack
        [illegal-move] an { -illegal-move }
        [resignation] resignation
        [time-forfeit] time forfeit
        [max-moves] the move limit
       *[other] the rules
    }.
chu-over-draw = Game over: a { -draw } by { $reason ->
        [royal-captured] the last royal piece taken
        [bare-king] a bare king
        [bare-royals] only the two royals left
        [no-moves] no legal move
        [sennichite] fourfold repetition (千日手)
        [perpetual-check] perpetual attack
        [illegal-move] an { -illegal-move }
        [resignation] resignation
        [time-forfeit] time forfeit
        [max-moves] the move limit
       *[other] the rules
    }.
