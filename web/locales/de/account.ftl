# Konten (account.ts): die Kontolinks der oberen Leiste, Registrieren, Anmelden, die Kontoseite
# (Passwort, API-Tokens, Konto löschen); und der Einstellungsdialog (settings.ts).

## Die obere Leiste

account-log-in = Anmelden
account-sign-up = Registrieren
account-log-out = Abmelden

## Anmelden und Registrieren

account-login-title = Anmelden
account-login-submit = Anmelden
account-username = Benutzername
account-password = Passwort
# $link ist der Link „Registrieren“ (account-sign-up).
account-login-hint = Kein Konto? { $link }. Gäste können auch ohne Konto gegen die Engine spielen und einen Freund einladen.
account-signup-title = Registrieren
account-username-hint = 2 bis 20 Buchstaben, Ziffern, '_' oder '-'. Namen sind eindeutig, unabhängig von Groß- und Kleinschreibung.
account-again = Wiederholen
account-password-length = Mindestens 8 Zeichen.
account-signup-submit = Konto erstellen
account-passwords-differ = die beiden Passwörter stimmen nicht überein
# $link ist der Link „Anmelden“ (account-log-in).
account-signup-hint = Schon ein Konto? { $link }.

## Die Kontoseite

account-loading = Wird geladen…
account-member-since = Mitglied seit { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }.
account-password-title = Passwort ändern
account-password-current = Aktuell
account-password-new = Neu
account-password-hint = Andere Browser, die mit diesem Konto angemeldet sind, werden abgemeldet.
account-password-submit = Ändern
account-password-changed = Das Passwort wurde geändert.

## API-Tokens

account-tokens = API-Tokens
account-tokens-hint = Mit einem Token kann ein Programm über die API in Ihrem Namen handeln (gesendet als 'Authorization: Bearer <token>'), wie mit den persönlichen Tokens von lishogi.
account-no-tokens = Noch kein Token.
account-token-no-description = (keine Beschreibung)
account-token-created = erstellt am { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-used = zuletzt benutzt am { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-never-used = nie benutzt
account-revoke = Widerrufen
account-revoke-confirm = Den Token { $token } widerrufen? Programme, die ihn nutzen, funktionieren dann nicht mehr.
account-new-token = Neuer Token
account-token-placeholder = wofür er ist (z. B. mein Bot)
account-create-token = Token erstellen
account-token-shown = Ihr neuer Token, nur dieses eine Mal angezeigt: Kopieren Sie ihn jetzt.

## Das Konto löschen

account-delete-title = Konto löschen
account-delete-hint = Sie werden überall abgemeldet, und Ihre Tokens funktionieren nicht mehr. Ihre Partien bleiben erhalten, mit einem gelöschten Spieler; der Name bleibt vergeben.
account-delete-submit = Mein Konto löschen
account-delete-confirm = Das Konto { $name } endgültig löschen?
account-delete-yes = Löschen
account-deleted = Das Konto wurde gelöscht.

## Der Einstellungsdialog (settings.ts)

settings-title = Einstellungen
settings-pieces = Steine
settings-pieces-kanji = Kanji (traditionell)
settings-pieces-beginner = Anfänger: Kanji mit angezeigten Zugmöglichkeiten
settings-coords = Koordinaten
settings-coords-japanese = Japanisch (１-９, 一-九)
settings-coords-western = Westlich (1-9, a-i)
settings-notation = { -notation } der Züge
settings-notation-japanese = Japanisch (☗７六歩)
settings-notation-western = Westlich (P-7f)
settings-notation-german = Deutsch
settings-close = Schließen
settings-pieces-kanji2 = Zwei Kanji (歩兵)
settings-pieces-international = International (Buchstaben)
settings-theme = Farben
settings-theme-system = Wie das System
settings-theme-light = Hell
settings-theme-dark = Dunkel
settings-board = Brett
settings-board-kaya = Kaya-Holz
settings-board-pale = Helles Holz
settings-board-dark = Dunkles Holz
settings-board-green = Grün
# Einstellungen: Vorauszüge (ein Zug, gewählt während der Gegner überlegt).
settings-premoves = Vorauszüge
settings-premoves-hint = Wählen Sie Ihren nächsten { -move }, während Ihr Gegner überlegt: Er wird gespielt, sobald er legal ist.
# Einstellungen: die Töne der Partie, ihre Lautstärke und das laut gezählte Byoyomi.
settings-sound = Töne
settings-sound-hint = Ein Klick bei jedem { -move }, ein Ton bei { -check }, bei knapper Zeit und am Ende der Partie.
settings-volume = Lautstärke
settings-byoyomi-count = { -byoyomi } laut zählen
settings-byoyomi-count-hint = Die Sekunden Ihrer Uhr im { -byoyomi }, gesprochen wie von einem Zeitnehmer (Töne, wenn der Browser keine Stimme für die Sprache der Seite hat).
settings-setup = Aufstellen der Steine
settings-setup-off = Alle auf einmal
settings-setup-ohashi = Einzeln, Ōhashi-Reihenfolge (大橋流)
settings-setup-ito = Einzeln, Itō-Reihenfolge (伊藤流)
