# The studies (研究): the list and a new study (#studies), and a study's chapters on the
# analysis board (#study), with its lessons and members. Record formats' names (KIF, KI2, CSA,
# JKF) stay as they are.

## The list of studies and a new one (#studies)

study-list-heading = Studies
study-loading = Loading…
study-none = No study yet.
# $error: why the server could not list them.
study-list-failed = Cannot list the studies: { $error }
# After a study's name in the list; $owner: its owner's username; $visibility: who sees it.
study-list-entry =
    · { $owner } · { $visibility ->
        [public] public
        [unlisted] unlisted
       *[private] private
    }
study-new-heading = New study 研究
# Labels of the new study's fields.
study-name-field = Name
study-visibility-field = Visibility
study-file-field = Or a file:
# An example of a study's name.
study-name-placeholder = Ranging rook lines
study-name-label = The study's name
study-seen-label = Who sees it
# The choices of who sees a new study.
study-seen-public = Public: listed for everyone
study-seen-unlisted = Unlisted: whoever has its address
study-seen-private = Private: its members only
study-record-placeholder = Paste a KIF, KI2, CSA or JKF record (its variations and comments are kept), or leave it empty to start from the usual position.
study-record-label = The first chapter's record
study-file-label = A record file
study-create = Create the study
# $error: why the study could not be made.
study-create-failed = The study: { $error }

## A study (#study)

study-opening = Opening the study…
study-reconnecting = Reconnecting…
study-not-connected = Not connected to the study; trying again…
study-deleted = This study was deleted.
# The study's title; $study: its name; $chapter: the name of the chapter shown.
study-status = 研究 · { $study } · { $chapter }
# Who reads the study now; $count: how many; $names: their names.
study-people = { $count } reading: { $names }
study-flip = ⇅ Flip
# A link to download every chapter as a KIF file, in one ZIP file.
study-zip = KIF files (ZIP)
# A link back to the list of studies.
study-studies = Studies
# $error: why the export failed.
study-export-failed = Export: { $error }

## Lessons: one editor leads, every other board follows his

study-lead = Lead a lesson
study-end-lesson = End the lesson
study-lesson-leading = You lead the lesson: every board follows yours.
# $leader: the username of who leads.
study-lesson-following = Lesson: { $leader } leads, your board follows.

## An editor's chapters

study-chapters = Chapters
study-rename = Rename
study-rename-prompt = The chapter's new name
study-delete = Delete
# $name: the chapter's name.
study-delete-confirm = Delete the chapter “{ $name }”?
study-chapter-name-placeholder = Chapter name
study-chapter-name-label = The new chapter's name
study-chapter-record-placeholder = A KIF, KI2, CSA or JKF record; empty: the usual start
study-chapter-record-label = The new chapter's record
study-add-chapter = Add the chapter
# $error: why the chapter could not be added.
study-chapter-failed = The chapter: { $error }

## The owner's settings and members

study-owner-heading = The study
# Who sees the study (the owner's list of choices).
study-visibility-public = public
study-visibility-unlisted = unlisted
study-visibility-private = private
study-save = Save
study-member-placeholder = username
study-member-label = A member's username
study-role-label = The member's role
# The roles of a member: who watches the study, who edits it.
study-role-watch = watches
study-role-edit = edits
study-add-member = Add
# A member in the list; $account: the username; $role: what the member may do.
study-member =
    { $account } ({ $role ->
        [edit] edit
       *[watch] watch
    })
study-remove = Remove
