//! The studies, written once for both databases.

use crate::sql::{Backend, Db, Numbered, Row, ms_to_sql, unstorable};
use crate::studies::{
    StoredChapter, StoredStudy, StudyMember, StudyRole, StudyStore, StudySummary, Visibility,
};
use crate::{Damage, StoreError, StudyId, UserId};
use sea_query::raw_sql;

/// The tables of studies (schema 17): one row per study, one per chapter (its state as
/// JSON), one per member.
pub(crate) const TABLES: &str = "
CREATE TABLE studies (
    id         TEXT PRIMARY KEY,
    owner      TEXT NOT NULL REFERENCES users(id),
    name       TEXT NOT NULL,
    visibility TEXT NOT NULL,
    version    BIGINT NOT NULL,
    state      TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    at_ms      BIGINT NOT NULL
);
CREATE INDEX studies_by_time ON studies(at_ms);
CREATE INDEX studies_by_owner ON studies(owner);
CREATE TABLE study_chapters (
    study_id TEXT NOT NULL REFERENCES studies(id),
    number   BIGINT NOT NULL,
    state    TEXT NOT NULL,
    PRIMARY KEY (study_id, number)
);
CREATE TABLE study_members (
    study_id TEXT NOT NULL REFERENCES studies(id),
    account  TEXT NOT NULL REFERENCES users(id),
    role     TEXT NOT NULL,
    PRIMARY KEY (study_id, account)
);
CREATE INDEX study_members_by_account ON study_members(account);
";

/// A study's visibility as stored.
fn visibility(row: &Row, i: usize) -> Result<Visibility, StoreError> {
    let text = row.text(i)?;
    Visibility::from_name(&text).ok_or_else(|| {
        Damage::Unknown {
            column: "visibility",
            value: text,
        }
        .into()
    })
}

impl<B: Backend> StudyStore for B {
    fn study(&self, id: &StudyId) -> Result<Option<(StoredStudy, Vec<StoredChapter>)>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        // The study, its members and chapters as of one moment.
        self.snapshot(|db| {
            let Some(row) = db.row(raw_sql!(
                seaql::Numbered::query,
                "SELECT owner, name, visibility, version, state, created_ms, at_ms
                 FROM studies WHERE id = {id}"
            ))?
            else {
                return Ok(None);
            };
            let version = row.int(3)?;
            let mut study = StoredStudy {
                id: id.clone(),
                owner: UserId::from(row.text(0)?),
                name: row.text(1)?,
                visibility: visibility(&row, 2)?,
                version: u64::try_from(version).map_err(|_| Damage::Unknown {
                    column: "version",
                    value: version.to_string(),
                })?,
                members: Vec::new(),
                state: row.text(4)?,
                created_ms: row.ms(5)?,
                at_ms: row.ms(6)?,
            };
            for row in db.rows(raw_sql!(
                seaql::Numbered::query,
                "SELECT account, role FROM study_members WHERE study_id = {id} ORDER BY account"
            ))? {
                let role = row.text(1)?;
                study.members.push(StudyMember {
                    account: UserId::from(row.text(0)?),
                    role: StudyRole::from_name(&role).ok_or(Damage::Unknown {
                        column: "role",
                        value: role,
                    })?,
                });
            }
            let mut chapters = Vec::new();
            for row in db.rows(raw_sql!(
                seaql::Numbered::query,
                "SELECT number, state FROM study_chapters WHERE study_id = {id} ORDER BY number"
            ))? {
                let number = row.int(0)?;
                chapters.push(StoredChapter {
                    number: u32::try_from(number).map_err(|_| Damage::Unknown {
                        column: "number",
                        value: number.to_string(),
                    })?,
                    state: row.text(1)?,
                });
            }
            Ok(Some((study, chapters)))
        })
    }

    fn save_study(
        &self,
        study: &StoredStudy,
        chapters: &[StoredChapter],
        dropped: &[u32],
    ) -> Result<bool, StoreError> {
        if unstorable(&study.id) {
            return Ok(false);
        }
        let id = &study.id;
        let (at, created) = (ms_to_sql(study.at_ms), ms_to_sql(study.created_ms));
        let version = i64::try_from(study.version).unwrap_or(i64::MAX);
        let before = version - 1;
        let visibility = study.visibility.name();
        let head = if study.version <= 1 {
            raw_sql!(
                seaql::Numbered::query,
                "INSERT INTO studies (id, owner, name, visibility, version, state, created_ms, at_ms)
                 VALUES ({id}, {study.owner}, {study.name}, {visibility}, {version},
                         {study.state}, {created}, {at})
                 ON CONFLICT (id) DO NOTHING"
            )
        } else {
            raw_sql!(
                seaql::Numbered::query,
                "UPDATE studies SET name = {study.name}, visibility = {visibility},
                        version = {version}, state = {study.state}, at_ms = {at}
                 WHERE id = {id} AND version = {before}"
            )
        };
        self.transaction(|db| {
            if db.execute(head)? != 1 {
                return Ok(false);
            }
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM study_members WHERE study_id = {id}"
            ))?;
            for member in &study.members {
                let role = member.role.name();
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "INSERT INTO study_members (study_id, account, role)
                     VALUES ({id}, {member.account}, {role})"
                ))?;
            }
            for chapter in chapters {
                let number = i64::from(chapter.number);
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "INSERT INTO study_chapters (study_id, number, state)
                     VALUES ({id}, {number}, {chapter.state})
                     ON CONFLICT (study_id, number) DO UPDATE SET state = excluded.state"
                ))?;
            }
            for &number in dropped {
                let number = i64::from(number);
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "DELETE FROM study_chapters WHERE study_id = {id} AND number = {number}"
                ))?;
            }
            // The other servers on the database hear of it and read the study again.
            self.tell(db, &format!("s {id}"))?;
            Ok(true)
        })
        .map_err(|e| e.refusal(|| format!("study {id}")))
    }

    fn studies_for(
        &self,
        viewer: Option<&UserId>,
        limit: usize,
    ) -> Result<Vec<StudySummary>, StoreError> {
        let viewer = viewer.map(UserId::as_str).unwrap_or("");
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let public = Visibility::Public.name();
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id, owner, name, visibility, at_ms FROM studies
             WHERE visibility = {public} OR owner = {viewer}
                OR id IN (SELECT study_id FROM study_members WHERE account = {viewer})
             ORDER BY at_ms DESC, id LIMIT {limit}"
        );
        self.run(|db| db.rows(q))?
            .iter()
            .map(|row| {
                Ok(StudySummary {
                    id: StudyId::from(row.text(0)?),
                    owner: UserId::from(row.text(1)?),
                    name: row.text(2)?,
                    visibility: visibility(row, 3)?,
                    at_ms: row.ms(4)?,
                })
            })
            .collect()
    }

    fn delete_study(&self, id: &StudyId) -> Result<bool, StoreError> {
        if unstorable(id) {
            return Ok(false);
        }
        self.transaction(|db: &mut dyn Db| {
            for q in [
                raw_sql!(
                    seaql::Numbered::query,
                    "DELETE FROM study_chapters WHERE study_id = {id}"
                ),
                raw_sql!(
                    seaql::Numbered::query,
                    "DELETE FROM study_members WHERE study_id = {id}"
                ),
            ] {
                db.execute(q)?;
            }
            let gone = db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM studies WHERE id = {id}"
            ))? == 1;
            if gone {
                self.tell(db, &format!("s {id}"))?;
            }
            Ok(gone)
        })
    }
}
