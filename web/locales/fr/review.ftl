# Les écrans d'analyse : un relevé importé et rejoué sur le plateau d'analyse (#review), ses
# commentaires et variantes, les lignes du moteur, l'analyse de chaque position, et la salle
# d'analyse commune d'une partie terminée (#room).

## Importer un relevé (#review)

review-import-title = Importer un { -kifu } 棋譜を読み込む
review-open-file = Ouvrir un fichier…
review-record-placeholder = Collez ici un { -kifu } KIF, KI2, CSA, JKF, USI ou SFEN, ou une liste de coups (1. P-7f P-3d 2. P-2f …)
review-format-label = Format
review-format-detect = Format : détection automatique
review-format-moves = Liste de coups
review-variant-label = Variante
review-variant-detect = Variante : détection automatique
review-read = Lire le { -kifu }
review-file-unreadable = Impossible de lire le fichier.
review-paste-first = Collez d'abord un { -kifu } ou choisissez un fichier.
review-read-failed = Impossible de lire le { -kifu } : { $error }
review-imported-title = Partie importée
review-title-game = Partie { $id }
review-title-game-result = Partie { $id } · { $result }
review-game-failed = Impossible de charger la partie { $id } : { $error }

## Ce que la lecture ou l'export d'un relevé n'a pas pu garder

review-warnings-title = ⚠ Remarques sur ce { -kifu }
review-warnings-reading = Lecture :
review-warnings-export = Export { $format } :
review-warning = { $message }
review-warning-line = Ligne { $line } : { $message }
review-export-warnings = Export { $format } : { $warnings }
review-export-failed = Export : { $error }
review-play-failed = Impossible de jouer { $move } : { $error }

## Les boutons à côté du plateau

review-flip = ⇅ Retourner
review-settings = ⚙ Paramètres

## L'analyse de chaque position (棋譜解析)

review-panel-label = Analyse
review-heading = 棋譜解析 Analyse
review-plot-label = Chances de gain de { -sente } par { -move }
review-plot-title = Chances de gain de { -sente } par { -move } (cliquez pour aller à un { -move })
review-time-label = Temps par { -position }
review-time-option = { $seconds } s / { -position }
review-analyse = Analyser
review-prev-mistake = ◀ Erreur précédente
review-next-mistake = Erreur suivante ▶
review-idle = Laissez le moteur examiner chaque { -position } de la partie.
review-starting = Lancement de l'analyse…
review-start-failed = Analyse : { $error }
review-poll-failed = Analyse : { $error } ; nouvelle tentative…
review-failed = L'analyse a échoué : { $error }
review-done =
    { $count ->
        [one] { $count } { -position } analysée.
       *[other] { $count } positions analysées.
    }
review-progress =
    Analyse… { $done } / { $total ->
        [one] { $total } { -position }
       *[other] { $total } positions
    }
review-mark-dubious = douteux ?!
review-mark-mistake = erreur ?
review-mark-blunder = gaffe ??
review-plot-dot =
    { $ply }. { $move } { $mark ->
        [dubious] douteux
        [mistake] erreur
       *[blunder] gaffe
    }
review-info-move = Coup { $ply }
review-info-chances = { -sente } { $percent } %  ({ $score })
review-info-mark =
    { $move } : { $mark ->
        [dubious] douteux ?!
        [mistake] erreur ?
       *[blunder] gaffe ??
    }
review-info-mark-loss =
    { $move } : { $mark ->
        [dubious] douteux ?!
        [mistake] erreur ?
       *[blunder] gaffe ??
    } (−{ $loss } %)
review-better = Meilleur : { $move }
review-pv = Ligne : { $moves }
review-best-now = Meilleur { -move } ici : { $move }
review-score-mate-sente = ☗ mat en { $moves }
review-score-mate-gote = ☖ mat en { $moves }

## Les lignes du moteur (検討)

review-engine-label = Moteur
review-engine-heading = 検討 Moteur
review-engine-off = Moteur : désactivé
review-engine-on = Moteur : activé
review-engine-lines-label = Lignes
review-engine-lines-option =
    { $count ->
        [one] { $count } ligne
       *[other] { $count } lignes
    }
review-engine-depth-label = Profondeur
review-engine-depth-option = profondeur { $depth }
review-engine-chances = Chances de { -sente }
review-engine-bar = { -sente } { $percent } %
review-engine-players-turn = Seuls les joueurs peuvent activer le moteur
review-engine-searching = Recherche…
review-engine-busy = Le moteur est occupé : { $error }
review-engine-busy-waiting = Le moteur est occupé : { $error } ; en attente…
review-engine-failed = Aucune ligne : { $error }
review-engine-mated = Aucun { -move } : le camp au trait est mat.
review-engine-depth = Profondeur { $depth }
review-engine-depth-kept = Profondeur { $depth } (conservée)

## Les notes du coup affiché : commentaires et variantes (注釈)

review-notes-label = Commentaires et variantes
review-notes-heading = 注釈 Notes
review-notes-main-line = ↩ Ligne principale
review-notes-header = 棋譜情報 En-tête ({ $count })
review-notes-start = 開始局面 Début
review-notes-no-comment-start = Aucun commentaire sur la { -starting-position }.
review-notes-no-comment = Aucun commentaire sur ce { -move }.
review-notes-write = ✎ Écrire un commentaire
review-notes-placeholder = Écrivez un commentaire sur ce { -move }…
review-notes-editor-label = Commentaire sur le { -move } affiché
review-notes-promote = ★ En faire la ligne principale
review-notes-delete = ✕ Supprimer ce { -move } et la suite
review-notes-up = Monter ce { -move } d'un rang parmi les variantes
review-notes-down = Descendre ce { -move } d'un rang parmi les variantes
review-notes-variations = 変化 Coup { $ply } :
review-notes-main-mark = 本譜
review-notes-hint = Cliquez sur un { -move } pour suivre sa ligne ; ↑ ↓ changent la variante du { -move } affiché.

## La salle d'analyse commune d'une partie terminée (感想戦, #room)

room-opening = Ouverture de la salle…
room-reconnecting = Reconnexion…
room-not-connected = Pas connecté à la salle ; nouvelle tentative…
room-status = 感想戦 · { $players }
room-people =
    { $count ->
        [one] { $count } personne
       *[other] { $count } personnes
    } dans la salle (dont { $watchers ->
        [one] { $watchers } spectateur
       *[other] { $watchers } spectateurs
    }). Le { -board } est aux joueurs.
room-people-mover =
    { $count ->
        [one] { $count } personne
       *[other] { $count } personnes
    } dans la salle (dont { $watchers ->
        [one] { $watchers } spectateur
       *[other] { $watchers } spectateurs
    }). Le { -board } est aux joueurs. Vous pouvez le manipuler.
room-people-holder =
    { $count ->
        [one] { $count } personne
       *[other] { $count } personnes
    } dans la salle (dont { $watchers ->
        [one] { $watchers } spectateur
       *[other] { $watchers } spectateurs
    }). Le { -board } est aux joueurs et à { $holder }.
room-people-holder-mover =
    { $count ->
        [one] { $count } personne
       *[other] { $count } personnes
    } dans la salle (dont { $watchers ->
        [one] { $watchers } spectateur
       *[other] { $watchers } spectateurs
    }). Le { -board } est aux joueurs et à { $holder }. Vous pouvez le manipuler.
room-hand-label = Spectateur qui le manipule :
room-hand-to = Confier le { -board } à
room-hand = Confier le { -board }
room-take-back = Reprendre le { -board }
room-back-to-game = La partie
