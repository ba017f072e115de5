# Pelaajan sivu (profile.ts) sekä pelaajien nimet, vahvuusluvut ja tasot kaikkialla sivulla
# (players.ts: pelin pelaajapalkit, aulan pelitarjoukset, ehdotettu tasoitus).

## Pelaajat, vahvuusluvut ja tasot

profile-deleted-player = poistettu pelaaja
profile-rank-name = { $unit ->
        [kyu] { $number } { -kyu }
        [dan] { $number } { -dan }
       *[other] { $rank }
    }
profile-player = { $name } { $rating } · { profile-rank-name }
profile-player-diff = { $name } { $rating } { $diff } · { profile-rank-name }
profile-rank = { profile-rank-name } / { $japanese }
profile-handicap-even-player = Vahvuuslukujenne perusteella peli pelataan ilman tasoitusta (平手).
profile-handicap-even-spectator = Pelaajien vahvuuslukujen perusteella peli pelataan ilman tasoitusta (平手).
profile-handicap-player = Vahvuuslukujenne perusteella peliin kuuluu { -handicap }: { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } antaa { $japanese } ({ $handicap }).
profile-handicap-spectator = Pelaajien vahvuuslukujen perusteella peliin kuuluu { -handicap }: { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } antaa { $japanese } ({ $handicap }).

## Vahvuuslukupoolit

profile-speed = { $speed ->
        [ultraBullet] ultrabullet
        [bullet] bullet
        [blitz] blitz
        [rapid] rapid
        [classical] klassinen
        [correspondence] kirjepeli
       *[other] { $speed }
    }
profile-pool = { $variant ->
        [shogi] { $speed ->
            [ultraBullet] UltraBullet
            [bullet] Bullet
            [blitz] Blitz
            [rapid] Rapid
            [classical] Klassinen
            [correspondence] Kirjepeli
           *[other] { $pool }
        }
        [tori] Tori { profile-speed }
        [minishogi] Minishogi { profile-speed }
        [kyotoshogi] Kyoto { -shogi } { profile-speed }
        [dobutsu] Dōbutsu { -shogi } { profile-speed }
        [chushogi] Chu shogi { profile-speed }
       *[other] { $pool }
    }
profile-plot-label = { profile-pool }: { -rating } ajan mittaan
profile-plot-title = { profile-pool }: { -rating } päivittäin
profile-plot-point = { $date }: { $rating }
profile-plot-day = { DATETIME($day, month: "short", day: "numeric") }

## Pelaajan sivu

profile-loading = Ladataan…
profile-no-such-player = Pelaajaa ei löydy: { $error }
profile-home = Etusivu
profile-deleted = Tämä tunnus on poistettu; sen pelit säilyvät.
profile-member-since = Jäsen { DATETIME($date, year: "numeric", month: "long", day: "numeric") } alkaen
profile-games-count = { $count ->
        [one] { $count } peli
       *[other] { $count } peliä
    } ({ $rated ->
        [one] { $rated } pisteytetty
       *[other] { $rated } pisteytettyä
    })
profile-playing-now = Pelaa nyt:
profile-play-your-game = Siirry peliisi
profile-watch-the-game = Katso peliä
profile-current-failed = Käynnissä olevaa peliä ei löydy: { $error }
profile-ratings = Vahvuusluvut レーティング
profile-no-ratings = Ei vielä pisteytettyjä pelejä.
profile-rated-games = { $count ->
        [one] { $count } pisteytetty peli
       *[other] { $count } pisteytettyä peliä
    }

## Pelaajan pelit

profile-games = Pelit 棋譜
profile-col-date = Päivämäärä
profile-col-side = Puoli
profile-col-opponent = Vastustaja
profile-col-game = Peli
profile-col-result = Tulos
profile-game-date = { DATETIME($date, year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
profile-guest-or-engine = Vieras tai moottori
profile-game-rated = pisteytetty
profile-verdict-win = Voitto
profile-verdict-loss = Tappio
profile-verdict-draw = Tasapeli
profile-state-in-progress = käynnissä
profile-state-waiting = odottaa pelaajaa
profile-replay = Katso uudelleen
profile-watch = Katso
profile-previous = ← Edellinen
profile-next = Seuraava →
profile-page = Sivu { $page }
profile-no-games = Ei vielä pelejä.
profile-no-more-games = Ei enempää pelejä.
profile-list-failed = Pelejä ei voi listata: { $error }
