# A player's page (profile.ts), and the players' names, ratings and ranks wherever the page shows
# them (players.ts: the game's player bars, the lobby's seeks, the suggested handicap).

## Players, ratings and ranks

# The name a deleted account's games show instead of its name.
profile-deleted-player = deleted player
# A rank from a rating, used by the messages below: $unit is "kyu" or "dan" and $number its
# number ("3 kyu", "2 dan"); for another $unit, $rank is the server's text as it is.
profile-rank-name = { $unit ->
        [kyu] { $number } { -kyu }
        [dan] { $number } { -dan }
       *[other] { $rank }
    }
# A player with his rating and rank: "Alice 1500? · 1 kyu". $name: the player's name; $rating:
# the rating, with "?" while it is provisional; the rank as in profile-rank-name.
profile-player = { $name } { $rating } · { profile-rank-name }
# The same after a rated game, with $diff the rating's change ("+162", "−163").
profile-player-diff = { $name } { $rating } { $diff } · { profile-rank-name }
# The rank of a rating pool on the player's page, then its Japanese name $japanese ("2 dan / 二段").
profile-rank = { profile-rank-name } / { $japanese }
# The handicap the two players' ratings call for, said to a player ("Your ratings") or to a
# spectator ("The players' ratings"). $giver: "sente" or "gote", the side that gives it;
# $japanese: the handicap's Japanese name (角落ち); $handicap: the server's name of it (bishop).
profile-handicap-even-player = Your ratings call for an even game (平手).
profile-handicap-even-spectator = The players' ratings call for an even game (平手).
profile-handicap-player = Your ratings call for a { -handicap }: { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } gives { $japanese } ({ $handicap }).
profile-handicap-spectator = The players' ratings call for a { -handicap }: { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } gives { $japanese } ({ $handicap }).

## Rating pools: standard shogi's are named by their speed, another variant's by the variant and
## the speed. $variant: the variant's id; $speed: the speed's id (lishogi's); $pool: the server's
## key of the pool, shown as it is for one this catalog does not know.

# A speed after a variant's name ("Tori rapid").
profile-speed = { $speed ->
        [ultraBullet] ultraBullet
        [bullet] bullet
        [blitz] blitz
        [rapid] rapid
        [classical] classical
        [correspondence] correspondence
       *[other] { $speed }
    }
profile-pool = { $variant ->
        [shogi] { $speed ->
            [ultraBullet] UltraBullet
            [bullet] Bullet
            [blitz] Blitz
            [rapid] Rapid
            [classical] Classical
            [correspondence] Correspondence
           *[other] { $pool }
        }
        [tori] Tori { profile-speed }
        [minishogi] Minishogi { profile-speed }
        [kyotoshogi] Kyoto { -shogi } { profile-speed }
        [dobutsu] Dōbutsu { -shogi } { profile-speed }
        [chushogi] Chu { -shogi } { profile-speed }
       *[other] { $pool }
    }
# The rating history's plot of a pool (its label for screen readers, and its tooltip).
profile-plot-label = { profile-pool } rating over time
profile-plot-title = { profile-pool } rating by day
# A point of the plot: $date is the day (2026-03-01), $rating the rating that day.
profile-plot-point = { $date }: { $rating }
# A day under the plot's axis.
profile-plot-day = { DATETIME($day, month: "short", day: "numeric") }

## The player's page

profile-loading = Loading…
# $error: why the player could not be had.
profile-no-such-player = No such player: { $error }
profile-home = Home
profile-deleted = This account was deleted; its games remain.
profile-member-since = Member since { DATETIME($date, year: "numeric", month: "long", day: "numeric") }
# After "Member since …": the player's games, $rated of them rated.
profile-games-count = { $count ->
        [one] { $count } game
       *[other] { $count } games
    } ({ $rated } rated)
# Before the button to the player's game under way.
profile-playing-now = Playing now:
profile-play-your-game = Play your game
profile-watch-the-game = Watch the game
# $error: why the game under way could not be had.
profile-current-failed = Cannot find the current game: { $error }
profile-ratings = Ratings レーティング
profile-no-ratings = No rated games yet.
profile-rated-games = { $count ->
        [one] { $count } rated game
       *[other] { $count } rated games
    }

## The player's games

profile-games = Games 棋譜
profile-col-date = Date
profile-col-side = Side
profile-col-opponent = Opponent
profile-col-game = Game
profile-col-result = Result
# When the game was created ($date is a date and time).
profile-game-date = { DATETIME($date, year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
# The opponent of a game whose other seat has no account.
profile-guest-or-engine = Guest or engine
# After the variant, in a list of a game's facts separated by " · ".
profile-game-rated = rated
# The player's result in the game.
profile-verdict-win = Win
profile-verdict-loss = Loss
profile-verdict-draw = Draw
profile-state-in-progress = in progress
profile-state-waiting = waiting for a player
profile-replay = Replay
profile-watch = Watch
profile-previous = ← Previous
profile-next = Next →
profile-page = Page { $page }
profile-no-games = No games yet.
profile-no-more-games = No more games.
# $error: why the list could not be had.
profile-list-failed = Cannot list the games: { $error }
