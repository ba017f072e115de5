# 検討画面：棋譜の読み込みと再生（#review）、注釈と変化、エンジンの読み筋、棋譜解析、
# 終局後の感想戦の部屋（#room）。

## Importing a record (#review)

review-import-title = { -kifu }を読み込む
review-open-file = ファイルを開く…
review-record-placeholder = KIF・KI2・CSA・JKF・USI・SFEN形式の{ -kifu }、または指し手リスト（1. P-7f P-3d 2. P-2f …）をここに貼り付けてください
review-format-label = 形式
review-format-detect = 形式：自動判定
review-format-moves = 指し手リスト
review-variant-label = 種類
review-variant-detect = 種類：自動判定
review-read = { -kifu }を読み込む
review-file-unreadable = ファイルを読み込めません。
review-paste-first = 先に{ -kifu }を貼り付けるか、ファイルを選んでください。
review-read-failed = { -kifu }を読み込めません：{ $error }
review-imported-title = 読み込んだ{ -kifu }
review-title-game = 対局{ $id }
review-title-game-result = 対局{ $id } · { $result }
review-game-failed = 対局{ $id }を読み込めません：{ $error }

## What reading or exporting a record could not keep

review-warnings-title = ⚠ この{ -kifu }についての注意
review-warnings-reading = 読み込み：
review-warnings-export = { $format }出力：
review-warning = { $message }
review-warning-line = { $line }行目：{ $message }
review-export-warnings = { $format }出力：{ $warnings }
review-export-failed = 出力：{ $error }
review-play-failed = { $move }を指せません：{ $error }

## Buttons beside the board

review-flip = ⇅ { -board }を反転
review-settings = ⚙ 設定

## The review of every position (棋譜解析)

review-panel-label = 棋譜解析
review-heading = 棋譜解析
review-plot-label = 手ごとの{ -sente }の勝率
review-plot-title = 手ごとの{ -sente }の勝率（クリックでその局面へ）
review-time-label = 1局面あたりの思考時間
review-time-option = { $seconds }秒／局面
review-analyse = 解析する
review-prev-mistake = ◀ 前の悪手
review-next-mistake = 次の悪手 ▶
review-idle = エンジンが対局のすべての{ -position }を解析します。
review-starting = 解析を開始しています…
review-start-failed = 棋譜解析：{ $error }
review-poll-failed = 棋譜解析：{ $error }。再試行しています…
review-failed = 解析に失敗しました：{ $error }
review-done = { $count }局面を解析しました。
review-progress = 解析中… { $done }／{ $total }局面
review-mark-dubious = 疑問手 ?!
review-mark-mistake = 悪手 ?
review-mark-blunder = 大悪手 ??
review-plot-dot =
    { $ply }手目 { $move } { $mark ->
        [dubious] 疑問手
        [mistake] 悪手
       *[blunder] 大悪手
    }
review-info-move = { $ply }手目
review-info-chances = { -sente } { $percent }%（{ $score }）
review-info-mark =
    { $move }：{ $mark ->
        [dubious] 疑問手 ?!
        [mistake] 悪手 ?
       *[blunder] 大悪手 ??
    }
review-info-mark-loss =
    { $move }：{ $mark ->
        [dubious] 疑問手 ?!
        [mistake] 悪手 ?
       *[blunder] 大悪手 ??
    }（−{ $loss }%）
review-better = 最善手：{ $move }
review-pv = 読み筋：{ $moves }
review-best-now = この局面の最善手：{ $move }
review-score-mate-sente = ☗{ $moves }手詰
review-score-mate-gote = ☖{ $moves }手詰

## The engine's lines (検討)

review-engine-label = エンジン
review-engine-heading = 検討
review-engine-off = エンジン：オフ
review-engine-on = エンジン：オン
review-engine-lines-label = 読み筋の数
review-engine-lines-option = { $count }本
review-engine-depth-label = 深さ
review-engine-depth-option = 深さ{ $depth }
review-engine-chances = { -sente }の勝率
review-engine-bar = { -sente } { $percent }%
review-engine-players-turn = エンジンは対局者がオンにします
review-engine-searching = 探索中…
review-engine-busy = エンジンが使用中です：{ $error }
review-engine-busy-waiting = エンジンが使用中です：{ $error }。待機しています…
review-engine-failed = 読み筋なし：{ $error }
review-engine-mated = { -move }なし：手番側が詰んでいます。
review-engine-depth = 深さ{ $depth }
review-engine-depth-kept = 深さ{ $depth }（前回の探索）

## The notes of the move shown: comments and variations (注釈)

review-notes-label = コメントと変化
review-notes-heading = 注釈
review-notes-main-line = ↩ 本譜に戻る
review-notes-header = 棋譜情報（{ $count }）
review-notes-start = 開始局面
review-notes-no-comment-start = 開始局面へのコメントはありません。
review-notes-no-comment = この指し手へのコメントはありません。
review-notes-write = ✎ コメントを書く
review-notes-placeholder = この指し手へのコメントを書く…
review-notes-editor-label = 表示中の指し手へのコメント
review-notes-promote = ★ この手順を本譜にする
review-notes-delete = ✕ この指し手以降を削除
review-notes-up = 変化の中でこの指し手を1つ上へ
review-notes-down = 変化の中でこの指し手を1つ下へ
review-notes-variations = { $ply }手目の変化：
review-notes-main-mark = 本譜
review-notes-hint = 指し手をクリックするとその手順をたどります。↑ ↓ で表示中の指し手の変化を切り替えます。

## The review room of a finished game (感想戦, #room)

room-opening = 部屋を開いています…
room-reconnecting = 再接続中…
room-not-connected = 部屋に接続していません。再試行しています…
room-status = { -kansosen } · { $players }
room-people = { $count }人が入室中（観戦{ $watchers }人）。{ -board }を動かせるのは対局者です。
room-people-mover = { $count }人が入室中（観戦{ $watchers }人）。{ -board }を動かせるのは対局者です。あなたも動かせます。
room-people-holder = { $count }人が入室中（観戦{ $watchers }人）。{ -board }を動かせるのは対局者と{ $holder }です。
room-people-holder-mover = { $count }人が入室中（観戦{ $watchers }人）。{ -board }を動かせるのは対局者と{ $holder }です。あなたも動かせます。
room-hand-label = { -board }を動かす観戦者：
room-hand-to = { -board }を渡す相手
room-hand = { -board }を渡す
room-take-back = { -board }を取り戻す
room-back-to-game = 対局へ戻る
