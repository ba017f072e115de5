# Tunnukset (account.ts): yläpalkin linkit, rekisteröityminen, kirjautuminen, tunnuksen sivu
# (salasana, API-avaimet, tunnuksen poisto); sekä asetusikkuna (settings.ts).

## Yläpalkki

account-log-in = Kirjaudu sisään
account-sign-up = Rekisteröidy
account-log-out = Kirjaudu ulos

## Kirjautuminen ja rekisteröityminen

account-login-title = Kirjaudu sisään
account-login-submit = Kirjaudu sisään
account-username = Käyttäjänimi
account-password = Salasana
# $link on linkki "Rekisteröidy" (account-sign-up).
account-login-hint = Eikö sinulla ole tunnusta? { $link }. Vieraat voivat pelata moottoria vastaan ja kutsua ystävän ilman tunnusta.
account-signup-title = Rekisteröidy
account-username-hint = 2–20 kirjainta, numeroa, '_' tai '-'. Nimet ovat yksilöllisiä kirjainkoosta riippumatta.
account-again = Uudelleen
account-password-length = Vähintään 8 merkkiä.
account-signup-submit = Luo tunnus
account-passwords-differ = salasanat eivät täsmää
# $link on linkki "Kirjaudu sisään" (account-log-in).
account-signup-hint = Onko sinulla jo tunnus? { $link }.

## Tunnuksen sivu

account-loading = Ladataan…
account-member-since = Jäsen { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") } alkaen.
account-password-title = Vaihda salasana
account-password-current = Nykyinen
account-password-new = Uusi
account-password-hint = Muut tähän tunnukseen kirjautuneet selaimet kirjataan ulos.
account-password-submit = Vaihda
account-password-changed = Salasana on vaihdettu.

## API-avaimet

account-tokens = API-avaimet
account-tokens-hint = Avaimella ohjelma voi toimia puolestasi API:n kautta (lähetetään muodossa 'Authorization: Bearer <token>'), kuten lishogin henkilökohtaiset avaimet.
account-no-tokens = Ei vielä avaimia.
account-token-no-description = (ei kuvausta)
account-token-created = luotu { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-used = viimeksi käytetty { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-never-used = ei koskaan käytetty
account-revoke = Mitätöi
account-revoke-confirm = Mitätöidäänkö avain { $token }? Sitä käyttävät ohjelmat lakkaavat toimimasta.
account-new-token = Uusi avain
account-token-placeholder = mihin sitä käytetään (esim. bottini)
account-create-token = Luo avain
account-token-shown = Uusi avaimesi näytetään vain tämän kerran: kopioi se nyt.

## Tunnuksen poisto

account-delete-title = Poista tunnus
account-delete-hint = Sinut kirjataan ulos kaikkialla, ja avaimesi lakkaavat toimimasta. Pelisi säilyvät, ja niissä näkyy poistettu pelaaja; nimi pysyy varattuna.
account-delete-submit = Poista tunnukseni
account-delete-confirm = Poistetaanko tunnus { $name } lopullisesti?
account-delete-yes = Poista
account-deleted = Tunnus on poistettu.

## Asetusikkuna (settings.ts)

settings-title = Asetukset
settings-pieces = Nappulat
settings-pieces-kanji = Kanji (perinteinen)
settings-pieces-beginner = Aloittelija: kanjit ja liikkeet näkyvissä
settings-coords = Koordinaatit
settings-coords-japanese = Japanilaiset (１-９, 一-九)
settings-coords-western = Länsimaiset (1-9, a-i)
settings-notation = Siirtojen { -notation }
settings-notation-japanese = Japanilainen (☗７六歩)
settings-notation-western = Länsimainen (P-7f)
settings-notation-german = Saksalainen
settings-close = Sulje
settings-pieces-kanji2 = Kaksi kanjia (歩兵)
settings-pieces-international = Kansainvälinen (kirjaimet)
settings-theme = Värit
settings-theme-system = Järjestelmän mukaan
settings-theme-light = Vaalea
settings-theme-dark = Tumma
settings-board = Lauta
settings-board-kaya = Kaya-puu
settings-board-pale = Vaalea puu
settings-board-dark = Tumma puu
settings-board-green = Vihreä
# Asetukset: ennakkosiirrot (siirto, joka valitaan vastustajan miettiessä).
settings-premoves = Ennakkosiirrot
settings-premoves-hint = Valitse seuraava { -move } vastustajan miettiessä: se pelataan heti, kun se on sallittu.
# Asetukset: pelin äänet, äänenvoimakkuus ja byoyomin laskeminen ääneen.
settings-sound = Äänet
settings-sound-hint = Napsahdus jokaisen { -move(case: "gen") } jälkeen sekä merkkiääni { -check(case: "gen") }, vähäisen ajan ja pelin lopun merkiksi.
settings-volume = Äänenvoimakkuus
settings-byoyomi-count = Laske { -byoyomi } ääneen
settings-byoyomi-count-hint = Kellosi sekunnit { -byoyomi }-ajassa luettuina ääneen kuin ajanottaja tekee (merkkiäänin, jos selaimessa ei ole ääntä sivun kielelle).
settings-setup = Nappuloiden asettelu
settings-setup-off = Kaikki kerralla
settings-setup-ohashi = Yksi kerrallaan, Ōhashin järjestys (大橋流)
settings-setup-ito = Yksi kerrallaan, Itōn järjestys (伊藤流)
