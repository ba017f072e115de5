# Accounts (account.ts): the top bar's account links, signing up, logging in, the account page
# (password, API tokens, deleting the account); and the settings dialog (settings.ts).

## The top bar

account-log-in = Log in
account-sign-up = Sign up
account-log-out = Log out

## Logging in and signing up

account-login-title = Log in
account-login-submit = Log in
account-username = Username
account-password = Password
# Below the login form. $link stands for the link "Sign up" (account-sign-up): keep it where
# the sentence needs it.
account-login-hint = No account? { $link }. Guests can play the engine and invite a friend without one.
account-signup-title = Sign up
account-username-hint = 2 to 20 letters, digits, '_' or '-'. Names are unique whatever their case.
# The password's second field, to type it again.
account-again = Again
account-password-length = At least 8 characters.
account-signup-submit = Create the account
# Shown in the form when the two passwords typed are not the same.
account-passwords-differ = the two passwords differ
# Below the sign-up form. $link stands for the link "Log in" (account-log-in).
account-signup-hint = Have an account? { $link }.

## The account page

account-loading = Loading…
# Below the account's name.
account-member-since = Member since { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }.
account-password-title = Change the password
# The two fields of the password form: the password now, and the new one.
account-password-current = Current
account-password-new = New
account-password-hint = Other browsers logged in to this account are logged out.
account-password-submit = Change
account-password-changed = The password is changed.

## API tokens

account-tokens = API tokens
# 'Authorization: Bearer <token>' is what a program sends: keep it as it is.
account-tokens-hint = A token lets a program act as you through the API (sent as 'Authorization: Bearer <token>'), as lishogi's personal tokens do.
account-no-tokens = No token yet.
# In a token's line, after the token's start and its description.
account-token-no-description = (no description)
account-token-created = created { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-used = last used { DATETIME($date, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric") }
account-token-never-used = never used
account-revoke = Revoke
# $token: the start of the token (koma_1a2b…).
account-revoke-confirm = Revoke the token { $token }? Programs using it stop working.
account-new-token = New token
account-token-placeholder = what it is for (e.g. my bot)
account-create-token = Create a token
account-token-shown = Your new token, shown this once: copy it now.

## Deleting the account

account-delete-title = Delete the account
account-delete-hint = You are logged out everywhere and your tokens stop working. Your games stay, shown with a deleted player; the name stays taken.
account-delete-submit = Delete my account
# $name: the account's name.
account-delete-confirm = Delete the account { $name } for good?
account-delete-yes = Delete
account-deleted = The account is deleted.

## The settings dialog (settings.ts)

settings-title = Settings
settings-pieces = Pieces
settings-pieces-kanji = Kanji (traditional)
settings-pieces-beginner = Beginner: kanji with the moves shown
settings-coords = Coordinates
settings-coords-japanese = Japanese (１-９, 一-九)
settings-coords-western = Western (1-9, a-i)
settings-notation = Move { -notation }
settings-notation-japanese = Japanese (☗７六歩)
settings-notation-western = Western (P-7f)
settings-notation-german = German
settings-close = Close
# The settings dialog: piece sets, the page's colours and the board.
settings-pieces-kanji2 = Two-character kanji (歩兵)
settings-pieces-international = International (letters)
settings-theme = Colours
settings-theme-system = As the system
settings-theme-light = Light
settings-theme-dark = Dark
settings-board = Board
settings-board-kaya = Kaya wood
settings-board-pale = Pale wood
settings-board-dark = Dark wood
settings-board-green = Green
# The settings dialog: premoves (a move chosen while the opponent thinks).
settings-premoves = Premoves
settings-premoves-hint = Choose your next { -move } while your opponent thinks: it is played as soon as it is legal.
# The settings dialog: the game's sounds, their volume, and the byoyomi counted aloud.
settings-sound = Sounds
settings-sound-hint = A click for each { -move }, a tone for { -check }, for low time and at the game's end.
settings-volume = Volume
settings-byoyomi-count = Count { -byoyomi } aloud
settings-byoyomi-count-hint = Your clock's seconds in { -byoyomi }, spoken as a timekeeper does (tones where the browser has no voice for the page's language).
settings-setup = Setting up the pieces
settings-setup-off = All at once
settings-setup-ohashi = One by one, Ōhashi order (大橋流)
settings-setup-ito = One by one, Itō order (伊藤流)
