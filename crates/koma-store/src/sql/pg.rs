//! The store's queries on PostgreSQL (rust-postgres), their values bound by sea-query's
//! binder, each statement prepared once per connection.

use crate::Damage;
use crate::StoreError;
use crate::sql::{Cell, Db, Query, Row};
use postgres::types::Type;
use postgres::{GenericClient, Statement};
use sea_query_postgres::{PostgresValue, PostgresValues};
use std::collections::HashMap;

/// A PostgreSQL connection, or a transaction on one, with the statements prepared on it.
pub(crate) struct Pg<'a, C: GenericClient> {
    /// The connection or transaction.
    pub(crate) client: &'a mut C,
    /// The statements prepared on the connection, by their text (a preparation outlives the
    /// transaction it was made in).
    pub(crate) prepared: &'a mut HashMap<String, Statement>,
}

impl<C: GenericClient> Pg<'_, C> {
    /// The statement `sql`, prepared on first use.
    fn statement(&mut self, sql: &str) -> Result<Statement, postgres::Error> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        // A row lock is written as a comment, which SQLite reads as nothing: PostgreSQL's
        // statement has the lock itself (made once per statement, cached by the text).
        let text = sql
            .replace("/*FOR SHARE*/", "FOR SHARE")
            .replace("/*FOR UPDATE*/", "FOR UPDATE");
        let statement = self.client.prepare(&text)?;
        self.prepared.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }

    /// The prepared statement and values of `q`.
    fn prepare(&mut self, q: Query) -> Result<(Statement, PostgresValues), StoreError> {
        let (sql, values) = q.into_parts();
        let statement = self.statement(&sql)?;
        Ok((
            statement,
            PostgresValues(values.into_iter().map(PostgresValue).collect()),
        ))
    }
}

/// Cell `i` of `row`, by its column's type.
fn cell(row: &postgres::Row, i: usize) -> Result<Cell, StoreError> {
    let ty = row.columns()[i].type_();
    Ok(match *ty {
        Type::INT8 => row
            .try_get::<_, Option<i64>>(i)?
            .map_or(Cell::Null, Cell::Int),
        Type::INT4 => row
            .try_get::<_, Option<i32>>(i)?
            .map_or(Cell::Null, |n| Cell::Int(n.into())),
        Type::INT2 => row
            .try_get::<_, Option<i16>>(i)?
            .map_or(Cell::Null, |n| Cell::Int(n.into())),
        Type::FLOAT8 => row
            .try_get::<_, Option<f64>>(i)?
            .map_or(Cell::Null, Cell::Real),
        Type::FLOAT4 => row
            .try_get::<_, Option<f32>>(i)?
            .map_or(Cell::Null, |x| Cell::Real(x.into())),
        Type::BOOL => row
            .try_get::<_, Option<bool>>(i)?
            .map_or(Cell::Null, Cell::Bool),
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => row
            .try_get::<_, Option<String>>(i)?
            .map_or(Cell::Null, Cell::Text),
        // pg_notify's result, and whatever else is only selected to be counted.
        Type::VOID => Cell::Null,
        ref other => {
            return Err(Damage::ColumnType {
                column: row.columns()[i].name().to_string(),
                kind: other.to_string(),
            }
            .into());
        }
    })
}

impl<C: GenericClient> Db for Pg<'_, C> {
    fn execute(&mut self, q: Query) -> Result<u64, StoreError> {
        let (statement, values) = self.prepare(q)?;
        Ok(self.client.execute(&statement, &values.as_params())?)
    }

    fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.client.batch_execute(sql)?)
    }

    fn rows(&mut self, q: Query) -> Result<Vec<Row>, StoreError> {
        let (statement, values) = self.prepare(q)?;
        self.client
            .query(&statement, &values.as_params())?
            .iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| cell(row, i))
                    .collect::<Result<_, _>>()
                    .map(Row)
            })
            .collect()
    }
}
