# Analyysinäkymät: tuotu siirtoluettelo analyysilaudalla (#review), sen kommentit ja
# muunnelmat, moottorin jatkot, jokaisen aseman analyysi ja päättyneen pelin yhteisen analyysin
# huone (#room). Muotojen nimet (KIF, KI2, CSA, JKF, USI, SFEN) säilyvät sellaisinaan.

## Siirtoluettelon tuonti (#review)

review-import-title = Tuo { -kifu } 棋譜を読み込む
review-open-file = Avaa tiedosto…
review-record-placeholder = Liitä tähän KIF-, KI2-, CSA-, JKF-, USI- tai SFEN-muotoinen { -kifu } tai siirtolista (1. P-7f P-3d 2. P-2f …)
review-format-label = Muoto
review-format-detect = Muoto: tunnista
review-format-moves = Siirtolista
review-variant-label = Variantti
review-variant-detect = Variantti: tunnista
review-read = Lue { -kifu }
review-file-unreadable = Tiedostoa ei voi lukea.
review-paste-first = Liitä ensin { -kifu } tai valitse tiedosto.
review-read-failed = Siirtoluetteloa ei voi lukea: { $error }
review-imported-title = Tuotu { -kifu }
review-title-game = Peli { $id }
review-title-game-result = Peli { $id } · { $result }
review-game-failed = Peliä { $id } ei voi ladata: { $error }

## Mitä luku tai vienti ei voinut säilyttää

review-warnings-title = ⚠ Huomautuksia siirtoluettelosta
review-warnings-reading = Luettaessa:
review-warnings-export = { $format }-vienti:
review-warning = { $message }
review-warning-line = Rivi { $line }: { $message }
review-export-warnings = { $format }-vienti: { $warnings }
review-export-failed = Vienti: { $error }
review-play-failed = Siirtoa { $move } ei voi pelata: { $error }

## Painikkeet laudan vieressä

review-flip = ⇅ Käännä { -board }
review-settings = ⚙ Asetukset

## Jokaisen aseman analyysi (棋譜解析)

review-panel-label = Analyysi
review-heading = 棋譜解析 Analyysi
review-plot-label = { -sente(case: "gen") } voittomahdollisuudet siirroittain
review-plot-title = { -sente(case: "gen") } voittomahdollisuudet siirroittain (siirry siirtoon napsauttamalla)
review-time-label = Aika { -position(case: "par") } kohden
review-time-option = { $seconds } s / { -position }
review-analyse = Analysoi
review-prev-mistake = ◀ Edellinen virhe
review-next-mistake = Seuraava virhe ▶
review-idle = Anna moottorin käydä läpi pelin jokainen { -position }.
review-starting = Aloitetaan analyysia…
review-start-failed = Analyysi: { $error }
review-poll-failed = Analyysi: { $error }; yritetään uudelleen…
review-failed = Analyysi epäonnistui: { $error }
review-done =
    { $count ->
        [one] Analysoitu { $count } { -position }.
       *[other] Analysoitu { $count } { -position(case: "par") }.
    }
review-progress =
    Analysoidaan… { $done } / { $total ->
        [one] { $total } { -position }
       *[other] { $total } { -position(case: "par") }
    }
review-mark-dubious = kyseenalainen ?!
review-mark-mistake = virhe ?
review-mark-blunder = vakava virhe ??
review-plot-dot =
    { $ply }. { $move } { $mark ->
        [dubious] kyseenalainen
        [mistake] virhe
       *[blunder] vakava virhe
    }
review-info-move = Siirto { $ply }
review-info-chances = { -sente } { $percent } %  ({ $score })
review-info-mark =
    { $move }: { $mark ->
        [dubious] kyseenalainen ?!
        [mistake] virhe ?
       *[blunder] vakava virhe ??
    }
review-info-mark-loss =
    { $move }: { $mark ->
        [dubious] kyseenalainen ?!
        [mistake] virhe ?
       *[blunder] vakava virhe ??
    } (−{ $loss } %)
review-better = Parempi: { $move }
review-pv = Jatko: { $moves }
review-best-now = Paras nyt: { $move }
review-score-mate-sente = ☗ { -checkmate } { $moves } siirrossa
review-score-mate-gote = ☖ { -checkmate } { $moves } siirrossa

## Moottorin jatkot (検討)

review-engine-label = Moottori
review-engine-heading = 検討 Moottori
review-engine-off = Moottori: pois
review-engine-on = Moottori: päällä
review-engine-lines-label = Jatkot
review-engine-lines-option =
    { $count ->
        [one] { $count } jatko
       *[other] { $count } jatkoa
    }
review-engine-depth-label = Syvyys
review-engine-depth-option = syvyys { $depth }
review-engine-chances = { -sente(case: "gen") } mahdollisuudet
review-engine-bar = { -sente } { $percent } %
review-engine-players-turn = Pelaajat kytkevät moottorin päälle
review-engine-searching = Lasketaan…
review-engine-busy = Moottori on varattu: { $error }
review-engine-busy-waiting = Moottori on varattu: { $error }; odotetaan…
review-engine-failed = Ei jatkoja: { $error }
review-engine-mated = Ei siirtoja: siirtovuorossa oleva puoli on matissa.
review-engine-depth = Syvyys { $depth }
review-engine-depth-kept = Syvyys { $depth } (aiemmasta hausta)

## Näytetyn siirron kommentit ja muunnelmat (注釈)

review-notes-label = Kommentit ja muunnelmat
review-notes-heading = 注釈 Kommentit
review-notes-main-line = ↩ Päälinja
review-notes-header = 棋譜情報 Tiedot ({ $count })
review-notes-start = 開始局面 Alkuasema
review-notes-no-comment-start = Alkuasemassa ei ole kommenttia.
review-notes-no-comment = Tässä siirrossa ei ole kommenttia.
review-notes-write = ✎ Kirjoita kommentti
review-notes-placeholder = Kirjoita kommentti tästä siirrosta…
review-notes-editor-label = Näytetyn siirron kommentti
review-notes-promote = ★ Tee tästä päälinja
review-notes-delete = ✕ Poista tämä siirto ja sitä seuraavat
review-notes-up = Siirrä tätä siirtoa muunnelmien joukossa yksi paikka ylöspäin
review-notes-down = Siirrä tätä siirtoa muunnelmien joukossa yksi paikka alaspäin
review-notes-variations = 変化 Siirto { $ply }:
review-notes-main-mark = 本譜
review-notes-hint = Seuraa siirron linjaa napsauttamalla sitä; ↑ ↓ vaihtavat näytetyn siirron muunnelmaa.

## Päättyneen pelin yhteisen analyysin huone (感想戦, #room)

room-opening = Avataan huonetta…
room-reconnecting = Yhdistetään uudelleen…
room-not-connected = Ei yhteyttä huoneeseen; yritetään uudelleen…
room-status = 感想戦 · { $players }
room-people = Huoneessa { $count } (katsojia { $watchers }). Pelaajat siirtävät nappuloita { -board(case: "ade") }.
room-people-mover = Huoneessa { $count } (katsojia { $watchers }). Pelaajat siirtävät nappuloita { -board(case: "ade") }. Sinä voit siirtää.
room-people-holder = Huoneessa { $count } (katsojia { $watchers }). Pelaajat ja { $holder } siirtävät nappuloita { -board(case: "ade") }.
room-people-holder-mover = Huoneessa { $count } (katsojia { $watchers }). Pelaajat ja { $holder } siirtävät nappuloita { -board(case: "ade") }. Sinä voit siirtää.
room-hand-label = Katsoja siirtää:
room-hand-to = Anna { -board } katsojalle
room-hand = Anna { -board }
room-take-back = Ota { -board } takaisin
room-back-to-game = Peli
