# アカウント（account.ts）：上部バーのリンク、新規登録、ログイン、アカウントページ（パスワード、
# APIトークン、アカウントの削除）；設定ダイアログ（settings.ts）。

## The top bar

account-log-in = ログイン
account-sign-up = 新規登録
account-log-out = ログアウト

## Logging in and signing up

account-login-title = ログイン
account-login-submit = ログイン
account-username = ユーザー名
account-password = パスワード
# $link は「新規登録」のリンク（account-sign-up）です。
account-login-hint = アカウントがない場合は{ $link }してください。ゲストでも、アカウントなしでエンジンと対局したり友達を招待したりできます。
account-signup-title = 新規登録
account-username-hint = 2～20文字の英数字、「_」、「-」。大文字と小文字を区別せず、同じ名前は登録できません。
account-again = 確認用
account-password-length = 8文字以上。
account-signup-submit = アカウントを作成
account-passwords-differ = 2つのパスワードが一致しません
# $link は「ログイン」のリンク（account-log-in）です。
account-signup-hint = アカウントをお持ちの場合は{ $link }してください。

## The account page

account-loading = 読み込み中…
account-member-since = 登録日時：{ DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-password-title = パスワードの変更
account-password-current = 現在のパスワード
account-password-new = 新しいパスワード
account-password-hint = このアカウントにログインしているほかのブラウザーはログアウトされます。
account-password-submit = 変更
account-password-changed = パスワードを変更しました。

## API tokens

account-tokens = APIトークン
account-tokens-hint = トークンを使うと、プログラムがAPIを通じてあなたとして操作できます（'Authorization: Bearer <token>' として送信）。lishogiの個人用トークンと同じ仕組みです。
account-no-tokens = トークンはまだありません。
account-token-no-description = （説明なし）
account-token-created = 作成：{ DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-used = 最終使用：{ DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-never-used = 未使用
account-revoke = 無効化
account-revoke-confirm = トークン{ $token }を無効にしますか？このトークンを使っているプログラムは動かなくなります。
account-new-token = 新しいトークン
account-token-placeholder = 用途（例：自作のbot）
account-create-token = トークンを作成
account-token-shown = 新しいトークンです。表示されるのは今回だけなので、今すぐコピーしてください。

## Deleting the account

account-delete-title = アカウントの削除
account-delete-hint = すべての端末でログアウトされ、トークンは使えなくなります。対局は削除済みプレイヤーとして残り、名前は再登録できません。
account-delete-submit = アカウントを削除
account-delete-confirm = アカウント{ $name }を完全に削除しますか？
account-delete-yes = 削除
account-deleted = アカウントを削除しました。

## The settings dialog (settings.ts)

settings-title = 設定
settings-pieces = { -piece }
settings-pieces-kanji = 漢字（伝統的な駒）
settings-pieces-beginner = 初心者向け：動きを表示した漢字の駒
settings-coords = 座標
settings-coords-japanese = 日本式（１-９、一-九）
settings-coords-western = 西洋式（1-9、a-i）
settings-notation = 指し手の{ -notation }
settings-notation-japanese = 日本式（☗７六歩）
settings-notation-western = 西洋式（P-7f）
settings-notation-german = ドイツ式
settings-close = 閉じる
settings-pieces-kanji2 = 二文字駒（歩兵）
settings-pieces-international = 国際駒（アルファベット）
settings-theme = 配色
settings-theme-system = システムに合わせる
settings-theme-light = ライト
settings-theme-dark = ダーク
settings-board = 盤
settings-board-kaya = 榧
settings-board-pale = 白木
settings-board-dark = 濃い木目
settings-board-green = 緑
# 設定: 先行入力 (相手の手番中に選ぶ指し手)。
settings-premoves = 先行入力
settings-premoves-hint = 相手の考慮中に次の{ -move }を選べます。指せるようになればすぐに指されます。
# 設定: 対局の音、音量、秒読みの読み上げ。
settings-sound = 効果音
settings-sound-hint = 指し手ごとの駒音、{ -check }・残り時間わずか・終局の音。
settings-volume = 音量
settings-byoyomi-count = { -byoyomi }を読み上げる
settings-byoyomi-count-hint = 自分の{ -byoyomi }の秒数を記録係のように読み上げます(ブラウザーにこの言語の音声がなければ音で知らせます)。
settings-setup = { -piece }の並べ方
settings-setup-off = 一度に並べる
settings-setup-ohashi = 一枚ずつ・大橋流
settings-setup-ito = 一枚ずつ・伊藤流
