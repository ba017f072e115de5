//! What a server does when another one sharing its database made or answered a challenge
//! (the store's [`koma_store::Note::Challenge`]): it tells the accounts' event streams
//! and the challenge's keep-alive stream that are open here.

use super::challenges::{Challenge, ending_of};
use crate::hub::Hub;
use koma_store::ChallengeId;

impl Hub {
    /// Another server made (`created`) or answered challenge `id` between `challenger`
    /// and `dest`: its keep-alive stream here hears the answer, the accounts' streams here
    /// the events, its row read from the store.
    pub(crate) async fn challenge_note(
        &self,
        id: &ChallengeId,
        status: &str,
        challenger: &str,
        dest: &str,
    ) {
        if let Some(how) = ending_of(status) {
            self.challenges().end(id, how);
        }
        let events = self.events();
        if !["created", "declined", "canceled"].contains(&status)
            || ![challenger, dest].iter().any(|u| events.listens(u))
        {
            return;
        }
        let key = id.clone();
        let challenge = match self.blocking(move |s| s.challenge(&key)).await {
            Ok(Some(row)) => Challenge::of_row(&row).map(|c| (c, row.reason)),
            Ok(None) => return,
            Err(e) => Err(e),
        };
        let (challenge, reason) = match challenge {
            Ok(found) => found,
            Err(e) => {
                eprintln!("koma serve: challenge {id}: reading it: {e}");
                return;
            }
        };
        match status {
            "created" => challenge.tell_both(events, |side| challenge.created_event(side)),
            "declined" => {
                let reason = reason.as_deref().unwrap_or("generic");
                challenge.tell_both(events, |side| challenge.declined_event(reason, side));
            }
            _ => challenge.tell_both(events, |side| challenge.canceled_event(side)),
        }
    }
}
