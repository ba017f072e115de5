# Die Ablehnungen des Servers, nach ihrem Code: `error-CODE`. `$detail` ist der eigene
# (englische) Text des Servers, wo er nennt, was falsch ist.

error-other = { $detail }
error-unreachable = Der Server ist nicht erreichbar ({ $detail })

## error.rs: ApiError::code

error-malformed_request = Die Anfrage konnte nicht gelesen werden: { $detail }
error-not_json = Die Anfrage wurde nicht als JSON gesendet.
error-rate_limited = Zu viele Anfragen in kurzer Zeit: { $detail }
error-missing_token = Nur ein Spieler dieser Partie kann das tun.
error-unknown_name = Dieser Name ist dem Server unbekannt: { $detail }
error-invalid_value = Ein Wert ist ungültig: { $detail }
error-conflicting_fields = Die Anfrage enthält Angaben, die nicht zusammenpassen: { $detail }
error-invalid_position = Die { -position } ist ungültig: { $detail }
error-unreadable_move = Der { -move } kann nicht gelesen werden: { $detail }
error-not_in_chu = In Chu-Shogi-Partien noch nicht möglich ({ $detail })
error-no_offer = Es gibt kein Angebot, auf das Sie antworten könnten.
error-nothing_to_take_back = Sie haben keinen { -move }, den Sie zurücknehmen könnten.
error-rated_game = Zugrücknahmen gibt es nur in ungewerteten Partien: Diese Partie ist gewertet.
error-draw_declined = Die Engine nimmt kein { -draw } an: Sie spielt weiter.
error-illegal_move = Das ist ein { -illegal-move }: { $detail }
error-unreadable_record = Das { -kifu } kann nicht gelesen werden: { $detail }
error-unrecognised_record = Der Text ist in keinem Format, das koma lesen kann (KIF, KI2, CSA, JKF, USI, SFEN, eine Zugliste wie 1. P-7f P-3d): Wählen Sie sein Format.
error-unwritable_record = Das { -kifu } kann in diesem Format nicht geschrieben werden: { $detail }
error-too_large = Das ist mehr, als der Server annimmt: { $detail }
error-wrong_invitation = Das ist nicht die Einladung zu dieser Partie.
error-no_seat = Sie haben keinen Platz in dieser Partie: Nur ihre Spieler können das tun.
error-not_your_turn = Sie sind nicht am Zug.
error-not_found = Nicht gefunden: { $detail }
error-seats_taken = Die Einladung wurde schon genutzt: Beide Plätze sind besetzt.
error-expired = Die Einladung ist abgelaufen: Die Partie wurde abgebrochen.
error-aborted = Die Partie wurde abgebrochen: Es gibt keine Partie, die wiederholt werden könnte.
error-not_started = Der andere Spieler ist noch nicht beigetreten.
error-game_over = Die Partie ist beendet.
error-game_not_over = Die Partie ist noch nicht beendet: Eine Revanche folgt erst auf ihr Ende.
error-tournament_game = Eine Partie im { -tournament } hat keine Revanche: Das { -tournament } bestimmt die Paarungen.
error-too_late_to_abort = Beide Seiten haben gezogen: Die Partie kann nicht mehr abgebrochen werden (nur noch { -resign } ist möglich).
error-cannot_claim = Sie können den Sieg jetzt nicht beanspruchen: { $detail }
error-not_arena_game = Berserk ist nur in Partien eines Arena-{ -tournament(case: "gen") } möglich.
error-refused = Die Partie lässt das jetzt nicht zu: { $detail }
error-invalid_username = Dieser Benutzername kann nicht verwendet werden: { $detail }
error-invalid_password = Das Passwort wird nicht akzeptiert: { $detail }
error-weak_password = Wählen Sie ein Passwort, das schwerer zu erraten ist: { $detail }
error-username_taken = Dieser Benutzername ist bereits vergeben.
error-bad_credentials = Falscher Benutzername oder falsches Passwort.
error-unauthorized = Dafür müssen Sie sich anmelden.
error-wrong_password = Das Passwort ist falsch.
error-cross_site = Abgelehnt: Die Anfrage kam von einer anderen Website.
error-forbidden = Das ist nicht erlaubt: { $detail }
error-invalid_tree = Aus diesen Zügen lässt sich kein { -kifu } bilden: { $detail }
error-queue_full = Zu viele Analysen warten: Versuchen Sie es später noch einmal.
error-engine_games_full = Der Server spielt bereits so viele Partien gegen die Engine, wie er kann: Versuchen Sie es später noch einmal.
error-engine_busy = Die Engine ist beschäftigt: Versuchen Sie es gleich noch einmal.
error-too_many = Sie haben ein Limit erreicht: { $detail }
error-streams_full = Der Server hat so viele Verbindungen, wie er annehmen kann: Versuchen Sie es später noch einmal.
error-body_timeout = Die Anfrage kam zu langsam an: Versuchen Sie es noch einmal.
error-shutting_down = Der Server wird heruntergefahren: Versuchen Sie es gleich noch einmal.
error-storage_unavailable = Der Server erreicht seinen Speicher gerade nicht: Versuchen Sie es noch einmal.
error-storage_failed = Der Server konnte dies nicht lesen oder speichern.
error-internal = Auf dem Server ist ein Fehler aufgetreten.

## players.rs: SeatRefusal::code

error-login_required = Dafür brauchen Sie ein Konto: Melden Sie sich zuerst an (oder registrieren Sie sich).
error-rated_against_engine = Eine Partie gegen die Engine kann nicht gewertet werden: Spielen Sie sie ungewertet.
error-rated_from_position = Eine gewertete Partie beginnt in der { -starting-position }: Partien mit { -handicap } sind ungewertet.
error-rated_without_clock = Eine gewertete Partie braucht eine { -clock }: Wählen Sie eine { -time-control }.
error-own_game = Sie haben diese Partie erstellt: Ein Spieler kann nicht beide Plätze einnehmen.

## lobby/seek.rs: LobbyRefusal::code

error-no_such_seek = Dieses Gesuch ist nicht mehr offen: Es wurde angenommen, zurückgezogen oder ist abgelaufen.
error-own_seek = Das ist Ihr eigenes Gesuch: Ein anderer Spieler muss es annehmen.
error-not_your_seek = Dieses Gesuch gehört einem anderen Spieler: Nur wer es erstellt hat, kann es zurückziehen.
error-out_of_rating_range = Ihre { -rating } liegt außerhalb des Bereichs dieses Gesuchs: { $detail }
error-bad_rating_range = Der Bereich für die { -rating } ist ungültig: { $detail }
error-quick_without_clock = Schnelle Paarung braucht eine { -time-control } mit { -clock } (z. B. 3m+2s oder 10m+30s).
error-lobby_full = Die Lobby ist voll: Versuchen Sie es später noch einmal.

## analysis.rs: AnalysisRefusal::code

error-analysis_running = Eine Analyse von Ihnen läuft bereits: Fragen Sie erneut, wenn sie fertig ist.

## rooms/mod.rs: RoomRefusal::code

error-invalid_review = Diese Änderung ist nicht möglich: { $detail }
error-not_your_board = Auf diesem { -board } ziehen nur die Spieler und wem sie es übergeben haben.
error-players_only = Nur die Spieler der Partie können die Engine einschalten oder das { -board } übergeben.
error-not_in_room = Diese Person ist nicht mit einem Konto im Raum: { $detail }
error-room_busy = Der Raum hat sich inzwischen geändert: Versuchen Sie es noch einmal.

## tournaments/refusal.rs: Refusal::code

error-not_director = Nur die Leitung des { -tournament(case: "gen") } darf das: { $detail }
error-wrong_state = In dieser Phase des { -tournament(case: "gen") } nicht möglich: { $detail }
error-already_entered = Bereits im { -tournament } angemeldet: { $detail }
error-not_entered = Nicht im { -tournament } angemeldet: { $detail }
error-round_unfinished = Die { -round } ist nicht beendet: { $detail }
error-pairing_failed = Für die { -round } lassen sich keine Paarungen bilden: { $detail }
error-export_failed = Das { -tournament } kann in diesem Zustand nicht exportiert werden: { $detail }
error-busy = Andere ändern gerade das { -tournament }: Versuchen Sie es noch einmal.

## studies/mod.rs: StudyRefusal::code

error-study_not_found = Diese Studie existiert nicht, oder Sie dürfen sie nicht sehen.
error-chapter_not_found = Die Studie hat kein solches Kapitel.
error-not_study_editor = Nur der Besitzer der Studie und ihre Bearbeiter können sie ändern.
error-not_study_owner = Nur der Besitzer der Studie kann das tun.
error-study_full = Die Studie ist voll: { $detail }
error-invalid_study = Das kann die Studie nicht aufnehmen: { $detail }
error-not_leading = Nur wer die Lektion leitet, bewegt das { -board } aller Teilnehmer.
error-study_busy = Die Studie hat sich inzwischen geändert: Versuchen Sie es noch einmal.

## http/connections.rs: Refused::response

error-connections_full = Der Server hat so viele Verbindungen offen, wie er annehmen kann: Versuchen Sie es später noch einmal.
