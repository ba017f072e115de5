# Le salon (lobby.ts) : les propositions de partie ouvertes, le formulaire pour en proposer une,
# l'appariement rapide, les parties en cours ; et la partie à la une de l'accueil.

lobby-login-note = Connectez-vous pour proposer ou accepter une partie :
lobby-log-in = Se connecter
lobby-sign-up = S'inscrire
lobby-loading = Chargement…

## Propositions ouvertes

lobby-open-seeks = Propositions de partie
lobby-no-seeks = Aucune proposition ouverte. Proposez une partie !
lobby-col-player = Joueur
lobby-col-game = Partie
lobby-col-range = Fourchette Elo
lobby-col-side = Camp
lobby-cancel = Annuler
lobby-accept = Accepter
lobby-login-to-accept = Connectez-vous pour accepter une proposition.
lobby-no-clock = sans { -clock }
lobby-rated = classée
lobby-casual = amicale
lobby-range-any = tous
lobby-seek-side = { $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] au hasard
       *[other] { $side }
    }
lobby-seek-side-handicap = { $handicap } ({ $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] au hasard
       *[other] { $side }
    })

## Proposer une partie

lobby-post-title = Proposer une partie 対局待ち
lobby-variant = Variante
lobby-time-control = Cadence
lobby-rated-label = Partie classée 公式戦
lobby-opponent-rating = Classement Elo de l'adversaire
lobby-rating-min = min
lobby-rating-max = max
lobby-your-side = Votre camp
lobby-side-random = Furigoma (au hasard)
lobby-side-sente = { -sente } ☗
lobby-side-gote = { -gote } ☖
lobby-handicap = Handicap 駒落ち
lobby-post = Proposer la partie
lobby-login-to-post = Connectez-vous pour proposer une partie.
lobby-posted = Partie proposée : en attente d'un adversaire.
lobby-post-failed = Impossible de proposer la partie : { $error }

## Appariement rapide

lobby-quick-title = Appariement rapide 早指し
lobby-quick-rated = Classée
lobby-login-to-pair = Connectez-vous pour être apparié.
lobby-quick-waiting-fischer-3-2 = En attente d'un adversaire en 3 min + 2 s Fischer (blitz)…
lobby-quick-waiting-byoyomi-5-10 = En attente d'un adversaire en 5 min + 10 s de { -byoyomi }…
lobby-quick-waiting-byoyomi-10-30 = En attente d'un adversaire en 10 min + 30 s de { -byoyomi }…
lobby-pair-failed = Appariement impossible : { $error }

## Les parties en cours et la partie à la une

lobby-live-games = Parties en cours 対局中
lobby-no-live = Aucune partie en cours.
lobby-guest = invité
lobby-engine-or-guest = moteur / invité
lobby-watch = Regarder
lobby-live-failed = Impossible d'afficher les parties en cours : { $error }
lobby-featured = Partie à la une 注目の対局
lobby-featured-board = La partie à la une
