# Aula (lobby.ts): avoimet pelitarjoukset, tarjouksen lomake, pikaparitus, käynnissä olevat
# pelit; sekä etusivun esittelypeli.

# Vieraalle, ennen linkkejä "Kirjaudu sisään" ja "Rekisteröidy".
lobby-login-note = Pelitarjousten tekeminen ja hyväksyminen vaatii kirjautumisen:
lobby-log-in = Kirjaudu sisään
lobby-sign-up = Rekisteröidy
lobby-loading = Ladataan…

## Avoimet pelitarjoukset

lobby-open-seeks = Avoimet pelitarjoukset
lobby-no-seeks = Ei avoimia pelitarjouksia. Tee oma!
lobby-col-player = Pelaaja
lobby-col-game = Peli
lobby-col-range = Vahvuuslukuväli
lobby-col-side = Puoli
lobby-cancel = Peruuta
lobby-accept = Hyväksy
lobby-login-to-accept = Kirjaudu sisään hyväksyäksesi pelitarjouksen.
lobby-no-clock = ei { -clock(case: "par") }
lobby-rated = pisteytetty
lobby-casual = pisteyttämätön
lobby-range-any = kaikki
lobby-seek-side = { $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] satunnainen
       *[other] { $side }
    }
lobby-seek-side-handicap = { $handicap } ({ $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] satunnainen
       *[other] { $side }
    })

## Pelitarjouksen tekeminen

lobby-post-title = Tee pelitarjous 対局待ち
lobby-variant = Variantti
lobby-time-control = Miettimisaika
lobby-rated-label = Pisteytetty 公式戦
lobby-opponent-rating = Vastustajan { -rating }
lobby-rating-min = min
lobby-rating-max = maks
lobby-your-side = Puolesi
lobby-side-random = Furigoma (satunnainen)
lobby-side-sente = { -sente } ☗
lobby-side-gote = { -gote } ☖
lobby-handicap = Tasoitus 駒落ち
lobby-post = Julkaise pelitarjous
lobby-login-to-post = Kirjaudu sisään tehdäksesi pelitarjouksen.
lobby-posted = Pelitarjous julkaistu: odotetaan vastustajaa.
lobby-post-failed = Pelitarjousta ei voi julkaista: { $error }

## Pikaparitus

lobby-quick-title = Pikaparitus 早指し
lobby-quick-rated = Pisteytetty
lobby-login-to-pair = Kirjaudu sisään saadaksesi vastustajan.
lobby-quick-waiting-fischer-3-2 = Odotetaan vastustajaa: 3 min + 2 s Fischer (blitz)…
lobby-quick-waiting-byoyomi-5-10 = Odotetaan vastustajaa: 5 min + 10 s { -byoyomi }…
lobby-quick-waiting-byoyomi-10-30 = Odotetaan vastustajaa: 10 min + 30 s { -byoyomi }…
lobby-pair-failed = Paritus ei onnistu: { $error }

## Käynnissä olevat pelit ja esittelypeli

lobby-live-games = Käynnissä olevat pelit 対局中
lobby-no-live = Ei käynnissä olevia pelejä.
lobby-guest = vieras
lobby-engine-or-guest = moottori / vieras
lobby-watch = Katso
lobby-live-failed = Käynnissä olevia pelejä ei voi listata: { $error }
lobby-featured = Esittelyssä 注目の対局
lobby-featured-board = Esittelyssä oleva peli
