# Het partijscherm: het bord en zijn balken, de klokken, de notatie, de chat, aanbiedingen en
# het einde van de partij; en de namen van de stukken overal waar de pagina ze schrijft.
# $mark is ☗ (Zwart) of ☖ (Wit); $side, $winner, $loser, $by, $seat, $color en $bottom zijn
# de code van de kant, `sente` of `gote`, om op te selecteren.

## De kanten en de stukken

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

## Het bord

game-board-label = Shogibord
game-board-default-label = Bord
game-board-title = { $variant }: { -board } met { $bottom ->
        [sente] { -sente }
       *[gote] { -gote }
    } onderaan
game-board-cursor-piece = { $board }: { $square }, { $piece } van { $color ->
        [sente] { -sente }
       *[gote] { -gote }
    }
game-board-cursor-empty = { $board }: { $square }, leeg

game-hand-piece = { $piece } in de { -hand } van { $color ->
        [sente] { -sente }
       *[gote] { -gote }
    }: { $count }
game-hand-empty = geen

game-player-side = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }
game-player-side-of = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } ·{ " " }
game-engine-depth = Engine (diepte { $depth })
game-engine-time = Engine ({ $seconds } s)
game-player-you = Jij
game-player-waiting = wachten…

## De promotiedialoog en de dialoog van Kyoto's parachuteerzetten

game-promote-dialog = Wil je { -promote }?
game-promote-question = Wil je { -promote }? 成りますか？
game-promote-yes = Ja, { -promote } 成
game-promote-no = Nee, { -decline-promotion } 不成
game-promote-yes-label = Ja, { -promote } 成: { $piece }
game-promote-no-label = Nee, { -decline-promotion } 不成: { $piece }
game-face-dialog = Welke kant?
game-face-question = Met welke kant wil je { -drop }? どちらの面で打ちますか？
game-face-label = Als { $piece } { -drop }

## De legenda van de stukken

game-legend = Stukken 駒
game-legend-name = { $piece } · { $reading }
game-legend-promotes = → { $kanji } { $piece }

## De klokken

game-clock-seconds = { $seconds }s
game-clock-minutes = { $minutes }m
game-clock-minutes-seconds = { $minutes }m{ $seconds }s
game-clock-days = { $days }d
game-clock-days-hours = { $days }d { $hours }u
game-clock-period = +{ $period }
game-clock-periods = +{ $period } ×{ $periods }
game-clock-increment = +{ $increment }
game-clock-byoyomi = { -byoyomi }
game-clock-byoyomi-periods = { -byoyomi } ×{ $periods }

## De statusregel en het einde van de partij

game-loading = Laden…
game-connection-title = Live-updates
game-connection-live = ● live
game-connection-down = ○ opnieuw verbinden…
game-not-found = Partij { $id } bestaat niet.
game-load-failed = De partij kan niet worden geladen: { $error }
game-status-waiting-opponent = Wachten tot de andere speler meedoet…
game-status-waiting-players = Wachten op de spelers…
game-status-to-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } aan zet
game-status-to-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } aan zet · 王手 { -check }!
game-status-your-move = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } aan zet: jij bent aan de beurt
game-status-your-move-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } aan zet: jij bent aan de beurt · 王手 { -check }!
game-status-engine = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } aan zet: de engine denkt na…
game-status-engine-check = { $mark } { $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } aan zet: de engine denkt na… · 王手 { -check }!
game-status-over = Partij afgelopen: { $kind ->
        [aborted-invitation] { game-ending-aborted-invitation }
        [aborted-no-move] { game-ending-aborted-no-move }
        [draw] { game-ending-draw }
        [resigned] { game-ending-resigned }
        [time-out] { game-ending-time-out }
       *[win] { game-ending-win }
    }

# De reden, na "wint door" en "Remise door".
game-reason = { $reason ->
        [checkmate] { -checkmate } (詰み)
        [no-moves] het ontbreken van een legale { -move }
        [resignation] { -resign } (投了)
        [illegal-move] een { -illegal-move } (反則)
        [time-forfeit] { -time-out } (時間切れ)
        [sennichite] { -sennichite } 千日手
        [perpetual-check] { -perpetual-check } (連続王手の千日手)
        [repetition] herhaling van zetten
        [declaration] { -declaration } 入玉宣言
        [failed-declaration] een mislukte verklaring
        [impasse] { -jishogi } 持将棋
        [try] de { -try-rule } (トライ)
        [royal-captured] het slaan van de leeuw (ライオンを取る)
        [max-moves] het maximum aantal zetten
        [abandoned] het verlaten van de partij
        [agreement] onderlinge overeenstemming
       *[other] { $reason }
    }
game-ending-aborted-invitation = Afgebroken: de uitnodiging is niet op tijd aangenomen.
game-ending-aborted-no-move = Afgebroken: er is niet op tijd een eerste { -move } gedaan.
game-ending-draw = Remise door { game-reason }.
game-ending-win = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } wint door { game-reason }.
game-ending-resigned = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } wint door { game-reason }. { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } heeft opgegeven.
game-ending-time-out = { $mark } { $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    } wint door { game-reason }. De tijd van { $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    } is op.

## De knoppen van de partij

game-resign = 負けました Opgeven
game-resign-question = Wil je deze partij { -resign }? 負けました
game-resign-yes = Ja, { -resign }
game-declare = 入玉宣言 Verklaren
game-declare-question = Wil je de winst opeisen met een { -declaration }? Een verklaring die niet aan de voorwaarden voldoet, verliest.
game-declare-yes = Verklaren
game-offer-draw = ½ { -draw } aanbieden
game-ask-takeback = ↶ Terugnemen
game-flip = ⇅ Omdraaien
game-settings = ⚙ Instellingen
game-review = Deze partij analyseren 棋譜解析
game-analysis-board = Analysebord 検討
game-review-together = 感想戦 Samen nabespreken
game-move-placeholder = 7g7f · P-7f · ７六歩 · 7f
game-move-placeholder-usi = 7i7h · 7j7i6h (USI)
game-move-label = Typ een { -move } (USI, westerse, Japanse of Duitse { -notation })
game-move-play = Spelen
game-move-failed = Zet { $move }: { $error }
game-rated-note = Partij voor de { -rating }: de uitslag verandert de { -rating } van beide spelers.

## Aanbiedingen: remise, terugnemen, revanche

game-offer-asks-draw = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } biedt { -draw } aan.
game-offer-asks-takeback = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } vraagt om een { -move } terug te nemen.
game-offer-asks-rematch = { $mark } { $by ->
        [sente] { -sente }
       *[gote] { -gote }
    } biedt een revanche aan.
game-offer-accept-draw = Akkoord met { -draw }
game-offer-accept-takeback = Terugnemen toestaan
game-offer-accept-rematch = Revanche aannemen
game-offer-decline = Weigeren
game-offer-own-draw = Je hebt { -draw } aangeboden.
game-offer-own-takeback = Je hebt gevraagd om terug te nemen.
game-offer-own-rematch = Je hebt een revanche aangeboden.
game-offer-cancel = Intrekken
game-offer-declined-draw = Je { -draw }aanbod is geweigerd.
game-offer-declined-takeback = Je verzoek om terug te nemen is geweigerd.
game-offer-declined-rematch = Je aanbod voor een revanche is geweigerd.
game-rematch = Revanche
game-rematch-offered = Revanche aangeboden
game-rematch-after-draw = Revanche met omgekeerde kleuren
game-rematch-reversed = Revanche (kleuren omgekeerd)
game-rematch-watch = De revanche bekijken →
game-rematch-go = Naar de revanche →
game-rematch-failed = Revanche: { $error }

## De uitnodiging en de furigoma

game-invite-send = Stuur deze link naar je tegenstander; de partij begint zodra die hem opent:
game-invite-copy = Kopiëren
game-invite-copied = Link gekopieerd.
game-invite-copy-by-hand = Selecteer de link en kopieer hem zelf.
game-furigoma = Furigoma 振り駒:
game-furigoma-first = Je speelt { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } en zet als eerste.
game-furigoma-second = Je speelt { $seat ->
        [sente] ☗ { -sente }
       *[gote] ☖ { -gote }
    } en zet als tweede.

## De chat

game-chat-title-player = Chat met je tegenstander
game-chat-title-spectator = Chat van de toeschouwers
game-chat-title-review = 感想戦 Nabespreking
game-chat-placeholder-player = Zeg iets tegen je tegenstander
game-chat-placeholder-spectator = Praat met de andere toeschouwers
game-chat-placeholder-review = Bespreek de partij met iedereen hier
game-chat-lines = Chat
game-chat-message = Chatbericht
game-chat-send = Versturen
game-chat-failed = Chat: { $error }

## De notatie

game-record-label = Partijnotatie
game-record-title = 棋譜 Partijnotatie
game-record-moves = Zetten
game-record-notation = Notatie
game-notation-japanese = 日本
game-notation-western = Westers
game-notation-german = Deutsch
game-record-start = 開始局面 Begin
game-record-first = Begin
game-record-previous = Vorige { -move }
game-record-next = Volgende { -move }
game-record-last = Laatste { -move }
game-record-live = Terug naar live ▶▶
game-record-export = Exporteren:
game-record-comment = Commentaar
game-record-variations = Varianten
game-export-warnings = { $format }-export: { $warnings }
game-draw-marks = ✎ Pijlen tekenen
game-draw-marks-title = Sleep om een pijl te tekenen, tik op een veld om het te omcirkelen (met de rechtermuisknop teken je ook)

## Meldingen

game-title-your-move = ● Jij bent aan zet · { $title }
game-notice-started = Je partij tegen { $opponent } is begonnen —
game-notice-play = Spelen
game-notice-dismiss = Sluiten

game-end-resign = { -resign } 投了
game-end-interrupt = afgebroken 中断
game-end-sennichite = { -sennichite } 千日手
game-end-jishogi = { -jishogi } 持将棋
game-end-mate = { -checkmate } 詰み
game-end-no-mate = geen mat 不詰
game-end-time-up = { -time-out } 切れ負け
game-end-illegal-win = gewonnen door { -illegal-move } 反則勝ち
game-end-illegal-loss = verloren door { -illegal-move } 反則負け
game-end-declaration = { -declaration } 入玉勝ち
game-end-default-win = reglementaire winst 不戦勝
game-end-default-loss = reglementair verlies 不戦敗
game-end-try = { -try-rule } トライ
game-end-sealed = afgegeven zet 封じ手
game-end-other = { $word }
game-chat-empty = Nog geen berichten.
game-byoyomi-seconds = { $seconds } seconden
game-byoyomi-count = { $count }
game-greet-start = { -greeting-start }
game-greet-end = { -greeting-end }
game-greeting-line-start = { $name }: { -greeting-start }
game-greeting-line-end = { $name }: { -greeting-end }
game-setup-ohashi = De stukken worden opgesteld: Ōhashi-volgorde (大橋流)
game-setup-ito = De stukken worden opgesteld: Itō-volgorde (伊藤流)
