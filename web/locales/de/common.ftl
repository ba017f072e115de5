# Wörter jeder Seite: die obere Leiste, der Seitentitel, gemeinsame Schaltflächen.

page-title = koma · { -shogi }
nav-new-game = Neue Partie
nav-lobby = Lobby
nav-tournaments = Turniere
nav-review = { -kifu } analysieren
nav-studies = Studien

## Gemeinsame Schaltflächen und Wörter

common-cancel = Abbrechen
common-home = Startseite
common-loading = Wird geladen…
common-log-in = Anmelden
common-sign-up = Registrieren

## main.ts: Start der Seite und der Einladungslink

common-joining = Beitritt zur Partie…
common-cannot-join = Beitritt nicht möglich: { $error }
common-watch-game = Partie ansehen
common-cannot-load-variants = Die Varianten konnten nicht vom Server geladen werden: { $error }
common-language = Sprache
common-moves-unit = { $count ->
    [one] Zug
   *[other] Züge
}
