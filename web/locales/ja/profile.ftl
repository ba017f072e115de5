# プレイヤーのページ（profile.ts）と、プレイヤー名・レーティング・段級の表示（players.ts）。

## Players, ratings and ranks

profile-deleted-player = 削除済みプレイヤー
# 1段は「初段」と書きます。
profile-rank-name = { $unit ->
        [kyu] { $number }{ -kyu }
        [dan] { $number ->
            [1] 初{ -dan }
           *[other] { $number }{ -dan }
        }
       *[other] { $rank }
    }
profile-player = { $name } { $rating } · { profile-rank-name }
profile-player-diff = { $name } { $rating } { $diff } · { profile-rank-name }
# 日本語では段級の日本語名（$japanese：「二段」）だけを表示します。
profile-rank = { $japanese }
# $handicap（サーバーの英語名）で選び、日本語名 $japanese を表示します。
profile-handicap-even-player = あなたと相手の{ -rating }では平手が適当です。
profile-handicap-even-spectator = 両対局者の{ -rating }では平手が適当です。
profile-handicap-player = あなたと相手の{ -rating }では{ -handicap }が適当です：{ $handicap ->
        [even] 平手
       *[other] { $japanese }
    }（{ $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    }が落とす）。
profile-handicap-spectator = 両対局者の{ -rating }では{ -handicap }が適当です：{ $handicap ->
        [even] 平手
       *[other] { $japanese }
    }（{ $giver ->
        [sente] { -sente }
       *[gote] { -gote }
    }が落とす）。

## Rating pools

profile-speed = { $speed ->
        [ultraBullet] ウルトラブレット
        [bullet] ブレット
        [blitz] ブリッツ
        [rapid] ラピッド
        [classical] クラシカル
        [correspondence] 通信対局
       *[other] { $speed }
    }
profile-pool = { $variant ->
        [shogi] { $speed ->
            [ultraBullet] ウルトラブレット
            [bullet] ブレット
            [blitz] ブリッツ
            [rapid] ラピッド
            [classical] クラシカル
            [correspondence] 通信対局
           *[other] { $pool }
        }
        [tori] 禽将棋・{ profile-speed }
        [minishogi] 5五将棋・{ profile-speed }
        [kyotoshogi] 京都将棋・{ profile-speed }
        [dobutsu] どうぶつしょうぎ・{ profile-speed }
        [chushogi] 中将棋・{ profile-speed }
       *[other] { $pool }
    }
profile-plot-label = { profile-pool }の{ -rating }の推移
profile-plot-title = { profile-pool }の日ごとの{ -rating }
profile-plot-point = { $date }：{ $rating }
profile-plot-day = { DATETIME($day, month: "short", day: "numeric") }

## The player's page

profile-loading = 読み込み中…
profile-no-such-player = プレイヤーが見つかりません：{ $error }
profile-home = ホーム
profile-deleted = このアカウントは削除されました。対局は残っています。
profile-member-since = 登録日：{ DATETIME($date, year: "numeric", month: "long", day: "numeric") }
profile-games-count = { $count }局（レーティング対局{ $rated }局）
profile-playing-now = 対局中：
profile-play-your-game = 対局へ
profile-watch-the-game = 観戦する
profile-current-failed = 現在の対局が見つかりません：{ $error }
profile-ratings = { -rating }
profile-no-ratings = レーティング対局はまだありません。
profile-rated-games = レーティング対局{ $count }局

## The player's games

profile-games = { -kifu }
profile-col-date = 日時
profile-col-side = 先後
profile-col-opponent = 相手
profile-col-game = 対局条件
profile-col-result = 結果
profile-game-date = { DATETIME($date, year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit") }
profile-guest-or-engine = ゲストまたはエンジン
profile-game-rated = レーティング
profile-verdict-win = 勝ち
profile-verdict-loss = 負け
profile-verdict-draw = { -draw }
profile-state-in-progress = 対局中
profile-state-waiting = 対局者待ち
profile-replay = 棋譜を見る
profile-watch = 観戦
profile-previous = ← 前へ
profile-next = 次へ →
profile-page = { $page }ページ
profile-no-games = 対局はまだありません。
profile-no-more-games = これ以上の対局はありません。
profile-list-failed = 対局の一覧を取得できません：{ $error }
