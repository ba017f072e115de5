//! The engine's searches of positions, written once for both databases.

use crate::analysis::{AnalysisStore, StoredAnalysis};
use crate::sql::{Backend, Numbered, count_to_sql, ms_to_sql, unstorable};
use crate::{Damage, StoreError};
use koma_rules::GameKind;
use sea_query::raw_sql;

/// The table of searches (schema 15): one row per position, its lines as JSON.
pub(crate) const TABLES: &str = "
CREATE TABLE analyses (
    variant  TEXT NOT NULL,
    position TEXT NOT NULL,
    depth    BIGINT NOT NULL,
    multipv  BIGINT NOT NULL,
    lines    TEXT NOT NULL,
    at_ms    BIGINT NOT NULL,
    PRIMARY KEY (variant, position)
);
CREATE INDEX analyses_by_age ON analyses(at_ms);
";

impl<B: Backend> AnalysisStore for B {
    fn analysis(
        &self,
        variant: GameKind,
        position: &str,
    ) -> Result<Option<StoredAnalysis>, StoreError> {
        if unstorable(position) {
            return Ok(None);
        }
        let name = variant.name();
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT depth, multipv, lines, at_ms FROM analyses
             WHERE variant = {name} AND position = {position}"
        );
        let Some(row) = self.run(|db| db.row(q))? else {
            return Ok(None);
        };
        let number = |i: usize, column: &'static str| -> Result<u32, StoreError> {
            let n = row.int(i)?;
            u32::try_from(n).map_err(|_| {
                Damage::Unknown {
                    column,
                    value: n.to_string(),
                }
                .into()
            })
        };
        let json = |source| Damage::Json {
            what: "analysis",
            id: position.to_string(),
            source,
        };
        let lines = serde_json::from_str(&row.text(2)?).map_err(json)?;
        Ok(Some(StoredAnalysis {
            variant,
            position: position.to_string(),
            depth: number(0, "depth")?,
            multipv: number(1, "multipv")?,
            lines,
            at_ms: row.ms(3)?,
        }))
    }

    fn keep_analysis(&self, a: &StoredAnalysis) -> Result<(), StoreError> {
        if unstorable(&a.position) {
            return Ok(());
        }
        let (name, at) = (a.variant.name(), ms_to_sql(a.at_ms));
        let (depth, multipv) = (i64::from(a.depth), i64::from(a.multipv));
        let lines = serde_json::to_string(&a.lines).map_err(|source| Damage::Json {
            what: "analysis",
            id: a.position.clone(),
            source,
        })?;
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO analyses (variant, position, depth, multipv, lines, at_ms)
             VALUES ({name}, {a.position}, {depth}, {multipv}, {lines}, {at})
             ON CONFLICT (variant, position) DO UPDATE
                SET depth = excluded.depth, multipv = excluded.multipv,
                    lines = excluded.lines, at_ms = excluded.at_ms
             WHERE excluded.depth > analyses.depth
                OR (excluded.depth = analyses.depth AND excluded.multipv >= analyses.multipv)"
        );
        self.run(|db| db.execute(q))?;
        Ok(())
    }

    fn forget_analyses(&self, keep: usize) -> Result<(), StoreError> {
        let keep = count_to_sql(keep);
        let q = raw_sql!(
            seaql::Numbered::query,
            "DELETE FROM analyses WHERE at_ms <= (SELECT at_ms FROM analyses
                ORDER BY at_ms DESC LIMIT 1 OFFSET {keep})"
        );
        self.run(|db| db.execute(q))?;
        Ok(())
    }
}
