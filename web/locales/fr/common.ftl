# Les mots de chaque page : la barre du haut, le titre de la page, les boutons communs.

page-title = koma · { -shogi }
nav-new-game = Nouvelle partie
nav-lobby = Salon
nav-tournaments = Tournois
nav-review = Analyser un { -kifu }
nav-studies = Études

## Boutons et mots communs

common-cancel = Annuler
common-home = Accueil
common-loading = Chargement…
common-log-in = Se connecter
common-sign-up = S'inscrire

## main.ts : le démarrage de la page et le lien d'invitation

common-joining = Vous rejoignez la partie…
common-cannot-join = Impossible de rejoindre la partie : { $error }
common-watch-game = Regarder la partie
common-cannot-load-variants = Impossible de charger les variantes depuis le serveur : { $error }
common-language = Langue
common-moves-unit = { $count ->
    [one] coup
   *[other] coups
}
