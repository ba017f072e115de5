# Etusivu (home.ts): uuden pelin lomake, pelaajan käynnissä olevat pelit, viimeisimmät pelit;
# miettimisaikojen valikko (time-presets.ts, myös aulassa); varianttien ja tasoitusten nimet
# (variants.ts).

## Uuden pelin lomake

home-new-game-title = Uusi peli 対局
home-opponent = Vastustaja
home-opponent-engine = Moottori (koma)
home-opponent-person = Ihminen (lähetä kutsu)
home-level = Moottorin taso
home-level-movetime = { $seconds } s siirtoa kohden
home-level-movetime-easy = { $seconds } s siirtoa kohden (helppo)
home-level-depth = Syvyys { $depth }
home-level-depth-very-easy = Syvyys { $depth } (erittäin helppo)
home-variant = Variantti
home-handicap = Tasoitus 駒落ち
home-handicap-hint = Pelaaja, joka antaa { -handicap(case: "gen") } (上手), pelaa { -gote(case: "gen") } puolella ja siirtää ensin; { -furigoma } jää pois.
home-rules = Säännöt
home-rules-default-shogi = Oletus (amatööri)
home-rules-default-tori = Oletus (tori)
home-rules-default-minishogi = Oletus (Minishogi)
home-rules-default-kyotoshogi = Oletus (Kyoto shogi)
home-rules-default-dobutsu = Oletus (Dōbutsu shogi)
home-rules-default-other = Oletus ({ $name })
home-rules-amateur = Amatööri: 27 pisteen julistus
home-rules-professional = Ammattilainen: 24 pisteen umpikuja
home-rules-csa = CSA: julistus, tasapeli 256 siirron kohdalla
home-rules-try = Try-sääntö
home-rules-tori = Sääntökirja: ei kolmatta toistoa
home-rules-tori-fsf = Fairy-Stockfish: neljäs toisto häviää
home-time-control = Miettimisaika
# Kaksoispisteen jälkeiset esimerkit ovat palvelimen lukemaa muotoa: ne säilytetään sellaisinaan.
home-time-control-hint = Tai kirjoita oma: none · byoyomi 10m+30s · 10m+30sx3 · fischer:5m+10s · sudden:15m
home-side = Puolesi
home-side-random = Furigoma 振り駒 (satunnainen)
home-side-sente = { -sente } ☗ (siirtää ensin)
home-side-gote = { -gote } ☖
home-side-give = Anna { -handicap }: 上手 ☖ { -gote } (siirtää ensin)
home-side-receive = Ota vastaan { -handicap }: 下手 ☗ { -sente }
home-rated = Pisteytetty 公式戦
home-rated-hint = Kirjautunutta ihmistä vastaan, ilman tasoitusta ja kellon kanssa.
home-start = Aloita peli
home-create-failed = Peliä ei voi luoda: { $error }

## Pelaajan käynnissä olevat pelit

home-your-games = Pelisi 対局中
home-your-move = Sinun siirtosi
home-play = Pelaa
home-my-game-engine = { $color ->
        [sente] ☗
       *[gote] ☖
    } moottoria vastaan
home-my-game-player = { $color ->
        [sente] ☗
       *[gote] ☖
    } pelaajaa { $name } vastaan
home-game-rated = pisteytetty

## Viimeisimmät pelit

home-recent-games = Viimeisimmät pelit
home-loading = Ladataan…
home-list-failed = Pelejä ei voi listata: { $error }
home-no-games = Ei vielä pelejä.
home-col-created = Luotu
home-col-players = Pelaajat
home-col-game = Peli
home-col-moves = Siirrot
home-col-state = Tila
home-created = { DATETIME($created, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
home-state-in-progress = käynnissä
home-state-waiting = odottaa pelaajaa
home-replay = Katso uudelleen
home-watch = Katso
home-review = Analysoi
home-import-record = Tuo { -kifu } katseltavaksi tai analysoitavaksi 棋譜を読む
home-studies = Tutkielmat 研究: luvut, oppitunnit
home-chu = Chu shogi 中将棋 moottoria vastaan (12×12)

## Miettimisaikojen valikko (time-presets.ts)

home-presets = Valmiit miettimisajat
home-preset-untimed = Ei aikarajaa
home-preset-fischer-3-2 = 3 min + 2 s Fischer (blitz)
home-preset-byoyomi-5-10 = 5 min + 10 s { -byoyomi }
home-preset-byoyomi-10-30 = 10 min + 30 s { -byoyomi }
home-preset-byoyomi-10-30x3 = 10 min + 3 × 30 s { -byoyomi }
home-preset-byoyomi-30-60 = 30 min + 60 s { -byoyomi }
home-preset-byoyomi-45-30 = 45 min + 30 s { -byoyomi } ({ -tournament })
home-preset-fischer-15-10 = 15 min + 10 s Fischer
home-preset-sudden-15 = 15 min ilman lisäaikaa
home-preset-days-1 = 1 päivä siirtoa kohden (kirjepeli)
home-preset-days-3 = 3 päivää siirtoa kohden (kirjepeli)
home-preset-custom = Oma…

## Variantit (variants.ts) palvelimen tunnuksen mukaan

variant-shogi = Tavallinen { -shogi } (本将棋)
variant-shogi-short = Tavallinen { -shogi }
variant-shogi-option = Tavallinen { -shogi } (本将棋) { $files }×{ $ranks }
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
variant-other-option = { $name } { $files }×{ $ranks }

## Tasoitukset (nimetyt alkuasemat) palvelimen tunnuksen mukaan; $japanese on japanilainen nimi.

variant-handicap-even = { $japanese } Ei tasoitusta
variant-handicap-lance = { $japanese } Ilman { -lance(case: "par") }
variant-handicap-right-lance = { $japanese } Ilman oikeaa { -lance(case: "par") }
variant-handicap-bishop = { $japanese } Ilman { -bishop(case: "par") }
variant-handicap-rook = { $japanese } Ilman { -rook(case: "par") }
variant-handicap-rook-lance = { $japanese } Ilman { -rook(case: "par") } ja { -lance(case: "par") }
variant-handicap-two-piece = { $japanese } Kahden { -piece(case: "gen") } tasoitus
variant-handicap-three-piece = { $japanese } Kolmen { -piece(case: "gen") } tasoitus
variant-handicap-four-piece = { $japanese } Neljän { -piece(case: "gen") } tasoitus
variant-handicap-five-piece = { $japanese } Viiden { -piece(case: "gen") } tasoitus
variant-handicap-left-five-piece = { $japanese } Viiden { -piece(case: "gen") } tasoitus (vasen)
variant-handicap-six-piece = { $japanese } Kuuden { -piece(case: "gen") } tasoitus
variant-handicap-left-seven-piece = { $japanese } Seitsemän { -piece(case: "gen") } tasoitus (vasen)
variant-handicap-right-seven-piece = { $japanese } Seitsemän { -piece(case: "gen") } tasoitus (oikea)
variant-handicap-eight-piece = { $japanese } Kahdeksan { -piece(case: "gen") } tasoitus
variant-handicap-ten-piece = { $japanese } Kymmenen { -piece(case: "gen") } tasoitus
variant-handicap-three-pawns = { $japanese } Kolme { -pawn(case: "par") }
variant-handicap-naked-king = { $japanese } Paljas { -king }
variant-handicap-tori-left-quail = { $japanese } Ilman vasenta viiriäistä
variant-handicap-tori-falcon = { $japanese } Ilman haukkaa
variant-handicap-tori-falcon-left-quail = { $japanese } Ilman haukkaa ja vasenta viiriäistä
variant-handicap-tori-falcon-both-quails = { $japanese } Ilman haukkaa ja kumpaakaan viiriäistä
variant-handicap-mini-bishop = { $japanese } Mini, ilman { -bishop(case: "par") }
variant-handicap-mini-rook = { $japanese } Mini, ilman { -rook(case: "par") }
variant-handicap-mini-two-piece = { $japanese } Mini, kahden { -piece(case: "gen") } tasoitus
variant-handicap-mini-three-piece = { $japanese } Mini, kolmen { -piece(case: "gen") } tasoitus
variant-handicap-mini-four-piece = { $japanese } Mini, neljän { -piece(case: "gen") } tasoitus
variant-handicap-kyoto-tokin = { $japanese } Kyoto, ilman { -tokin(case: "par") }
variant-handicap-kyoto-silver = { $japanese } Kyoto, ilman { -silver(case: "par") }
variant-handicap-kyoto-pawn = { $japanese } Kyoto, ilman { -pawn(case: "par") }
variant-handicap-kyoto-gold = { $japanese } Kyoto, ilman { -gold(case: "par") }
variant-handicap-kyoto-two-piece = { $japanese } Kyoto, kahden { -piece(case: "gen") } tasoitus
variant-handicap-kyoto-three-piece = { $japanese } Kyoto, kolmen { -piece(case: "gen") } tasoitus
variant-handicap-kyoto-naked-king = { $japanese } Kyoto, paljas { -king }
variant-handicap-dobutsu-chick = { $japanese } Dōbutsu, ilman tipua
variant-handicap-other = { $japanese } { $name }
