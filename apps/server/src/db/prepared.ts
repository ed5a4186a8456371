import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from './database.ts';

/**
 * A statement built once per database handle and prepared there under `name`: a hot path's
 * SQL is neither rebuilt nor planned again per request (node-postgres keeps a named statement
 * per connection). Transactions get their own, built on first use.
 */
export function prepared<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const built = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (`sql` with `sql.placeholder(name)` for its values) prepared under `name`
 * once per database handle, for what the query builder cannot write (a statement that reads
 * and logs in one round trip); `execute` answers the rows.
 */
export function preparedSql<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const statementFor = prepared((db) => db._.session.prepareQuery(query, undefined, name, false));
  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> =>
    rowsOf<Row>(await statementFor(db).execute(values));
}
