# 対局画面：盤とバー、時計、棋譜、チャット、提案と終局；駒の名前。

## The sides and the pieces

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

game-piece-title = { $piece }（{ $kanji }）

## The board

game-board-label = 将棋盤
game-board-default-label = { -board }
game-board-title = { $variant }の{ -board }（{ $bottom ->
        [sente] { -sente }
       *[gote] { -gote }
    }が手前）
game-board-cursor-piece = { $board }：{ $square }、{ $color ->
        [sente] { -sente }
       *[gote] { -gote }
    }の{ $piece }
game-board-cursor-empty = { $board }：{ $square }、空きマス

game-hand-piece = { $color ->
        [sente] { -sente }
       *[gote] { -gote }
    }の{ -hand }：{ $piece }{ $count }枚
game-hand-empty = なし

game-player-side = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }
game-player-side-of = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    } ·{ " " }
game-engine-depth = エンジン（深さ{ $depth }）
game-engine-time = エンジン（{ $seconds }秒）
game-player-you = あなた
game-player-waiting = 待機中…

## The promotion dialog and the dialog of Kyoto's drops

game-promote-dialog = 成りますか？
game-promote-question = 成りますか？
game-promote-yes = { -promote }
game-promote-no = { -decline-promotion }
game-promote-yes-label = { -promote }：{ $piece }
game-promote-no-label = { -decline-promotion }：{ $piece }
game-face-dialog = どちらの面？
game-face-question = どちらの面で打ちますか？
game-face-label = { $piece }として打つ

## The pieces' legend

game-legend = { -piece }
game-legend-name = { $piece }（{ $reading }）
game-legend-promotes = → { $kanji }（{ $piece }）

## The clocks

game-clock-seconds = { $seconds }秒
game-clock-minutes = { $minutes }分
game-clock-minutes-seconds = { $minutes }分{ $seconds }秒
game-clock-days = { $days }日
game-clock-days-hours = { $days }日{ $hours }h
game-clock-period = +{ $period }
game-clock-periods = +{ $period } ×{ $periods }
game-clock-increment = +{ $increment }
game-clock-byoyomi = { -byoyomi }
game-clock-byoyomi-periods = { -byoyomi } ×{ $periods }

## The status line and the endings

game-loading = 読み込み中…
game-connection-title = リアルタイム更新
game-connection-live = ● 接続中
game-connection-down = ○ 再接続中…
game-not-found = 対局{ $id }は見つかりません。
game-load-failed = 対局を読み込めません：{ $error }
game-status-waiting-opponent = 相手の参加を待っています…
game-status-waiting-players = 対局者を待っています…
game-status-to-move = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }の手番
game-status-to-move-check = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }の手番 · { -check }！
game-status-your-move = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }の手番：あなたの番です
game-status-your-move-check = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }の手番：あなたの番です · { -check }！
game-status-engine = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }の手番：エンジンが思考中…
game-status-engine-check = { $mark }{ $side ->
        [sente] { -sente }
       *[gote] { -gote }
    }の手番：エンジンが思考中… · { -check }！
game-status-over = 終局：{ $kind ->
        [aborted-invitation] { game-ending-aborted-invitation }
        [aborted-no-move] { game-ending-aborted-no-move }
        [draw] { game-ending-draw }
        [resigned] { game-ending-resigned }
        [time-out] { game-ending-time-out }
       *[win] { game-ending-win }
    }

# 終局の理由（「先手の勝ちです（詰み）」の括弧の中に入る名詞）。
game-reason = { $reason ->
        [checkmate] { -checkmate }
        [no-moves] 合法手なし
        [resignation] { -resign }
        [illegal-move] { -illegal-move }
        [time-forfeit] { -time-out }
        [sennichite] { -sennichite }
        [perpetual-check] { -perpetual-check }
        [repetition] 同一{ -position }の繰り返し
        [declaration] { -declaration }
        [failed-declaration] { -declaration }の失敗
        [impasse] { -jishogi }
        [try] { -try-rule }
        [royal-captured] ライオンの捕獲
        [max-moves] 最大手数
        [abandoned] 対局放棄
        [agreement] 合意
       *[other] { $reason }
    }
game-ending-aborted-invitation = 対局中止：招待が時間内に受けられませんでした。
game-ending-aborted-no-move = 対局中止：時間内に初手が指されませんでした。
game-ending-draw = { -draw }です（{ game-reason }）。
game-ending-win = { $mark }{ $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    }の勝ちです（{ game-reason }）。
game-ending-resigned = { $mark }{ $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    }の勝ちです（{ game-reason }）。{ $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    }が{ -resign }しました。
game-ending-time-out = { $mark }{ $winner ->
        [sente] { -sente }
       *[gote] { -gote }
    }の勝ちです（{ game-reason }）。{ $loser ->
        [sente] { -sente }
       *[gote] { -gote }
    }の{ -time-out }です。

## The game's buttons

game-resign = { -resign }
game-resign-question = この対局を{ -resign }しますか？
game-resign-yes = { -makemashita }
game-declare = { -declaration }
game-declare-question = { -declaration }しますか？条件を満たしていない宣言は負けになります。
game-declare-yes = 宣言する
game-offer-draw = ½ { -draw }を提案
game-ask-takeback = ↶ 待った
game-flip = ⇅ { -board }を反転
game-settings = ⚙ 設定
game-review = 棋譜解析
game-analysis-board = 検討
game-review-together = { -kansosen }
game-move-placeholder = 7g7f · P-7f · ７六歩 · 7f
game-move-placeholder-usi = 7i7h · 7j7i6h (USI)
game-move-label = { -move }を入力（USI・西洋式・日本式・ドイツ式）
game-move-play = 指す
game-move-failed = { -move }{ $move }：{ $error }
game-rated-note = レーティング対局：結果は両対局者の{ -rating }に反映されます。

## Offers: a draw, a takeback, a rematch

game-offer-asks-draw = { $mark }{ $by ->
        [sente] { -sente }
       *[gote] { -gote }
    }が{ -draw }を提案しています。
game-offer-asks-takeback = { $mark }{ $by ->
        [sente] { -sente }
       *[gote] { -gote }
    }が待ったを求めています。
game-offer-asks-rematch = { $mark }{ $by ->
        [sente] { -sente }
       *[gote] { -gote }
    }が再戦を申し込んでいます。
game-offer-accept-draw = { -draw }に応じる
game-offer-accept-takeback = 待ったを認める
game-offer-accept-rematch = 再戦を受ける
game-offer-decline = 断る
game-offer-own-draw = { -draw }を提案しました。
game-offer-own-takeback = 待ったを求めました。
game-offer-own-rematch = 再戦を申し込みました。
game-offer-cancel = 取り消す
game-offer-declined-draw = { -draw }の提案は断られました。
game-offer-declined-takeback = 待ったは断られました。
game-offer-declined-rematch = 再戦の申し込みは断られました。
game-rematch = 再戦
game-rematch-offered = 再戦を申し込み済み
game-rematch-after-draw = 先後を入れ替えて再戦
game-rematch-reversed = 再戦（先後入れ替え）
game-rematch-watch = 再戦を観戦 →
game-rematch-go = 再戦へ →
game-rematch-failed = 再戦：{ $error }

## The invitation and the furigoma

game-invite-send = このリンクを相手に送ってください。相手が開くと対局が始まります：
game-invite-copy = コピー
game-invite-copied = リンクをコピーしました。
game-invite-copy-by-hand = リンクを選択して手動でコピーしてください。
game-furigoma = { -furigoma }：
game-furigoma-first = あなたは{ $seat ->
        [sente] ☗{ -sente }
       *[gote] ☖{ -gote }
    }です。先に指します。
game-furigoma-second = あなたは{ $seat ->
        [sente] ☗{ -sente }
       *[gote] ☖{ -gote }
    }です。後から指します。

## The chat

game-chat-title-player = 相手とのチャット
game-chat-title-spectator = 観戦者チャット
game-chat-title-review = { -kansosen }チャット
game-chat-placeholder-player = 相手にメッセージを送る
game-chat-placeholder-spectator = ほかの観戦者と話す
game-chat-placeholder-review = ここにいる全員と対局について話す
game-chat-lines = チャット
game-chat-message = チャットメッセージ
game-chat-send = 送信
game-chat-failed = チャット：{ $error }

## The record

game-record-label = { -kifu }
game-record-title = { -kifu }
game-record-moves = { -move }
game-record-notation = { -notation }
game-notation-japanese = 日本式
game-notation-western = 西洋式
game-notation-german = ドイツ式
game-record-start = 開始局面
game-record-first = 最初へ
game-record-previous = 前の{ -move }
game-record-next = 次の{ -move }
game-record-last = 最後の{ -move }
game-record-live = 最新{ -position }へ ▶▶
game-record-export = 出力：
game-record-comment = コメントあり
game-record-variations = 変化あり
game-export-warnings = { $format }出力：{ $warnings }
game-draw-marks = ✎ 矢印を描く
game-draw-marks-title = ドラッグで矢印、マスをタップで丸を描きます（右ボタンでも描けます）

## Notices

game-title-your-move = ● あなたの手番 · { $title }
game-notice-started = { $opponent }との対局が始まりました —
game-notice-play = 対局へ
game-notice-dismiss = 閉じる

game-end-resign = { -resign }
game-end-interrupt = 中断
game-end-sennichite = { -sennichite }
game-end-jishogi = { -jishogi }
game-end-mate = { -checkmate }
game-end-no-mate = 不詰
game-end-time-up = 切れ負け
game-end-illegal-win = 反則勝ち
game-end-illegal-loss = 反則負け
game-end-declaration = 入玉勝ち
game-end-default-win = 不戦勝
game-end-default-loss = 不戦敗
game-end-try = トライ
game-end-sealed = 封じ手
game-end-other = { $word }
game-chat-empty = まだメッセージはありません。
game-byoyomi-seconds = { $seconds }秒
game-byoyomi-count = { $count }
game-greet-start = よろしくお願いします
game-greet-end = { -greeting-end }
game-greeting-line-start = { $name }：よろしくお願いします
game-greeting-line-end = { $name }：{ -greeting-end }
game-setup-ohashi = { -piece }を並べています（大橋流）
game-setup-ito = { -piece }を並べています（伊藤流）
