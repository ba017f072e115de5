# Accounts (account.ts): de accountlinks in de bovenbalk, registreren, inloggen, de accountpagina
# (wachtwoord, API-tokens, account verwijderen); en de instellingen (settings.ts).

## De bovenbalk

account-log-in = Inloggen
account-sign-up = Registreren
account-log-out = Uitloggen

## Inloggen en registreren

account-login-title = Inloggen
account-login-submit = Inloggen
account-username = Gebruikersnaam
account-password = Wachtwoord
# $link is de link "Registreren" (account-sign-up).
account-login-hint = Geen account? { $link }. Gasten kunnen ook zonder account tegen de engine spelen en een vriend uitnodigen.
account-signup-title = Registreren
account-username-hint = 2 tot 20 letters, cijfers, '_' of '-'. Namen zijn uniek, ongeacht hoofdletters.
account-again = Herhalen
account-password-length = Minstens 8 tekens.
account-signup-submit = Account aanmaken
account-passwords-differ = de twee wachtwoorden verschillen
# $link is de link "Inloggen" (account-log-in).
account-signup-hint = Heb je al een account? { $link }.

## De accountpagina

account-loading = Laden…
account-member-since = Lid sinds { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }.
account-password-title = Wachtwoord wijzigen
account-password-current = Huidig
account-password-new = Nieuw
account-password-hint = Andere browsers die op dit account zijn ingelogd, worden uitgelogd.
account-password-submit = Wijzigen
account-password-changed = Het wachtwoord is gewijzigd.

## API-tokens

account-tokens = API-tokens
account-tokens-hint = Met een token kan een programma via de API namens jou handelen (verstuurd als 'Authorization: Bearer <token>'), zoals met de persoonlijke tokens van lishogi.
account-no-tokens = Nog geen tokens.
account-token-no-description = (geen beschrijving)
account-token-created = aangemaakt op { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-used = laatst gebruikt op { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-never-used = nooit gebruikt
account-revoke = Intrekken
account-revoke-confirm = Het token { $token } intrekken? Programma's die het gebruiken, werken dan niet meer.
account-new-token = Nieuw token
account-token-placeholder = waar het voor is (bijv. mijn bot)
account-create-token = Token aanmaken
account-token-shown = Je nieuwe token, maar één keer getoond: kopieer het nu.

## Het account verwijderen

account-delete-title = Account verwijderen
account-delete-hint = Je wordt overal uitgelogd en je tokens werken niet meer. Je partijen blijven bestaan, met een verwijderde speler; de naam blijft bezet.
account-delete-submit = Mijn account verwijderen
account-delete-confirm = Het account { $name } definitief verwijderen?
account-delete-yes = Verwijderen
account-deleted = Het account is verwijderd.

## De instellingen (settings.ts)

settings-title = Instellingen
settings-pieces = Stukken
settings-pieces-kanji = Kanji (traditioneel)
settings-pieces-beginner = Beginner: kanji met hun zetmogelijkheden
settings-coords = Coördinaten
settings-coords-japanese = Japans (１-９, 一-九)
settings-coords-western = Westers (1-9, a-i)
settings-notation = Zet{ -notation }
settings-notation-japanese = Japans (☗７六歩)
settings-notation-western = Westers (P-7f)
settings-notation-german = Duits
settings-close = Sluiten
settings-pieces-kanji2 = Twee kanji (歩兵)
settings-pieces-international = Internationaal (letters)
settings-theme = Kleuren
settings-theme-system = Zoals het systeem
settings-theme-light = Licht
settings-theme-dark = Donker
settings-board = Bord
settings-board-kaya = Kayahout
settings-board-pale = Licht hout
settings-board-dark = Donker hout
settings-board-green = Groen
# Instellingen: voorzetten (een zet gekozen terwijl de tegenstander nadenkt).
settings-premoves = Voorzetten
settings-premoves-hint = Kies je volgende { -move } terwijl je tegenstander nadenkt: die wordt gespeeld zodra hij is toegestaan.
# Instellingen: de geluiden van de partij, het volume en de byoyomi hardop geteld.
settings-sound = Geluiden
settings-sound-hint = Een klik bij elke { -move }, een toon bij { -check }, bij weinig tijd en aan het einde van de partij.
settings-volume = Volume
settings-byoyomi-count = { -byoyomi } hardop tellen
settings-byoyomi-count-hint = De seconden van je klok in { -byoyomi }, uitgesproken zoals een tijdwaarnemer doet (tonen als de browser geen stem heeft voor de taal van de pagina).
settings-setup = Opstellen van de stukken
settings-setup-off = Allemaal tegelijk
settings-setup-ohashi = Eén voor één, Ōhashi-volgorde (大橋流)
settings-setup-ito = Eén voor één, Itō-volgorde (伊藤流)
