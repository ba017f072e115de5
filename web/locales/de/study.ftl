# Die Studien (研究): die Liste und eine neue Studie (#studies), die Kapitel einer Studie auf dem
# Analysebrett (#study), mit Lektionen und Mitgliedern.

## Die Liste der Studien und eine neue (#studies)

study-list-heading = Studien
study-loading = Wird geladen…
study-none = Noch keine Studien.
study-list-failed = Die Studien können nicht aufgelistet werden: { $error }
study-list-entry =
    · { $owner } · { $visibility ->
        [public] öffentlich
        [unlisted] nicht gelistet
       *[private] privat
    }
study-new-heading = Neue Studie 研究
study-name-field = Name
study-visibility-field = Sichtbarkeit
study-file-field = Oder eine Datei:
study-name-placeholder = Furibisha-Varianten
study-name-label = Name der Studie
study-seen-label = Wer sie sehen kann
study-seen-public = Öffentlich: für alle gelistet
study-seen-unlisted = Nicht gelistet: für alle, die die Adresse haben
study-seen-private = Privat: nur für Mitglieder
study-record-placeholder = Fügen Sie ein KIF-, KI2-, CSA- oder JKF-{ -kifu } ein (Varianten und Kommentare bleiben erhalten), oder lassen Sie das Feld leer, um in der { -starting-position } zu beginnen.
study-record-label = Das { -kifu } des ersten Kapitels
study-file-label = Eine { -kifu }-Datei
study-create = Studie erstellen
study-create-failed = Die Studie: { $error }

## Eine Studie (#study)

study-opening = Studie wird geöffnet…
study-reconnecting = Verbindung wird wiederhergestellt…
study-not-connected = Nicht mit der Studie verbunden; neuer Versuch…
study-deleted = Diese Studie wurde gelöscht.
study-status = 研究 · { $study } · { $chapter }
study-people =
    { $count ->
        [one] { $count } liest mit
       *[other] { $count } lesen mit
    }: { $names }
study-flip = ⇅ { -board } drehen
study-zip = KIF-Dateien (ZIP)
study-studies = Studien
study-export-failed = Export: { $error }

## Lektionen: ein Bearbeiter leitet, jedes andere Brett folgt seinem

study-lead = Lektion leiten
study-end-lesson = Lektion beenden
study-lesson-leading = Sie leiten die Lektion: Jedes { -board } folgt Ihrem.
study-lesson-following = Lektion: { $leader } leitet, Ihr { -board } folgt.

## Die Kapitel eines Bearbeiters

study-chapters = Kapitel
study-rename = Umbenennen
study-rename-prompt = Neuer Name des Kapitels
study-delete = Löschen
study-delete-confirm = Das Kapitel „{ $name }“ löschen?
study-chapter-name-placeholder = Kapitelname
study-chapter-name-label = Name des neuen Kapitels
study-chapter-record-placeholder = Ein KIF-, KI2-, CSA- oder JKF-{ -kifu }; leer: { -starting-position }
study-chapter-record-label = { -kifu } des neuen Kapitels
study-add-chapter = Kapitel hinzufügen
study-chapter-failed = Das Kapitel: { $error }

## Einstellungen und Mitglieder (für den Besitzer)

study-owner-heading = Die Studie
study-visibility-public = öffentlich
study-visibility-unlisted = nicht gelistet
study-visibility-private = privat
study-save = Speichern
study-member-placeholder = Benutzername
study-member-label = Benutzername eines Mitglieds
study-role-label = Rolle des Mitglieds
study-role-watch = sieht zu
study-role-edit = bearbeitet
study-add-member = Hinzufügen
study-member =
    { $account } ({ $role ->
        [edit] bearbeitet
       *[watch] sieht zu
    })
study-remove = Entfernen
