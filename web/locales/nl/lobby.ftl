# De lobby (lobby.ts): openstaande partijaanbiedingen, het formulier om er een te plaatsen, snel
# koppelen, de lopende partijen; en de uitgelichte partij van de startpagina.

lobby-login-note = Log in om een partijaanbod te plaatsen of aan te nemen:
lobby-log-in = Inloggen
lobby-sign-up = Registreren
lobby-loading = Laden…

## Openstaande partijaanbiedingen

lobby-open-seeks = Openstaande partijaanbiedingen
lobby-no-seeks = Geen openstaande partijaanbiedingen. Plaats er zelf een!
lobby-col-player = Speler
lobby-col-game = Partij
lobby-col-range = Ratingbereik
lobby-col-side = Kant
lobby-cancel = Intrekken
lobby-accept = Aannemen
lobby-login-to-accept = Log in om een partijaanbod aan te nemen.
lobby-no-clock = geen { -clock }
lobby-rated = telt voor de { -rating }
lobby-casual = vrij
lobby-range-any = iedereen
lobby-seek-side = { $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] willekeurig
       *[other] { $side }
    }
lobby-seek-side-handicap = { $handicap } ({ $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] willekeurig
       *[other] { $side }
    })

## Een partijaanbod plaatsen

lobby-post-title = Een partijaanbod plaatsen 対局待ち
lobby-variant = Variant
lobby-time-control = Bedenktijd
lobby-rated-label = Telt voor de { -rating } 公式戦
lobby-opponent-rating = De { -rating } van de tegenstander
lobby-rating-min = min
lobby-rating-max = max
lobby-your-side = Jouw kant
lobby-side-random = Furigoma (willekeurig)
lobby-side-sente = { -sente } ☗
lobby-side-gote = { -gote } ☖
lobby-handicap = Handicap 駒落ち
lobby-post = Aanbod plaatsen
lobby-login-to-post = Log in om een partijaanbod te plaatsen.
lobby-posted = Partijaanbod geplaatst: wachten op een tegenstander.
lobby-post-failed = Het partijaanbod kan niet worden geplaatst: { $error }

## Snel koppelen

lobby-quick-title = Snel koppelen 早指し
lobby-quick-rated = Telt voor de { -rating }
lobby-login-to-pair = Log in om gekoppeld te worden.
lobby-quick-waiting-fischer-3-2 = Wachten op een tegenstander voor 3 min + 2 s Fischer (blitz)…
lobby-quick-waiting-byoyomi-5-10 = Wachten op een tegenstander voor 5 min + 10 s { -byoyomi }…
lobby-quick-waiting-byoyomi-10-30 = Wachten op een tegenstander voor 10 min + 30 s { -byoyomi }…
lobby-pair-failed = Koppelen mislukt: { $error }

## Lopende partijen en de uitgelichte partij

lobby-live-games = Lopende partijen 対局中
lobby-no-live = Er wordt nu geen partij gespeeld.
lobby-guest = gast
lobby-engine-or-guest = engine / gast
lobby-watch = Bekijken
lobby-live-failed = De lopende partijen kunnen niet worden opgehaald: { $error }
lobby-featured = Uitgelichte partij 注目の対局
lobby-featured-board = De uitgelichte partij
