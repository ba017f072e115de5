# 対局室（lobby.ts）：対局待ち、対局待ちの作成、クイック対局、対局中の対局；注目の対局。

lobby-login-note = 対局待ちの作成・受諾にはログインしてください：
lobby-log-in = ログイン
lobby-sign-up = 新規登録
lobby-loading = 読み込み中…

## Open seeks

lobby-open-seeks = 対局待ち一覧
lobby-no-seeks = 対局待ちはありません。作成してみましょう！
lobby-col-player = 対局者
lobby-col-game = 対局条件
lobby-col-range = { -rating }範囲
lobby-col-side = 先後
lobby-cancel = 取り消す
lobby-accept = 受ける
lobby-login-to-accept = 対局待ちを受けるにはログインしてください。
lobby-no-clock = { -clock }なし
lobby-rated = レーティング
lobby-casual = 非レーティング
lobby-range-any = 制限なし
lobby-seek-side = { $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] { -furigoma }
       *[other] { $side }
    }
# $handicap is the server's English name of the handicap: its Japanese name is chosen here.
lobby-seek-side-handicap = { $handicap ->
        [lance] 香落ち
        [right-lance] 右香落ち
        [bishop] 角落ち
        [rook] 飛車落ち
        [rook-lance] 飛香落ち
        [two-piece] 二枚落ち
        [three-piece] 三枚落ち
        [four-piece] 四枚落ち
        [five-piece] 五枚落ち
        [left-five-piece] 左五枚落ち
        [six-piece] 六枚落ち
        [left-seven-piece] 左七枚落ち
        [right-seven-piece] 右七枚落ち
        [eight-piece] 八枚落ち
        [ten-piece] 十枚落ち
        [three-pawns] 歩三兵
        [naked-king] 裸玉
        [tori-left-quail] 左鶉落ち
        [tori-falcon] 鷹落ち
        [tori-falcon-left-quail] 鷹左鶉落ち
        [tori-falcon-both-quails] 鷹両鶉落ち
        [mini-bishop] 角落ち
        [mini-rook] 飛車落ち
        [mini-two-piece] 二枚落ち
        [mini-three-piece] 三枚落ち
        [mini-four-piece] 四枚落ち
        [kyoto-tokin] と落ち
        [kyoto-silver] 銀落ち
        [kyoto-pawn] 歩落ち
        [kyoto-gold] 金落ち
        [kyoto-two-piece] 二枚落ち
        [kyoto-three-piece] 三枚落ち
        [kyoto-naked-king] 裸玉
        [dobutsu-chick] ひよこ落ち
       *[other] { $handicap }
    }（{ $side ->
        [sente] { -sente }
        [gote] { -gote }
        [random] { -furigoma }
       *[other] { $side }
    }）

## Posting a seek

lobby-post-title = 対局待ち
lobby-variant = 種類
lobby-time-control = { -time-control }
lobby-rated-label = レーティング対局
lobby-opponent-rating = 相手の{ -rating }
lobby-rating-min = 下限
lobby-rating-max = 上限
lobby-your-side = 先後
lobby-side-random = { -furigoma }（ランダム）
lobby-side-sente = ☗{ -sente }
lobby-side-gote = ☖{ -gote }
lobby-handicap = { -handicap }
lobby-post = 対局待ちを作成
lobby-login-to-post = 対局待ちを作成するにはログインしてください。
lobby-posted = 対局待ちを作成しました。相手を待っています。
lobby-post-failed = 対局待ちを作成できません：{ $error }

## Quick pairing

lobby-quick-title = クイック対局
lobby-quick-rated = レーティング
lobby-login-to-pair = クイック対局にはログインしてください。
lobby-quick-waiting-fischer-3-2 = 3分 + 2秒加算（フィッシャー、早指し）で相手を待っています…
lobby-quick-waiting-byoyomi-5-10 = 5分 + { -byoyomi }10秒で相手を待っています…
lobby-quick-waiting-byoyomi-10-30 = 10分 + { -byoyomi }30秒で相手を待っています…
lobby-pair-failed = 相手を探せません：{ $error }

## Live games and the featured game

lobby-live-games = 対局中
lobby-no-live = 現在対局はありません。
lobby-guest = ゲスト
lobby-engine-or-guest = エンジン／ゲスト
lobby-watch = 観戦
lobby-live-failed = 対局中の一覧を取得できません：{ $error }
lobby-featured = 注目の対局
lobby-featured-board = 注目の対局
