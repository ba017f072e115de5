# Palvelimen kieltäytymiset koodeittain: `error-KOODI` (api.ts `errorText`). `$detail` on
# palvelimen oma englanninkielinen teksti niissä tapauksissa, joissa se nimeää vian.
# Kaksi on sivun omia: error-other (kieltäytyminen ilman tunnettua koodia: palvelimen teksti
# sellaisenaan) ja error-unreachable (palvelin ei vastaa).

error-other = { $detail }
error-unreachable = Palvelimeen ei saada yhteyttä ({ $detail })

## error.rs: ApiError::code

error-malformed_request = Pyyntöä ei voitu lukea: { $detail }
error-not_json = Pyyntöä ei lähetetty JSON-muodossa.
error-rate_limited = Liian monta pyyntöä liian nopeasti: { $detail }
error-missing_token = Vain tämän pelin pelaaja voi tehdä tämän.
error-unknown_name = Palvelin ei tunne tätä nimeä: { $detail }
error-invalid_value = Arvo ei kelpaa: { $detail }
error-conflicting_fields = Pyynnön osat eivät sovi yhteen: { $detail }
error-invalid_position = Virheellinen { -position }: { $detail }
error-unreadable_move = Tätä { -move(case: "par") } ei voi lukea: { $detail }
error-not_in_chu = Ei vielä mahdollista chu-shogipeleissä ({ $detail })
error-no_offer = Ei tarjousta, johon vastata.
error-nothing_to_take_back = Sinulla ei ole peruttavaa { -move(case: "par") }.
error-rated_game = Siirtoja voi perua vain pisteyttämättömissä peleissä: tämä peli on pisteytetty.
error-draw_declined = Moottori ei hyväksy { -draw(case: "par") }: se jatkaa peliä.
error-illegal_move = Laiton siirto: { $detail }
error-unreadable_record = Tätä { -kifu(case: "par") } ei voi lukea: { $detail }
error-unrecognised_record = Teksti ei ole missään koman tuntemassa muodossa (KIF, KI2, CSA, JKF, USI, SFEN, siirtolista kuten 1. P-7f P-3d): valitse sen muoto.
error-unwritable_record = Tätä { -kifu(case: "par") } ei voi kirjoittaa tähän muotoon: { $detail }
error-too_large = Tämä on enemmän kuin palvelin hyväksyy: { $detail }
error-wrong_invitation = Tämä ei ole tämän pelin kutsu.
error-no_seat = Et ole tämän pelin pelaaja: vain sen pelaajat voivat tehdä tämän.
error-not_your_turn = Nyt ei ole sinun vuorosi.
error-not_found = Ei löytynyt: { $detail }
error-seats_taken = Kutsu on jo käytetty: molemmat paikat on varattu.
error-expired = Kutsu vanheni: peli keskeytettiin.
error-aborted = Peli keskeytettiin: sille ei ole uusintaottelua.
error-not_started = Toinen pelaaja ei ole vielä liittynyt.
error-game_over = Peli on päättynyt.
error-game_not_over = Peli ei ole päättynyt: uusintaottelu on mahdollinen vasta pelin jälkeen.
error-tournament_game = Uusintaottelua ei ole { -tournament(case: "gen") } peleissä: { -tournament } muodostaa parit.
error-too_late_to_abort = Molemmat ovat jo siirtäneet: peliä ei voi enää keskeyttää ({ -resign } on yhä mahdollinen).
error-cannot_claim = Et voi vaatia voittoa nyt: { $detail }
error-not_arena_game = Berserk on mahdollinen vain areenamuotoisen { -tournament(case: "gen") } peleissä.
error-refused = Peli ei salli tätä nyt: { $detail }
error-invalid_username = Tätä käyttäjänimeä ei voi käyttää: { $detail }
error-invalid_password = Salasanaa ei hyväksytä: { $detail }
error-weak_password = Valitse vaikeammin arvattava salasana: { $detail }
error-username_taken = Käyttäjänimi on jo varattu.
error-bad_credentials = Väärä käyttäjänimi tai salasana.
error-unauthorized = Tämä vaatii kirjautumisen.
error-wrong_password = Salasana on väärä.
error-cross_site = Hylätty: pyyntö tuli toiselta sivustolta.
error-forbidden = Tämä ei ole sallittua: { $detail }
error-invalid_tree = Näistä siirroista ei voi muodostaa { -kifu(case: "par") }: { $detail }
error-queue_full = Liian monta analyysia jonossa: yritä myöhemmin uudelleen.
error-engine_games_full = Palvelin pelaa jo niin monta peliä moottoria vastaan kuin pystyy: yritä myöhemmin uudelleen.
error-engine_busy = Moottori on varattu: yritä hetken päästä uudelleen.
error-too_many = Olet saavuttanut rajan: { $detail }
error-streams_full = Palvelimella on jo niin monta yhteyttä kuin se ottaa vastaan: yritä myöhemmin uudelleen.
error-body_timeout = Pyynnön saapuminen kesti liian kauan: yritä uudelleen.
error-shutting_down = Palvelin on sammumassa: yritä hetken päästä uudelleen.
error-storage_unavailable = Palvelin ei juuri nyt saa yhteyttä tallennustilaansa: yritä uudelleen.
error-storage_failed = Palvelin ei voinut lukea tai tallentaa tätä.
error-internal = Palvelimella tapahtui virhe.

## players.rs: SeatRefusal::code

error-login_required = Tähän tarvitaan tunnus: kirjaudu ensin sisään (tai rekisteröidy).
error-rated_against_engine = Peli moottoria vastaan ei voi olla pisteytetty: pelaa se pisteyttämättömänä.
error-rated_from_position = Pisteytetyssä pelissä käytetään { -starting-position(case: "par") }: pelit, joissa on { -handicap }, ovat pisteyttämättömiä.
error-rated_without_clock = Pisteytetty peli tarvitsee { -clock(case: "gen") }: valitse { -time-control }.
error-own_game = Loit tämän pelin: sama pelaaja ei voi ottaa molempia paikkoja.

## lobby/seek.rs: LobbyRefusal::code

error-no_such_seek = Tämä pelitarjous ei ole enää avoinna: se on otettu, peruttu tai vanhentunut.
error-own_seek = Tämä on oma pelitarjouksesi: toisen pelaajan on hyväksyttävä se.
error-not_your_seek = Tämä pelitarjous on toisen pelaajan: vain sen tekijä voi perua sen.
error-out_of_rating_range = Et ole tämän pelitarjouksen { -rating(case: "gen") } rajoissa: { $detail }
error-bad_rating_range = Virheelliset { -rating(case: "gen") } rajat: { $detail }
error-quick_without_clock = Pikaparitus vaatii { -clock(case: "gen") } ja { -time-control(case: "gen") } (esim. 3m+2s tai 10m+30s).
error-lobby_full = Aula on täynnä: yritä myöhemmin uudelleen.

## analysis.rs: AnalysisRefusal::code

error-analysis_running = Sinulla on jo analyysi käynnissä: pyydä uutta, kun se on valmis.

## rooms/mod.rs: RoomRefusal::code

error-invalid_review = Tätä muutosta ei voi tehdä: { $detail }
error-not_your_board = Vain pelaajat ja ne, joille he antavat { -board(case: "gen") }, voivat siirtää sen nappuloita.
error-players_only = Vain pelin pelaajat voivat kytkeä moottorin päälle tai antaa { -board(case: "gen") } toiselle.
error-not_in_room = Tämä henkilö ei ole huoneessa kirjautuneena: { $detail }
error-room_busy = Huone muuttui sillä välin: yritä uudelleen.

## tournaments/refusal.rs: Refusal::code

error-not_director = Vain { -tournament(case: "gen") } johtaja voi tehdä tämän: { $detail }
error-wrong_state = Ei mahdollista { -tournament(case: "gen") } tässä vaiheessa: { $detail }
error-already_entered = Jo { -tournament(case: "gen") } osallistuja: { $detail }
error-not_entered = Ei { -tournament(case: "gen") } osallistuja: { $detail }
error-round_unfinished = Tämä { -round } ei ole vielä päättynyt: { $detail }
error-pairing_failed = Tämän { -round(case: "gen") } pareja ei voi muodostaa: { $detail }
error-export_failed = Tätä { -tournament(case: "par") } ei voi viedä nykyisellään: { $detail }
error-busy = Muut muokkaavat { -tournament(case: "par") } juuri nyt: yritä uudelleen.

## studies/mod.rs: StudyRefusal::code

error-study_not_found = Tätä tutkielmaa ei ole, tai et saa nähdä sitä.
error-chapter_not_found = Tutkielmassa ei ole tällaista lukua.
error-not_study_editor = Vain tutkielman omistaja ja sen muokkaajat voivat muuttaa sitä.
error-not_study_owner = Vain tutkielman omistaja voi tehdä tämän.
error-study_full = Tutkielma on täynnä: { $detail }
error-invalid_study = Tutkielma ei hyväksy tätä: { $detail }
error-not_leading = Vain oppitunnin vetäjä siirtää nappuloita jokaisella { -board(case: "ade") }.
error-study_busy = Tutkielma muuttui sillä välin: yritä uudelleen.

## http/connections.rs: Refused::response

error-connections_full = Palvelimella on jo auki niin monta yhteyttä kuin se ottaa vastaan: yritä myöhemmin uudelleen.
