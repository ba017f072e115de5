//! The store's queries on SQLite (rusqlite), their values bound by sea-query's binder.

use crate::StoreError;
use crate::sql::{Cell, Db, Query, Row};
use rusqlite::types::ValueRef;
use sea_query_rusqlite::{RusqliteValue, RusqliteValues};

/// A SQLite connection (or a transaction on it: rusqlite's derefs to its connection) that
/// runs the store's queries, each statement prepared once and kept.
pub(crate) struct Lite<'a>(pub(crate) &'a rusqlite::Connection);

/// The text of `q` in SQLite's words and its values as rusqlite binds them: each numbered
/// placeholder `$n` (the renderer's, [`crate::sql::Numbered`]) becomes SQLite's `?n`, so
/// the values bind by their numbers as on PostgreSQL. (SQLite would also take `$1`, but as
/// a name, numbered by where it first appears.) No query of the store has a `$` elsewhere.
fn values(q: Query) -> (String, RusqliteValues) {
    let (sql, values) = q.into_parts();
    let mut text = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        let numbered = c == '$' && chars.peek().is_some_and(char::is_ascii_digit);
        text.push(if numbered { '?' } else { c });
    }
    (
        text,
        RusqliteValues(values.into_iter().map(RusqliteValue).collect()),
    )
}

/// A row as cells.
fn cells(row: &rusqlite::Row<'_>, columns: usize) -> rusqlite::Result<Row> {
    (0..columns)
        .map(|i| {
            Ok(match row.get_ref(i)? {
                ValueRef::Null => Cell::Null,
                ValueRef::Integer(n) => Cell::Int(n),
                ValueRef::Real(x) => Cell::Real(x),
                ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                ValueRef::Blob(b) => Cell::Text(String::from_utf8_lossy(b).into_owned()),
            })
        })
        .collect::<rusqlite::Result<_>>()
        .map(Row)
}

impl Db for Lite<'_> {
    fn execute(&mut self, q: Query) -> Result<u64, StoreError> {
        let (sql, values) = values(q);
        let changed = self.0.prepare_cached(&sql)?.execute(&*values.as_params())?;
        Ok(changed as u64)
    }

    fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.0.execute_batch(sql)?)
    }

    fn rows(&mut self, q: Query) -> Result<Vec<Row>, StoreError> {
        let (sql, values) = values(q);
        let mut statement = self.0.prepare_cached(&sql)?;
        let columns = statement.column_count();
        let mut rows = statement.query(&*values.as_params())?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(cells(row, columns)?);
        }
        Ok(out)
    }
}
