# すべての画面の言葉：上部バー、ページのタイトル、共通のボタン。

page-title = koma · { -shogi }
nav-new-game = 新規対局
nav-lobby = 対局室
nav-tournaments = { -tournament }
nav-review = { -kifu }検討
nav-studies = 研究

## Shared buttons and words

common-cancel = キャンセル
common-home = ホーム
common-loading = 読み込み中…
common-log-in = ログイン
common-sign-up = 新規登録

## main.ts: the page's start and the invitation link

common-joining = 対局に参加しています…
common-cannot-join = 参加できません：{ $error }
common-watch-game = 対局を観戦する
common-cannot-load-variants = サーバーから将棋の種類を読み込めません：{ $error }
# 上部バーの言語の選択。
common-language = 言語
common-moves-unit = { $count ->
   *[other] 手
}
