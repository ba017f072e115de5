# The home screen (home.ts): the new game form, the player's games under way, the recent games;
# the time controls' menu (time-presets.ts, also in the lobby); the variants' and handicaps' names
# (variants.ts, wherever a variant or a handicap is named).

## The new game form

home-new-game-title = New game 対局
home-opponent = Opponent
home-opponent-engine = The engine (koma)
home-opponent-person = A person (send an invitation)
home-level = Engine level
# The engine's thinking time per move; $seconds is a number (0.5, 1, 3).
home-level-movetime = { $seconds } s per move
home-level-movetime-easy = { $seconds } s per move (easy)
# The engine's search depth; $depth is a number.
home-level-depth = Depth { $depth }
home-level-depth-very-easy = Depth { $depth } (very easy)
home-variant = Variant
home-handicap = Handicap 駒落ち
home-handicap-hint = The { -handicap } giver (上手) plays gote and moves first; no { -furigoma }.
home-rules = Rules
# The rule set the game uses when none is chosen, one message per variant ("Default (Minishogi)").
home-rules-default-shogi = Default (amateur)
home-rules-default-tori = Default (tori)
home-rules-default-minishogi = Default (Minishogi)
home-rules-default-kyotoshogi = Default (Kyoto shogi)
home-rules-default-dobutsu = Default (Dōbutsu shogi)
# The same for a variant this catalog does not know yet; $name is the server's name of the variant.
home-rules-default-other = Default ({ $name })
# Shogi's rule sets: how an impasse and the king's entering are judged.
home-rules-amateur = Amateur: 27-point declaration
home-rules-professional = Professional: 24-point impasse
home-rules-csa = CSA: declaration, draw at 256 moves
home-rules-try = Try rule
# Tori shogi's rule sets: how repetition is judged.
home-rules-tori = Rulebook: no third repetition
home-rules-tori-fsf = Fairy-Stockfish: fourth repetition loses
home-time-control = Time control
# Below the time control field. The examples after the colon are what the server reads: keep
# them as they are (none, byoyomi, fischer:, sudden: are not words of the page).
home-time-control-hint = Or write one: none · byoyomi 10m+30s · 10m+30sx3 · fischer:5m+10s · sudden:15m
home-side = Your side
home-side-random = Furigoma 振り駒 (random)
home-side-sente = { -sente } ☗ (moves first)
home-side-gote = { -gote } ☖
# In a handicap game: the giver (上手) plays gote and moves first.
home-side-give = Give the { -handicap }: 上手 ☖ gote (moves first)
home-side-receive = Receive the { -handicap }: 下手 ☗ sente
home-rated = Rated 公式戦
home-rated-hint = Against a person who is logged in, from the even start, with a clock.
home-start = Start the game
# $error: why the server refused.
home-create-failed = Cannot create the game: { $error }

## The player's games under way

home-your-games = Your games 対局中
home-your-move = Your move
home-play = Play
# A game of the player's under way: $color is "sente" or "gote", the player's side.
home-my-game-engine = { $color ->
        [sente] ☗
       *[gote] ☖
    } against the engine
# $name: the opponent's name.
home-my-game-player = { $color ->
        [sente] ☗
       *[gote] ☖
    } against { $name }
# After the variant, in a list of a game's facts separated by " · ".
home-game-rated = rated

## The recent games

home-recent-games = Recent games
home-loading = Loading…
# $error: why the list could not be had.
home-list-failed = Cannot list the games: { $error }
home-no-games = No games yet.
home-col-created = Created
home-col-players = Players
home-col-game = Game
home-col-moves = Moves
home-col-state = State
# When the game was created ($created is a date and time).
home-created = { DATETIME($created, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
home-state-in-progress = in progress
home-state-waiting = waiting for a player
home-replay = Replay
home-watch = Watch
home-review = Review
home-import-record = Import a record to replay or review 棋譜を読む
home-studies = Studies 研究: chapters, lessons
home-chu = Chu shogi 中将棋 against the engine (12×12)

## The time controls' menu (time-presets.ts)

home-presets = Time control presets
home-preset-untimed = Untimed
home-preset-fischer-3-2 = 3 min + 2 s Fischer (blitz)
home-preset-byoyomi-5-10 = 5 min + 10 s { -byoyomi }
home-preset-byoyomi-10-30 = 10 min + 30 s { -byoyomi }
home-preset-byoyomi-10-30x3 = 10 min + 3 × 30 s { -byoyomi }
home-preset-byoyomi-30-60 = 30 min + 60 s { -byoyomi }
home-preset-byoyomi-45-30 = 45 min + 30 s { -byoyomi } ({ -tournament })
home-preset-fischer-15-10 = 15 min + 10 s Fischer
home-preset-sudden-15 = 15 min sudden death
home-preset-days-1 = 1 day per move (correspondence)
home-preset-days-3 = 3 days per move (correspondence)
# The menu's choice when the field holds a control that is none of the presets.
home-preset-custom = Custom…

## The variants (variants.ts), by the id the server gives them: variant-ID is the full name,
## variant-ID-short the name in lists, variant-ID-option the name in a menu with the board's size
## ($files × $ranks, numbers).

variant-shogi = Standard { -shogi } (本将棋)
variant-shogi-short = Standard { -shogi }
variant-shogi-option = Standard { -shogi } (本将棋) { $files }×{ $ranks }
variant-tori = Tori Shogi (禽将棋)
variant-tori-short = Tori Shogi
variant-tori-option = Tori Shogi (禽将棋) { $files }×{ $ranks }
variant-minishogi = Minishogi (5五将棋)
variant-minishogi-short = Minishogi
variant-minishogi-option = Minishogi (5五将棋) { $files }×{ $ranks }
variant-kyotoshogi = Kyoto { -shogi } (京都将棋)
variant-kyotoshogi-short = Kyoto { -shogi }
variant-kyotoshogi-option = Kyoto { -shogi } (京都将棋) { $files }×{ $ranks }
variant-dobutsu = Dōbutsu { -shogi } (どうぶつしょうぎ)
variant-dobutsu-short = Dōbutsu { -shogi }
variant-dobutsu-option = Dōbutsu { -shogi } (どうぶつしょうぎ) { $files }×{ $ranks }
variant-chushogi = Chu { -shogi } (中将棋)
variant-chushogi-short = Chu { -shogi }
variant-chushogi-option = Chu { -shogi } (中将棋) { $files }×{ $ranks }
# A variant this catalog does not know yet: $name is the server's English name, $files × $ranks
# the board's size.
variant-other-option = { $name } { $files }×{ $ranks }

## The handicaps (named start positions), by the server's id: $japanese is the Japanese name
## (香落ち) as the server gives it, shown before the English one.

variant-handicap-even = { $japanese } Even
variant-handicap-lance = { $japanese } Lance
variant-handicap-right-lance = { $japanese } Right { -lance }
variant-handicap-bishop = { $japanese } Bishop
variant-handicap-rook = { $japanese } Rook
variant-handicap-rook-lance = { $japanese } Rook { -lance }
variant-handicap-two-piece = { $japanese } Two piece
variant-handicap-three-piece = { $japanese } Three piece
variant-handicap-four-piece = { $japanese } Four piece
variant-handicap-five-piece = { $japanese } Five piece
variant-handicap-left-five-piece = { $japanese } Left five piece
variant-handicap-six-piece = { $japanese } Six piece
variant-handicap-left-seven-piece = { $japanese } Left seven piece
variant-handicap-right-seven-piece = { $japanese } Right seven piece
variant-handicap-eight-piece = { $japanese } Eight piece
variant-handicap-ten-piece = { $japanese } Ten piece
variant-handicap-three-pawns = { $japanese } Three pawns
variant-handicap-naked-king = { $japanese } Naked { -king }
# Tori shogi's handicaps: its falcon and quails.
variant-handicap-tori-left-quail = { $japanese } Left quail
variant-handicap-tori-falcon = { $japanese } Falcon
variant-handicap-tori-falcon-left-quail = { $japanese } Falcon left quail
variant-handicap-tori-falcon-both-quails = { $japanese } Falcon both quails
# Minishogi's handicaps.
variant-handicap-mini-bishop = { $japanese } Mini { -bishop }
variant-handicap-mini-rook = { $japanese } Mini { -rook }
variant-handicap-mini-two-piece = { $japanese } Mini two piece
variant-handicap-mini-three-piece = { $japanese } Mini three piece
variant-handicap-mini-four-piece = { $japanese } Mini four piece
# Kyoto shogi's handicaps.
variant-handicap-kyoto-tokin = { $japanese } Kyoto { -tokin }
variant-handicap-kyoto-silver = { $japanese } Kyoto { -silver }
variant-handicap-kyoto-pawn = { $japanese } Kyoto { -pawn }
variant-handicap-kyoto-gold = { $japanese } Kyoto { -gold }
variant-handicap-kyoto-two-piece = { $japanese } Kyoto two piece
variant-handicap-kyoto-three-piece = { $japanese } Kyoto three piece
variant-handicap-kyoto-naked-king = { $japanese } Kyoto naked { -king }
# Dōbutsu shogi's handicap: without the chick.
variant-handicap-dobutsu-chick = { $japanese } Dobutsu chick
# A handicap this catalog does not know yet: $name is the server's id of it, as words.
variant-handicap-other = { $japanese } { $name }
