# 中将棋（対エンジン）の画面（#chu、chu.ts）。

chu-title = 中将棋（エンジンと対局）
chu-board-label = 中将棋の{ -board }
chu-resign = { -resign }
chu-take-back = 待った
chu-download-kif = { -kifu }をダウンロード（KIF）
chu-hint = { -piece }をクリックし、次に移動先をクリックします。獅子（獅）や獅子の力を持つ{ -piece }は2回動けます。通過するマスをクリックしてから続けて移動先を、その場で止まるなら同じマスをもう一度クリックしてください。
chu-resign-question = この対局を{ -resign }しますか？

## The line under the board (the status)

chu-engine-thinking = エンジンが思考中…
chu-waiting = お待ちください…
chu-your-move = あなたの手番です（{ $side ->
        [sente] ☗
       *[gote] ☖
    }）。
chu-your-move-check = あなたの手番です（{ $side ->
        [sente] ☗
       *[gote] ☖
    }）：あなたの{ -king }が狙われています。
chu-cannot-start = 開始できません：{ $error }
chu-engine-failed = エンジンが指せませんでした：{ $error }

## The end of the game

chu-over-sente-wins = 終局：{ -sente }☗の勝ちです（{ $reason ->
        [royal-captured] 最後の王駒を取った
        [bare-king] 裸玉
        [bare-royals] 双方王駒のみ
        [no-moves] 合法手なし
        [sennichite] { -sennichite }
        [perpetual-check] { -perpetual-check }
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] 最大手数
       *[other] 規定による
    }）。
chu-over-gote-wins = 終局：{ -gote }☖の勝ちです（{ $reason ->
        [royal-captured] 最後の王駒を取った
        [bare-king] 裸玉
        [bare-royals] 双方王駒のみ
        [no-moves] 合法手なし
        [sennichite] { -sennichite }
        [perpetual-check] { -perpetual-check }
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] 最大手数
       *[other] 規定による
    }）。
chu-over-draw = 終局：{ -draw }です（{ $reason ->
        [royal-captured] 最後の王駒を取った
        [bare-king] 裸玉
        [bare-royals] 双方王駒のみ
        [no-moves] 合法手なし
        [sennichite] { -sennichite }
        [perpetual-check] { -perpetual-check }
        [illegal-move] { -illegal-move }
        [resignation] { -resign }
        [time-forfeit] { -time-out }
        [max-moves] 最大手数
       *[other] 規定による
    }）。
