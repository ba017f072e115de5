# Les refus du serveur, par leur code : `error-CODE`. `$detail` est le texte anglais du serveur.

error-other = { $detail }
error-unreachable = Impossible de joindre le serveur ({ $detail })

## error.rs : ApiError::code

error-malformed_request = La requête n'a pas pu être lue : { $detail }
error-not_json = La requête n'a pas été envoyée en JSON.
error-rate_limited = Vous allez trop vite : { $detail }
error-missing_token = Seul un joueur de cette partie peut faire cela.
error-unknown_name = Le serveur ne connaît pas ce nom : { $detail }
error-invalid_value = Une valeur n'est pas valide : { $detail }
error-conflicting_fields = La requête demande des choses incompatibles : { $detail }
error-invalid_position = La { -position } n'est pas valide : { $detail }
error-unreadable_move = Le { -move } est illisible : { $detail }
error-not_in_chu = Pas encore possible dans les parties de chu shogi ({ $detail })
error-no_offer = Il n'y a aucune proposition à laquelle répondre.
error-nothing_to_take_back = Vous n'avez aucun { -move } à reprendre.
error-rated_game = La reprise d'un { -move } est réservée aux parties amicales : cette partie est classée.
error-draw_declined = Le moteur n'accepte pas la { -draw } : il continue de jouer.
error-illegal_move = Ce { -move } est illégal : { $detail }
error-unreadable_record = Le { -kifu } est illisible : { $detail }
error-unrecognised_record = Le texte n'est dans aucun format de { -kifu } que koma sait lire (KIF, KI2, CSA, JKF, USI, SFEN, une liste de coups comme 1. P-7f P-3d) : choisissez son format.
error-unwritable_record = Le { -kifu } ne peut pas être écrit dans ce format : { $detail }
error-too_large = C'est plus que ce que le serveur accepte : { $detail }
error-wrong_invitation = Ce n'est pas l'invitation de cette partie.
error-no_seat = Vous n'avez pas de place dans cette partie : seuls ses joueurs peuvent faire cela.
error-not_your_turn = Ce n'est pas à vous de jouer.
error-not_found = Introuvable : { $detail }
error-seats_taken = L'invitation a déjà servi : les deux places sont prises.
error-expired = L'invitation a expiré : la partie a été annulée.
error-aborted = La partie a été annulée : il n'y a pas de partie à rejouer.
error-not_started = L'autre joueur n'a pas encore rejoint la partie.
error-game_over = La partie est terminée.
error-game_not_over = La partie n'est pas terminée : une revanche ne se propose qu'après la fin.
error-tournament_game = Une partie de { -tournament } n'a pas de revanche : c'est le { -tournament } qui apparie ses joueurs.
error-too_late_to_abort = Les deux camps ont joué : la partie ne peut plus être annulée (il reste l'{ -resign }).
error-cannot_claim = Vous ne pouvez pas réclamer la victoire maintenant : { $detail }
error-not_arena_game = Seules les parties d'un { -tournament } arène permettent le berserk.
error-refused = La partie refuse cela pour le moment : { $detail }
error-invalid_username = Ce nom d'utilisateur ne peut pas être utilisé : { $detail }
error-invalid_password = Le mot de passe n'est pas accepté : { $detail }
error-weak_password = Choisissez un mot de passe plus difficile à deviner : { $detail }
error-username_taken = Ce nom d'utilisateur est déjà pris.
error-bad_credentials = Nom d'utilisateur ou mot de passe incorrect.
error-unauthorized = Vous devez vous connecter pour cela.
error-wrong_password = Le mot de passe est incorrect.
error-cross_site = Refusé : la requête vient d'un autre site.
error-forbidden = Ce n'est pas autorisé : { $detail }
error-invalid_tree = Ces coups ne peuvent pas former un { -kifu } : { $detail }
error-queue_full = Trop d'analyses sont en attente : réessayez plus tard.
error-engine_games_full = Le serveur joue déjà autant de parties contre le moteur qu'il le peut : réessayez plus tard.
error-engine_busy = Le moteur est occupé : réessayez dans un instant.
error-too_many = Vous avez atteint une limite : { $detail }
error-streams_full = Le serveur a autant de connexions qu'il peut en accepter : réessayez plus tard.
error-body_timeout = La requête a mis trop de temps à arriver : réessayez.
error-shutting_down = Le serveur s'arrête : réessayez dans un instant.
error-storage_unavailable = Le serveur ne peut pas accéder à son stockage pour le moment : réessayez.
error-storage_failed = Le serveur n'a pas pu lire ou enregistrer cela.
error-internal = Une erreur s'est produite sur le serveur.

## players.rs : SeatRefusal::code

error-login_required = Il vous faut un compte pour cela : connectez-vous (ou inscrivez-vous) d'abord.
error-rated_against_engine = Une partie contre le moteur ne peut pas être classée : jouez-la en amical.
error-rated_from_position = Une partie classée commence à la { -starting-position } : les parties à { -handicap } ne sont pas classées.
error-rated_without_clock = Une partie classée demande une { -clock } : choisissez une { -time-control }.
error-own_game = Vous avez créé cette partie : un même joueur ne peut pas prendre les deux places.

## lobby/seek.rs : LobbyRefusal::code

error-no_such_seek = Cette proposition de partie n'est plus ouverte : elle a été acceptée, annulée ou a expiré.
error-own_seek = C'est votre propre proposition : un autre joueur doit l'accepter.
error-not_your_seek = Cette proposition est celle d'un autre joueur : seul son auteur peut l'annuler.
error-out_of_rating_range = Votre { -rating } est hors de la fourchette de cette proposition : { $detail }
error-bad_rating_range = La fourchette de { -rating } n'est pas valide : { $detail }
error-quick_without_clock = L'appariement rapide demande une { -time-control } avec { -clock } (p. ex. 3m+2s ou 10m+30s).
error-lobby_full = Le salon est plein : réessayez plus tard.

## analysis.rs : AnalysisRefusal::code

error-analysis_running = Une de vos analyses est en cours : redemandez quand elle aura répondu.

## rooms/mod.rs : RoomRefusal::code

error-invalid_review = Cette modification est impossible : { $detail }
error-not_your_board = Seuls les joueurs, et celui à qui ils confient le { -board }, peuvent le manipuler.
error-players_only = Seuls les joueurs de la partie peuvent activer le moteur ou confier le { -board }.
error-not_in_room = Cette personne n'est pas dans la salle avec un compte : { $detail }
error-room_busy = La salle a changé entre-temps : réessayez.

## tournaments/refusal.rs : Refusal::code

error-not_director = Seul le directeur du { -tournament } peut faire cela : { $detail }
error-wrong_state = Impossible à ce stade du { -tournament } : { $detail }
error-already_entered = Déjà inscrit au { -tournament } : { $detail }
error-not_entered = Pas inscrit au { -tournament } : { $detail }
error-round_unfinished = La { -round } n'est pas terminée : { $detail }
error-pairing_failed = La { -round } ne peut pas être appariée : { $detail }
error-export_failed = Le { -tournament } ne peut pas être exporté en l'état : { $detail }
error-busy = D'autres personnes modifient le { -tournament } en ce moment : réessayez.

## studies/mod.rs : StudyRefusal::code

error-study_not_found = Cette étude n'existe pas, ou vous n'avez pas le droit de la voir.
error-chapter_not_found = L'étude n'a pas ce chapitre.
error-not_study_editor = Seuls le propriétaire de l'étude et ses éditeurs peuvent la modifier.
error-not_study_owner = Seul le propriétaire de l'étude peut faire cela.
error-study_full = L'étude est pleine : { $detail }
error-invalid_study = L'étude ne peut pas accepter cela : { $detail }
error-not_leading = Seul celui qui dirige la leçon manipule le { -board } de chacun.
error-study_busy = L'étude a changé entre-temps : réessayez.

## http/connections.rs : Refused::response

error-connections_full = Le serveur a autant de connexions ouvertes qu'il peut en accepter : réessayez plus tard.
