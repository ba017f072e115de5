# Le chu shogi (中将棋) contre le moteur (#chu, chu.ts). « Chu shogi » est le nom de la variante.

chu-title = Chu shogi 中将棋 contre le moteur
chu-board-label = Plateau de chu shogi
chu-resign = Abandonner 投了
chu-take-back = Reprendre 待った
chu-download-kif = Télécharger le KIF 棋譜
chu-hint = Cliquez sur une { -piece }, puis sur la case où elle va. Un lion (獅) ou une { -piece } qui a son pouvoir joue deux fois : cliquez sur la case par où elle passe, puis sur celle où elle continue, ou de nouveau sur la même case pour s'y arrêter.
chu-resign-question = Abandonner cette partie ?

## La ligne sous le plateau

chu-engine-thinking = Le moteur réfléchit…
chu-waiting = En attente…
chu-your-move = À vous de jouer ({ $side ->
        [sente] ☗
       *[gote] ☖
    }).
chu-your-move-check = À vous de jouer ({ $side ->
        [sente] ☗
       *[gote] ☖
    }) : votre { -king } est attaqué.
chu-cannot-start = Impossible de démarrer : { $error }
chu-engine-failed = Le moteur n'a pas pu jouer : { $error }

## La fin de la partie. La raison comprend sa préposition.

chu-over-sente-wins = Partie terminée : { -sente } ☗ gagne { $reason ->
        [royal-captured] par la prise de la dernière pièce royale
        [bare-king] par { -king } dépouillé
        [bare-royals] car il ne reste que les deux pièces royales
        [no-moves] faute de { -move } légal
        [sennichite] par quadruple répétition (千日手)
        [perpetual-check] par attaque perpétuelle
        [illegal-move] sur { -illegal-move }
        [resignation] par { -resign }
        [time-forfeit] au temps
        [max-moves] par la limite du nombre de coups
       *[other] selon les règles
    }.
chu-over-gote-wins = Partie terminée : { -gote } ☖ gagne { $reason ->
        [royal-captured] par la prise de la dernière pièce royale
        [bare-king] par { -king } dépouillé
        [bare-royals] car il ne reste que les deux pièces royales
        [no-moves] faute de { -move } légal
        [sennichite] par quadruple répétition (千日手)
        [perpetual-check] par attaque perpétuelle
        [illegal-move] sur { -illegal-move }
        [resignation] par { -resign }
        [time-forfeit] au temps
        [max-moves] par la limite du nombre de coups
       *[other] selon les règles
    }.
chu-over-draw = Partie terminée : { -draw } { $reason ->
        [royal-captured] par la prise de la dernière pièce royale
        [bare-king] par { -king } dépouillé
        [bare-royals] car il ne reste que les deux pièces royales
        [no-moves] faute de { -move } légal
        [sennichite] par quadruple répétition (千日手)
        [perpetual-check] par attaque perpétuelle
        [illegal-move] sur { -illegal-move }
        [resignation] par { -resign }
        [time-forfeit] au temps
        [max-moves] par la limite du nombre de coups
       *[other] selon les règles
    }.
