# サーバーの拒否理由（コード別：error-CODE）。$detail はサーバー自身の英語の説明です。

error-other = { $detail }
error-unreachable = サーバーに接続できません（{ $detail }）

## error.rs: ApiError::code

error-malformed_request = リクエストを読み取れません：{ $detail }
error-not_json = リクエストがJSONで送信されていません。
error-rate_limited = 操作が速すぎます：{ $detail }
error-missing_token = この対局の対局者だけが行えます。
error-unknown_name = サーバーが知らない名前です：{ $detail }
error-invalid_value = 無効な値があります：{ $detail }
error-conflicting_fields = 同時に指定できない項目が含まれています：{ $detail }
error-invalid_position = { -position }が正しくありません：{ $detail }
error-unreadable_move = { -move }を読み取れません：{ $detail }
error-not_in_chu = 中将棋の対局ではまだ使えません（{ $detail }）
error-no_offer = 応じる提案がありません。
error-nothing_to_take_back = 待ったできる{ -move }がありません。
error-rated_game = 待ったは非レーティング対局だけです。この対局はレーティング対局です。
error-draw_declined = エンジンは{ -draw }に応じません。対局を続けます。
error-illegal_move = 指せない手です：{ $detail }
error-unreadable_record = { -kifu }を読み取れません：{ $detail }
error-unrecognised_record = komaが読める{ -kifu }形式（KIF、KI2、CSA、JKF、USI、SFEN、1. P-7f P-3d のような指し手リスト）のどれでもありません。形式を選んでください。
error-unwritable_record = この形式では{ -kifu }を書き出せません：{ $detail }
error-too_large = サーバーが受け付ける上限を超えています：{ $detail }
error-wrong_invitation = この対局の招待ではありません。
error-no_seat = あなたはこの対局の対局者ではありません。対局者だけが行えます。
error-not_your_turn = あなたの手番ではありません。
error-not_found = 見つかりません：{ $detail }
error-seats_taken = この招待は使用済みです。両方の席が埋まっています。
error-expired = 招待の期限が切れたため、対局は中止されました。
error-aborted = 対局は中止されました。再戦する対局がありません。
error-not_started = 相手がまだ参加していません。
error-game_over = 対局は終了しています。
error-game_not_over = 対局はまだ終わっていません。再戦は終局後にできます。
error-tournament_game = { -tournament }の対局に再戦はありません。組み合わせは{ -tournament }で決まります。
error-too_late_to_abort = 両者が指したため、対局はもう中止できません（代わりに{ -resign }してください）。
error-cannot_claim = 今は勝ちを主張できません：{ $detail }
error-not_arena_game = バーサークできるのはアリーナ{ -tournament }の対局だけです。
error-refused = この対局では今それはできません：{ $detail }
error-invalid_username = このユーザー名は使えません：{ $detail }
error-invalid_password = このパスワードは使えません：{ $detail }
error-weak_password = 推測されにくいパスワードを選んでください：{ $detail }
error-username_taken = このユーザー名はすでに使われています。
error-bad_credentials = ユーザー名またはパスワードが違います。
error-unauthorized = ログインが必要です。
error-wrong_password = パスワードが違います。
error-cross_site = 拒否されました：他のサイトからのリクエストです。
error-forbidden = 許可されていません：{ $detail }
error-invalid_tree = これらの指し手からは{ -kifu }を作れません：{ $detail }
error-queue_full = 棋譜解析の順番待ちが多すぎます。しばらくしてからもう一度お試しください。
error-engine_games_full = エンジンとの対局数がサーバーの上限に達しています。しばらくしてからもう一度お試しください。
error-engine_busy = エンジンが使用中です。少し待ってからもう一度お試しください。
error-too_many = 上限に達しました：{ $detail }
error-streams_full = サーバーの接続数が上限に達しています。しばらくしてからもう一度お試しください。
error-body_timeout = リクエストの到着に時間がかかりすぎました。もう一度お試しください。
error-shutting_down = サーバーを停止しています。少し待ってからもう一度お試しください。
error-storage_unavailable = サーバーが現在ストレージに接続できません。もう一度お試しください。
error-storage_failed = サーバーで読み込みまたは保存ができませんでした。
error-internal = サーバーで問題が発生しました。

## players.rs: SeatRefusal::code

error-login_required = この操作にはアカウントが必要です。ログイン（または新規登録）してください。
error-rated_against_engine = エンジンとの対局はレーティング対象にできません。非レーティングで対局してください。
error-rated_from_position = レーティング対局は{ -starting-position }から始まります。{ -handicap }の対局はレーティング対象外です。
error-rated_without_clock = レーティング対局には{ -clock }が必要です。{ -time-control }を選んでください。
error-own_game = あなたが作成した対局です。1人で両方の席には着けません。

## lobby/seek.rs: LobbyRefusal::code

error-no_such_seek = この対局待ちはもうありません。ほかの人が受けたか、取り消されたか、期限が切れました。
error-own_seek = これはあなた自身の対局待ちです。他の人が受ける必要があります。
error-not_your_seek = これは他の人の対局待ちです。取り消せるのは作成した人だけです。
error-out_of_rating_range = あなたの{ -rating }はこの対局待ちの範囲外です：{ $detail }
error-bad_rating_range = { -rating }の範囲が正しくありません：{ $detail }
error-quick_without_clock = クイック対局には{ -clock }を使う{ -time-control }が必要です（例：3m+2s、10m+30s）。
error-lobby_full = 対局室が満員です。しばらくしてからもう一度お試しください。

## analysis.rs: AnalysisRefusal::code

error-analysis_running = あなたの解析が実行中です。結果が出てからもう一度依頼してください。

## rooms/mod.rs: RoomRefusal::code

error-invalid_review = この変更はできません：{ $detail }
error-not_your_board = { -board }を動かせるのは、対局者と対局者が{ -board }を渡した人だけです。
error-players_only = エンジンをオンにしたり{ -board }を渡したりできるのは対局者だけです。
error-not_in_room = この人はアカウントで部屋に入っていません：{ $detail }
error-room_busy = その間に部屋の状態が変わりました。もう一度お試しください。

## tournaments/refusal.rs: Refusal::code

error-not_director = これができるのは{ -tournament }の主催者だけです：{ $detail }
error-wrong_state = { -tournament }の現在の段階ではできません：{ $detail }
error-already_entered = すでに{ -tournament }に参加しています：{ $detail }
error-not_entered = { -tournament }に参加していません：{ $detail }
error-round_unfinished = { -round }が終わっていません：{ $detail }
error-pairing_failed = { -round }の組み合わせを作れません：{ $detail }
error-export_failed = 現在の状態では{ -tournament }を出力できません：{ $detail }
error-busy = ほかの人が{ -tournament }を変更しています。もう一度お試しください。

## studies/mod.rs: StudyRefusal::code

error-study_not_found = この研究は存在しないか、閲覧できません。
error-chapter_not_found = 研究にそのチャプターはありません。
error-not_study_editor = 研究を変更できるのは所有者と編集者だけです。
error-not_study_owner = これができるのは研究の所有者だけです。
error-study_full = 研究が上限に達しています：{ $detail }
error-invalid_study = 研究にこの設定はできません：{ $detail }
error-not_leading = 全員の{ -board }を動かせるのはレッスンの進行役だけです。
error-study_busy = その間に研究が変更されました。もう一度お試しください。

## http/connections.rs: Refused::response

error-connections_full = サーバーの接続数が上限に達しています。しばらくしてからもう一度お試しください。
