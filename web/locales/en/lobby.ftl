# The lobby (lobby.ts): open seeks, the form to post one, quick pairing, the live games; and the
# home page's featured game.

# To a guest, before the links "Log in" and "Sign up".
lobby-login-note = Log in to post or accept a seek:
lobby-log-in = Log in
lobby-sign-up = Sign up
lobby-loading = Loading…

## Open seeks

lobby-open-seeks = Open seeks
lobby-no-seeks = No open seeks. Post one!
lobby-col-player = Player
lobby-col-game = Game
lobby-col-range = Rating range
lobby-col-side = Side
lobby-cancel = Cancel
lobby-accept = Accept
lobby-login-to-accept = Log in to accept a seek.
# A seek or a game without a clock, where the time control would be.
lobby-no-clock = no clock
lobby-rated = rated
lobby-casual = casual
# A seek's rating range when it has none: any opponent.
lobby-range-any = any
# The side the seek's poster plays: $side is "sente", "gote" or "random" (furigoma).
lobby-seek-side = { $side ->
        [sente] sente
        [gote] gote
        [random] random
       *[other] { $side }
    }
# The same in a handicap game: $handicap is the server's name of the handicap (bishop).
lobby-seek-side-handicap = { $handicap } ({ $side ->
        [sente] sente
        [gote] gote
        [random] random
       *[other] { $side }
    })

## Posting a seek

lobby-post-title = Post a seek 対局待ち
lobby-variant = Variant
lobby-time-control = Time control
lobby-rated-label = Rated 公式戦
lobby-opponent-rating = Opponent's rating
# Placeholders of the two fields of the opponent's rating range.
lobby-rating-min = min
lobby-rating-max = max
lobby-your-side = Your side
lobby-side-random = Furigoma (random)
lobby-side-sente = { -sente } ☗
lobby-side-gote = { -gote } ☖
lobby-handicap = Handicap 駒落ち
lobby-post = Post the seek
lobby-login-to-post = Log in to post a seek.
lobby-posted = Seek posted: waiting for an opponent.
# $error: why the server refused.
lobby-post-failed = Cannot post the seek: { $error }

## Quick pairing

lobby-quick-title = Quick pairing 早指し
# The box beside the quick pairing buttons.
lobby-quick-rated = Rated
lobby-login-to-pair = Log in to be paired.
# While the player waits to be paired at one of the time controls of the buttons (their names as
# in home-preset-…), before a Cancel button.
lobby-quick-waiting-fischer-3-2 = Waiting for an opponent at 3 min + 2 s Fischer (blitz)…
lobby-quick-waiting-byoyomi-5-10 = Waiting for an opponent at 5 min + 10 s { -byoyomi }…
lobby-quick-waiting-byoyomi-10-30 = Waiting for an opponent at 10 min + 30 s { -byoyomi }…
# $error: why the server refused.
lobby-pair-failed = Cannot pair: { $error }

## Live games and the featured game

lobby-live-games = Live games 対局中
lobby-no-live = No game under way.
# A seat of a live game without an account: a guest, or in a game with the engine either.
lobby-guest = guest
lobby-engine-or-guest = engine / guest
lobby-watch = Watch
# $error: why the list could not be had.
lobby-live-failed = Cannot list the live games: { $error }
lobby-featured = Featured game 注目の対局
# The featured game's board, for screen readers.
lobby-featured-board = The featured game
