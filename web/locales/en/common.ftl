# Words of every page: the top bar, the page's title, shared buttons.

page-title = koma · { -shogi }
nav-new-game = New game
nav-lobby = Lobby
nav-tournaments = Tournaments
nav-review = Review a record
nav-studies = Studies
