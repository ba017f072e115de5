# The shogi words of the Japanese page, as Fluent terms (`{ -sente }` in a message).
# Each term follows the Japanese column of ../shared/reference/terms.md (`# terms.md: CONCEPT`,
# the concept named as in ../en/0-glossary.ftl): the kanji that Japanese players, kifu and
# Japanese shogi servers use. Where the column gives a long and a short form, the form players
# say is chosen (`# chosen: …`).

# terms.md: shogi (the game)
-shogi = 将棋
# terms.md: first player, "Black" (sente)
-sente = 先手
# terms.md: second player, "White" (gote)
-gote = 後手
# terms.md: board
# chosen: 盤 over 将棋盤: the short word of the app's board (盤面, 盤を反転).
-board = 盤
# terms.md: piece
-piece = 駒
# terms.md: pieces in hand / the hand
-hand = 持ち駒
# terms.md: starting position
-starting-position = 初期配置
# terms.md: position (arrangement of pieces)
-position = 局面
# terms.md: promotion zone
-promotion-zone = 敵陣

# terms.md: king (either kanji)
# chosen: 玉 over 王: the king's mark in kifu (☗５八玉), used for either side.
-king = 玉
# terms.md: rook
# chosen: 飛車 over the short 飛 (the kifu mark): the piece's spoken name.
-rook = 飛車
# terms.md: dragon (promoted rook)
# chosen: 龍 over 龍王/竜王: the kifu mark and spoken name; 竜王 is also a title.
-dragon = 龍
# terms.md: bishop
# chosen: 角 over 角行: the piece's spoken name and kifu mark.
-bishop = 角
# terms.md: horse (promoted bishop)
# chosen: 馬 over 龍馬: the piece's spoken name and kifu mark.
-horse = 馬
# terms.md: gold general
# chosen: 金 over 金将: the piece's spoken name and kifu mark.
-gold = 金
# terms.md: silver general
# chosen: 銀 over 銀将: the piece's spoken name and kifu mark.
-silver = 銀
# terms.md: promoted silver
-promoted-silver = 成銀
# terms.md: knight
# chosen: 桂馬 over the short 桂 (the kifu mark): the piece's spoken name.
-knight = 桂馬
# terms.md: promoted knight
-promoted-knight = 成桂
# terms.md: lance
# chosen: 香車 over the short 香 (the kifu mark): the piece's spoken name.
-lance = 香車
# terms.md: promoted lance
-promoted-lance = 成香
# terms.md: pawn
# chosen: 歩 over 歩兵: the piece's spoken name and kifu mark.
-pawn = 歩
# terms.md: tokin (promoted pawn)
-tokin = と金

# terms.md: move (noun)
-move = 指し手
# terms.md: drop (a piece from hand)
# chosen: the notation mark 打 over the verb 打つ: the word of move lists and buttons.
-drop = 打
# terms.md: promote
# chosen: the notation mark 成 over the verb 成る: the word of move lists and the promotion choice.
-promote = 成
# terms.md: decline promotion
-decline-promotion = 不成
# terms.md: check (noun)
-check = 王手
# terms.md: checkmate
-checkmate = 詰み

# terms.md: resign / resignation
-resign = 投了
# terms.md: draw
-draw = 引き分け
# terms.md: repetition (sennichite)
-sennichite = 千日手
# terms.md: perpetual check
-perpetual-check = 連続王手の千日手
# terms.md: impasse (jishōgi)
-jishogi = 持将棋
# terms.md: win by declaration
-declaration = 入玉宣言
# terms.md: throne rule (king reaches the enemy king's start square)
-try-rule = トライルール
# terms.md: illegal move
# chosen: 反則 over 禁じ手: the word of results (反則負け); 禁じ手 names the forbidden kinds of move.
-illegal-move = 反則
# terms.md: two pawns on a file (nifu)
-nifu = 二歩
# terms.md: pawn-drop mate (uchifuzume)
-uchifuzume = 打ち歩詰め

# terms.md: handicap; handicap game
-handicap = 駒落ち
# terms.md: deciding who moves first (furigoma)
-furigoma = 振り駒

# terms.md: time control / thinking time
-time-control = 持ち時間
# terms.md: byoyomi (fixed time per move after the main time)
-byoyomi = 秒読み
# terms.md: clock
-clock = 対局時計
# terms.md: time runs out
-time-out = 時間切れ

# terms.md: game record (kifu)
-kifu = 棋譜
# terms.md: notation (system)
-notation = 符号
# terms.md: tsume problem (mating problem)
-tsume = 詰将棋
# terms.md: kyu (student grade)
-kyu = 級
# terms.md: dan (master grade)
-dan = 段
# terms.md: rating / Elo
-rating = レーティング
# terms.md: tournament
# chosen: 大会 over 棋戦: 棋戦 names the professional title competitions.
-tournament = 大会
# terms.md: round
-round = 回戦
# terms.md: knockout
-knockout = トーナメント

# terms.md: greeting before the game ("onegaishimasu")
-greeting-start = お願いします
# terms.md: resigning formula ("makemashita", "I have lost")
-makemashita = 負けました
# terms.md: thanks after the game ("arigatō gozaimashita")
-greeting-end = ありがとうございました
# terms.md: post-game review (kansōsen)
-kansosen = 感想戦
