# Les tournois : la liste et le formulaire de création (/tournaments), la page d'un tournoi
# (/tournaments/{id}) avec les commandes du directeur, et les appariements imprimables d'une ronde.

## Commun

tournament-loading = Chargement…
tournament-read-failed = Impossible de lire le { -tournament } : { $error }
tournament-player-unknown = #{ $number }
tournament-player-none = —

## Formats (les systèmes de tournoi)

tournament-format-swiss = Suisse
tournament-format-mcmahon = McMahon
tournament-format-knockout = Élimination directe
tournament-format-round-robin = Toutes rondes
tournament-format-double-round-robin = Toutes rondes aller-retour
tournament-format-arena = Arène

## Départages

tournament-tiebreak-sos = SOS
tournament-tiebreak-sosos = SOSOS
tournament-tiebreak-sodos = SODOS
tournament-tiebreak-median-sos = SOS médian
tournament-tiebreak-direct = Confrontation directe
tournament-tiebreak-other = { $key }

## Résultats d'une table (1-0 : Sente gagne ; ff : par forfait)

tournament-result-sente = 1-0
tournament-result-gote = 0-1
tournament-result-draw = ½-½
tournament-result-sente-forfeit-win = 1-0 ff
tournament-result-gote-forfeit-win = 0-1 ff
tournament-result-unplayed = non jouée

## La cadence, en bref : « 45 min + 30 s de byoyomi »

tournament-clock-minutes = { $minutes } min
tournament-clock-seconds = { $seconds } s
tournament-clock-increment = { $seconds } s d'incrément
tournament-clock-byoyomi = { $seconds } s de { -byoyomi }
tournament-clock-byoyomi-periods = { $periods } × { $seconds } s de { -byoyomi }
tournament-clock-join = { $first } + { $second }
tournament-clock-none = sans { -clock }

## La liste des tournois (/tournaments)

tournament-list-title = Tournois 大会
tournament-list-empty = Aucun tournoi pour l'instant.
tournament-list-name = Nom
tournament-list-format = Format
tournament-list-players = Joueurs
tournament-list-status = État
tournament-list-starts = Début
tournament-list-status-entries = inscriptions ouvertes
tournament-list-status-running = en cours
tournament-list-status-finished = terminé
tournament-list-older = Plus anciens
tournament-list-failed = Impossible d'afficher la liste des tournois : { $error }
tournament-list-pending = …
tournament-unreachable = Impossible de joindre le serveur.
tournament-login-prompt = Pour diriger un { -tournament }, { $login } ou { $signup }.
tournament-login-link = connectez-vous
tournament-signup-link = inscrivez-vous

## Le formulaire de création d'un tournoi

tournament-form-title = Nouveau { -tournament } 大会
tournament-form-name = Nom
tournament-form-name-placeholder = Championnat du club 2026
tournament-form-format = Format
tournament-form-rounds = Rondes
tournament-form-online = En ligne
tournament-form-online-hint = Parties sur koma ; décoché : parties sur un vrai { -board }, le directeur saisit les résultats.
tournament-form-main-time = Temps principal (min)
tournament-form-byoyomi = Byoyomi (s)
tournament-form-periods = Périodes
tournament-form-increment = Incrément (s)
tournament-form-increment-hint = Fischer, au lieu du { -byoyomi } : mettez le { -byoyomi } à 0.
tournament-form-rated = Classé
tournament-form-rated-hint = Parties en ligne uniquement.
tournament-form-colours = Camps
tournament-form-colours-furigoma = Furigoma 振り駒 (tirage au sort à chaque partie)
tournament-form-colours-balanced = Équilibrés (en alternance)
tournament-form-bye = Exemption
tournament-form-bye-hint = Ce que rapporte une exemption.
tournament-form-bye-one = 1 point
tournament-form-bye-half = ½ point
tournament-form-tiebreaks = Départages, dans l'ordre
tournament-form-tiebreak-none = —
tournament-form-bar = Barre McMahon
tournament-form-bar-hint = Les joueurs dont le { -rating } atteint ou dépasse la barre commencent dans le groupe du haut.
tournament-form-group-width = Largeur de groupe
tournament-form-group-width-hint = Points de { -rating } par groupe McMahon sous la barre.
tournament-form-groups = Groupes
tournament-form-groups-hint = Groupes, celui du haut compris ; chaque groupe inférieur commence avec un point de moins.
tournament-form-knockout-draw = Partie { -draw }
tournament-form-knockout-draw-hint = En { -knockout }, une partie armageddon ou une revanche départage les joueurs.
tournament-form-draw-armageddon = Armageddon
tournament-form-draw-rematch = Revanche
tournament-form-losers-swiss = Suisse des éliminés
tournament-form-losers-swiss-hint = Comme à l'ESC : les joueurs éliminés continuent dans un suisse en gardant leurs points.
tournament-form-arena-minutes = Durée de l'arène (min)
tournament-form-berserk = Berserk
tournament-form-berserk-hint = Divisez par deux le temps de votre { -clock } pour un point de plus.
tournament-form-handicap = Handicap selon le { -rating }
tournament-form-handicap-hint = Le { -handicap } de chaque partie selon l'écart de { -rating } des joueurs.
tournament-form-no-show = Forfait pour absence (s)
tournament-form-no-show-hint = Une partie où personne n'a joué passé ce délai est perdue par forfait.
tournament-form-starts = Début à
tournament-form-starts-hint = En ligne : les parties de la { -round } 1 commencent à cette heure (vide : quand le directeur lance le { -tournament }).
tournament-form-create = Créer le { -tournament }
tournament-form-create-failed = Impossible de créer le { -tournament } : { $error }
tournament-form-no-name = Donnez un nom au { -tournament }.
tournament-form-name-too-long = Le nom dépasse { $max } caractères.
tournament-form-tiebreak-twice = Un départage est choisi deux fois.
tournament-form-whole-rounds = Le nombre de rondes doit être un entier, 0 ou plus.
tournament-form-whole-main-time = Le temps principal doit être un nombre entier, 0 ou plus.
tournament-form-whole-increment = L'incrément doit être un nombre entier, 0 ou plus.
tournament-form-whole-byoyomi = Le { -byoyomi } doit être un nombre entier, 0 ou plus.
tournament-form-whole-periods = Le nombre de périodes doit être un entier, 0 ou plus.
tournament-form-whole-no-show = Le délai de forfait doit être un nombre entier, 0 ou plus.
tournament-form-whole-arena-minutes = La durée de l'arène doit être un nombre entier, 0 ou plus.
tournament-form-no-clock = La { -clock } demande un temps principal, un incrément ou un { -byoyomi }.
tournament-form-increment-and-byoyomi = Une { -clock } a un incrément ou un { -byoyomi }, pas les deux : mettez l'un des deux à 0.

## La page d'un tournoi : ses informations, les boutons pour s'inscrire ou se retirer

tournament-page-title = { $name } · koma
tournament-connecting = connexion…
tournament-live = en direct
tournament-reconnecting = reconnexion…
tournament-show-failed = Impossible d'afficher le { -tournament } : { $error }
tournament-status-entries = Inscriptions ouvertes
tournament-status-finished = Terminé
tournament-status-under-way = En cours
tournament-status-round = Ronde { $round } sur { $planned }
tournament-info-director = { $status } · directeur : { $director }
tournament-info-join = { $first } · { $second }
tournament-info-rounds =
    { $count ->
        [one] { $count } { -round }
       *[other] { $count } rondes
    }
tournament-info-online = en ligne
tournament-info-over-the-board = sur { -board } réel
tournament-info-rated = classé
tournament-info-unrated = non classé
tournament-info-balanced = camps équilibrés
tournament-info-furigoma = { -furigoma }
tournament-info-handicap = { -handicap } selon le { -rating }
tournament-join = Participer
tournament-accept-invitation = Accepter l'invitation
tournament-join-country = Pays { $input }
tournament-join-country-label = Votre pays (deux lettres, pour la liste de classement de la FESA)
tournament-join-country-placeholder = FR
tournament-join-failed = Inscription impossible : { $error }
tournament-decline = Décliner
tournament-decline-failed = Impossible de décliner : { $error }
tournament-withdraw = Se retirer
tournament-withdraw-failed = Impossible de se retirer : { $error }
tournament-log-in-to-join = Connectez-vous pour participer
tournament-export = Exporter : { $files }
tournament-your-game-started = Votre partie a commencé.
tournament-your-game-play = Jouer votre partie →

## Les en-têtes de colonnes des tableaux

tournament-col-place = Pl.
tournament-col-number = N°
tournament-col-player = Joueur
tournament-col-score = Points
tournament-col-games = Parties
tournament-col-rating = Elo
tournament-col-start = Départ
tournament-col-board = Table
tournament-col-sente = ☗ { -sente }
tournament-col-gote = ☖ { -gote }
tournament-col-result = Résultat

## Classement

tournament-standings-title = Classement 順位
tournament-standings-empty = Pas de classement avant la { -round } 1.
tournament-standings-error = Pas de classement : { $error }
tournament-standings-error-unknown = Pas de classement : erreur inconnue

## Le tableau à élimination directe

tournament-bracket-title = Tableau トーナメント表
tournament-bracket-final = Finale
tournament-bracket-semi-finals = Demi-finales
tournament-bracket-quarter-finals = Quarts de finale
tournament-bracket-round = Ronde { $number }

## L'arène

tournament-arena-title = Arène アリーナ
tournament-arena-finished = Terminée.
tournament-arena-ends = Se termine dans environ { $minutes } min.
tournament-berserk = Berserk (moitié de votre temps)
tournament-berserk-failed = Impossible de passer en berserk : { $error }
tournament-arena-your-game = Votre partie
tournament-arena-streak = 🔥
tournament-arena-playing = En cours : { $games }
tournament-arena-game = { $sente } – { $gote }

## Rondes et appariements

tournament-rounds-title = Rondes 対戦表
tournament-rounds-empty = Pas encore d'appariements.
tournament-round-title = Ronde { $number }
tournament-round-progress = · { $done }/{ $total } { $total ->
        [one] résultat
       *[other] résultats
    }
tournament-round-bye = Exempt : { $player }
tournament-play-your-game = Jouer votre partie
tournament-replay = Revoir
tournament-watch = Regarder
tournament-print-link = Appariements à imprimer

## Joueurs

tournament-players-title = Joueurs 参加者 ({ $count })
tournament-players-empty = Aucun joueur pour l'instant.
tournament-players-invited = Invités n'ayant pas encore accepté : { $names }
tournament-player-withdrawn = retiré

## Les commandes du directeur

tournament-director-title = Direction 大会運営
tournament-director-entries = Inscrire un joueur sur place
tournament-director-name = Nom
tournament-director-fesa-id = Identifiant FESA
tournament-director-country = Pays (p. ex. FR)
tournament-director-country-title = Code pays à deux lettres, écrit dans le fichier de résultats de la FESA pour un joueur qui n'est pas encore dans sa liste
tournament-director-account = Compte koma
tournament-director-add = Ajouter le joueur
tournament-director-add-failed = Impossible d'ajouter le joueur : { $error }
tournament-director-no-name = Indiquez le nom du joueur.
tournament-director-rating-not-whole = Le { -rating } doit être un nombre entier.
tournament-director-start = Lancer : apparier la { -round } 1
tournament-director-start-confirm =
    Clore les inscriptions ({ $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }) et apparier la { -round } 1 ?
tournament-director-start-yes = Lancer
tournament-director-start-failed = Impossible de lancer : { $error }
tournament-director-pair = Apparier la { -round } suivante
tournament-director-pair-failed = Impossible d'apparier la { -round } suivante : { $error }
tournament-director-waiting = Ronde { $round } : en attente des résultats.
tournament-director-print = Imprimer les appariements
tournament-director-withdraw-label = Retirer
tournament-director-withdraw = Retirer
tournament-director-withdraw-option = { $number }. { $name }
tournament-director-withdraw-confirm = Retirer { $name } des rondes suivantes ?
tournament-director-withdraw-yes = Retirer
tournament-director-withdraw-failed = Impossible de retirer le joueur : { $error }
tournament-director-results-hint = Résultats : choisissez-les dans le tableau de chaque { -round } puis cliquez sur Enregistrer ; une correction s'enregistre de la même façon.
tournament-director-result-none = —
tournament-director-result-sente = 1-0 { -sente } gagne
tournament-director-result-gote = 0-1 { -gote } gagne
tournament-director-result-draw = ½-½ { -draw }
tournament-director-result-sente-forfeit-win = 1-0 forfait, { -gote } absent
tournament-director-result-gote-forfeit-win = 0-1 forfait, { -sente } absent
tournament-director-result-unplayed = non jouée, les deux absents
tournament-director-result-label = Résultat de la table { $board }
tournament-director-handicap-label = Handicap de la table { $board }
tournament-director-save = Enregistrer
tournament-director-save-failed = Impossible d'enregistrer le résultat : { $error }
tournament-director-no-result = Choisissez d'abord un résultat.

## Les appariements imprimables d'une ronde

tournament-print-page-title = { $name } · { -round } { $number }
tournament-print-missing = La { -round } { $number } n'est pas appariée ({ $paired ->
        [one] { $paired } appariée
       *[other] { $paired } appariées
    }).
tournament-print-bye = exempt

## Les avis des parties en cours (sur chaque page)

tournament-opponent-engine = le moteur
tournament-opponent-guest = un invité
tournament-crosstable-number = N°
tournament-crosstable-place = Place
tournament-crosstable-name = Nom
tournament-crosstable-rating = Classement
tournament-crosstable-round = R{ $round }
tournament-crosstable-points = Points
