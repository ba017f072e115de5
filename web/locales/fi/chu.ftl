# Chu shogi (中将棋) moottoria vastaan omassa näkymässään (#chu, chu.ts). "Chu shogi" on
# variantin nimi; englanninkielisten sanojen jälkeiset japanilaiset sanat näytetään kaikilla
# kielillä sellaisinaan.

chu-title = Chu shogi 中将棋 moottoria vastaan
chu-board-label = Chu shogi -lauta
chu-resign = Luovuta 投了
chu-take-back = Peru siirto 待った
chu-download-kif = Lataa KIF 棋譜
chu-hint = Napsauta { -piece(case: "par") } ja sitten ruutua, johon se siirtyy. Leijona (獅) tai { -piece }, jolla on sen voima, liikkuu kahdesti: napsauta ruutua, jonka kautta se kulkee, ja sitten ruutua, johon se jatkaa, tai samaa ruutua uudelleen, jos se pysähtyy siihen.
chu-resign-question = Luovutetaanko peli?

## Tilarivi laudan alla

chu-engine-thinking = Moottori miettii…
chu-waiting = Odotetaan…
chu-your-move = Sinun siirtosi ({ $side ->
        [sente] ☗
       *[gote] ☖
    }).
chu-your-move-check = Sinun siirtosi ({ $side ->
        [sente] ☗
       *[gote] ☖
    }): { -king(case: "par") } uhataan.
chu-cannot-start = Peliä ei voi aloittaa: { $error }
chu-engine-failed = Moottori ei pystynyt siirtämään: { $error }

## Pelin päättyminen. $reason on säännön avain palvelimelta.

chu-over-sente-wins = Peli päättyi: { -sente } ☗ voitti ({ $reason ->
        [royal-captured] viimeinen kuninkaallinen { -piece } lyöty
        [bare-king] { -king } yksin
        [bare-royals] vain kaksi kuninkaallista jäljellä
        [no-moves] ei laillista { -move(case: "par") }
        [sennichite] sama { -position } neljästi, 千日手
        [perpetual-check] jatkuva uhkaaminen
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] siirtojen enimmäismäärä
       *[other] säännöt
    }).
chu-over-gote-wins = Peli päättyi: { -gote } ☖ voitti ({ $reason ->
        [royal-captured] viimeinen kuninkaallinen { -piece } lyöty
        [bare-king] { -king } yksin
        [bare-royals] vain kaksi kuninkaallista jäljellä
        [no-moves] ei laillista { -move(case: "par") }
        [sennichite] sama { -position } neljästi, 千日手
        [perpetual-check] jatkuva uhkaaminen
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] siirtojen enimmäismäärä
       *[other] säännöt
    }).
chu-over-draw = Peli päättyi: { -draw } ({ $reason ->
        [royal-captured] viimeinen kuninkaallinen { -piece } lyöty
        [bare-king] { -king } yksin
        [bare-royals] vain kaksi kuninkaallista jäljellä
        [no-moves] ei laillista { -move(case: "par") }
        [sennichite] sama { -position } neljästi, 千日手
        [perpetual-check] jatkuva uhkaaminen
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] siirtojen enimmäismäärä
       *[other] säännöt
    }).
