# La page d'un joueur (profile.ts), et les noms, classements et grades des joueurs partout où la
# page les montre (players.ts).

## Joueurs, classements et grades

profile-deleted-player = joueur supprimé
# Un grade : $number en ordinal français (1er, 2e…) devant kyu ou dan.
profile-rank-name = { $unit ->
        [kyu] { NUMBER($number, type: "ordinal") ->
            [one] { $number }er
           *[other] { $number }e
        } { -kyu }
        [dan] { NUMBER($number, type: "ordinal") ->
            [one] { $number }er
           *[other] { $number }e
        } { -dan }
       *[other] { $rank }
    }
profile-player = { $name } { $rating } · { profile-rank-name }
profile-player-diff = { $name } { $rating } { $diff } · { profile-rank-name }
profile-rank = { profile-rank-name } / { $japanese }
profile-handicap-even-player = L'écart de { -rating } entre vous suggère une partie sans { -handicap } (平手).
profile-handicap-even-spectator = L'écart de { -rating } entre les joueurs suggère une partie sans { -handicap } (平手).
profile-handicap-player = L'écart de { -rating } entre vous suggère un { -handicap } : { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } donne { $japanese } ({ $handicap }).
profile-handicap-spectator = L'écart de { -rating } entre les joueurs suggère un { -handicap } : { $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    } donne { $japanese } ({ $handicap }).

## Les catégories de classement

profile-speed = { $speed ->
        [ultraBullet] ultraBullet
        [bullet] bullet
        [blitz] blitz
        [rapid] rapide
        [classical] classique
        [correspondence] correspondance
       *[other] { $speed }
    }
profile-pool = { $variant ->
        [shogi] { $speed ->
            [ultraBullet] UltraBullet
            [bullet] Bullet
            [blitz] Blitz
            [rapid] Rapide
            [classical] Classique
            [correspondence] Correspondance
           *[other] { $pool }
        }
        [tori] Tori { profile-speed }
        [minishogi] Minishogi { profile-speed }
        [kyotoshogi] Kyoto { -shogi } { profile-speed }
        [dobutsu] Dōbutsu { -shogi } { profile-speed }
        [chushogi] Chu shogi { profile-speed }
       *[other] { $pool }
    }
profile-plot-label = Évolution du { -rating } en { profile-pool }
profile-plot-title = Le { -rating } en { profile-pool }, jour par jour
profile-plot-point = { $date } : { $rating }
profile-plot-day = { DATETIME($day, month: "short", day: "numeric") }

## La page du joueur

profile-loading = Chargement…
profile-no-such-player = Joueur introuvable : { $error }
profile-home = Accueil
profile-deleted = Ce compte a été supprimé ; ses parties restent.
profile-member-since = Membre depuis le { DATETIME($date, year: "numeric", month: "long", day: "numeric") }
profile-games-count = { $count ->
        [one] { $count } partie
       *[other] { $count } parties
    } (dont { $rated ->
        [one] { $rated } classée
       *[other] { $rated } classées
    })
profile-playing-now = En train de jouer :
profile-play-your-game = Jouer votre partie
profile-watch-the-game = Regarder la partie
profile-current-failed = Impossible de trouver la partie en cours : { $error }
profile-ratings = Classements レーティング
profile-no-ratings = Aucune partie classée pour l'instant.
profile-rated-games = { $count ->
        [one] { $count } partie classée
       *[other] { $count } parties classées
    }

## Les parties du joueur

profile-games = Parties 棋譜
profile-col-date = Date
profile-col-side = Camp
profile-col-opponent = Adversaire
profile-col-game = Partie
profile-col-result = Résultat
profile-game-date = { DATETIME($date, year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
profile-guest-or-engine = Invité ou moteur
profile-game-rated = classée
profile-verdict-win = Victoire
profile-verdict-loss = Défaite
profile-verdict-draw = Nulle
profile-state-in-progress = en cours
profile-state-waiting = en attente d'un joueur
profile-replay = Revoir
profile-watch = Regarder
profile-previous = ← Précédent
profile-next = Suivant →
profile-page = Page { $page }
profile-no-games = Aucune partie pour l'instant.
profile-no-more-games = Pas d'autres parties.
profile-list-failed = Impossible d'afficher la liste des parties : { $error }
