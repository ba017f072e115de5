# Words of every page: the top bar, the page's title, shared buttons.

page-title = koma · { -shogi }
nav-new-game = New game
nav-lobby = Lobby
nav-tournaments = Tournaments
nav-review = Review a record
nav-studies = Studies

## Shared buttons and words (dom.ts's dialogs and the screens that use them)

# The button that closes a question without doing it (confirm dialogs).
common-cancel = Cancel
# A link back to the home screen.
common-home = Home
# Shown while a screen waits for the server.
common-loading = Loading…
common-log-in = Log in
common-sign-up = Sign up

## main.ts: the page's start and the invitation link

# Shown while an invitation's seat is being taken.
common-joining = Joining the game…
# $error: why the seat could not be taken (the server's refusal, in words of the page).
common-cannot-join = Cannot join: { $error }
# A link to watch a game one could not join.
common-watch-game = Watch the game
# $error: why the page could not start (the server's refusal, in words of the page).
common-cannot-load-variants = Cannot load the variants from the server: { $error }
# The top bar's language picker (its options are each language's own name).
common-language = Language
# After a game's number of moves in a list on a phone ("42 moves").
common-moves-unit = { $count ->
    [one] move
   *[other] moves
}
