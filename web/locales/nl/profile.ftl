# De pagina van een speler (profile.ts), en de namen, ratings en graden van spelers overal waar
# de pagina ze toont (players.ts).

## Spelers, ratings en graden

profile-deleted-player = verwijderde speler
profile-rank-name = { $unit ->
        [kyu] { $number } { -kyu }
        [dan] { $number } { -dan }
       *[other] { $rank }
    }
profile-player = { $name } { $rating } · { profile-rank-name }
profile-player-diff = { $name } { $rating } { $diff } · { profile-rank-name }
profile-rank = { profile-rank-name } / { $japanese }
profile-handicap-even-player = Bij jullie ratings hoort een gelijke partij (平手).
profile-handicap-even-spectator = Bij de ratings van de spelers hoort een gelijke partij (平手).
profile-handicap-player = Bij jullie ratings hoort een { -handicap }: { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } geeft { $japanese } ({ $handicap }).
profile-handicap-spectator = Bij de ratings van de spelers hoort een { -handicap }: { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } geeft { $japanese } ({ $handicap }).

## Ratingpools

profile-speed = { $speed ->
        [ultraBullet] ultrabullet
        [bullet] bullet
        [blitz] blitz
        [rapid] rapid
        [classical] klassiek
        [correspondence] correspondentie
       *[other] { $speed }
    }
profile-pool = { $variant ->
        [shogi] { $speed ->
            [ultraBullet] UltraBullet
            [bullet] Bullet
            [blitz] Blitz
            [rapid] Rapid
            [classical] Klassiek
            [correspondence] Correspondentie
           *[other] { $pool }
        }
        [tori] Tori { profile-speed }
        [minishogi] Minishogi { profile-speed }
        [kyotoshogi] Kyoto { -shogi } { profile-speed }
        [dobutsu] Dōbutsu { -shogi } { profile-speed }
        [chushogi] Chu shogi { profile-speed }
       *[other] { $pool }
    }
profile-plot-label = { profile-pool }: verloop van de { -rating }
profile-plot-title = { profile-pool }: { -rating } per dag
profile-plot-point = { $date }: { $rating }
profile-plot-day = { DATETIME($day, month: "short", day: "numeric") }

## De pagina van de speler

profile-loading = Laden…
profile-no-such-player = Deze speler bestaat niet: { $error }
profile-home = Startpagina
profile-deleted = Dit account is verwijderd; de partijen blijven bestaan.
profile-member-since = Lid sinds { DATETIME($date, year: "numeric", month: "long", day: "numeric") }
profile-games-count = { $count ->
        [one] { $count } partij
       *[other] { $count } partijen
    } (waarvan { $rated } voor de { -rating })
profile-playing-now = Speelt nu:
profile-play-your-game = Speel je partij
profile-watch-the-game = De partij bekijken
profile-current-failed = De lopende partij kan niet worden gevonden: { $error }
profile-ratings = Ratings レーティング
profile-no-ratings = Nog geen partijen voor de { -rating }.
profile-rated-games = { $count ->
        [one] { $count } partij voor de { -rating }
       *[other] { $count } partijen voor de { -rating }
    }

## De partijen van de speler

profile-games = Partijen 棋譜
profile-col-date = Datum
profile-col-side = Kant
profile-col-opponent = Tegenstander
profile-col-game = Partij
profile-col-result = Uitslag
profile-game-date = { DATETIME($date, year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
profile-guest-or-engine = Gast of engine
profile-game-rated = telt voor de { -rating }
profile-verdict-win = Winst
profile-verdict-loss = Verlies
profile-verdict-draw = Remise
profile-state-in-progress = bezig
profile-state-waiting = wacht op een speler
profile-replay = Naspelen
profile-watch = Bekijken
profile-previous = ← Vorige
profile-next = Volgende →
profile-page = Pagina { $page }
profile-no-games = Nog geen partijen.
profile-no-more-games = Geen partijen meer.
profile-list-failed = De partijen kunnen niet worden opgehaald: { $error }
