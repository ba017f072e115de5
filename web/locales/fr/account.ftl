# Les comptes (account.ts) : les liens de compte de la barre du haut, l'inscription, la connexion,
# la page du compte (mot de passe, jetons d'API, suppression) ; et les paramètres (settings.ts).

## La barre du haut

account-log-in = Se connecter
account-sign-up = S'inscrire
account-log-out = Se déconnecter

## Connexion et inscription

account-login-title = Connexion
account-login-submit = Se connecter
account-username = Nom d'utilisateur
account-password = Mot de passe
# $link est le lien « S'inscrire » (account-sign-up).
account-login-hint = Pas encore de compte ? { $link }. Sans compte, les invités peuvent jouer contre le moteur et inviter un ami.
account-signup-title = Inscription
account-username-hint = De 2 à 20 lettres, chiffres, « _ » ou « - ». Les noms sont uniques, sans distinction de majuscules.
account-again = Confirmation
account-password-length = Au moins 8 caractères.
account-signup-submit = Créer le compte
account-passwords-differ = les deux mots de passe diffèrent
# $link est le lien « Se connecter » (account-log-in).
account-signup-hint = Déjà un compte ? { $link }.

## La page du compte

account-loading = Chargement…
account-member-since = Membre depuis le { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }.
account-password-title = Changer le mot de passe
account-password-current = Actuel
account-password-new = Nouveau
account-password-hint = Les autres navigateurs connectés à ce compte seront déconnectés.
account-password-submit = Changer
account-password-changed = Le mot de passe a été changé.

## Jetons d'API

account-tokens = Jetons d'API
# 'Authorization: Bearer <token>' reste tel quel.
account-tokens-hint = Un jeton permet à un programme d'agir en votre nom via l'API (envoyé comme 'Authorization: Bearer <token>'), comme les jetons personnels de lishogi.
account-no-tokens = Aucun jeton pour l'instant.
account-token-no-description = (sans description)
account-token-created = créé le { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-used = dernière utilisation le { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-never-used = jamais utilisé
account-revoke = Révoquer
account-revoke-confirm = Révoquer le jeton { $token } ? Les programmes qui l'utilisent cesseront de fonctionner.
account-new-token = Nouveau jeton
account-token-placeholder = à quoi il sert (p. ex. mon bot)
account-create-token = Créer un jeton
account-token-shown = Votre nouveau jeton, affiché une seule fois : copiez-le maintenant.

## Supprimer le compte

account-delete-title = Supprimer le compte
account-delete-hint = Vous serez déconnecté partout et vos jetons cesseront de fonctionner. Vos parties restent, affichées avec un joueur supprimé ; le nom reste pris.
account-delete-submit = Supprimer mon compte
account-delete-confirm = Supprimer définitivement le compte { $name } ?
account-delete-yes = Supprimer
account-deleted = Le compte a été supprimé.

## Les paramètres (settings.ts)

settings-title = Paramètres
settings-pieces = Pièces
settings-pieces-kanji = Kanji (traditionnel)
settings-pieces-beginner = Débutant : kanji avec les déplacements indiqués
settings-coords = Coordonnées
settings-coords-japanese = Japonaises (１-９, 一-九)
settings-coords-western = Occidentales (1-9, a-i)
settings-notation = Système de { -notation }
settings-notation-japanese = Japonaise (☗７六歩)
settings-notation-western = Occidentale (P-7f)
settings-notation-german = Allemande
settings-close = Fermer
settings-pieces-kanji2 = Deux kanji (歩兵)
settings-pieces-international = International (lettres)
settings-theme = Couleurs
settings-theme-system = Comme le système
settings-theme-light = Clair
settings-theme-dark = Sombre
settings-board = Plateau
settings-board-kaya = Bois de kaya
settings-board-pale = Bois clair
settings-board-dark = Bois foncé
settings-board-green = Vert
# Paramètres : les coups anticipés (choisis pendant que l'adversaire réfléchit).
settings-premoves = Coups anticipés
settings-premoves-hint = Choisissez votre prochain { -move } pendant que votre adversaire réfléchit : il est joué dès qu'il est légal.
# Réglages : les sons de la partie, leur volume et le byoyomi compté à voix haute.
settings-sound = Sons
settings-sound-hint = Un clic à chaque { -move }, un son pour l'{ -check }, le temps presque écoulé et la fin de la partie.
settings-volume = Volume
settings-byoyomi-count = Compter le { -byoyomi } à voix haute
settings-byoyomi-count-hint = Les secondes de votre pendule en { -byoyomi }, dites comme le fait un chronométreur (des sons si le navigateur n'a pas de voix pour la langue de la page).
settings-setup = Mise en place des pièces
settings-setup-off = Toutes à la fois
settings-setup-ohashi = Une à une, ordre Ōhashi (大橋流)
settings-setup-ito = Une à une, ordre Itō (伊藤流)
