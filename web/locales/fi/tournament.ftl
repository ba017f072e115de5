# Turnaukset: luettelo ja luontilomake (/tournaments), turnauksen sivu (/tournaments/{id})
# johtajan ohjaimineen sekä kierroksen tulostettavat parit. Kaksikieliset otsikot
# ("Sijoitukset 順位") säilyttävät japanin kaikilla kielillä.

## Yhteiset

tournament-loading = Ladataan…
tournament-read-failed = Turnausta ei voi lukea: { $error }
tournament-player-unknown = #{ $number }
tournament-player-none = —

## Turnausjärjestelmät

tournament-format-swiss = Sveitsiläinen
tournament-format-mcmahon = McMahon
tournament-format-knockout = Pudotusturnaus
tournament-format-round-robin = Kaikki kaikkia vastaan
tournament-format-double-round-robin = Kaksinkertainen kaikki kaikkia vastaan
tournament-format-arena = Areena

## Tasapisteratkaisut

tournament-tiebreak-sos = SOS
tournament-tiebreak-sosos = SOSOS
tournament-tiebreak-sodos = SODOS
tournament-tiebreak-median-sos = Mediaani-SOS
tournament-tiebreak-direct = Keskinäinen ottelu
tournament-tiebreak-other = { $key }

## Pöydän tulokset (1-0: Sente voittaa; ff: luovutusvoitto)

tournament-result-sente = 1-0
tournament-result-gote = 0-1
tournament-result-draw = ½-½
tournament-result-sente-forfeit-win = 1-0 ff
tournament-result-gote-forfeit-win = 0-1 ff
tournament-result-unplayed = pelaamatta

## Kello lyhyesti: "45 min + 30 s byoyomi"

tournament-clock-minutes = { $minutes } min
tournament-clock-seconds = { $seconds } s
tournament-clock-increment = { $seconds } s lisäys
tournament-clock-byoyomi = { $seconds } s { -byoyomi }
tournament-clock-byoyomi-periods = { $seconds } s × { $periods } { -byoyomi }
tournament-clock-join = { $first } + { $second }
tournament-clock-none = ei { -clock(case: "par") }

## Turnausluettelo (/tournaments)

tournament-list-title = Turnaukset 大会
tournament-list-empty = Ei vielä turnauksia.
tournament-list-name = Nimi
tournament-list-format = Järjestelmä
tournament-list-players = Pelaajat
tournament-list-status = Tila
tournament-list-starts = Alkaa
tournament-list-status-entries = ilmoittautuminen auki
tournament-list-status-running = käynnissä
tournament-list-status-finished = päättynyt
tournament-list-older = Vanhemmat
tournament-list-failed = Turnauksia ei voi listata: { $error }
tournament-list-pending = …
tournament-unreachable = Palvelimeen ei saada yhteyttä.
# `$login` ja `$signup` ovat linkit tournament-login-link ja tournament-signup-link.
tournament-login-prompt = Jos haluat johtaa { -tournament(case: "par") }, { $login } tai { $signup }.
tournament-login-link = kirjaudu sisään
tournament-signup-link = rekisteröidy

## Turnauksen luontilomake

tournament-form-title = Uusi { -tournament } 大会
tournament-form-name = Nimi
tournament-form-name-placeholder = Kerhomestaruus 2026
tournament-form-format = Järjestelmä
tournament-form-rounds = Kierroksia
tournament-form-online = Verkossa
tournament-form-online-hint = Pelit komassa; ilman valintaa: pelit pelataan { -board(case: "gen") } ääressä, ja johtaja syöttää tulokset.
tournament-form-main-time = Perusaika (min)
tournament-form-byoyomi = Byoyomi (s)
tournament-form-periods = Jaksoja
tournament-form-increment = Lisäys (s)
tournament-form-increment-hint = Fischer-lisäys { -byoyomi }-ajan sijaan: aseta { -byoyomi }-ajaksi 0.
tournament-form-rated = Pisteytetty
tournament-form-rated-hint = Vain verkkopelit.
tournament-form-colours = Puolet
tournament-form-colours-furigoma = Furigoma 振り駒 (arvotaan joka pelissä)
tournament-form-colours-balanced = Tasapainotettu (vuorotellen)
tournament-form-bye = Vapaakierros
tournament-form-bye-hint = Vapaakierroksesta saatavat pisteet.
tournament-form-bye-one = 1 piste
tournament-form-bye-half = ½ pistettä
tournament-form-tiebreaks = Tasapisteratkaisut järjestyksessä
tournament-form-tiebreak-none = —
tournament-form-bar = McMahon-raja
tournament-form-bar-hint = Pelaajat, joiden { -rating } on rajalla tai sen yli, aloittavat ylimmästä ryhmästä.
tournament-form-group-width = Ryhmän leveys
tournament-form-group-width-hint = Kunkin McMahon-ryhmän leveys { -rating(case: "gen") } pisteinä rajan alapuolella.
tournament-form-groups = Ryhmiä
tournament-form-groups-hint = Ryhmien määrä ylin mukaan lukien; kukin alempi ryhmä aloittaa pistettä alempaa.
tournament-form-knockout-draw = Tasapelin ratkaisu
tournament-form-knockout-draw-hint = Pudotusturnauksessa ratkaisee armageddon-peli tai uusintaottelu.
tournament-form-draw-armageddon = Armageddon
tournament-form-draw-rematch = Uusintaottelu
tournament-form-losers-swiss = Pudonneiden sveitsiläinen
tournament-form-losers-swiss-hint = Kuten ESC:ssä: pudonneet jatkavat sveitsiläisessä ja pitävät pisteensä.
tournament-form-arena-minutes = Areenan kesto (min)
tournament-form-berserk = Berserk
tournament-form-berserk-hint = Puolita { -clock(case: "gen") } aikasi, niin voitosta saa lisäpisteen.
tournament-form-handicap = Tasoitus { -rating(case: "gen") } mukaan
tournament-form-handicap-hint = Kunkin pelin { -handicap } määräytyy pelaajien välisestä { -rating(case: "gen") } erosta.
tournament-form-no-show = Poissaolotappio (s)
tournament-form-no-show-hint = Jos pelissä ei ole siirretty tämän ajan kuluessa, se tuomitaan hävityksi.
tournament-form-starts = Alkaa
tournament-form-starts-hint = Verkossa: { -round(case: "gen") } 1 pelit alkavat silloin (tyhjä: kun johtaja aloittaa).
tournament-form-create = Luo { -tournament }
tournament-form-create-failed = Ei voi luoda { -tournament(case: "par") }: { $error }
tournament-form-no-name = Anna { -tournament(case: "gen") } nimi.
tournament-form-name-too-long = Nimessä on yli { $max } merkkiä.
tournament-form-tiebreak-twice = Sama tasapisteratkaisu on valittu kahdesti.
tournament-form-whole-rounds = Anna kierrosten määräksi kokonaisluku, 0 tai enemmän.
tournament-form-whole-main-time = Anna perusajaksi kokonaisluku, 0 tai enemmän.
tournament-form-whole-increment = Anna lisäykseksi kokonaisluku, 0 tai enemmän.
tournament-form-whole-byoyomi = Anna { -byoyomi }-ajaksi kokonaisluku, 0 tai enemmän.
tournament-form-whole-periods = Anna jaksojen määräksi kokonaisluku, 0 tai enemmän.
tournament-form-whole-no-show = Anna poissaoloajaksi kokonaisluku, 0 tai enemmän.
tournament-form-whole-arena-minutes = Anna areenan kestoksi kokonaisluku, 0 tai enemmän.
tournament-form-no-clock = Ilman perusaikaa, lisäystä tai { -byoyomi }-aikaa ei ole { -clock(case: "par") }.
tournament-form-increment-and-byoyomi = Valitse { -clock(case: "gen") } lisäys tai { -byoyomi }, ei molempia: aseta toinen nollaksi.

## Turnauksen sivu: tiedot, ilmoittautuminen ja vetäytyminen

tournament-page-title = { $name } · koma
tournament-connecting = yhdistetään…
tournament-live = yhteydessä
tournament-reconnecting = yhdistetään uudelleen…
tournament-show-failed = Turnausta ei voi näyttää: { $error }
tournament-status-entries = Ilmoittautuminen auki
tournament-status-finished = Päättynyt
tournament-status-under-way = Käynnissä
tournament-status-round = Kierros { $round }/{ $planned }
tournament-info-director = { $status } · johtaja { $director }
tournament-info-join = { $first } · { $second }
tournament-info-rounds =
    { $count ->
        [one] { $count } { -round }
       *[other] { $count } { -round(case: "par") }
    }
tournament-info-online = verkossa
tournament-info-over-the-board = { -board(case: "gen") } ääressä
tournament-info-rated = pisteytetty
tournament-info-unrated = pisteyttämätön
tournament-info-balanced = puolet vuorotellen
tournament-info-furigoma = { -furigoma }
tournament-info-handicap = { -handicap } { -rating(case: "gen") } mukaan
tournament-join = Ilmoittaudu
tournament-accept-invitation = Hyväksy kutsu
tournament-join-country = Maa { $input }
tournament-join-country-label = Maasi (kaksi kirjainta, FESA:n vahvuuslukulistaa varten)
tournament-join-country-placeholder = FI
tournament-join-failed = Ilmoittautuminen ei onnistu: { $error }
tournament-decline = Kieltäydy
tournament-decline-failed = Kieltäytyminen ei onnistu: { $error }
tournament-withdraw = Vetäydy
tournament-withdraw-failed = Vetäytyminen ei onnistu: { $error }
tournament-log-in-to-join = Kirjaudu sisään ilmoittautuaksesi
tournament-export = Vienti: { $files }
tournament-your-game-started = Pelisi on alkanut.
tournament-your-game-play = Siirry peliisi →

## Taulukoiden sarakeotsikot

tournament-col-place = #
tournament-col-number = #
tournament-col-player = Pelaaja
tournament-col-score = Pisteet
tournament-col-games = Pelit
tournament-col-rating = Vahvuusluku
tournament-col-start = Alku
tournament-col-board = Pöytä
tournament-col-sente = ☗ { -sente }
tournament-col-gote = ☖ { -gote }
tournament-col-result = Tulos

## Sijoitukset

tournament-standings-title = Sijoitukset 順位
tournament-standings-empty = Ei sijoituksia ennen { -round(case: "par") } 1.
tournament-standings-error = Ei sijoituksia: { $error }
tournament-standings-error-unknown = Ei sijoituksia: tuntematon virhe

## Pudotuskaavio

tournament-bracket-title = Kaavio トーナメント表
tournament-bracket-final = Finaali
tournament-bracket-semi-finals = Välierät
tournament-bracket-quarter-finals = Puolivälierät
tournament-bracket-round = Kierros { $number }

## Areena

tournament-arena-title = Areena アリーナ
tournament-arena-finished = Päättynyt.
tournament-arena-ends = Päättyy noin { $minutes } min kuluttua.
tournament-berserk = Berserk (puolet ajastasi)
tournament-berserk-failed = Berserk ei onnistu: { $error }
tournament-arena-your-game = Pelisi
tournament-arena-streak = 🔥
tournament-arena-playing = Käynnissä nyt: { $games }
tournament-arena-game = { $sente } – { $gote }

## Kierrokset ja parit

tournament-rounds-title = Kierrokset 対戦表
tournament-rounds-empty = Pareja ei ole vielä muodostettu.
tournament-round-title = Kierros { $number }
tournament-round-progress = · { $done }/{ $total } tulosta
tournament-round-bye = Vapaakierros: { $player }
tournament-play-your-game = Siirry peliisi
tournament-replay = Katso uudelleen
tournament-watch = Katso
tournament-print-link = Tulostettavat parit

## Pelaajat

tournament-players-title = Pelaajat 参加者 ({ $count })
tournament-players-empty = Ei vielä pelaajia.
tournament-players-invited = Kutsuttu, ei vielä hyväksytty: { $names }
tournament-player-withdrawn = vetäytynyt

## Johtajan ohjaimet

tournament-director-title = Johtaja 大会運営
tournament-director-entries = Lisää pelaaja ({ -board(case: "gen") } ääressä)
tournament-director-name = Nimi
tournament-director-fesa-id = FESA-tunnus
tournament-director-country = Maa (esim. FI)
tournament-director-country-title = Kaksikirjaiminen maatunnus, joka kirjoitetaan FESA:n tulostiedostoon, jos pelaaja ei vielä ole FESA:n listalla
tournament-director-account = koma-tunnus
tournament-director-add = Lisää pelaaja
tournament-director-add-failed = Pelaajaa ei voi lisätä: { $error }
tournament-director-no-name = Anna pelaajan nimi.
tournament-director-rating-not-whole = Annetun { -rating(case: "gen") } on oltava kokonaisluku.
tournament-director-start = Aloita: muodosta { -round(case: "gen") } 1 parit
tournament-director-start-confirm =
    Suljetaanko ilmoittautuminen ({ $count ->
        [one] { $count } pelaaja
       *[other] { $count } pelaajaa
    }) ja muodostetaanko { -round(case: "gen") } 1 parit?
tournament-director-start-yes = Aloita
tournament-director-start-failed = Aloitus ei onnistu: { $error }
tournament-director-pair = Muodosta seuraavan { -round(case: "gen") } parit
tournament-director-pair-failed = Seuraavan { -round(case: "gen") } pareja ei voi muodostaa: { $error }
tournament-director-waiting = Kierros { $round }: odotetaan tuloksia.
tournament-director-print = Tulosta parit
tournament-director-withdraw-label = Poista pelaaja
tournament-director-withdraw = Poista
tournament-director-withdraw-option = { $number }. { $name }
tournament-director-withdraw-confirm = Poistetaanko { $name } seuraavilta kierroksilta?
tournament-director-withdraw-yes = Poista
tournament-director-withdraw-failed = Pelaajaa ei voi poistaa: { $error }
tournament-director-results-hint = Tulokset: valitse ne kunkin { -round(case: "gen") } taulukosta ja paina Tallenna; korjaus tallennetaan samoin.
tournament-director-result-none = —
tournament-director-result-sente = 1-0 { -sente } voittaa
tournament-director-result-gote = 0-1 { -gote } voittaa
tournament-director-result-draw = ½-½ { -draw }
tournament-director-result-sente-forfeit-win = 1-0 luovutusvoitto, { -gote } poissa
tournament-director-result-gote-forfeit-win = 0-1 luovutusvoitto, { -sente } poissa
tournament-director-result-unplayed = pelaamatta, molemmat poissa
tournament-director-result-label = Pöydän { $board } tulos
tournament-director-handicap-label = Pöydän { $board } { -handicap }
tournament-director-save = Tallenna
tournament-director-save-failed = Tulosta ei voi tallentaa: { $error }
tournament-director-no-result = Valitse ensin tulos.

## Kierroksen tulostettavat parit

tournament-print-page-title = { $name } · { -round } { $number }
tournament-print-missing = Kierroksen { $number } pareja ei ole muodostettu (muodostettuja kierroksia: { $paired }).
tournament-print-bye = vapaakierros

## Ilmoitukset käynnissä olevista peleistä (kaikilla sivuilla)

tournament-opponent-engine = moottori
tournament-opponent-guest = vieras
tournament-crosstable-number = Nro
tournament-crosstable-place = Sija
tournament-crosstable-name = Nimi
tournament-crosstable-rating = Vahvuusluku
tournament-crosstable-round = K{ $round }
tournament-crosstable-points = Pisteet
