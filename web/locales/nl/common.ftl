# Woorden van elke pagina: de bovenbalk, de titel van de pagina, gedeelde knoppen.

page-title = koma · { -shogi }
nav-new-game = Nieuwe partij
nav-lobby = Lobby
nav-tournaments = Toernooien
nav-review = Partij analyseren
nav-studies = Studies

## Gedeelde knoppen en woorden

common-cancel = Annuleren
common-home = Startpagina
common-loading = Laden…
common-log-in = Inloggen
common-sign-up = Registreren

## main.ts: het starten van de pagina en de uitnodigingslink

common-joining = Deelnemen aan de partij…
common-cannot-join = Deelnemen mislukt: { $error }
common-watch-game = De partij bekijken
common-cannot-load-variants = De varianten konden niet van de server worden geladen: { $error }
common-language = Taal
common-moves-unit = { $count ->
    [one] zet
   *[other] zetten
}
