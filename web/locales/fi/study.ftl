# Tutkielmat (研究): luettelo ja uusi tutkielma (#studies) sekä tutkielman luvut
# analyysilaudalla (#study) oppitunteineen ja jäsenineen. Muotojen nimet (KIF, KI2, CSA, JKF)
# säilyvät sellaisinaan.

## Tutkielmien luettelo ja uusi tutkielma (#studies)

study-list-heading = Tutkielmat
study-loading = Ladataan…
study-none = Ei vielä tutkielmia.
study-list-failed = Tutkielmia ei voi listata: { $error }
study-list-entry =
    · { $owner } · { $visibility ->
        [public] julkinen
        [unlisted] listaamaton
       *[private] yksityinen
    }
study-new-heading = Uusi tutkielma 研究
study-name-field = Nimi
study-visibility-field = Näkyvyys
study-file-field = Tai tiedosto:
study-name-placeholder = Furibisha-avaukset
study-name-label = Tutkielman nimi
study-seen-label = Kuka sen näkee
study-seen-public = Julkinen: näkyy luettelossa kaikille
study-seen-unlisted = Listaamaton: kaikille, joilla on sen osoite
study-seen-private = Yksityinen: vain sen jäsenille
study-record-placeholder = Liitä { -kifu } (KIF, KI2, CSA tai JKF; sen muunnelmat ja kommentit säilyvät), tai jätä tyhjäksi, jolloin lähtökohtana on tavallinen { -starting-position }.
study-record-label = Ensimmäisen luvun { -kifu }
study-file-label = Siirtoluettelotiedosto
study-create = Luo tutkielma
study-create-failed = Tutkielma: { $error }

## Tutkielma (#study)

study-opening = Avataan tutkielmaa…
study-reconnecting = Yhdistetään uudelleen…
study-not-connected = Ei yhteyttä tutkielmaan; yritetään uudelleen…
study-deleted = Tämä tutkielma on poistettu.
study-status = 研究 · { $study } · { $chapter }
study-people =
    { $count ->
        [one] { $count } lukija: { $names }
       *[other] { $count } lukijaa: { $names }
    }
study-flip = ⇅ Käännä { -board }
study-zip = KIF-tiedostot (ZIP)
study-studies = Tutkielmat
study-export-failed = Vienti: { $error }

## Oppitunnit: yksi muokkaaja vetää, muiden laudat seuraavat

study-lead = Vedä oppituntia
study-end-lesson = Lopeta oppitunti
study-lesson-leading = Vedät oppituntia: jokainen { -board } seuraa sinun siirtojasi.
study-lesson-following = Oppitunti: { $leader } vetää, ja { -board } seuraa hänen siirtojaan.

## Muokkaajan luvut

study-chapters = Luvut
study-rename = Nimeä uudelleen
study-rename-prompt = Luvun uusi nimi
study-delete = Poista
study-delete-confirm = Poistetaanko luku ”{ $name }”?
study-chapter-name-placeholder = Luvun nimi
study-chapter-name-label = Uuden luvun nimi
study-chapter-record-placeholder = KIF-, KI2-, CSA- tai JKF-muotoinen { -kifu }; tyhjä: tavallinen { -starting-position }
study-chapter-record-label = Uuden luvun { -kifu }
study-add-chapter = Lisää luku
study-chapter-failed = Luku: { $error }

## Omistajan asetukset ja jäsenet

study-owner-heading = Tutkielma
study-visibility-public = julkinen
study-visibility-unlisted = listaamaton
study-visibility-private = yksityinen
study-save = Tallenna
study-member-placeholder = käyttäjänimi
study-member-label = Jäsenen käyttäjänimi
study-role-label = Jäsenen rooli
study-role-watch = katsoo
study-role-edit = muokkaa
study-add-member = Lisää
study-member =
    { $account } ({ $role ->
        [edit] muokkaa
       *[watch] katsoo
    })
study-remove = Poista
