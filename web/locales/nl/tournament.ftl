# Toernooien: de lijst en het formulier om er een aan te maken (/tournaments), de pagina van een
# toernooi (/tournaments/{id}) met de knoppen van de toernooileider, en de afdrukbare indeling
# van een ronde. Tweetalige koppen ("Stand 順位") houden hun Japans.

## Gedeeld

tournament-loading = Laden…
tournament-read-failed = Het { -tournament } kan niet worden gelezen: { $error }
tournament-player-unknown = #{ $number }
tournament-player-none = —

## Systemen

tournament-format-swiss = Zwitsers
tournament-format-mcmahon = McMahon
tournament-format-knockout = Knock-out
tournament-format-round-robin = Round robin
tournament-format-double-round-robin = Dubbele round robin
tournament-format-arena = Arena

## Tiebreaks

tournament-tiebreak-sos = SOS
tournament-tiebreak-sosos = SOSOS
tournament-tiebreak-sodos = SODOS
tournament-tiebreak-median-sos = Mediaan-SOS
tournament-tiebreak-direct = Onderling resultaat
tournament-tiebreak-other = { $key }

## Uitslagen van een bord (1-0: Zwart wint; ff: reglementair)

tournament-result-sente = 1-0
tournament-result-gote = 0-1
tournament-result-draw = ½-½
tournament-result-sente-forfeit-win = 1-0 ff
tournament-result-gote-forfeit-win = 0-1 ff
tournament-result-unplayed = niet gespeeld

## De klok, kort geschreven: "45m + 30s byoyomi"

tournament-clock-minutes = { $minutes }m
tournament-clock-seconds = { $seconds }s
tournament-clock-increment = { $seconds }s per { -move }
tournament-clock-byoyomi = { $seconds }s { -byoyomi }
tournament-clock-byoyomi-periods = { $seconds }s × { $periods } { -byoyomi }
tournament-clock-join = { $first } + { $second }
tournament-clock-none = geen { -clock }

## De lijst van toernooien (/tournaments)

tournament-list-title = Toernooien 大会
tournament-list-empty = Nog geen toernooien.
tournament-list-name = Naam
tournament-list-format = Systeem
tournament-list-players = Spelers
tournament-list-status = Status
tournament-list-starts = Begint
tournament-list-status-entries = inschrijving open
tournament-list-status-running = bezig
tournament-list-status-finished = afgelopen
tournament-list-older = Oudere
tournament-list-failed = De toernooien kunnen niet worden opgehaald: { $error }
tournament-list-pending = …
tournament-unreachable = De server is niet bereikbaar.
tournament-login-prompt = Om een { -tournament } te leiden moet je { $login } of je { $signup }.
tournament-login-link = inloggen
tournament-signup-link = registreren

## Het formulier om een toernooi aan te maken

tournament-form-title = Nieuw { -tournament } 大会
tournament-form-name = Naam
tournament-form-name-placeholder = Clubkampioenschap 2026
tournament-form-format = Systeem
tournament-form-rounds = Ronden
tournament-form-online = Online
tournament-form-online-hint = Partijen op koma; uitgevinkt: aan het bord, de { -tournament }leider voert de uitslagen in.
tournament-form-main-time = Basistijd (min)
tournament-form-byoyomi = Byoyomi (s)
tournament-form-periods = Perioden
tournament-form-increment = Increment (s)
tournament-form-increment-hint = Fischer, in plaats van { -byoyomi }: zet de { -byoyomi } op 0.
tournament-form-rated = Telt voor de { -rating }
tournament-form-rated-hint = Alleen online partijen.
tournament-form-colours = Kleuren
tournament-form-colours-furigoma = Furigoma 振り駒 (willekeurig per partij)
tournament-form-colours-balanced = Gelijk verdeeld (om en om)
tournament-form-bye = Bye
tournament-form-bye-hint = Wat een bye oplevert.
tournament-form-bye-one = 1 punt
tournament-form-bye-half = ½ punt
tournament-form-tiebreaks = Tiebreaks, in volgorde
tournament-form-tiebreak-none = —
tournament-form-bar = McMahon-bar
tournament-form-bar-hint = Spelers met een { -rating } op of boven de bar beginnen in de bovenste groep.
tournament-form-group-width = Groepsbreedte
tournament-form-group-width-hint = { -rating }punten per McMahon-groep onder de bar.
tournament-form-groups = Groepen
tournament-form-groups-hint = Groepen, de bovenste meegerekend; elke groep eronder begint een punt lager.
tournament-form-knockout-draw = Bij { -draw }
tournament-form-knockout-draw-hint = Bij { -knockout }: een armageddonpartij of een revanche beslist.
tournament-form-draw-armageddon = Armageddon
tournament-form-draw-rematch = Revanche
tournament-form-losers-swiss = Zwitsers voor afvallers
tournament-form-losers-swiss-hint = Zoals op het ESC: wie is uitgeschakeld, speelt verder in een Zwitsers { -tournament } en houdt zijn punten.
tournament-form-arena-minutes = Arenaminuten
tournament-form-berserk = Berserk
tournament-form-berserk-hint = Halveer je { -clock } voor een extra punt.
tournament-form-handicap = Op { -rating } gebaseerde { -handicap }
tournament-form-handicap-hint = De { -handicap } van elke partij volgt uit het { -rating }verschil van de spelers.
tournament-form-no-show = Wachttijd voor reglementair verlies (s)
tournament-form-no-show-hint = Een partij waarin na deze tijd nog niemand heeft gezet, wordt reglementair beslist.
tournament-form-starts = Begint om
tournament-form-starts-hint = Online: de partijen van { -round } 1 beginnen dan (leeg: wanneer de { -tournament }leider start).
tournament-form-create = Het { -tournament } aanmaken
tournament-form-create-failed = Het { -tournament } kan niet worden aangemaakt: { $error }
tournament-form-no-name = Geef het { -tournament } een naam.
tournament-form-name-too-long = De naam is langer dan { $max } tekens.
tournament-form-tiebreak-twice = Een tiebreak is twee keer gekozen.
tournament-form-whole-rounds = Het aantal ronden moet een geheel getal zijn, 0 of meer.
tournament-form-whole-main-time = De basistijd moet een geheel getal zijn, 0 of meer.
tournament-form-whole-increment = Het increment moet een geheel getal zijn, 0 of meer.
tournament-form-whole-byoyomi = De { -byoyomi } moet een geheel getal zijn, 0 of meer.
tournament-form-whole-periods = Het aantal perioden moet een geheel getal zijn, 0 of meer.
tournament-form-whole-no-show = De wachttijd voor reglementair verlies moet een geheel getal zijn, 0 of meer.
tournament-form-whole-arena-minutes = De arenaminuten moeten een geheel getal zijn, 0 of meer.
tournament-form-no-clock = De { -clock } heeft een basistijd, een increment of een { -byoyomi } nodig.
tournament-form-increment-and-byoyomi = Een { -clock } heeft een increment of een { -byoyomi }, niet allebei: zet een van beide op 0.

## De pagina van een toernooi: de gegevens, de knoppen om mee te doen of te stoppen

tournament-page-title = { $name } · koma
tournament-connecting = verbinden…
tournament-live = live
tournament-reconnecting = opnieuw verbinden…
tournament-show-failed = Het { -tournament } kan niet worden getoond: { $error }
tournament-status-entries = Inschrijving open
tournament-status-finished = Afgelopen
tournament-status-under-way = Bezig
tournament-status-round = Ronde { $round } van { $planned }
tournament-info-director = { $status } · { -tournament }leider { $director }
tournament-info-join = { $first } · { $second }
tournament-info-rounds =
    { $count ->
        [one] { $count } { -round }
       *[other] { $count } ronden
    }
tournament-info-online = online
tournament-info-over-the-board = aan het bord
tournament-info-rated = telt voor de { -rating }
tournament-info-unrated = telt niet voor de { -rating }
tournament-info-balanced = gelijk verdeelde kleuren
tournament-info-furigoma = { -furigoma }
tournament-info-handicap = { -handicap } naar { -rating }
tournament-join = Deelnemen
tournament-accept-invitation = De uitnodiging aannemen
tournament-join-country = Land { $input }
tournament-join-country-label = Je land (twee letters, voor de ratinglijst van FESA)
tournament-join-country-placeholder = NL
tournament-join-failed = Deelnemen mislukt: { $error }
tournament-decline = Weigeren
tournament-decline-failed = Weigeren mislukt: { $error }
tournament-withdraw = Terugtrekken
tournament-withdraw-failed = Terugtrekken mislukt: { $error }
tournament-log-in-to-join = Log in om deel te nemen
tournament-export = Exporteren: { $files }
tournament-your-game-started = Je partij is begonnen.
tournament-your-game-play = Speel je partij →

## De kolomkoppen van de tabellen

tournament-col-place = #
tournament-col-number = #
tournament-col-player = Speler
tournament-col-score = Punten
tournament-col-games = Partijen
tournament-col-rating = Rating
tournament-col-start = Start
tournament-col-board = Bord
tournament-col-sente = ☗ { -sente }
tournament-col-gote = ☖ { -gote }
tournament-col-result = Uitslag

## Stand

tournament-standings-title = Stand 順位
tournament-standings-empty = Geen stand vóór { -round } 1.
tournament-standings-error = Geen stand: { $error }
tournament-standings-error-unknown = Geen stand: onbekende fout

## Het knock-outschema

tournament-bracket-title = Schema トーナメント表
tournament-bracket-final = Finale
tournament-bracket-semi-finals = Halve finales
tournament-bracket-quarter-finals = Kwartfinales
tournament-bracket-round = Ronde { $number }

## De arena

tournament-arena-title = Arena アリーナ
tournament-arena-finished = Afgelopen.
tournament-arena-ends = Eindigt over ongeveer { $minutes } min.
tournament-berserk = Berserk (de helft van je tijd)
tournament-berserk-failed = Berserk mislukt: { $error }
tournament-arena-your-game = Jouw partij
tournament-arena-streak = 🔥
tournament-arena-playing = Nu bezig: { $games }
tournament-arena-game = { $sente } – { $gote }

## Ronden en indelingen

tournament-rounds-title = Ronden 対戦表
tournament-rounds-empty = Nog niet ingedeeld.
tournament-round-title = Ronde { $number }
tournament-round-progress = · { $done }/{ $total } uitslagen
tournament-round-bye = Bye: { $player }
tournament-play-your-game = Speel je partij
tournament-replay = Naspelen
tournament-watch = Bekijken
tournament-print-link = Afdrukbare indeling

## Spelers

tournament-players-title = Spelers 参加者 ({ $count })
tournament-players-empty = Nog geen spelers.
tournament-players-invited = Uitgenodigd, nog niet aangenomen: { $names }
tournament-player-withdrawn = teruggetrokken

## De knoppen van de toernooileider

tournament-director-title = Toernooileiding 大会運営
tournament-director-entries = Een speler aan het bord inschrijven
tournament-director-name = Naam
tournament-director-fesa-id = FESA-id
tournament-director-country = Land (bijv. NL)
tournament-director-country-title = Landcode van twee letters, vermeld in het uitslagenbestand van FESA voor een speler die nog niet op de lijst van FESA staat
tournament-director-account = koma-account
tournament-director-add = Speler toevoegen
tournament-director-add-failed = De speler kan niet worden toegevoegd: { $error }
tournament-director-no-name = Geef de naam van de speler op.
tournament-director-rating-not-whole = De { -rating } moet een geheel getal zijn.
tournament-director-start = Starten: { -round } 1 indelen
tournament-director-start-confirm =
    De inschrijving sluiten ({ $count ->
        [one] { $count } speler
       *[other] { $count } spelers
    }) en { -round } 1 indelen?
tournament-director-start-yes = Starten
tournament-director-start-failed = Starten mislukt: { $error }
tournament-director-pair = De volgende { -round } indelen
tournament-director-pair-failed = De volgende { -round } kan niet worden ingedeeld: { $error }
tournament-director-waiting = Ronde { $round }: wachten op uitslagen.
tournament-director-print = Indeling afdrukken
tournament-director-withdraw-label = Terugtrekken
tournament-director-withdraw = Terugtrekken
tournament-director-withdraw-option = { $number }. { $name }
tournament-director-withdraw-confirm = { $name } terugtrekken uit de volgende ronden?
tournament-director-withdraw-yes = Terugtrekken
tournament-director-withdraw-failed = De speler kan niet worden teruggetrokken: { $error }
tournament-director-results-hint = Uitslagen: kies ze in de tabel van elke { -round } en klik op Opslaan; een correctie sla je op dezelfde manier op.
tournament-director-result-none = —
tournament-director-result-sente = 1-0 { -sente } wint
tournament-director-result-gote = 0-1 { -gote } wint
tournament-director-result-draw = ½-½ { -draw }
tournament-director-result-sente-forfeit-win = 1-0 reglementair, { -gote } afwezig
tournament-director-result-gote-forfeit-win = 0-1 reglementair, { -sente } afwezig
tournament-director-result-unplayed = niet gespeeld, beiden afwezig
tournament-director-result-label = Uitslag van { -board } { $board }
tournament-director-handicap-label = Handicap op { -board } { $board }
tournament-director-save = Opslaan
tournament-director-save-failed = De uitslag kan niet worden opgeslagen: { $error }
tournament-director-no-result = Kies eerst een uitslag.

## De afdrukbare indeling van een ronde

tournament-print-page-title = { $name } · { -round } { $number }
tournament-print-missing = Ronde { $number } is niet ingedeeld ({ $paired } ingedeeld).
tournament-print-bye = bye

## Meldingen van je lopende partijen (op elke pagina)

tournament-opponent-engine = de engine
tournament-opponent-guest = een gast
tournament-crosstable-number = Nr.
tournament-crosstable-place = Plaats
tournament-crosstable-name = Naam
tournament-crosstable-rating = { -rating }
tournament-crosstable-round = R{ $round }
tournament-crosstable-points = Punten
