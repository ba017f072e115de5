# The server's refusals, by their code: `error-CODE` (api.ts `errorText`). `$detail` is the
# server's own English text, for the cases where it names what is wrong.
#
# Every code the server can send has its message here. The list comes from apps/koma-server/src:
#   error.rs                 ApiError::code (the codes of the enums below come through it)
#   players.rs               SeatRefusal::code
#   lobby/seek.rs            LobbyRefusal::code
#   analysis.rs              AnalysisRefusal::code
#   rooms/mod.rs             RoomRefusal::code
#   tournaments/refusal.rs   Refusal::code
#   studies/mod.rs           StudyRefusal::code
#   http/connections.rs      Refused::response (too_many, connections_full: a connection refused
#                            before it is read)
# They go out through http/error.rs `ApiError::to_json` (HTTP), http/sockets.rs `error_message`
# (the sockets' `{"type":"error","code":...}`) and http/lishogi/mod.rs `Refusal` (lishogi's
# API: ApiError::code with lishogi's text). To check the list again:
#   grep -rn 'fn code(\|"code"' apps/koma-server/src
#
# Two are the page's own: error-other (a refusal without a code, or with one this catalog does
# not know: the server's text as it is) and error-unreachable (no answer from the server).

error-other = { $detail }
error-unreachable = Cannot reach the server ({ $detail })

## error.rs: ApiError::code

# $detail names what could not be read (the JSON reader's words).
error-malformed_request = The request could not be read: { $detail }
error-not_json = The request was not sent as JSON.
# $detail says what was asked too often and when to try again.
error-rate_limited = You are going too fast: { $detail }
error-missing_token = Only a player of this game can do this.
# $detail names the unknown name and what it should name (a variant, a format...), with the known ones.
error-unknown_name = The server does not know this name: { $detail }
# $detail names the field and what is wrong with its value.
error-invalid_value = A value is not valid: { $detail }
# $detail says which fields do not go together.
error-conflicting_fields = The request asks for things that do not go together: { $detail }
# $detail says what is wrong with the position.
error-invalid_position = The { -position } is not valid: { $detail }
# $detail names the move and why it cannot be read.
error-unreadable_move = The { -move } cannot be read: { $detail }
error-not_in_chu = Not available in Chu shogi games yet ({ $detail })
error-no_offer = There is no offer to answer.
error-nothing_to_take_back = You have no { -move } to take back.
error-rated_game = Takebacks are for casual games: this game is rated.
error-draw_declined = The engine does not accept a { -draw }: it plays on.
# $detail names the move and the rule it breaks.
error-illegal_move = Illegal move: { $detail }
# $detail names the format, the line (and column) and what is wrong there.
error-unreadable_record = The { -kifu } cannot be read: { $detail }
error-unrecognised_record = The text is in no record format koma reads (KIF, KI2, CSA, JKF, USI, SFEN, a move list such as 1. P-7f P-3d): choose its format.
# $detail says what the format cannot hold.
error-unwritable_record = The { -kifu } cannot be written in this format: { $detail }
# $detail says how large it is and the most accepted.
error-too_large = This is more than the server accepts: { $detail }
error-wrong_invitation = This is not the game's invitation.
error-no_seat = You hold no seat in this game: only its players can do this.
error-not_your_turn = It is not your turn.
# $detail names what was asked for (a game, a review, a tournament) and its id.
error-not_found = Not found: { $detail }
error-seats_taken = The invitation has been used: both seats are taken.
error-expired = The invitation expired: the game was aborted.
error-aborted = The game was aborted: there is no game to play again.
error-not_started = The other player has not joined yet.
error-game_over = The game is over.
error-game_not_over = The game is not over: a rematch follows its end.
error-tournament_game = A { -tournament } game has no rematch: the { -tournament } pairs its players.
error-too_late_to_abort = Both sides have moved: the game can no longer be aborted ({ -resign } instead).
# $detail says why not now (the opponent is connected, it is your move...).
error-cannot_claim = You cannot claim the win now: { $detail }
error-not_arena_game = Only the games of an arena { -tournament } can be berserked.
# $detail says what the game refuses (an impasse that is none, the clock...).
error-refused = The game refuses this now: { $detail }
# $detail says what is wrong with the name.
error-invalid_username = This username cannot be used: { $detail }
# $detail says how long the password is and how long it must be.
error-invalid_password = The password is not accepted: { $detail }
# $detail says why the password is easy to guess, and what would be better.
error-weak_password = Choose a password harder to guess: { $detail }
error-username_taken = This username is taken.
error-bad_credentials = Wrong username or password.
error-unauthorized = You need to log in for this.
error-wrong_password = The password is wrong.
error-cross_site = Refused: the request came from another site.
# $detail says what these credentials may not do.
error-forbidden = This is not allowed: { $detail }
# $detail names the node of the tree and what is wrong with it.
error-invalid_tree = These moves cannot make a { -kifu }: { $detail }
error-queue_full = Too many reviews are waiting: try again later.
error-engine_games_full = The server plays as many games against the engine as it can: try again later.
error-engine_busy = The engine is busy: try again in a moment.
# $detail names the limit reached (games against the engine, reviews, streams, challenges, connections).
error-too_many = You have reached a limit: { $detail }
error-streams_full = The server has as many connections as it takes: try again later.
error-body_timeout = The request took too long to arrive: try again.
error-shutting_down = The server is stopping: try again in a moment.
error-storage_unavailable = The server cannot reach its storage now: try again.
error-storage_failed = The server could not read or save this.
error-internal = Something went wrong on the server.

## players.rs: SeatRefusal::code (also lobby/seek.rs and tournaments/refusal.rs: login_required)

error-login_required = You need an account for this: log in (or sign up) first.
error-rated_against_engine = A game against the engine cannot be rated: play it casual.
error-rated_from_position = A rated game starts from the { -starting-position }: { -handicap } games are unrated.
error-rated_without_clock = A rated game needs a { -clock }: choose a { -time-control }.
error-own_game = You created this game: one player cannot take both seats.

## lobby/seek.rs: LobbyRefusal::code

error-no_such_seek = This seek is no longer open: it was taken, cancelled or expired.
error-own_seek = This is your own seek: another player must accept it.
error-not_your_seek = This seek is another player's: only its poster can cancel it.
# $detail names your rating and the seek's range.
error-out_of_rating_range = Your { -rating } is outside this seek's range: { $detail }
# $detail names the range given.
error-bad_rating_range = The { -rating } range is not valid: { $detail }
error-quick_without_clock = Quick pairing needs a { -time-control } with a { -clock } (e.g. 3m+2s or 10m+30s).
error-lobby_full = The lobby is full: try again later.

## analysis.rs: AnalysisRefusal::code (also invalid_value, above)

error-analysis_running = An analysis of yours is running: ask again when it has answered.

## rooms/mod.rs: RoomRefusal::code

# $detail says which change the tree cannot take, and why (also a study's chapter).
error-invalid_review = This change cannot be made: { $detail }
error-not_your_board = Only the players, and whom they hand the { -board } to, move it.
error-players_only = Only the game's players can turn the engine on or hand the { -board } over.
# $detail names the person.
error-not_in_room = This person is not in the room with an account: { $detail }
error-room_busy = The room changed meanwhile: try again.

## tournaments/refusal.rs: Refusal::code (also login_required, not_found, invalid_value, above)

# $detail names the director.
error-not_director = Only the { -tournament }'s director may do this: { $detail }
# $detail names the tournament's stage and what cannot be done then.
error-wrong_state = Not possible at this stage of the { -tournament }: { $detail }
# $detail names the player.
error-already_entered = Entered in the { -tournament } already: { $detail }
# $detail names the player, and whether he withdrew.
error-not_entered = Not entered in the { -tournament }: { $detail }
# $detail names the round and its boards without a result.
error-round_unfinished = The { -round } is not finished: { $detail }
# $detail says why the field cannot be paired.
error-pairing_failed = The { -round } cannot be paired: { $detail }
# $detail says what is missing for the export.
error-export_failed = The { -tournament } cannot be exported as it stands: { $detail }
error-busy = Others are changing the { -tournament } at this moment: try again.

## studies/mod.rs: StudyRefusal::code (also invalid_review, above)

error-study_not_found = This study does not exist, or you may not see it.
error-chapter_not_found = The study has no such chapter.
error-not_study_editor = Only the study's owner and its editors can change it.
error-not_study_owner = Only the study's owner can do this.
# $detail names the limit (chapters or members).
error-study_full = The study is full: { $detail }
# $detail says what is wrong (a name, a visibility, a role, a member...).
error-invalid_study = The study cannot take this: { $detail }
error-not_leading = Only the lesson's leader moves everyone's { -board }.
error-study_busy = The study changed meanwhile: try again.

## http/connections.rs: Refused::response (also too_many, above)

error-connections_full = The server has as many connections open as it takes: try again later.
