# Koko sivun sanat: yläpalkki, sivun otsikko, yhteiset painikkeet.

page-title = koma · { -shogi }
nav-new-game = Uusi peli
nav-lobby = Aula
nav-tournaments = Turnaukset
nav-review = Tutki { -kifu(case: "par") }
nav-studies = Tutkielmat

## Yhteiset painikkeet ja sanat

common-cancel = Peruuta
common-home = Etusivu
common-loading = Ladataan…
common-log-in = Kirjaudu sisään
common-sign-up = Rekisteröidy

## main.ts: sivun käynnistys ja kutsulinkki

common-joining = Liitytään peliin…
common-cannot-join = Peliin ei voi liittyä: { $error }
common-watch-game = Katso peliä
common-cannot-load-variants = Variantteja ei voi ladata palvelimelta: { $error }
common-language = Kieli
common-moves-unit = { $count ->
    [one] siirto
   *[other] siirtoa
}
