# De studies (研究): de lijst en een nieuwe studie (#studies), en de hoofdstukken van een studie
# op het analysebord (#study), met lessen en leden. Formaatnamen (KIF, KI2, CSA, JKF) blijven
# zoals ze zijn.

## De lijst van studies en een nieuwe studie (#studies)

study-list-heading = Studies
study-loading = Laden…
study-none = Nog geen studies.
study-list-failed = De studies kunnen niet worden opgehaald: { $error }
study-list-entry =
    · { $owner } · { $visibility ->
        [public] openbaar
        [unlisted] niet vermeld
       *[private] privé
    }
study-new-heading = Nieuwe studie 研究
study-name-field = Naam
study-visibility-field = Zichtbaarheid
study-file-field = Of een bestand:
study-name-placeholder = Varianten met furibisha
study-name-label = De naam van de studie
study-seen-label = Wie de studie ziet
study-seen-public = Openbaar: voor iedereen zichtbaar in de lijst
study-seen-unlisted = Niet vermeld: iedereen die het adres heeft
study-seen-private = Privé: alleen de leden
study-record-placeholder = Plak een KIF-, KI2-, CSA- of JKF-notatie (varianten en commentaar blijven behouden), of laat dit leeg om vanuit de gewone { -starting-position } te beginnen.
study-record-label = De { -kifu } van het eerste hoofdstuk
study-file-label = Een notatiebestand
study-create = Studie aanmaken
study-create-failed = De studie: { $error }

## Een studie (#study)

study-opening = De studie wordt geopend…
study-reconnecting = Opnieuw verbinden…
study-not-connected = Niet verbonden met de studie; opnieuw proberen…
study-deleted = Deze studie is verwijderd.
study-status = 研究 · { $study } · { $chapter }
study-people = { $count ->
        [one] { $count } lezer
       *[other] { $count } lezers
    }: { $names }
study-flip = ⇅ Omdraaien
study-zip = KIF-bestanden (ZIP)
study-studies = Studies
study-export-failed = Export: { $error }

## Lessen: één bewerker leidt, elk ander bord volgt het zijne

study-lead = Een les leiden
study-end-lesson = De les beëindigen
study-lesson-leading = Jij leidt de les: elk { -board } volgt het jouwe.
study-lesson-following = Les: { $leader } leidt, jouw { -board } volgt.

## De hoofdstukken van een bewerker

study-chapters = Hoofdstukken
study-rename = Hernoemen
study-rename-prompt = De nieuwe naam van het hoofdstuk
study-delete = Verwijderen
study-delete-confirm = Het hoofdstuk “{ $name }” verwijderen?
study-chapter-name-placeholder = Naam van het hoofdstuk
study-chapter-name-label = De naam van het nieuwe hoofdstuk
study-chapter-record-placeholder = Een KIF-, KI2-, CSA- of JKF-notatie; leeg: de gewone { -starting-position }
study-chapter-record-label = De { -kifu } van het nieuwe hoofdstuk
study-add-chapter = Hoofdstuk toevoegen
study-chapter-failed = Het hoofdstuk: { $error }

## De instellingen en leden van de eigenaar

study-owner-heading = De studie
study-visibility-public = openbaar
study-visibility-unlisted = niet vermeld
study-visibility-private = privé
study-save = Opslaan
study-member-placeholder = gebruikersnaam
study-member-label = Gebruikersnaam van een lid
study-role-label = De rol van het lid
study-role-watch = kijkt mee
study-role-edit = bewerkt
study-add-member = Toevoegen
study-member =
    { $account } ({ $role ->
        [edit] bewerken
       *[watch] meekijken
    })
study-remove = Verwijderen
