# The review screens: a record imported and replayed on the analysis board (#review), its
# notes and variations, the engine's lines, the review of every position (kansōsen analysis),
# and the review room of a finished game (#room). Record formats' names (KIF, KI2, CSA, JKF,
# USI, SFEN) stay as they are.

## Importing a record (#review)

review-import-title = Import a record 棋譜を読み込む
review-open-file = Open a file…
review-record-placeholder = Paste a KIF, KI2, CSA, JKF, USI or SFEN record here, or a move list (1. P-7f P-3d 2. P-2f …)
# The label of the list of record formats.
review-format-label = Format
# The first choice of the format list: the server recognizes the format.
review-format-detect = Format: detect
# A record that is only a list of moves in western notation (1. P-7f P-3d …).
review-format-moves = Move list
# The label of the list of variants.
review-variant-label = Variant
# The first choice of the variant list: the server recognizes the variant.
review-variant-detect = Variant: detect
review-read = Read the record
review-file-unreadable = Cannot read the file.
review-paste-first = Paste a record or choose a file first.
# $error: why the server could not read it (its own words).
review-read-failed = Cannot read the record: { $error }
# The title of an imported record that names neither its players nor its event.
review-imported-title = Imported record
# The title of a stored game on the analysis board; $id: the game's id.
review-title-game = Game { $id }
# $id: the game's id; $result: how it ended (a sentence of the page).
review-title-game-result = Game { $id } · { $result }
# $id: the game's id; $error: why it could not be loaded.
review-game-failed = Cannot load game { $id }: { $error }

## What reading or exporting a record could not keep (a list under the board, and toasts)

review-warnings-title = ⚠ Notes on this record
# Heads the notes made while the record was read.
review-warnings-reading = Reading:
# Heads the notes of an export; $format: the record format (KIF, CSA...).
review-warnings-export = { $format } export:
# One note; $message: the server's own text.
review-warning = { $message }
# One note about a line of the record's text; $line: its number; $message: the server's text.
review-warning-line = Line { $line }: { $message }
# A toast after an export; $format: the record format; $warnings: its notes, one after another.
review-export-warnings = { $format } export: { $warnings }
# $error: why the export failed.
review-export-failed = Export: { $error }
# A move played on the board that could not be added; $move: the move (USI, e.g. 7g7f).
review-play-failed = Cannot play { $move }: { $error }

## Buttons beside the board

review-flip = ⇅ Flip
review-settings = ⚙ Settings

## The review of every position (棋譜解析)

review-panel-label = Review
review-heading = 棋譜解析 Review
# The plot's label for screen readers.
review-plot-label = { -sente }'s winning chances by move
# The plot's tooltip.
review-plot-title = { -sente }'s winning chances by move (click to go to a move)
# The label of the list of thinking times.
review-time-label = Time per position
# One choice of the thinking time; $seconds: 0.1, 0.3, 1 or 3.
review-time-option = { $seconds } s / position
review-analyse = Analyse
review-prev-mistake = ◀ Previous mistake
review-next-mistake = Next mistake ▶
review-idle = Let the engine look at every position of the game.
review-starting = Starting the analysis…
# $error: why the server refused the review.
review-start-failed = Review: { $error }
# $error: why the progress could not be fetched; the page tries again.
review-poll-failed = Review: { $error }; trying again…
# $error: the server's text.
review-failed = The analysis failed: { $error }
review-done =
    { $count ->
        [one] Analysed { $count } position.
       *[other] Analysed { $count } positions.
    }
# $done: positions analysed so far; $total: all of them.
review-progress =
    Analysing… { $done } / { $total ->
        [one] { $total } position
       *[other] { $total } positions
    }
# The marks of a move that lost chances, with their usual symbols.
review-mark-dubious = dubious ?!
review-mark-mistake = mistake ?
review-mark-blunder = blunder ??
# The tooltip of a marked move on the plot; $ply: its number; $move: the move; $mark: its mark.
review-plot-dot =
    { $ply }. { $move } { $mark ->
        [dubious] dubious
        [mistake] mistake
       *[blunder] blunder
    }
# The position shown; $ply: the move's number.
review-info-move = Move { $ply }
# $percent: Sente's winning chances; $score: the engine's score (+120, −35, or "☗ mates in 5").
review-info-chances = { -sente } { $percent }%  ({ $score })
# $move: the move played; $mark: its mark.
review-info-mark =
    { $move }: { $mark ->
        [dubious] dubious ?!
        [mistake] mistake ?
       *[blunder] blunder ??
    }
# $move: the move played; $mark: its mark; $loss: the winning chances it lost, in percent.
review-info-mark-loss =
    { $move }: { $mark ->
        [dubious] dubious ?!
        [mistake] mistake ?
       *[blunder] blunder ??
    } (−{ $loss }%)
# $move: the engine's move instead of the one played.
review-better = Better: { $move }
# $moves: the engine's line of moves that follows.
review-pv = Line: { $moves }
# $move: the engine's best move in the position shown.
review-best-now = Best now: { $move }
# A score: the side mates in $moves moves (☗ Sente, ☖ Gote).
review-score-mate-sente = ☗ mates in { $moves }
review-score-mate-gote = ☖ mates in { $moves }

## The engine's lines (検討)

review-engine-label = Engine
review-engine-heading = 検討 Engine
review-engine-off = Engine: off
review-engine-on = Engine: on
# The label of the list of how many lines the engine shows.
review-engine-lines-label = Lines
review-engine-lines-option =
    { $count ->
        [one] { $count } line
       *[other] { $count } lines
    }
# The label of the list of search depths.
review-engine-depth-label = Depth
review-engine-depth-option = depth { $depth }
# The bar of Sente's winning chances: its label for screen readers, and its tooltip.
review-engine-chances = { -sente }'s chances
review-engine-bar = { -sente } { $percent }%
# In a review room, to a spectator: why the engine switch is off for him.
review-engine-players-turn = The players turn the engine on
review-engine-searching = Searching…
# $error: the server's text.
review-engine-busy = The engine is busy: { $error }
review-engine-busy-waiting = The engine is busy: { $error }; waiting…
review-engine-failed = No lines: { $error }
review-engine-mated = No move: the side to move is mated.
# $depth: the depth searched.
review-engine-depth = Depth { $depth }
# The lines came from an earlier search of the same position.
review-engine-depth-kept = Depth { $depth } (kept)

## The notes of the move shown: comments and variations (注釈)

review-notes-label = Comments and variations
review-notes-heading = 注釈 Notes
review-notes-main-line = ↩ Main line
# The record's header entries not shown elsewhere; $count: how many.
review-notes-header = 棋譜情報 Header ({ $count })
# Shown instead of a move at the start of the record.
review-notes-start = 開始局面 Start
review-notes-no-comment-start = No comment on the start.
review-notes-no-comment = No comment on this move.
review-notes-write = ✎ Write a comment
review-notes-placeholder = Write a comment on this move…
review-notes-editor-label = Comment on the move shown
review-notes-promote = ★ Make this the main line
review-notes-delete = ✕ Delete this move and what follows
# Tooltips of the ▲ and ▼ buttons.
review-notes-up = Move this move one place up among the variations
review-notes-down = Move this move one place down among the variations
# Heads the variations of move number $ply.
review-notes-variations = 変化 Move { $ply }:
# Marks the main line's move among the variations (本譜: the game's own move).
review-notes-main-mark = 本譜
review-notes-hint = Click a move to follow its line; ↑ ↓ switch the variation of the move shown.

## The review room of a finished game (感想戦, #room)

room-opening = Opening the room…
room-reconnecting = Reconnecting…
room-not-connected = Not connected to the room; trying again…
# The room's title; $players: the players' names.
room-status = 感想戦 · { $players }
# Who is in the room and who moves its board: $count: everyone in it; $watchers: the
# spectators among them; $holder: the spectator the players handed the board to. The
# "-mover" messages are shown to a reader who may move the board.
room-people = { $count } in the room ({ $watchers } watching). The board: the players.
room-people-mover = { $count } in the room ({ $watchers } watching). The board: the players. You may move it.
room-people-holder = { $count } in the room ({ $watchers } watching). The board: the players and { $holder }.
room-people-holder-mover = { $count } in the room ({ $watchers } watching). The board: the players and { $holder }. You may move it.
# Before the list of spectators a player may hand the board to.
room-hand-label = A spectator moves it:
room-hand-to = Hand the board to
room-hand = Hand the board
room-take-back = Take the board back
# A link back to the game's page.
room-back-to-game = The game
