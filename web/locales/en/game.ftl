# The game screen: the board and its bars, the clocks, the record, the chat, offers and
# endings; and the pieces' names wherever the page writes them.
# $mark is ☗ (Sente) or ☖ (Gote); a $side, $winner, $loser, $by, $seat, $color or $bottom
# variable is the side's code, `sente` or `gote`, to select on.

## The sides and the pieces

game-color-sente = { -sente }
game-color-gote = { -gote }

# A piece's name (hover texts, the hands' labels, the promotion dialog, the legend).
# $role: the piece of standard shogi it is; `other` for the pieces of other variants (Chu,
# Tori, Dōbutsu...), whose $name is then the rules' English name (the server's data).
game-piece = { $role ->
    [king] { -king }
    [rook] { -rook }
    [dragon] { -dragon }
    [bishop] { -bishop }
    [horse] { -horse }
    [gold] { -gold }
    [silver] { -silver }
    [promoted-silver] { -promoted-silver }
    [knight] { -knight }
    [promoted-knight] { -promoted-knight }
    [lance] { -lance }
    [promoted-lance] { -promoted-lance }
    [pawn] { -pawn }
    [tokin] { -tokin }
   *[other] { $name }
}

# A square's hover text: the piece's name ($piece, from game-piece) and its kanji (`pawn 歩`).
game-piece-title = { $piece } { $kanji }

## The board

# The board's label for screen readers.
game-board-label = Shogi board
# The board's label when none was given.
game-board-default-label = Board
# The board's title (SVG): $variant is the variant's name (variant-KEY: `Minishogi (5五将棋)`).
game-board-title = { $variant } { -board }, { $bottom ->
        [sente] { -sente }
       *[gote] { -gote }
    } at the bottom
# The board's label while the keyboard's cursor is on a square: $board is the board's label
# (game-board-label), $square the square (`7f`), $piece the piece's name (game-piece).
game-board-cursor-piece = { $board }: { $square }, { $color ->
        [sente] { -sente }
       *[gote] { -gote }
    } { $piece }
game-board-cursor-empty = { $board }: { $square }, empty

# A piece in hand's label for screen readers: $piece its name (game-piece), $count how many.
game-hand-piece = { $color ->
        [sente] { -sente }
       *[gote] { -gote }
    }'s { $piece } in hand, { $count }
# Shown in a hand without pieces ("none").
game-hand-empty = なし

# A player's bar: the side alone (`☗ Sente`)...
game-player-side = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }
# ...or before the player's name (`☗ Sente · Alice 1500?`); keep the space at the end.
game-player-side-of = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } ·{ " " }
# Who plays a side, in its bar: the engine, with its search depth or its time per move in seconds.
game-engine-depth = Engine (depth { $depth })
game-engine-time = Engine ({ $seconds } s)
game-player-you = You
# A seat nobody has taken yet.
game-player-waiting = waiting…

## The promotion dialog and the dialog of Kyoto's drops

game-promote-dialog = Promote?
game-promote-question = Promote? 成りますか？
game-promote-yes = Promote 成
game-promote-no = Keep 不成
# The buttons' labels for screen readers: $piece is the piece's name after the choice (game-piece).
game-promote-yes-label = Promote 成: { $piece }
game-promote-no-label = Keep 不成: { $piece }
game-face-dialog = Which face?
game-face-question = Drop which face? どちらの面で打ちますか？
# $piece: the face's name (game-piece).
game-face-label = Drop as { $piece }

## The pieces' legend

game-legend = Pieces 駒
# $piece: the piece's name (game-piece); $reading: its Japanese reading (`ふ`).
game-legend-name = { $piece } · { $reading }
# What the piece promotes to: its kanji and name (game-piece).
game-legend-promotes = → { $kanji } { $piece }

## The clocks

# Durations added to a clock: $seconds, $minutes are numbers (`10s`, `1m`, `1m30s`).
game-clock-seconds = { $seconds }s
game-clock-minutes = { $minutes }m
game-clock-minutes-seconds = { $minutes }m{ $seconds }s
game-clock-days = { $days }d
game-clock-days-hours = { $days }d { $hours }h
# Beside the main time: the byoyomi period ($period, a duration above) and how many periods are left.
game-clock-period = +{ $period }
game-clock-periods = +{ $period } ×{ $periods }
# The Fischer increment, a duration above.
game-clock-increment = +{ $increment }
# The clock in byoyomi (the main time spent), with the periods left.
game-clock-byoyomi = 秒読み
game-clock-byoyomi-periods = 秒読み ×{ $periods }

## The status line and the endings

game-loading = Loading…
game-connection-title = Live updates
game-connection-live = ● live
game-connection-down = ○ reconnecting…
# $id: the game's id.
game-not-found = There is no game { $id }.
# $error: why (the server's refusal, worded by errors.ftl).
game-load-failed = Cannot load the game: { $error }
game-status-waiting-opponent = Waiting for the other player to join…
game-status-waiting-players = Waiting for the players…
# Whose turn it is; the -check messages when that side's king is in check.
game-status-to-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } to move
game-status-to-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } to move · 王手 { -check }!
# The reader's own turn.
game-status-your-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } to move: your move
game-status-your-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } to move: your move · 王手 { -check }!
# The engine's turn.
game-status-engine = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } to move: the engine is thinking…
game-status-engine-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } to move: the engine is thinking… · 王手 { -check }!
# The status line once the game is over: the ending, as the game-ending-* messages word it.
game-status-over = Game over: { $kind ->
        [aborted-invitation] { game-ending-aborted-invitation }
        [aborted-no-move] { game-ending-aborted-no-move }
        [draw] { game-ending-draw }
        [resigned] { game-ending-resigned }
        [time-out] { game-ending-time-out }
       *[win] { game-ending-win }
    }

# How a game ended (the status line, the record, the lists of games, the replay). The words
# for the reason, after "wins by" and "Draw by": $reason is the server's code of it.
game-reason = { $reason ->
        [checkmate] { -checkmate } (詰み)
        [no-moves] no legal { -move }
        [resignation] resignation (投了)
        [illegal-move] an { -illegal-move } (反則)
        [time-forfeit] time (時間切れ)
        [sennichite] sennichite (千日手)
        [perpetual-check] { -perpetual-check } (連続王手の千日手)
        [repetition] repetition
        [declaration] entering-king declaration (入玉宣言)
        [failed-declaration] a failed declaration
        [impasse] impasse (持将棋)
        [try] try (トライ)
        [royal-captured] taking the lion (ライオンを取る)
        [max-moves] the { -move } limit
        [abandoned] abandonment
        [agreement] agreement
       *[other] { $reason }
    }
# A game nobody joined, or in which nobody made the first move, in time.
game-ending-aborted-invitation = Aborted: the invitation was not taken in time.
game-ending-aborted-no-move = Aborted: no first move in time.
# A draw, by the reason of game-reason ($reason).
game-ending-draw = Draw by { game-reason }.
# A win, by the reason of game-reason ($reason).
game-ending-win = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } wins by { game-reason }.
# A win by resignation, saying who resigned ($loser).
game-ending-resigned = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } wins by { game-reason }. { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } resigned.
# A win on time, saying whose time ran out ($loser).
game-ending-time-out = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } wins by { game-reason }. { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } ran out of time.

## The game's buttons

game-resign = 負けました Resign
game-resign-question = Resign this game? 負けました
game-resign-yes = Yes, { -resign }
game-declare = 入玉宣言 Declare
game-declare-question = Declare a win by entering king (入玉宣言)? A declaration that does not meet the conditions loses.
game-declare-yes = Declare
game-offer-draw = ½ Offer a { -draw }
game-ask-takeback = ↶ Takeback
game-flip = ⇅ Flip
game-settings = ⚙ Settings
game-review = Review this game 棋譜解析
game-analysis-board = Analysis board 検討
game-review-together = 感想戦 Review together
# The move box: examples of moves in each notation koma reads (keep them as they are).
game-move-placeholder = 7g7f · P-7f · ７六歩 · 7f
game-move-placeholder-usi = 7i7h · 7j7i6h (USI)
game-move-label = Type a move (USI, Western, Japanese or German)
game-move-play = Play
# A move refused: $move as typed or played (`7g7f`), $error why (errors.ftl).
game-move-failed = Move { $move }: { $error }
game-rated-note = Rated game: the result changes both players' ratings.

## Offers: a draw, a takeback, a rematch

# The opponent's offer: $by is the side that makes it.
game-offer-asks-draw = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } offers a { -draw }.
game-offer-asks-takeback = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } asks to take back a { -move }.
game-offer-asks-rematch = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } offers a rematch.
game-offer-accept-draw = Accept the { -draw }
game-offer-accept-takeback = Allow the takeback
game-offer-accept-rematch = Accept the rematch
game-offer-decline = Decline
# The reader's own offer, standing, with a button to withdraw it.
game-offer-own-draw = You offered a { -draw }.
game-offer-own-takeback = You asked for a takeback.
game-offer-own-rematch = You offered a rematch.
game-offer-cancel = Cancel
# The reader's offer that the opponent declined.
game-offer-declined-draw = Your { -draw } offer was declined.
game-offer-declined-takeback = Your takeback request was declined.
game-offer-declined-rematch = Your rematch offer was declined.
game-rematch = Rematch
game-rematch-offered = Rematch offered
# The rematch button after a draw, and after a win.
game-rematch-after-draw = Rematch with colours reversed
game-rematch-reversed = Rematch (colours reversed)
game-rematch-watch = Watch the rematch →
game-rematch-go = Go to the rematch →
# $error: why (errors.ftl).
game-rematch-failed = Rematch: { $error }

## The invitation and the furigoma

game-invite-send = Send this link to your opponent; the game starts when they open it:
game-invite-copy = Copy
game-invite-copied = Link copied.
game-invite-copy-by-hand = Select the link and copy it by hand.
game-furigoma = Furigoma 振り駒:
# Who the toss made the reader: $seat is the reader's side.
game-furigoma-first = You play { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } and move first.
game-furigoma-second = You play { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } and move second.

## The chat

game-chat-title-player = Chat with your opponent
game-chat-title-spectator = Spectators' chat
game-chat-title-review = 感想戦 Talk
game-chat-placeholder-player = Say something to your opponent
game-chat-placeholder-spectator = Talk with the other spectators
game-chat-placeholder-review = Talk about the game with everyone here
# The list of chat lines, for screen readers.
game-chat-lines = Chat
game-chat-message = Chat message
game-chat-send = Send
# A chat line refused: $error why (errors.ftl).
game-chat-failed = Chat: { $error }

## The record

game-record-label = Record
game-record-title = 棋譜 Record
game-record-moves = Moves
game-record-notation = Notation
# The notations' buttons: Japanese, Western, German (as the Germans name theirs).
game-notation-japanese = 日本
game-notation-western = Western
game-notation-german = Deutsch
# The first line of the record: the starting position.
game-record-start = 開始局面 Start
# The buttons stepping through the moves.
game-record-first = Start
game-record-previous = Previous { -move }
game-record-next = Next { -move }
game-record-last = Last { -move }
game-record-live = Back to live ▶▶
# Before the buttons of the record's formats (KIF, KI2, CSA, SFEN).
game-record-export = Export:
# The marks after a move in the record (as KIF writes them: * and +).
game-record-comment = A comment
game-record-variations = Variations
# What a format could not keep: $format its name (KIF), $warnings the server's words.
game-export-warnings = { $format } export: { $warnings }
# The switch of the analysis board and the kansōsen: drawing marks with the left button.
game-draw-marks = ✎ Draw arrows
game-draw-marks-title = Drag to draw an arrow, tap a square to circle it (the right button draws too)

## Notices

# The tab's title when the opponent moved while the page was hidden: $title is the page's title.
game-title-your-move = ● Your move · { $title }
# A game of the reader's has started (on every page): $opponent is the opponent's name;
# the Play button follows.
game-notice-started = Your game against { $opponent } has started —
game-notice-play = Play
game-notice-dismiss = Dismiss

# How a record's line ends, by its KIF word (the record list's last line in a review, a room, a study).
game-end-resign = { -resign } 投了
game-end-interrupt = interrupted 中断
game-end-sennichite = { -sennichite } 千日手
game-end-jishogi = { -jishogi } 持将棋
game-end-mate = { -checkmate } 詰み
game-end-no-mate = no mate 不詰
game-end-time-up = { -time-out } 切れ負け
game-end-illegal-win = won by an { -illegal-move } 反則勝ち
game-end-illegal-loss = lost by an { -illegal-move } 反則負け
game-end-declaration = { -declaration } 入玉勝ち
game-end-default-win = won by default 不戦勝
game-end-default-loss = lost by default 不戦敗
game-end-try = { -try-rule } トライ
game-end-sealed = sealed move 封じ手
# An ending the page does not know: its word as the record has it.
game-end-other = { $word }
# Shown in an empty chat.
game-chat-empty = No messages yet.
# The byoyomi count spoken aloud (the player's own clock): the seconds of the period gone,
# at its tens ("10 seconds", "20 seconds"), then its last ten counted as plain numbers (1 to 9).
game-byoyomi-seconds = { $seconds } seconds
game-byoyomi-count = { $count }
# The greeting buttons of a player (before the game, after it), and a greeting in the chat ($name: who greets).
game-greet-start = { -greeting-start }
game-greet-end = { -greeting-end }
game-greeting-line-start = { $name }: { -greeting-start }
game-greeting-line-end = { $name }: { -greeting-end }
game-setup-ohashi = Setting up the pieces: Ōhashi order (大橋流)
game-setup-ito = Setting up the pieces: Itō order (伊藤流)
