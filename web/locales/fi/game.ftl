# Pelinäkymä: lauta palkkeineen, kellot, siirtoluettelo, keskustelu, tarjoukset ja pelin
# päättyminen; sekä nappuloiden nimet kaikkialla sivulla.
# $mark on ☗ (Sente) tai ☖ (Gote); $side, $winner, $loser, $by, $seat, $color ja $bottom ovat
# puolen koodi, `sente` tai `gote`.

## Puolet ja nappulat

game-color-sente = { -sente }
game-color-gote = { -gote }

# Nappulan nimi (vihjetekstit, varastojen nimet, korotusikkuna, selitys).
game-piece = { $role ->
    [king] { -king }
    [rook] { -rook }
    [dragon] { -dragon }
    [bishop] { -bishop }
    [horse] { -horse }
    [gold] { -gold }
    [silver] { -silver }
    [promoted-silver] { -promoted-silver }
    [knight] { -knight }
    [promoted-knight] { -promoted-knight }
    [lance] { -lance }
    [promoted-lance] { -promoted-lance }
    [pawn] { -pawn }
    [tokin] { -tokin }
   *[other] { $name }
}

game-piece-title = { $piece } { $kanji }

## Lauta

game-board-label = Shogilauta
game-board-default-label = Lauta
game-board-title = { $variant }: { -board }, { $bottom ->
        [sente] { -sente }
       *[gote] { -gote }
    } alhaalla
game-board-cursor-piece = { $board }: { $square }, { $color ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } { $piece }
game-board-cursor-empty = { $board }: { $square }, tyhjä

game-hand-piece = { $color ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } { -hand(case: "ine") }: { $piece }, { $count }
# Tyhjässä varastossa.
game-hand-empty = tyhjä

game-player-side = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }
# Pelaajan nimen edellä; lopun välilyönti säilytetään.
game-player-side-of = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } ·{ " " }
game-engine-depth = Moottori (syvyys { $depth })
game-engine-time = Moottori ({ $seconds } s)
game-player-you = Sinä
game-player-waiting = odotetaan…

## Korotusikkuna ja Kioton palautusten ikkuna

game-promote-dialog = Korotetaanko?
game-promote-question = Korotetaanko? 成りますか？
game-promote-yes = Korota 成
game-promote-no = Älä korota 不成
game-promote-yes-label = Korota 成: { $piece }
game-promote-no-label = Älä korota 不成: { $piece }
game-face-dialog = Kumpi puoli?
game-face-question = Kumpi puoli palautetaan? どちらの面で打ちますか？
game-face-label = Palauta: { $piece }

## Nappuloiden selitys

game-legend = Nappulat 駒
game-legend-name = { $piece } · { $reading }
game-legend-promotes = → { $kanji } { $piece }

## Kellot

game-clock-seconds = { $seconds } s
game-clock-minutes = { $minutes } min
game-clock-minutes-seconds = { $minutes } min { $seconds } s
game-clock-days = { $days } pv
game-clock-days-hours = { $days } pv { $hours } h
game-clock-period = +{ $period }
game-clock-periods = +{ $period } ×{ $periods }
game-clock-increment = +{ $increment }
game-clock-byoyomi = { -byoyomi }
game-clock-byoyomi-periods = { -byoyomi } ×{ $periods }

## Tilarivi ja pelin päättyminen

game-loading = Ladataan…
game-connection-title = Reaaliaikaiset päivitykset
game-connection-live = ● yhteydessä
game-connection-down = ○ yhdistetään uudelleen…
game-not-found = Peliä { $id } ei löydy.
game-load-failed = Peliä ei voi ladata: { $error }
game-status-waiting-opponent = Odotetaan, että vastustaja liittyy…
game-status-waiting-players = Odotetaan pelaajia…
game-status-to-move = { $mark } { $side ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } vuoro
game-status-to-move-check = { $mark } { $side ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } vuoro · 王手 { -check }!
game-status-your-move = { $mark } { $side ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } vuoro: sinun siirtosi
game-status-your-move-check = { $mark } { $side ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } vuoro: sinun siirtosi · 王手 { -check }!
game-status-engine = { $mark } { $side ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } vuoro: moottori miettii…
game-status-engine-check = { $mark } { $side ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } vuoro: moottori miettii… · 王手 { -check }!
game-status-over = Peli on päättynyt. { $kind ->
        [aborted-invitation] { game-ending-aborted-invitation }
        [aborted-no-move] { game-ending-aborted-no-move }
        [draw] { game-ending-draw }
        [resigned] { game-ending-resigned }
        [time-out] { game-ending-time-out }
       *[win] { game-ending-win }
    }

# Päättymisen syy kaksoispisteen jälkeen ("voitti: …", "Tasapeli: …"), perusmuodossa.
game-reason = { $reason ->
        [checkmate] { -checkmate } (詰み)
        [no-moves] ei laillista { -move(case: "par") }
        [resignation] { -resign } (投了)
        [illegal-move] { -illegal-move } (反則)
        [time-forfeit] { -time-out } (時間切れ)
        [sennichite] { -sennichite } 千日手
        [perpetual-check] { -perpetual-check } (連続王手の千日手)
        [repetition] { -position(case: "gen") } toistuminen
        [declaration] { -declaration } 入玉宣言
        [failed-declaration] epäonnistunut { -declaration }
        [impasse] { -jishogi } 持将棋
        [try] { -try-rule } (トライ)
        [royal-captured] leijonan lyönti (ライオンを取る)
        [max-moves] siirtojen enimmäismäärä
        [abandoned] pelin hylkääminen
        [agreement] sopimus
       *[other] { $reason }
    }
game-ending-aborted-invitation = Keskeytetty: kutsua ei otettu vastaan ajoissa.
game-ending-aborted-no-move = Keskeytetty: ensimmäistä siirtoa ei tehty ajoissa.
game-ending-draw = Tasapeli: { game-reason }.
game-ending-win = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } voitti: { game-reason }.
game-ending-resigned = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } voitti: { game-reason }. { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } luovutti.
game-ending-time-out = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } voitti: { game-reason }. { $loser ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } aika loppui.

## Pelin painikkeet

game-resign = 負けました Luovuta
game-resign-question = Luovutetaanko peli? 負けました
game-resign-yes = Vahvista { -resign }
game-declare = 入玉宣言 Julista
game-declare-question = Tehdäänkö { -declaration }? Jos ehdot eivät täyty, julistaja häviää.
game-declare-yes = Julista
game-offer-draw = ½ Tarjoa { -draw(case: "par") }
game-ask-takeback = ↶ Peru siirto
game-flip = ⇅ Käännä { -board }
game-settings = ⚙ Asetukset
game-review = Analysoi peli 棋譜解析
game-analysis-board = Analyysilauta 検討
game-review-together = 感想戦 Yhteinen analyysi
# Esimerkkejä siirroista kussakin koman lukemassa notaatiossa (säilytetään sellaisinaan).
game-move-placeholder = 7g7f · P-7f · ７六歩 · 7f
game-move-placeholder-usi = 7i7h · 7j7i6h (USI)
game-move-label = Kirjoita { -move } (USI, länsimainen, japanilainen tai saksalainen { -notation })
game-move-play = Pelaa
game-move-failed = Siirto { $move }: { $error }
game-rated-note = Pisteytetty peli: tulos muuttaa kummankin pelaajan { -rating(case: "par") }.

## Tarjoukset: tasapeli, siirron peruminen, uusintaottelu

game-offer-asks-draw = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } tarjoaa { -draw(case: "par") }.
game-offer-asks-takeback = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } pyytää saada perua { -move(case: "gen") }.
game-offer-asks-rematch = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } tarjoaa uusintaottelua.
game-offer-accept-draw = Hyväksy { -draw }
game-offer-accept-takeback = Salli siirron peruminen
game-offer-accept-rematch = Hyväksy uusintaottelu
game-offer-decline = Kieltäydy
game-offer-own-draw = Tarjosit { -draw(case: "par") }.
game-offer-own-takeback = Pyysit saada perua siirron.
game-offer-own-rematch = Tarjosit uusintaottelua.
game-offer-cancel = Peruuta
game-offer-declined-draw = Vastustaja ei hyväksynyt tarjoamaasi { -draw(case: "par") }.
game-offer-declined-takeback = Vastustaja ei suostunut siirron perumiseen.
game-offer-declined-rematch = Vastustaja ei hyväksynyt uusintaottelua.
game-rematch = Uusintaottelu
game-rematch-offered = Uusintaottelua tarjottu
game-rematch-after-draw = Uusintaottelu puolet vaihdettuina
game-rematch-reversed = Uusintaottelu (puolet vaihdettuina)
game-rematch-watch = Katso uusintaottelua →
game-rematch-go = Siirry uusintaotteluun →
game-rematch-failed = Uusintaottelu: { $error }

## Kutsu ja furigoma

game-invite-send = Lähetä tämä linkki vastustajallesi; peli alkaa, kun hän avaa sen:
game-invite-copy = Kopioi
game-invite-copied = Linkki kopioitu.
game-invite-copy-by-hand = Valitse linkki ja kopioi se käsin.
game-furigoma = Furigoma 振り駒:
game-furigoma-first = Olet { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } ja siirrät ensin.
game-furigoma-second = Olet { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } ja siirrät toisena.

## Keskustelu

game-chat-title-player = Keskustelu vastustajan kanssa
game-chat-title-spectator = Katsojien keskustelu
game-chat-title-review = 感想戦 Keskustelu
game-chat-placeholder-player = Sano jotain vastustajallesi
game-chat-placeholder-spectator = Keskustele muiden katsojien kanssa
game-chat-placeholder-review = Keskustele pelistä kaikkien täällä olevien kanssa
game-chat-lines = Keskustelu
game-chat-message = Viesti
game-chat-send = Lähetä
game-chat-failed = Keskustelu: { $error }

## Siirtoluettelo

game-record-label = Siirtoluettelo
game-record-title = 棋譜 Siirtoluettelo
game-record-moves = Siirrot
game-record-notation = Notaatio
game-notation-japanese = 日本
game-notation-western = Länsimainen
game-notation-german = Deutsch
game-record-start = 開始局面 Alkuasema
game-record-first = Alkuun
game-record-previous = Edellinen { -move }
game-record-next = Seuraava { -move }
game-record-last = Viimeinen { -move }
game-record-live = Takaisin peliin ▶▶
game-record-export = Vie:
game-record-comment = Kommentti
game-record-variations = Muunnelmia
game-export-warnings = { $format }-vienti: { $warnings }
game-draw-marks = ✎ Piirrä nuolia
game-draw-marks-title = Piirrä nuoli vetämällä, ympyröi ruutu napauttamalla (myös oikealla painikkeella voi piirtää)

## Ilmoitukset

game-title-your-move = ● Sinun siirtosi · { $title }
game-notice-started = Pelisi on alkanut, vastustajana { $opponent } –
game-notice-play = Pelaa
game-notice-dismiss = Sulje

game-end-resign = { -resign } 投了
game-end-interrupt = keskeytetty 中断
game-end-sennichite = { -sennichite } 千日手
game-end-jishogi = { -jishogi } 持将棋
game-end-mate = { -checkmate } 詰み
game-end-no-mate = ei mattia 不詰
game-end-time-up = { -time-out } 切れ負け
game-end-illegal-win = voitto: { -illegal-move } 反則勝ち
game-end-illegal-loss = tappio: { -illegal-move } 反則負け
game-end-declaration = { -declaration } 入玉勝ち
game-end-default-win = luovutusvoitto 不戦勝
game-end-default-loss = luovutustappio 不戦敗
game-end-try = { -try-rule } トライ
game-end-sealed = suljettu siirto 封じ手
game-end-other = { $word }
game-chat-empty = Ei vielä viestejä.
game-byoyomi-seconds = { $seconds } sekuntia
game-byoyomi-count = { $count }
game-greet-start = { -greeting-start }
game-greet-end = { -greeting-end }
game-greeting-line-start = { $name }: { -greeting-start }
game-greeting-line-end = { $name }: { -greeting-end }
game-setup-ohashi = Nappuloita asetellaan: Ōhashin järjestys (大橋流)
game-setup-ito = Nappuloita asetellaan: Itōn järjestys (伊藤流)
