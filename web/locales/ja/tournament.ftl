# 大会：一覧と作成フォーム（/tournaments）、大会のページ（/tournaments/{id}）と主催者の操作、
# 印刷用の対戦表。

## Shared

tournament-loading = 読み込み中…
tournament-read-failed = { -tournament }を読み込めません：{ $error }
tournament-player-unknown = #{ $number }
tournament-player-none = —

## Formats

tournament-format-swiss = スイス式
tournament-format-mcmahon = マクマホン式
tournament-format-knockout = { -knockout }
tournament-format-round-robin = 総当たり
tournament-format-double-round-robin = 2回総当たり
tournament-format-arena = アリーナ

## Tie-breaks

tournament-tiebreak-sos = SOS
tournament-tiebreak-sosos = SOSOS
tournament-tiebreak-sodos = SODOS
tournament-tiebreak-median-sos = メジアンSOS
tournament-tiebreak-direct = 直接対決
tournament-tiebreak-other = { $key }

## Results of a board

tournament-result-sente = 1-0
tournament-result-gote = 0-1
tournament-result-draw = ½-½
tournament-result-sente-forfeit-win = 1-0 ff
tournament-result-gote-forfeit-win = 0-1 ff
tournament-result-unplayed = 未対局

## The clock, written short

tournament-clock-minutes = { $minutes }分
tournament-clock-seconds = { $seconds }秒
tournament-clock-increment = { $seconds }秒加算
tournament-clock-byoyomi = { -byoyomi }{ $seconds }秒
tournament-clock-byoyomi-periods = { -byoyomi }{ $seconds }秒×{ $periods }回
tournament-clock-join = { $first } + { $second }
tournament-clock-none = { -clock }なし

## The list of tournaments (/tournaments)

tournament-list-title = { -tournament }
tournament-list-empty = { -tournament }はまだありません。
tournament-list-name = 名前
tournament-list-format = 形式
tournament-list-players = 参加者
tournament-list-status = 状況
tournament-list-starts = 開始
tournament-list-status-entries = 参加受付中
tournament-list-status-running = 開催中
tournament-list-status-finished = 終了
tournament-list-older = さらに前の{ -tournament }
tournament-list-failed = { -tournament }の一覧を取得できません：{ $error }
tournament-list-pending = …
tournament-unreachable = サーバーに接続できません。
tournament-login-prompt = { -tournament }を主催するには、{ $login }または{ $signup }してください。
tournament-login-link = ログイン
tournament-signup-link = 新規登録

## The form that creates a tournament

tournament-form-title = 新しい{ -tournament }
tournament-form-name = 名前
tournament-form-name-placeholder = クラブ選手権2026
tournament-form-format = 形式
tournament-form-rounds = { -round }数
tournament-form-online = オンライン
tournament-form-online-hint = komaで対局します。オフにすると盤を挟んで対局し、主催者が結果を入力します。
tournament-form-main-time = { -time-control }（分）
tournament-form-byoyomi = { -byoyomi }（秒）
tournament-form-periods = { -byoyomi }回数
tournament-form-increment = 加算（秒）
tournament-form-increment-hint = フィッシャー方式（{ -byoyomi }の代わり）：{ -byoyomi }を0にしてください。
tournament-form-rated = レーティング対象
tournament-form-rated-hint = オンライン対局のみ。
tournament-form-colours = 先後
tournament-form-colours-furigoma = { -furigoma }（毎局ランダム）
tournament-form-colours-balanced = 均等（交互）
tournament-form-bye = 抜け番
tournament-form-bye-hint = 抜け番の得点。
tournament-form-bye-one = 1点
tournament-form-bye-half = ½点
tournament-form-tiebreaks = タイブレーク（優先順）
tournament-form-tiebreak-none = —
tournament-form-bar = マクマホンバー
tournament-form-bar-hint = { -rating }がバー以上の参加者は最上位グループから始まります。
tournament-form-group-width = グループの幅
tournament-form-group-width-hint = バーより下のマクマホングループ1つあたりの{ -rating }の幅。
tournament-form-groups = グループ数
tournament-form-groups-hint = 最上位を含むグループ数。下のグループほど1点ずつ低い得点から始まります。
tournament-form-knockout-draw = { -draw }の場合
tournament-form-knockout-draw-hint = { -knockout }：アルマゲドン戦または再対局で決着をつけます。
tournament-form-draw-armageddon = アルマゲドン
tournament-form-draw-rematch = 再対局
tournament-form-losers-swiss = 敗者スイス式
tournament-form-losers-swiss-hint = ESCと同じく、敗退した参加者は得点を持ち越してスイス式で対局を続けます。
tournament-form-arena-minutes = アリーナの時間（分）
tournament-form-berserk = バーサーク
tournament-form-berserk-hint = 自分の{ -time-control }を半分にすると、勝てば1点追加。
tournament-form-handicap = { -rating }による{ -handicap }
tournament-form-handicap-hint = 各対局の{ -handicap }を両者の{ -rating }差から決めます。
tournament-form-no-show = 不参加による不戦敗（秒）
tournament-form-no-show-hint = この時間が過ぎても誰も指していない対局は不戦敗になります。
tournament-form-starts = 開始日時
tournament-form-starts-hint = オンライン：この時刻に1{ -round }の対局が始まります（空欄なら主催者が開始したとき）。
tournament-form-create = { -tournament }を作成
tournament-form-create-failed = { -tournament }を作成できません：{ $error }
tournament-form-no-name = { -tournament }の名前を入力してください。
tournament-form-name-too-long = 名前が{ $max }文字を超えています。
tournament-form-tiebreak-twice = 同じタイブレークが2回選ばれています。
tournament-form-whole-rounds = { -round }数は0以上の整数にしてください。
tournament-form-whole-main-time = { -time-control }は0以上の整数にしてください。
tournament-form-whole-increment = 加算は0以上の整数にしてください。
tournament-form-whole-byoyomi = { -byoyomi }は0以上の整数にしてください。
tournament-form-whole-periods = { -byoyomi }回数は0以上の整数にしてください。
tournament-form-whole-no-show = 不戦敗までの時間は0以上の整数にしてください。
tournament-form-whole-arena-minutes = アリーナの時間は0以上の整数にしてください。
tournament-form-no-clock = { -clock }には{ -time-control }、加算、{ -byoyomi }のいずれかが必要です。
tournament-form-increment-and-byoyomi = 加算と{ -byoyomi }は併用できません。どちらかを0にしてください。

## A tournament's page

tournament-page-title = { $name } · koma
tournament-connecting = 接続中…
tournament-live = ライブ
tournament-reconnecting = 再接続中…
tournament-show-failed = { -tournament }を表示できません：{ $error }
tournament-status-entries = 参加受付中
tournament-status-finished = 終了
tournament-status-under-way = 開催中
tournament-status-round = { $round }{ -round }（全{ $planned }{ -round }）
tournament-info-director = { $status } · 主催：{ $director }
tournament-info-join = { $first } · { $second }
tournament-info-rounds = 全{ $count }{ -round }
tournament-info-online = オンライン
tournament-info-over-the-board = 対面
tournament-info-rated = レーティング対象
tournament-info-unrated = レーティング対象外
tournament-info-balanced = 先後交互
tournament-info-furigoma = { -furigoma }
tournament-info-handicap = { -rating }による{ -handicap }
tournament-join = 参加する
tournament-accept-invitation = 招待を受ける
tournament-join-country = 国：{ $input }
tournament-join-country-label = あなたの国（2文字、FESAのレーティングリスト用）
tournament-join-country-placeholder = JP
tournament-join-failed = 参加できません：{ $error }
tournament-decline = 辞退する
tournament-decline-failed = 辞退できません：{ $error }
tournament-withdraw = 棄権する
tournament-withdraw-failed = 棄権できません：{ $error }
tournament-log-in-to-join = ログインして参加
tournament-export = 出力：{ $files }
tournament-your-game-started = あなたの対局が始まりました。
tournament-your-game-play = 対局へ →

## The tables' column headings

tournament-col-place = 順位
tournament-col-number = #
tournament-col-player = 参加者
tournament-col-score = 得点
tournament-col-games = 局数
tournament-col-rating = { -rating }
tournament-col-start = 初期点
tournament-col-board = { -board }
tournament-col-sente = ☗{ -sente }
tournament-col-gote = ☖{ -gote }
tournament-col-result = 結果

## Standings

tournament-standings-title = 順位
tournament-standings-empty = 1{ -round }の前なので順位はありません。
tournament-standings-error = 順位を計算できません：{ $error }
tournament-standings-error-unknown = 順位を計算できません：不明なエラー

## The knockout bracket

tournament-bracket-title = トーナメント表
tournament-bracket-final = 決勝
tournament-bracket-semi-finals = 準決勝
tournament-bracket-quarter-finals = 準々決勝
tournament-bracket-round = { $number }{ -round }

## The arena

tournament-arena-title = アリーナ
tournament-arena-finished = 終了しました。
tournament-arena-ends = あと約{ $minutes }分で終了します。
tournament-berserk = バーサーク（{ -time-control }半分）
tournament-berserk-failed = バーサークできません：{ $error }
tournament-arena-your-game = あなたの対局
tournament-arena-streak = 🔥
tournament-arena-playing = 対局中：{ $games }
tournament-arena-game = { $sente } – { $gote }

## Rounds and pairings

tournament-rounds-title = 対戦表
tournament-rounds-empty = まだ組み合わせがありません。
tournament-round-title = { $number }{ -round }
tournament-round-progress = · 結果 { $done }／{ $total }
tournament-round-bye = 抜け番：{ $player }
tournament-play-your-game = 対局する
tournament-replay = 棋譜を見る
tournament-watch = 観戦
tournament-print-link = 印刷用対戦表

## Players

tournament-players-title = 参加者（{ $count }人）
tournament-players-empty = 参加者はまだいません。
tournament-players-invited = 招待中（未承諾）：{ $names }
tournament-player-withdrawn = 棄権

## The director's controls

tournament-director-title = 大会運営
tournament-director-entries = 対面の参加者を登録
tournament-director-name = 氏名
tournament-director-fesa-id = FESA ID
tournament-director-country = 国（例：JP）
tournament-director-country-title = 2文字の国コード。FESAのリストにまだない参加者について、FESAの結果ファイルに記載されます
tournament-director-account = komaアカウント
tournament-director-add = 参加者を追加
tournament-director-add-failed = 参加者を追加できません：{ $error }
tournament-director-no-name = 参加者の氏名を入力してください。
tournament-director-rating-not-whole = { -rating }は整数にしてください。
tournament-director-start = 開始：1{ -round }の組み合わせを作成
tournament-director-start-confirm = 参加受付を締め切り（{ $count }人）、1{ -round }の組み合わせを作成しますか？
tournament-director-start-yes = 開始
tournament-director-start-failed = 開始できません：{ $error }
tournament-director-pair = 次の{ -round }の組み合わせを作成
tournament-director-pair-failed = 次の{ -round }の組み合わせを作成できません：{ $error }
tournament-director-waiting = { $round }{ -round }：結果を待っています。
tournament-director-print = 対戦表を印刷
tournament-director-withdraw-label = 棄権
tournament-director-withdraw = 棄権させる
tournament-director-withdraw-option = { $number }. { $name }
tournament-director-withdraw-confirm = { $name }を次の{ -round }から棄権扱いにしますか？
tournament-director-withdraw-yes = 棄権させる
tournament-director-withdraw-failed = 参加者を棄権させられません：{ $error }
tournament-director-results-hint = 結果：各{ -round }の表で選んで「保存」を押してください。訂正も同じ方法で保存できます。
tournament-director-result-none = —
tournament-director-result-sente = 1-0 { -sente }勝ち
tournament-director-result-gote = 0-1 { -gote }勝ち
tournament-director-result-draw = ½-½ { -draw }
tournament-director-result-sente-forfeit-win = 1-0 不戦勝（{ -gote }欠席）
tournament-director-result-gote-forfeit-win = 0-1 不戦勝（{ -sente }欠席）
tournament-director-result-unplayed = 未対局（両者欠席）
tournament-director-result-label = 第{ $board }{ -board }の結果
tournament-director-handicap-label = 第{ $board }{ -board }の{ -handicap }
tournament-director-save = 保存
tournament-director-save-failed = 結果を保存できません：{ $error }
tournament-director-no-result = 先に結果を選んでください。

## The printable pairings of a round

tournament-print-page-title = { $name } · { $number }{ -round }
tournament-print-missing = { $number }{ -round }はまだ組み合わせがありません（{ $paired }{ -round }まで作成済み）。
tournament-print-bye = 抜け番

## The notices of one's games under way

tournament-opponent-engine = エンジン
tournament-opponent-guest = ゲスト
tournament-crosstable-number = 番号
tournament-crosstable-place = 順位
tournament-crosstable-name = 氏名
tournament-crosstable-rating = { -rating }
tournament-crosstable-round = { $round }回戦
tournament-crosstable-points = 勝ち点
