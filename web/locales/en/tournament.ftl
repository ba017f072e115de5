# Tournaments: the list and the create form (/tournaments), a tournament's page
# (/tournaments/{id}) with the director's controls, and the printable pairings of a round.
# Bilingual headings ("Standings 順位") keep their Japanese in every language.

## Shared

tournament-loading = Loading…
# The server's refusal, as errors.ftl words it: `$error`.
tournament-read-failed = Cannot read the tournament: { $error }
# A player the page does not know, by his number in the event.
tournament-player-unknown = #{ $number }
# In place of a player's name where there is none (an empty side of the bracket).
tournament-player-none = —

## Formats (the tournament systems)

tournament-format-swiss = Swiss
tournament-format-mcmahon = McMahon
# The format named by the term -knockout (capitalised here as a name).
tournament-format-knockout = Knockout
tournament-format-round-robin = Round robin
tournament-format-double-round-robin = Double round robin
# Lishogi's arena: players are paired as soon as they are free, until the time is up.
tournament-format-arena = Arena

## Tie-breaks

# Sum of the opponents' scores (Buchholz).
tournament-tiebreak-sos = SOS
# Sum of the opponents' SOS.
tournament-tiebreak-sosos = SOSOS
# Sum of the scores of the opponents one beat (Sonneborn-Berger).
tournament-tiebreak-sodos = SODOS
# SOS without the best and the worst opponent.
tournament-tiebreak-median-sos = Median SOS
# The games between the tied players.
tournament-tiebreak-direct = Direct encounter
# A tie-break this page does not know: `$key` is the server's name for it.
tournament-tiebreak-other = { $key }

## Results of a board (1-0: Sente wins; ff: by forfeit)

tournament-result-sente = 1-0
tournament-result-gote = 0-1
tournament-result-draw = ½-½
tournament-result-sente-forfeit-win = 1-0 ff
tournament-result-gote-forfeit-win = 0-1 ff
# Neither player came: the game is not played.
tournament-result-unplayed = unplayed

## The clock, written short: "45m + 30s byoyomi"

# Main time in whole minutes.
tournament-clock-minutes = { $minutes }m
# Main time in seconds.
tournament-clock-seconds = { $seconds }s
# Fischer increment, seconds added after each move.
tournament-clock-increment = { $seconds }s increment
tournament-clock-byoyomi = { $seconds }s { -byoyomi }
# `$periods` byoyomi periods (more than one) of `$seconds` each.
tournament-clock-byoyomi-periods = { $seconds }s × { $periods } { -byoyomi }
# Joins two parts of the clock: the main time, the increment, the byoyomi.
tournament-clock-join = { $first } + { $second }
tournament-clock-none = no { -clock }

## The list of tournaments (/tournaments)

tournament-list-title = Tournaments 大会
tournament-list-empty = No tournaments yet.
tournament-list-name = Name
tournament-list-format = Format
tournament-list-players = Players
tournament-list-status = Status
# The column of the date and time the tournament starts.
tournament-list-starts = Starts
tournament-list-status-entries = entries open
tournament-list-status-running = running
tournament-list-status-finished = finished
# The button that shows the next page of the list: older tournaments.
tournament-list-older = Older
tournament-list-failed = Cannot list the tournaments: { $error }
# Shown while the page asks whether the reader is logged in.
tournament-list-pending = …
tournament-unreachable = Cannot reach the server.
# `$login` and `$signup` are the links tournament-login-link and tournament-signup-link.
tournament-login-prompt = To direct a { -tournament }, { $login } or { $signup }.
tournament-login-link = log in
tournament-signup-link = sign up

## The form that creates a tournament

tournament-form-title = New { -tournament } 大会
tournament-form-name = Name
# An example of a tournament's name.
tournament-form-name-placeholder = Club championship 2026
tournament-form-format = Format
tournament-form-rounds = Rounds
tournament-form-online = Online
tournament-form-online-hint = Games on koma; unchecked: over the board, the director enters results.
tournament-form-main-time = Main time (min)
tournament-form-byoyomi = Byoyomi (s)
tournament-form-periods = Periods
tournament-form-increment = Increment (s)
tournament-form-increment-hint = Fischer, instead of { -byoyomi }: set the { -byoyomi } to 0.
tournament-form-rated = Rated
tournament-form-rated-hint = Online games only.
# How the players' colours are chosen.
tournament-form-colours = Colours
tournament-form-colours-furigoma = Furigoma 振り駒 (random each game)
tournament-form-colours-balanced = Balanced (alternate)
tournament-form-bye = Bye
tournament-form-bye-hint = What a bye scores.
tournament-form-bye-one = 1 point
tournament-form-bye-half = ½ point
tournament-form-tiebreaks = Tie-breaks, in order
# The choice of no tie-break in a tie-break's list.
tournament-form-tiebreak-none = —
tournament-form-bar = McMahon bar
tournament-form-bar-hint = Players rated at or above the bar start in the top group.
tournament-form-group-width = Group width
tournament-form-group-width-hint = Rating points per McMahon group below the bar.
tournament-form-groups = Groups
tournament-form-groups-hint = Groups, the top one included; each group below starts one point lower.
# What decides a drawn game in a knockout.
tournament-form-knockout-draw = Drawn game
tournament-form-knockout-draw-hint = Knockout: an armageddon game or a rematch decides.
tournament-form-draw-armageddon = Armageddon
tournament-form-draw-rematch = Rematch
tournament-form-losers-swiss = Losers' Swiss
# ESC: the European Shogi Championship.
tournament-form-losers-swiss-hint = As the ESC: those knocked out play on in a Swiss, keeping their points.
tournament-form-arena-minutes = Arena minutes
# Berserk (lishogi's word): a player halves his own clock for an extra point if he wins.
tournament-form-berserk = Berserk
tournament-form-berserk-hint = Halve your { -clock } for an extra point.
tournament-form-handicap = Handicap by rating
tournament-form-handicap-hint = Each game's { -handicap } from the players' { -rating } difference.
tournament-form-no-show = No-show forfeit (s)
tournament-form-no-show-hint = A game nobody has moved in after this is forfeited.
tournament-form-starts = Starts at
tournament-form-starts-hint = Online: { -round } 1's games start then (empty: when the director starts).
tournament-form-create = Create the { -tournament }
tournament-form-create-failed = Cannot create the { -tournament }: { $error }
tournament-form-no-name = Give the { -tournament } a name.
# `$max`: the most characters a name may have.
tournament-form-name-too-long = The name is longer than { $max } characters.
tournament-form-tiebreak-twice = A tie-break is chosen twice.
tournament-form-whole-rounds = The rounds must be a whole number, 0 or more.
tournament-form-whole-main-time = The main time must be a whole number, 0 or more.
tournament-form-whole-increment = The increment must be a whole number, 0 or more.
tournament-form-whole-byoyomi = The { -byoyomi } must be a whole number, 0 or more.
tournament-form-whole-periods = The periods must be a whole number, 0 or more.
tournament-form-whole-no-show = The no-show time must be a whole number, 0 or more.
tournament-form-whole-arena-minutes = The arena minutes must be a whole number, 0 or more.
tournament-form-no-clock = The { -clock } needs a main time, an increment or a { -byoyomi }.
tournament-form-increment-and-byoyomi = A { -clock } has an increment or a { -byoyomi }, not both: set one of them to 0.

## A tournament's page: its facts, the buttons to join or leave

# The browser tab's title: `$name` is the tournament's.
tournament-page-title = { $name } · koma
# The state of the live updates.
tournament-connecting = connecting…
tournament-live = live
tournament-reconnecting = reconnecting…
tournament-show-failed = Cannot show the tournament: { $error }
tournament-status-entries = Entries open
tournament-status-finished = Finished
# An arena that is running.
tournament-status-under-way = Under way
# `$round`: the rounds paired so far; `$planned`: the rounds the event has.
tournament-status-round = Round { $round } of { $planned }
# `$status` is the event's state (tournament-status-...), `$director` his name (a link).
tournament-info-director = { $status } · director { $director }
# The line of the event's facts: format · rounds · clock · online · rated · colours...
# Joins two of them.
tournament-info-join = { $first } · { $second }
tournament-info-rounds =
    { $count ->
        [one] { $count } { -round }
       *[other] { $count } rounds
    }
tournament-info-online = online
tournament-info-over-the-board = over the board
tournament-info-rated = rated
tournament-info-unrated = unrated
# Colours alternate between a player's games.
tournament-info-balanced = balanced colours
tournament-info-furigoma = { -furigoma }
tournament-info-handicap = { -handicap } by { -rating }
tournament-join = Join
tournament-accept-invitation = Accept the invitation
# `$input` is the field where the player types his country's two-letter code.
tournament-join-country = Country { $input }
tournament-join-country-label = Your country (two letters, for FESA's rating list)
# An example of a two-letter country code (ISO 3166-1): a country that speaks this language.
tournament-join-country-placeholder = DE
tournament-join-failed = Cannot join: { $error }
tournament-decline = Decline
tournament-decline-failed = Cannot decline: { $error }
tournament-withdraw = Withdraw
tournament-withdraw-failed = Cannot withdraw: { $error }
tournament-log-in-to-join = Log in to join
# `$files` are the links to the files (crosstable.html, fesa.txt...).
tournament-export = Export: { $files }
tournament-your-game-started = Your game has started.
tournament-your-game-play = Play your game →

## The tables' column headings

# The place in the standings.
tournament-col-place = #
# The player's number in the event.
tournament-col-number = #
tournament-col-player = Player
tournament-col-score = Score
tournament-col-games = Games
tournament-col-rating = Rating
# A McMahon event's starting score.
tournament-col-start = Start
tournament-col-board = Board
tournament-col-sente = ☗ { -sente }
tournament-col-gote = ☖ { -gote }
tournament-col-result = Result

## Standings

tournament-standings-title = Standings 順位
tournament-standings-empty = No standings before { -round } 1.
# The server could not compute the standings: `$error` says why.
tournament-standings-error = No standings: { $error }
tournament-standings-error-unknown = No standings: unknown error

## The knockout bracket

tournament-bracket-title = Bracket トーナメント表
tournament-bracket-final = Final
tournament-bracket-semi-finals = Semi-finals
tournament-bracket-quarter-finals = Quarter-finals
# An earlier round of the bracket.
tournament-bracket-round = Round { $number }

## The arena

tournament-arena-title = Arena アリーナ
tournament-arena-finished = Finished.
tournament-arena-ends = Ends in about { $minutes } min.
tournament-berserk = Berserk (half your time)
tournament-berserk-failed = Cannot go berserk: { $error }
tournament-arena-your-game = Your game
# After the name of a player on a winning streak.
tournament-arena-streak = 🔥
# `$games` are the links to the games under way (tournament-arena-game).
tournament-arena-playing = Playing now: { $games }
# A game under way: the players' names.
tournament-arena-game = { $sente } – { $gote }

## Rounds and pairings

tournament-rounds-title = Rounds 対戦表
tournament-rounds-empty = Not paired yet.
tournament-round-title = Round { $number }
# After the round's title: `$done` of its `$total` boards have a result.
tournament-round-progress = · { $done }/{ $total } results
# `$player` is the name of the player who sits out the round.
tournament-round-bye = Bye: { $player }
# The link to a board's game: the player's own, one finished, one under way.
tournament-play-your-game = Play your game
tournament-replay = Replay
tournament-watch = Watch
tournament-print-link = Printable pairings

## Players

# `$count`: the number of players.
tournament-players-title = Players 参加者 ({ $count })
tournament-players-empty = No players yet.
# `$names`: the invited players' names.
tournament-players-invited = Invited, not yet accepted: { $names }
tournament-player-withdrawn = withdrawn

## The director's controls

tournament-director-title = Director 大会運営
tournament-director-entries = Enter a player over the board
# Placeholders of the fields of a new player.
tournament-director-name = Name
tournament-director-fesa-id = FESA id
tournament-director-country = Country (e.g. DE)
tournament-director-country-title = Two-letter country code, written in FESA's results file for a player new to FESA's list
tournament-director-account = koma account
tournament-director-add = Add player
tournament-director-add-failed = Cannot add the player: { $error }
tournament-director-no-name = Give the player's name.
tournament-director-rating-not-whole = The { -rating } must be a whole number.
tournament-director-start = Start: pair { -round } 1
tournament-director-start-confirm =
    Close the entries ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    }) and pair { -round } 1?
tournament-director-start-yes = Start
tournament-director-start-failed = Cannot start: { $error }
tournament-director-pair = Pair the next { -round }
tournament-director-pair-failed = Cannot pair the next { -round }: { $error }
# `$round`: the last round paired.
tournament-director-waiting = Round { $round }: waiting for results.
tournament-director-print = Print pairings
# The label before the list of players to withdraw.
tournament-director-withdraw-label = Withdraw
tournament-director-withdraw = Withdraw
# A player in the list of those to withdraw: his number and name.
tournament-director-withdraw-option = { $number }. { $name }
tournament-director-withdraw-confirm = Withdraw { $name } from the next rounds?
tournament-director-withdraw-yes = Withdraw
tournament-director-withdraw-failed = Cannot withdraw the player: { $error }
tournament-director-results-hint = Results: choose them in each { -round }'s table and press Save; a correction is saved the same way.
# The results the director chooses from for a board.
tournament-director-result-none = —
tournament-director-result-sente = 1-0 sente wins
tournament-director-result-gote = 0-1 gote wins
tournament-director-result-draw = ½-½ { -draw }
tournament-director-result-sente-forfeit-win = 1-0 forfeit, gote absent
tournament-director-result-gote-forfeit-win = 0-1 forfeit, sente absent
tournament-director-result-unplayed = unplayed, both absent
tournament-director-result-label = Result of board { $board }
tournament-director-handicap-label = Handicap of board { $board }
tournament-director-save = Save
tournament-director-save-failed = Cannot save the result: { $error }
tournament-director-no-result = Choose a result first.

## The printable pairings of a round

# The browser tab's title: the tournament's name and the round.
tournament-print-page-title = { $name } · { -round } { $number }
# `$paired`: how many rounds are paired.
tournament-print-missing = Round { $number } is not paired ({ $paired } paired).
# In the column of the opponent of the player who has the bye.
tournament-print-bye = bye

## The notices of one's games under way (on every page)

# The opponent in "Your game against … has started", when it is koma's engine.
tournament-opponent-engine = the engine
# The opponent, when a guest (no account).
tournament-opponent-guest = a guest
# The headings of the crosstable page the server writes (crosstable.html): a player's number, place, name, rating, each round ($round: its number), the points.
tournament-crosstable-number = No
tournament-crosstable-place = Place
tournament-crosstable-name = Name
tournament-crosstable-rating = Rating
tournament-crosstable-round = R{ $round }
tournament-crosstable-points = Points
