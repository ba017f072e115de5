# L'écran de partie : le plateau et ses barres, les pendules, le relevé, la discussion, les
# propositions et les fins de partie ; et les noms des pièces partout où la page les écrit.

## Les camps et les pièces

game-color-sente = { -sente }
game-color-gote = { -gote }

game-piece = { $role ->
    [king] { -king }
    [rook] { -rook }
    [dragon] { -dragon }
    [bishop] { -bishop }
    [horse] { -horse }
    [gold] { -gold }
    [silver] { -silver }
    [promoted-silver] { -promoted-silver }
    [knight] { -knight }
    [promoted-knight] { -promoted-knight }
    [lance] { -lance }
    [promoted-lance] { -promoted-lance }
    [pawn] { -pawn }
    [tokin] { -tokin }
   *[other] { $name }
}

game-piece-title = { $piece } { $kanji }

## Le plateau

game-board-label = Plateau de shogi
game-board-default-label = Plateau
game-board-title = { $variant }, { -board } avec { $bottom ->
        [sente] { -sente }
       *[gote] { -gote }
    } en bas
game-board-cursor-piece = { $board } : { $square }, { $piece } de { $color ->
        [sente] { -sente }
       *[gote] { -gote }
    }
game-board-cursor-empty = { $board } : { $square }, vide

game-hand-piece = { $piece } en { -hand } de { $color ->
        [sente] { -sente }
       *[gote] { -gote }
    }, { $count }
game-hand-empty = なし

game-player-side = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }
# Garder l'espace final.
game-player-side-of = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } ·{ " " }
game-engine-depth = Moteur (profondeur { $depth })
game-engine-time = Moteur ({ $seconds } s)
game-player-you = Vous
game-player-waiting = en attente…

## La promotion et le parachutage de Kyoto

game-promote-dialog = Promouvoir ?
game-promote-question = Promouvoir ? 成りますか？
game-promote-yes = Promouvoir 成
game-promote-no = Ne pas promouvoir 不成
game-promote-yes-label = Promouvoir 成 : { $piece }
game-promote-no-label = Ne pas promouvoir 不成 : { $piece }
game-face-dialog = Quelle face ?
game-face-question = Quelle face pour le { -drop } ? どちらの面で打ちますか？
game-face-label = Parachuter en { $piece }

## La légende des pièces

game-legend = Pièces 駒
game-legend-name = { $piece } · { $reading }
game-legend-promotes = → { $kanji } { $piece }

## Les pendules

game-clock-seconds = { $seconds } s
game-clock-minutes = { $minutes } min
game-clock-minutes-seconds = { $minutes } min { $seconds } s
game-clock-days = { $days } j
game-clock-days-hours = { $days } j { $hours } h
game-clock-period = +{ $period }
game-clock-periods = +{ $period } ×{ $periods }
game-clock-increment = +{ $increment }
game-clock-byoyomi = { -byoyomi }
game-clock-byoyomi-periods = { -byoyomi } ×{ $periods }

## La ligne d'état et les fins de partie

game-loading = Chargement…
game-connection-title = Mises à jour en direct
game-connection-live = ● en direct
game-connection-down = ○ reconnexion…
game-not-found = La partie { $id } n'existe pas.
game-load-failed = Impossible de charger la partie : { $error }
game-status-waiting-opponent = En attente de l'autre joueur…
game-status-waiting-players = En attente des joueurs…
game-status-to-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } au trait
game-status-to-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } au trait · 王手 { -check } !
game-status-your-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } au trait : à vous de jouer
game-status-your-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } au trait : à vous de jouer · 王手 { -check } !
game-status-engine = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } au trait : le moteur réfléchit…
game-status-engine-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } au trait : le moteur réfléchit… · 王手 { -check } !
game-status-over = Partie terminée : { $kind ->
        [aborted-invitation] { game-ending-aborted-invitation }
        [aborted-no-move] { game-ending-aborted-no-move }
        [draw] { -draw } { game-reason }.
        [resigned] { game-ending-resigned }
        [time-out] { game-ending-time-out }
       *[win] { game-ending-win }
    }

# La raison d'une fin de partie, préposition comprise : elle suit « gagne » et « Partie nulle ».
game-reason = { $reason ->
        [checkmate] par { -checkmate } (詰み)
        [no-moves] faute de { -move } légal
        [resignation] par { -resign } (投了)
        [illegal-move] sur { -illegal-move } (反則)
        [time-forfeit] au temps (時間切れ)
        [sennichite] par répétition (千日手)
        [perpetual-check] par { -perpetual-check } (連続王手の千日手)
        [repetition] par répétition
        [declaration] par déclaration d'entrée du { -king } (入玉宣言)
        [failed-declaration] sur une déclaration non valable
        [impasse] par impasse (持将棋)
        [try] par la { -try-rule } (トライ)
        [royal-captured] par la prise du lion (ライオンを取る)
        [max-moves] par la limite du nombre de coups
        [abandoned] par forfait (partie quittée)
        [agreement] d'un commun accord
       *[other] par { $reason }
    }
game-ending-aborted-invitation = Annulée : l'invitation n'a pas été acceptée à temps.
game-ending-aborted-no-move = Annulée : aucun premier { -move } joué à temps.
game-ending-draw = Partie { -draw } { game-reason }.
game-ending-win = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } gagne { game-reason }.
game-ending-resigned = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } gagne { game-reason }. { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } a abandonné.
game-ending-time-out = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } gagne { game-reason }. { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } a dépassé son temps.

## Les boutons de la partie

game-resign = 負けました Abandonner
game-resign-question = Abandonner cette partie ? 負けました
game-resign-yes = Oui, confirmer l'{ -resign }
game-declare = 入玉宣言 Déclarer
game-declare-question = Déclarer la victoire par entrée du { -king } (入玉宣言) ? Une déclaration qui ne remplit pas les conditions fait perdre la partie.
game-declare-yes = Déclarer
game-offer-draw = ½ Proposer la { -draw }
game-ask-takeback = ↶ Reprendre un { -move }
game-flip = ⇅ Retourner
game-settings = ⚙ Paramètres
game-review = Analyser cette partie 棋譜解析
game-analysis-board = Plateau d'analyse 検討
game-review-together = 感想戦 Analyse commune
game-move-placeholder = 7g7f · P-7f · ７六歩 · 7f
game-move-placeholder-usi = 7i7h · 7j7i6h (USI)
game-move-label = Saisissez un { -move } ({ -notation } USI, occidentale, japonaise ou allemande)
game-move-play = Jouer
game-move-failed = Coup { $move } : { $error }
game-rated-note = Partie classée : le résultat modifie le { -rating } des deux joueurs.

## Propositions : nulle, reprise, revanche

game-offer-asks-draw = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } propose la { -draw }.
game-offer-asks-takeback = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } demande à reprendre un { -move }.
game-offer-asks-rematch = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } propose une revanche.
game-offer-accept-draw = Accepter la { -draw }
game-offer-accept-takeback = Accepter la reprise
game-offer-accept-rematch = Accepter la revanche
game-offer-decline = Refuser
game-offer-own-draw = Vous avez proposé la { -draw }.
game-offer-own-takeback = Vous avez demandé une reprise.
game-offer-own-rematch = Vous avez proposé une revanche.
game-offer-cancel = Annuler
game-offer-declined-draw = Votre proposition de { -draw } a été refusée.
game-offer-declined-takeback = Votre demande de reprise a été refusée.
game-offer-declined-rematch = Votre proposition de revanche a été refusée.
game-rematch = Revanche
game-rematch-offered = Revanche proposée
game-rematch-after-draw = Revanche en inversant les camps
game-rematch-reversed = Revanche (camps inversés)
game-rematch-watch = Regarder la revanche →
game-rematch-go = Aller à la revanche →
game-rematch-failed = Revanche : { $error }

## L'invitation et le furigoma

game-invite-send = Envoyez ce lien à votre adversaire ; la partie commence quand il l'ouvre :
game-invite-copy = Copier
game-invite-copied = Lien copié.
game-invite-copy-by-hand = Sélectionnez le lien et copiez-le à la main.
game-furigoma = Furigoma 振り駒 :
game-furigoma-first = Vous êtes { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } et jouez en premier.
game-furigoma-second = Vous êtes { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } et jouez en second.

## La discussion

game-chat-title-player = Discussion avec votre adversaire
game-chat-title-spectator = Discussion des spectateurs
game-chat-title-review = 感想戦 Discussion
game-chat-placeholder-player = Dites quelque chose à votre adversaire
game-chat-placeholder-spectator = Discutez avec les autres spectateurs
game-chat-placeholder-review = Parlez de la partie avec toutes les personnes présentes
game-chat-lines = Discussion
game-chat-message = Message
game-chat-send = Envoyer
game-chat-failed = Discussion : { $error }

## Le relevé

game-record-label = Relevé de partie
game-record-title = 棋譜 Relevé
game-record-moves = Coups
game-record-notation = Notation
game-notation-japanese = 日本
game-notation-western = Occidentale
game-notation-german = Deutsch
game-record-start = 開始局面 Début
game-record-first = Aller au début
game-record-previous = Aller au { -move } précédent
game-record-next = Aller au { -move } suivant
game-record-last = Aller au dernier { -move }
game-record-live = Retour au direct ▶▶
game-record-export = Exporter :
game-record-comment = Un commentaire
game-record-variations = Variantes
game-export-warnings = Export { $format } : { $warnings }
game-draw-marks = ✎ Dessiner des flèches
game-draw-marks-title = Faites glisser pour tracer une flèche, touchez une case pour l'entourer (le bouton droit dessine aussi)

## Avis

game-title-your-move = ● À vous de jouer · { $title }
game-notice-started = Votre partie contre { $opponent } a commencé —
game-notice-play = Jouer
game-notice-dismiss = Fermer

game-end-resign = { -resign } 投了
game-end-interrupt = interrompue 中断
game-end-sennichite = { -sennichite } 千日手
game-end-jishogi = { -jishogi } 持将棋
game-end-mate = { -checkmate } 詰み
game-end-no-mate = pas de mat 不詰
game-end-time-up = { -time-out } 切れ負け
game-end-illegal-win = gain par { -illegal-move } 反則勝ち
game-end-illegal-loss = perte par { -illegal-move } 反則負け
game-end-declaration = { -declaration } 入玉勝ち
game-end-default-win = gain par forfait 不戦勝
game-end-default-loss = perte par forfait 不戦敗
game-end-try = { -try-rule } トライ
game-end-sealed = coup sous enveloppe 封じ手
game-end-other = { $word }
game-chat-empty = Pas encore de messages.
game-byoyomi-seconds = { $seconds } secondes
game-byoyomi-count = { $count }
game-greet-start = { -greeting-start }
game-greet-end = { -greeting-end }
game-greeting-line-start = { $name }: { -greeting-start }
game-greeting-line-end = { $name }: { -greeting-end }
game-setup-ohashi = Mise en place des pièces : ordre Ōhashi (大橋流)
game-setup-ito = Mise en place des pièces : ordre Itō (伊藤流)
