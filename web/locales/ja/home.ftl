# ホーム画面（home.ts）：新規対局のフォーム、対局中の対局、最近の対局；持ち時間のメニュー
# （time-presets.ts）；将棋の種類と駒落ちの名前（variants.ts）。

## The new game form

home-new-game-title = 新規対局
home-opponent = 対戦相手
home-opponent-engine = エンジン（koma）
home-opponent-person = 人（招待リンクを送る）
home-level = エンジンの強さ
home-level-movetime = 1手{ $seconds }秒
home-level-movetime-easy = 1手{ $seconds }秒（やさしい）
home-level-depth = 深さ{ $depth }
home-level-depth-very-easy = 深さ{ $depth }（とてもやさしい）
home-variant = 種類
home-handicap = { -handicap }
home-handicap-hint = { -handicap }では上手（駒を落とす側）が{ -gote }で先に指します。{ -furigoma }はありません。
home-rules = ルール
home-rules-default-shogi = 標準（アマチュア）
home-rules-default-tori = 標準（禽将棋）
home-rules-default-minishogi = 標準（5五将棋）
home-rules-default-kyotoshogi = 標準（京都将棋）
home-rules-default-dobutsu = 標準（どうぶつしょうぎ）
home-rules-default-other = 標準（{ $name }）
home-rules-amateur = アマチュア：27点法の{ -declaration }
home-rules-professional = プロ：24点法の{ -jishogi }
home-rules-csa = CSA：{ -declaration }、256手で{ -draw }
home-rules-try = { -try-rule }
home-rules-tori = ルールブック：3回目の同一局面は禁止
home-rules-tori-fsf = Fairy-Stockfish：4回目の同一局面で負け
home-time-control = { -time-control }
home-time-control-hint = 直接入力もできます：none · byoyomi 10m+30s · 10m+30sx3 · fischer:5m+10s · sudden:15m
home-side = 先後
home-side-random = { -furigoma }（ランダム）
home-side-sente = ☗{ -sente }（先に指す）
home-side-gote = ☖{ -gote }
home-side-give = 上手（駒を落とす）：☖{ -gote }、先に指す
home-side-receive = 下手（駒を落とされる）：☗{ -sente }
home-rated = レーティング対局
home-rated-hint = ログインしている人との、{ -clock }を使う平手の対局が対象です。
home-start = 対局開始
home-create-failed = 対局を作成できません：{ $error }

## The player's games under way

home-your-games = 対局中
home-your-move = あなたの手番
home-play = 指す
home-my-game-engine = { $color ->
        [sente] ☗
       *[gote] ☖
    } エンジンと対局
home-my-game-player = { $color ->
        [sente] ☗
       *[gote] ☖
    } { $name }と対局
home-game-rated = レーティング

## The recent games

home-recent-games = 最近の対局
home-loading = 読み込み中…
home-list-failed = 対局の一覧を取得できません：{ $error }
home-no-games = 対局はまだありません。
home-col-created = 日時
home-col-players = 対局者
home-col-game = 対局条件
home-col-moves = 手数
home-col-state = 状態
home-created = { DATETIME($created, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
home-state-in-progress = 対局中
home-state-waiting = 対局者待ち
home-replay = 棋譜を見る
home-watch = 観戦
home-review = 検討
home-import-record = { -kifu }を読み込んで再生・検討
home-studies = 研究：チャプター、レッスン
home-chu = 中将棋でエンジンと対局（12×12）

## The time controls' menu (time-presets.ts)

home-presets = { -time-control }のプリセット
home-preset-untimed = 時間無制限
home-preset-fischer-3-2 = 3分 + 2秒加算（フィッシャー、早指し）
home-preset-byoyomi-5-10 = 5分 + { -byoyomi }10秒
home-preset-byoyomi-10-30 = 10分 + { -byoyomi }30秒
home-preset-byoyomi-10-30x3 = 10分 + { -byoyomi }30秒×3回
home-preset-byoyomi-30-60 = 30分 + { -byoyomi }60秒
home-preset-byoyomi-45-30 = 45分 + { -byoyomi }30秒（{ -tournament }）
home-preset-fischer-15-10 = 15分 + 10秒加算（フィッシャー）
home-preset-sudden-15 = 15分切れ負け
home-preset-days-1 = 1手につき1日
home-preset-days-3 = 1手につき3日
home-preset-custom = カスタム…

## The variants (variants.ts)

variant-shogi = 本将棋
variant-shogi-short = 本将棋
variant-shogi-option = 本将棋（{ $files }×{ $ranks }）
variant-tori = 禽将棋
variant-tori-short = 禽将棋
variant-tori-option = 禽将棋（{ $files }×{ $ranks }）
variant-minishogi = 5五将棋
variant-minishogi-short = 5五将棋
variant-minishogi-option = 5五将棋（{ $files }×{ $ranks }）
variant-kyotoshogi = 京都将棋
variant-kyotoshogi-short = 京都将棋
variant-kyotoshogi-option = 京都将棋（{ $files }×{ $ranks }）
variant-dobutsu = どうぶつしょうぎ
variant-dobutsu-short = どうぶつしょうぎ
variant-dobutsu-option = どうぶつしょうぎ（{ $files }×{ $ranks }）
variant-chushogi = 中将棋
variant-chushogi-short = 中将棋
variant-chushogi-option = 中将棋（{ $files }×{ $ranks }）
variant-other-option = { $name }（{ $files }×{ $ranks }）

## The handicaps: $japanese is the Japanese name (香落ち) as the server gives it.

variant-handicap-even = { $japanese }
variant-handicap-lance = { $japanese }
variant-handicap-right-lance = { $japanese }
variant-handicap-bishop = { $japanese }
variant-handicap-rook = { $japanese }
variant-handicap-rook-lance = { $japanese }
variant-handicap-two-piece = { $japanese }
variant-handicap-three-piece = { $japanese }
variant-handicap-four-piece = { $japanese }
variant-handicap-five-piece = { $japanese }
variant-handicap-left-five-piece = { $japanese }
variant-handicap-six-piece = { $japanese }
variant-handicap-left-seven-piece = { $japanese }
variant-handicap-right-seven-piece = { $japanese }
variant-handicap-eight-piece = { $japanese }
variant-handicap-ten-piece = { $japanese }
variant-handicap-three-pawns = { $japanese }
variant-handicap-naked-king = { $japanese }
variant-handicap-tori-left-quail = { $japanese }
variant-handicap-tori-falcon = { $japanese }
variant-handicap-tori-falcon-left-quail = { $japanese }
variant-handicap-tori-falcon-both-quails = { $japanese }
variant-handicap-mini-bishop = { $japanese }
variant-handicap-mini-rook = { $japanese }
variant-handicap-mini-two-piece = { $japanese }
variant-handicap-mini-three-piece = { $japanese }
variant-handicap-mini-four-piece = { $japanese }
variant-handicap-kyoto-tokin = { $japanese }
variant-handicap-kyoto-silver = { $japanese }
variant-handicap-kyoto-pawn = { $japanese }
variant-handicap-kyoto-gold = { $japanese }
variant-handicap-kyoto-two-piece = { $japanese }
variant-handicap-kyoto-three-piece = { $japanese }
variant-handicap-kyoto-naked-king = { $japanese }
variant-handicap-dobutsu-chick = { $japanese }
# An unknown handicap: the Japanese name, then the server's id of it as words.
variant-handicap-other = { $japanese }（{ $name }）
