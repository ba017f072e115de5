# De weigeringen van de server, per code: `error-CODE` (zie ../en/errors.ftl). `$detail` is de
# eigen Engelse tekst van de server.

error-other = { $detail }
error-unreachable = De server is niet bereikbaar ({ $detail })

## error.rs: ApiError::code

error-malformed_request = Het verzoek kon niet worden gelezen: { $detail }
error-not_json = Het verzoek is niet als JSON verstuurd.
error-rate_limited = Je gaat te snel: { $detail }
error-missing_token = Alleen een speler van deze partij kan dit doen.
error-unknown_name = De server kent deze naam niet: { $detail }
error-invalid_value = Een waarde is ongeldig: { $detail }
error-conflicting_fields = Het verzoek vraagt om dingen die niet samengaan: { $detail }
error-invalid_position = De { -position } is ongeldig: { $detail }
error-unreadable_move = De { -move } kan niet worden gelezen: { $detail }
error-not_in_chu = Nog niet mogelijk in Chu-shogipartijen ({ $detail })
error-no_offer = Er is geen aanbod om op te antwoorden.
error-nothing_to_take_back = Je hebt geen { -move } om terug te nemen.
error-rated_game = Terugnemen kan alleen in vrije partijen: deze partij telt mee voor de { -rating }.
error-draw_declined = De engine neemt geen { -draw } aan: hij speelt door.
error-illegal_move = Dit is een { -illegal-move }: { $detail }
error-unreadable_record = De { -kifu } kan niet worden gelezen: { $detail }
error-unrecognised_record = De tekst staat in geen enkel formaat dat koma kan lezen (KIF, KI2, CSA, JKF, USI, SFEN, een zettenlijst zoals 1. P-7f P-3d): kies het formaat.
error-unwritable_record = De { -kifu } kan niet in dit formaat worden geschreven: { $detail }
error-too_large = Dit is meer dan de server accepteert: { $detail }
error-wrong_invitation = Dit is niet de uitnodiging voor deze partij.
error-no_seat = Je speelt niet mee in deze partij: alleen de spelers kunnen dit doen.
error-not_your_turn = Je bent niet aan zet.
error-not_found = Niet gevonden: { $detail }
error-seats_taken = De uitnodiging is al gebruikt: beide plaatsen zijn bezet.
error-expired = De uitnodiging is verlopen: de partij is afgebroken.
error-aborted = De partij is afgebroken: er is geen partij om opnieuw te spelen.
error-not_started = De andere speler is er nog niet.
error-game_over = De partij is afgelopen.
error-game_not_over = De partij is nog niet afgelopen: een revanche volgt pas na het einde.
error-tournament_game = Een { -tournament }partij heeft geen revanche: het { -tournament } deelt de spelers in.
error-too_late_to_abort = Beide kanten hebben al gezet: de partij kan niet meer worden afgebroken (je kunt wel { -resign }).
error-cannot_claim = Je kunt de winst nu niet opeisen: { $detail }
error-not_arena_game = Alleen in partijen van een arena{ -tournament } kun je berserken.
error-refused = De partij staat dit nu niet toe: { $detail }
error-invalid_username = Deze gebruikersnaam kan niet worden gebruikt: { $detail }
error-invalid_password = Het wachtwoord wordt niet geaccepteerd: { $detail }
error-weak_password = Kies een wachtwoord dat moeilijker te raden is: { $detail }
error-username_taken = Deze gebruikersnaam is al in gebruik.
error-bad_credentials = Verkeerde gebruikersnaam of wachtwoord.
error-unauthorized = Hiervoor moet je ingelogd zijn.
error-wrong_password = Het wachtwoord is onjuist.
error-cross_site = Geweigerd: het verzoek kwam van een andere site.
error-forbidden = Dit is niet toegestaan: { $detail }
error-invalid_tree = Van deze zetten kan geen { -kifu } worden gemaakt: { $detail }
error-queue_full = Er wachten te veel analyses: probeer het later opnieuw.
error-engine_games_full = De server speelt al zoveel partijen tegen de engine als hij aankan: probeer het later opnieuw.
error-engine_busy = De engine is bezig: probeer het zo meteen opnieuw.
error-too_many = Je hebt een limiet bereikt: { $detail }
error-streams_full = De server heeft zoveel verbindingen als hij aankan: probeer het later opnieuw.
error-body_timeout = Het verzoek deed er te lang over om aan te komen: probeer het opnieuw.
error-shutting_down = De server wordt gestopt: probeer het zo meteen opnieuw.
error-storage_unavailable = De server kan zijn opslag nu niet bereiken: probeer het opnieuw.
error-storage_failed = De server kon dit niet lezen of opslaan.
error-internal = Er ging iets mis op de server.

## players.rs: SeatRefusal::code

error-login_required = Hiervoor heb je een account nodig: log eerst in (of registreer je).
error-rated_against_engine = Een partij tegen de engine kan niet meetellen voor de { -rating }: speel een vrije partij.
error-rated_from_position = Een partij voor de { -rating } begint vanuit de { -starting-position }: { -handicap }partijen tellen niet mee.
error-rated_without_clock = Een partij voor de { -rating } heeft een { -clock } nodig: kies een { -time-control }.
error-own_game = Je hebt deze partij zelf aangemaakt: één speler kan niet beide plaatsen innemen.

## lobby/seek.rs: LobbyRefusal::code

error-no_such_seek = Dit partijaanbod staat niet meer open: het is aangenomen, ingetrokken of verlopen.
error-own_seek = Dit is je eigen partijaanbod: een andere speler moet het aannemen.
error-not_your_seek = Dit partijaanbod is van een andere speler: alleen wie het plaatste kan het intrekken.
error-out_of_rating_range = Je { -rating } valt buiten het bereik van dit partijaanbod: { $detail }
error-bad_rating_range = Het { -rating }bereik is ongeldig: { $detail }
error-quick_without_clock = Snel koppelen vraagt om een { -time-control } met een { -clock } (bijv. 3m+2s of 10m+30s).
error-lobby_full = De lobby is vol: probeer het later opnieuw.

## analysis.rs: AnalysisRefusal::code

error-analysis_running = Er loopt al een analyse van je: vraag het opnieuw zodra die klaar is.

## rooms/mod.rs: RoomRefusal::code

error-invalid_review = Deze wijziging kan niet worden gemaakt: { $detail }
error-not_your_board = Alleen de spelers, en wie zij het { -board } overdragen, mogen erop spelen.
error-players_only = Alleen de spelers van de partij kunnen de engine aanzetten of het { -board } overdragen.
error-not_in_room = Deze persoon is niet met een account in de kamer: { $detail }
error-room_busy = De kamer is intussen veranderd: probeer het opnieuw.

## tournaments/refusal.rs: Refusal::code

error-not_director = Alleen de { -tournament }leider mag dit doen: { $detail }
error-wrong_state = Niet mogelijk in deze fase van het { -tournament }: { $detail }
error-already_entered = Al ingeschreven voor het { -tournament }: { $detail }
error-not_entered = Niet ingeschreven voor het { -tournament }: { $detail }
error-round_unfinished = De { -round } is nog niet afgelopen: { $detail }
error-pairing_failed = De { -round } kan niet worden ingedeeld: { $detail }
error-export_failed = Het { -tournament } kan in deze toestand niet worden geëxporteerd: { $detail }
error-busy = Anderen wijzigen op dit moment het { -tournament }: probeer het opnieuw.

## studies/mod.rs: StudyRefusal::code

error-study_not_found = Deze studie bestaat niet, of je mag haar niet zien.
error-chapter_not_found = Dit hoofdstuk bestaat niet in de studie.
error-not_study_editor = Alleen de eigenaar en de bewerkers van de studie kunnen haar wijzigen.
error-not_study_owner = Alleen de eigenaar van de studie kan dit doen.
error-study_full = De studie is vol: { $detail }
error-invalid_study = De studie kan dit niet aannemen: { $detail }
error-not_leading = Alleen wie de les leidt, speelt op ieders { -board }.
error-study_busy = De studie is intussen veranderd: probeer het opnieuw.

## http/connections.rs: Refused::response

error-connections_full = De server heeft zoveel verbindingen open als hij aankan: probeer het later opnieuw.
