# Der Partiebildschirm: das Brett und seine Leisten, die Uhren, das Kifu, der Chat, Angebote
# und Partieenden; und die Namen der Steine, wo immer die Seite sie schreibt.
# $mark ist ☗ (Sente) oder ☖ (Gote); $side, $winner, $loser, $by, $seat, $color und $bottom
# sind der Code der Seite, `sente` oder `gote`.

## Die Seiten und die Steine

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

## Das Brett

game-board-label = { -shogi }-{ -board }
game-board-default-label = { -board }
game-board-title = { -board }: { $variant }, { $bottom ->
        [sente] { -sente }
       *[gote] { -gote }
    } unten
game-board-cursor-piece = { $board }: { $square }, { $piece } ({ $color ->
        [sente] { -sente }
       *[gote] { -gote }
    })
game-board-cursor-empty = { $board }: { $square }, leer

game-hand-piece = { $color ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } { -hand }: { $piece }, { $count }
game-hand-empty = leer

game-player-side = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }
game-player-side-of = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } ·{ " " }
game-engine-depth = Engine (Tiefe { $depth })
game-engine-time = Engine ({ $seconds } s)
game-player-you = Sie
game-player-waiting = wartet…

## Der Beförderungsdialog und der Einsetzdialog von Kyoto

game-promote-dialog = { -piece } { -promote }?
game-promote-question = { -piece } { -promote }? 成りますか？
game-promote-yes = Ja, { -promote } 成
game-promote-no = Nein, { -decline-promotion } 不成
game-promote-yes-label = Ja, { -promote } 成: { $piece }
game-promote-no-label = Nein, { -decline-promotion } 不成: { $piece }
game-face-dialog = Welche Seite?
game-face-question = Mit welcher Seite { -drop }? どちらの面で打ちますか？
game-face-label = Als { $piece } { -drop }

## Die Legende der Steine

game-legend = Steine 駒
game-legend-name = { $piece } · { $reading }
game-legend-promotes = → { $kanji } { $piece }

## Die Uhren

game-clock-seconds = { $seconds } s
game-clock-minutes = { $minutes } min
game-clock-minutes-seconds = { $minutes } min { $seconds } s
game-clock-days = { $days } Tg.
game-clock-days-hours = { $days } T. { $hours } h
game-clock-period = +{ $period }
game-clock-periods = +{ $period } ×{ $periods }
game-clock-increment = +{ $increment }
game-clock-byoyomi = { -byoyomi }
game-clock-byoyomi-periods = { -byoyomi } ×{ $periods }

## Die Statuszeile und die Partieenden

game-loading = Wird geladen…
game-connection-title = Live-Aktualisierung
game-connection-live = ● live
game-connection-down = ○ Verbindung wird wiederhergestellt…
game-not-found = Es gibt keine Partie { $id }.
game-load-failed = Die Partie kann nicht geladen werden: { $error }
game-status-waiting-opponent = Warten, bis der andere Spieler beitritt…
game-status-waiting-players = Warten auf die Spieler…
game-status-to-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } am Zug
game-status-to-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } am Zug · 王手 { -check }!
game-status-your-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } am Zug: Ihr { -move }
game-status-your-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } am Zug: Ihr { -move } · 王手 { -check }!
game-status-engine = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } am Zug: Die Engine denkt nach…
game-status-engine-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } am Zug: Die Engine denkt nach… · 王手 { -check }!
game-status-over = Partie beendet: { $kind ->
        [aborted-invitation] { game-ending-aborted-invitation }
        [aborted-no-move] { game-ending-aborted-no-move }
        [draw] { game-ending-draw }
        [resigned] { game-ending-resigned }
        [time-out] { game-ending-time-out }
       *[win] { game-ending-win }
    }

# Wie eine Partie endete: der Grund, nach „gewinnt –“ und „Remis –“ (im Nominativ, da die
# Begriffe des Glossars nicht dekliniert werden).
game-reason = { $reason ->
        [checkmate] { -checkmate } (詰み)
        [no-moves] kein legaler { -move } mehr
        [resignation] { -resign } (投了)
        [illegal-move] { -illegal-move } (反則)
        [time-forfeit] { -time-out } (時間切れ)
        [sennichite] { -sennichite } (千日手)
        [perpetual-check] { -perpetual-check } (連続王手の千日手)
        [repetition] Stellungswiederholung
        [declaration] { -declaration } (入玉宣言)
        [failed-declaration] gescheiterte { -declaration }
        [impasse] { -jishogi } (持将棋)
        [try] { -try-rule } (トライ)
        [royal-captured] Löwe geschlagen (ライオンを取る)
        [max-moves] { -move }limit erreicht
        [abandoned] Partie verlassen
        [agreement] Einigung
       *[other] { $reason }
    }
game-ending-aborted-invitation = Abgebrochen: Die Einladung wurde nicht rechtzeitig angenommen.
game-ending-aborted-no-move = Abgebrochen: Der erste { -move } kam nicht rechtzeitig.
game-ending-draw = { -draw } – { game-reason }.
game-ending-win = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } gewinnt – { game-reason }.
game-ending-resigned = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } gewinnt – { game-reason }. { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } hat aufgegeben.
game-ending-time-out = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } gewinnt – { game-reason }. { $loser ->
        [sente] { -sente(case: "gen") }
       *[gote] { -gote(case: "gen") }
    } { -time-control } ist abgelaufen.

## Die Schaltflächen der Partie

game-resign = 負けました Aufgeben
game-resign-question = Diese Partie aufgeben? 負けました
game-resign-yes = { -resign } bestätigen
game-declare = 入玉宣言 { -declaration }
game-declare-question = Eine { -declaration } abgeben (入玉宣言)? Wer deklariert, ohne die Bedingungen zu erfüllen, verliert.
game-declare-yes = Deklarieren
game-offer-draw = ½ { -draw } anbieten
game-ask-takeback = ↶ { -move } zurücknehmen
game-flip = ⇅ { -board } drehen
game-settings = ⚙ Einstellungen
game-review = Computeranalyse 棋譜解析
game-analysis-board = Analysebrett 検討
game-review-together = 感想戦 { -kansosen }
game-move-placeholder = 7g7f · P-7f · ７六歩 · 7f
game-move-placeholder-usi = 7i7h · 7j7i6h (USI)
game-move-label = { -move } eingeben (USI, westliche, japanische oder deutsche { -notation })
game-move-play = Ziehen
game-move-failed = { -move } { $move }: { $error }
game-rated-note = Gewertete Partie: Das Ergebnis verändert die { -rating } beider Spieler.

## Angebote: Remis, Zugrücknahme, Revanche

game-offer-asks-draw = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } bietet { -draw } an.
game-offer-asks-takeback = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } möchte einen { -move } zurücknehmen.
game-offer-asks-rematch = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } bietet eine Revanche an.
game-offer-accept-draw = { -draw } annehmen
game-offer-accept-takeback = Zurücknahme erlauben
game-offer-accept-rematch = Revanche annehmen
game-offer-decline = Ablehnen
game-offer-own-draw = Sie haben { -draw } angeboten.
game-offer-own-takeback = Sie haben um eine Zugrücknahme gebeten.
game-offer-own-rematch = Sie haben eine Revanche angeboten.
game-offer-cancel = Zurückziehen
game-offer-declined-draw = Ihr { -draw }angebot wurde abgelehnt.
game-offer-declined-takeback = Ihre Bitte um Zugrücknahme wurde abgelehnt.
game-offer-declined-rematch = Ihr Revancheangebot wurde abgelehnt.
game-rematch = Revanche
game-rematch-offered = Revanche angeboten
game-rematch-after-draw = Revanche mit getauschten Seiten
game-rematch-reversed = Revanche (Seiten getauscht)
game-rematch-watch = Revanche ansehen →
game-rematch-go = Zur Revanche →
game-rematch-failed = Revanche: { $error }

## Die Einladung und das Furigoma

game-invite-send = Senden Sie diesen Link an Ihren Gegner; die Partie beginnt, sobald er ihn öffnet:
game-invite-copy = Kopieren
game-invite-copied = Link kopiert.
game-invite-copy-by-hand = Markieren Sie den Link und kopieren Sie ihn von Hand.
game-furigoma = { -furigoma } 振り駒:
game-furigoma-first = Sie spielen { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } und ziehen zuerst.
game-furigoma-second = Sie spielen { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } und ziehen an zweiter Stelle.

## Der Chat

game-chat-title-player = Chat mit Ihrem Gegner
game-chat-title-spectator = Zuschauer-Chat
game-chat-title-review = 感想戦 Gespräch
game-chat-placeholder-player = Schreiben Sie Ihrem Gegner etwas
game-chat-placeholder-spectator = Mit den anderen Zuschauern sprechen
game-chat-placeholder-review = Sprechen Sie mit allen hier über die Partie
game-chat-lines = Chat
game-chat-message = Chatnachricht
game-chat-send = Senden
game-chat-failed = Chat: { $error }

## Das Kifu

game-record-label = { -kifu }
game-record-title = 棋譜 { -kifu }
game-record-moves = Züge
game-record-notation = { -notation }
game-notation-japanese = 日本
game-notation-western = Westlich
game-notation-german = Deutsch
game-record-start = 開始局面 Anfangsstellung
game-record-first = Anfang
game-record-previous = Vorheriger { -move }
game-record-next = Nächster { -move }
game-record-last = Letzter { -move }
game-record-live = Zur aktuellen { -position } ▶▶
game-record-export = Export:
game-record-comment = Kommentar
game-record-variations = Varianten
game-export-warnings = { $format }-Export: { $warnings }
game-draw-marks = ✎ Pfeile zeichnen
game-draw-marks-title = Ziehen, um einen Pfeil zu zeichnen; auf ein Feld tippen, um es einzukreisen (die rechte Maustaste zeichnet auch)

## Hinweise

game-title-your-move = ● Ihr { -move } · { $title }
game-notice-started = Ihre Partie gegen { $opponent } hat begonnen —
game-notice-play = Spielen
game-notice-dismiss = Schließen

game-end-resign = { -resign } 投了
game-end-interrupt = abgebrochen 中断
game-end-sennichite = { -sennichite } 千日手
game-end-jishogi = { -jishogi } 持将棋
game-end-mate = { -checkmate } 詰み
game-end-no-mate = kein Matt 不詰
game-end-time-up = { -time-out } 切れ負け
game-end-illegal-win = Sieg durch { -illegal-move } 反則勝ち
game-end-illegal-loss = Niederlage durch { -illegal-move } 反則負け
game-end-declaration = { -declaration } 入玉勝ち
game-end-default-win = kampflos gewonnen 不戦勝
game-end-default-loss = kampflos verloren 不戦敗
game-end-try = { -try-rule } トライ
game-end-sealed = abgegebener Zug 封じ手
game-end-other = { $word }
game-chat-empty = Noch keine Nachrichten.
game-byoyomi-seconds = { $seconds } Sekunden
game-byoyomi-count = { $count }
game-greet-start = { -greeting-start }
game-greet-end = { -greeting-end }
game-greeting-line-start = { $name }: { -greeting-start }
game-greeting-line-end = { $name }: { -greeting-end }
game-setup-ohashi = Die Steine werden aufgestellt: Ōhashi-Reihenfolge (大橋流)
game-setup-ito = Die Steine werden aufgestellt: Itō-Reihenfolge (伊藤流)
