//! A game's changes as its WebSockets send them: each change's message made once for every
//! spectator, with the moves after those of the change before only, and the last few kept
//! for the sockets that missed some (`ws.rs` sends them).

use std::sync::Arc;

/// A change of a game as its sockets get it: the spectators' state message (made once per
/// change, however many watch) and how many sockets watched when it was made.
#[derive(Clone, Debug, Default)]
pub struct Push {
    /// The change's number: each is one more than the one before.
    pub version: u64,
    /// The spectators' state messages of the last changes, up to [`RECENT_PUSHES`], oldest
    /// first, this change's last: each with the moves after those of the change before only
    /// (see [`crate::view::GameView::moves_from`]). A socket a few changes behind sends
    /// those it missed; one further behind, the whole state.
    pub recent: Arc<[Arc<str>]>,
    /// The sockets subscribed when it was made.
    pub watchers: usize,
}

/// How many changes' messages a push keeps for the sockets that missed some.
pub const RECENT_PUSHES: usize = 16;

impl Push {
    /// The push after `self`: `message` added to the recent ones, the oldest dropped beyond
    /// [`RECENT_PUSHES`].
    pub fn next(&self, message: Arc<str>, watchers: usize) -> Push {
        let skip = (self.recent.len() + 1).saturating_sub(RECENT_PUSHES);
        let recent = self
            .recent
            .iter()
            .skip(skip)
            .cloned()
            .chain([message])
            .collect();
        Push {
            version: self.version + 1,
            recent,
            watchers,
        }
    }

    /// The messages of the changes after `version`, oldest first, if this push still has
    /// every one of them.
    pub fn since(&self, version: u64) -> Option<&[Arc<str>]> {
        let missed = usize::try_from(self.version.checked_sub(version)?).ok()?;
        self.recent.get(self.recent.len().checked_sub(missed)?..)
    }
}

/// The start of a spectator's state message; a player's names his seat instead of null.
pub const SPECTATOR_HEAD: &str = "{\"type\":\"state\",\"seat\":null,";

/// The state message of a spectator's socket for the game's state `game_json`: made once per
/// change and sent as it is to every spectator (thousands may watch one game).
pub fn spectator_state(game_json: &str) -> Arc<str> {
    format!("{SPECTATOR_HEAD}\"game\":{game_json}}}").into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_socket_behind_sends_what_it_missed_while_the_push_keeps_it() {
        let mut push = Push::default();
        for n in 1..=20 {
            push = push.next(Arc::from(n.to_string()), 0);
        }
        assert_eq!(push.version, 20);
        assert_eq!(push.recent.len(), RECENT_PUSHES);
        let texts = |v: u64| {
            push.since(v)
                .map(|m| m.iter().map(|t| t.to_string()).collect::<Vec<_>>())
        };
        assert_eq!(texts(20), Some(vec![]));
        assert_eq!(texts(19), Some(vec!["20".to_string()]));
        assert_eq!(texts(17), Some(vec!["18".into(), "19".into(), "20".into()]));
        assert_eq!(texts(4).map(|m| m.len()), Some(16));
        // Further behind, or ahead: the whole state instead.
        assert_eq!(texts(3), None);
        assert_eq!(texts(21), None);
    }
}
