# 研究：一覧と新規作成（#studies）、研究のチャプター（#study）、レッスンとメンバー。

## The list of studies and a new one (#studies)

study-list-heading = 研究
study-loading = 読み込み中…
study-none = 研究はまだありません。
study-list-failed = 研究の一覧を取得できません：{ $error }
study-list-entry =
    · { $owner } · { $visibility ->
        [public] 公開
        [unlisted] 限定公開
       *[private] 非公開
    }
study-new-heading = 新しい研究
study-name-field = 名前
study-visibility-field = 公開範囲
study-file-field = またはファイル：
study-name-placeholder = 四間飛車の変化
study-name-label = 研究の名前
study-seen-label = 公開範囲
study-seen-public = 公開：全員の一覧に表示
study-seen-unlisted = 限定公開：アドレスを知っている人のみ
study-seen-private = 非公開：メンバーのみ
study-record-placeholder = KIF・KI2・CSA・JKF形式の{ -kifu }を貼り付けてください（変化とコメントも保持されます）。空欄なら{ -starting-position }から始まります。
study-record-label = 最初のチャプターの{ -kifu }
study-file-label = { -kifu }ファイル
study-create = 研究を作成
study-create-failed = 研究：{ $error }

## A study (#study)

study-opening = 研究を開いています…
study-reconnecting = 再接続中…
study-not-connected = 研究に接続していません。再試行しています…
study-deleted = この研究は削除されました。
study-status = 研究 · { $study } · { $chapter }
study-people = { $count }人が閲覧中：{ $names }
study-flip = ⇅ { -board }を反転
study-zip = KIFファイル（ZIP）
study-studies = 研究一覧
study-export-failed = 出力：{ $error }

## Lessons

study-lead = レッスンを始める
study-end-lesson = レッスンを終える
study-lesson-leading = レッスン進行中：全員の{ -board }があなたの{ -board }に合わせて動きます。
study-lesson-following = レッスン中：{ $leader }が進行役です。あなたの{ -board }は進行役に合わせて動きます。

## An editor's chapters

study-chapters = チャプター
study-rename = 名前を変更
study-rename-prompt = チャプターの新しい名前
study-delete = 削除
study-delete-confirm = チャプター「{ $name }」を削除しますか？
study-chapter-name-placeholder = チャプター名
study-chapter-name-label = 新しいチャプターの名前
study-chapter-record-placeholder = KIF・KI2・CSA・JKF形式の{ -kifu }。空欄なら{ -starting-position }から
study-chapter-record-label = 新しいチャプターの{ -kifu }
study-add-chapter = チャプターを追加
study-chapter-failed = チャプター：{ $error }

## The owner's settings and members

study-owner-heading = 研究の設定
study-visibility-public = 公開
study-visibility-unlisted = 限定公開
study-visibility-private = 非公開
study-save = 保存
study-member-placeholder = ユーザー名
study-member-label = メンバーのユーザー名
study-role-label = メンバーの権限
study-role-watch = 閲覧
study-role-edit = 編集
study-add-member = 追加
study-member =
    { $account }（{ $role ->
        [edit] 編集
       *[watch] 閲覧
    }）
study-remove = 外す
