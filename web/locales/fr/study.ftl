# Les études (研究) : la liste et une nouvelle étude (#studies), et les chapitres d'une étude
# sur le plateau d'analyse (#study), avec ses leçons et ses membres.

## La liste des études et une nouvelle étude (#studies)

study-list-heading = Études
study-loading = Chargement…
study-none = Aucune étude pour l'instant.
study-list-failed = Impossible d'afficher la liste des études : { $error }
study-list-entry =
    · { $owner } · { $visibility ->
        [public] publique
        [unlisted] non répertoriée
       *[private] privée
    }
study-new-heading = Nouvelle étude 研究
study-name-field = Nom
study-visibility-field = Visibilité
study-file-field = Ou un fichier :
study-name-placeholder = Lignes de furibisha ({ -rook } déplacée)
study-name-label = Le nom de l'étude
study-seen-label = Qui peut la voir
study-seen-public = Publique : listée pour tout le monde
study-seen-unlisted = Non répertoriée : visible par qui a son adresse
study-seen-private = Privée : ses membres seulement
study-record-placeholder = Collez un { -kifu } KIF, KI2, CSA ou JKF (ses variantes et commentaires sont conservés), ou laissez vide pour partir de la { -starting-position }.
study-record-label = Le { -kifu } du premier chapitre
study-file-label = Un fichier de { -kifu }
study-create = Créer l'étude
study-create-failed = L'étude : { $error }

## Une étude (#study)

study-opening = Ouverture de l'étude…
study-reconnecting = Reconnexion…
study-not-connected = Pas connecté à l'étude ; nouvelle tentative…
study-deleted = Cette étude a été supprimée.
study-status = 研究 · { $study } · { $chapter }
study-people = { $count ->
        [one] { $count } présent
       *[other] { $count } présents
    } : { $names }
study-flip = ⇅ Retourner
study-zip = Fichiers KIF (ZIP)
study-studies = Études
study-export-failed = Export : { $error }

## Leçons : un éditeur dirige, tous les autres plateaux suivent le sien

study-lead = Diriger une leçon
study-end-lesson = Terminer la leçon
study-lesson-leading = Vous dirigez la leçon : chaque { -board } suit le vôtre.
study-lesson-following = Leçon : { $leader } dirige, votre { -board } suit le sien.

## Les chapitres d'un éditeur

study-chapters = Chapitres
study-rename = Renommer
study-rename-prompt = Le nouveau nom du chapitre
study-delete = Supprimer
study-delete-confirm = Supprimer le chapitre « { $name } » ?
study-chapter-name-placeholder = Nom du chapitre
study-chapter-name-label = Le nom du nouveau chapitre
study-chapter-record-placeholder = Un { -kifu } KIF, KI2, CSA ou JKF ; vide : la { -starting-position }
study-chapter-record-label = Le { -kifu } du nouveau chapitre
study-add-chapter = Ajouter le chapitre
study-chapter-failed = Le chapitre : { $error }

## Les réglages du propriétaire et les membres

study-owner-heading = L'étude
study-visibility-public = publique
study-visibility-unlisted = non répertoriée
study-visibility-private = privée
study-save = Enregistrer
study-member-placeholder = nom d'utilisateur
study-member-label = Le nom d'utilisateur d'un membre
study-role-label = Le rôle du membre
study-role-watch = consulte
study-role-edit = modifie
study-add-member = Ajouter
study-member =
    { $account } ({ $role ->
        [edit] modifie
       *[watch] consulte
    })
study-remove = Retirer
