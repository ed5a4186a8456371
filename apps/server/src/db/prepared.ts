import { Column, sql, type Query, type SQL } from 'drizzle-orm';
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

/** A statement of preparedSql: given a database and its placeholders' values, its rows. */
export type PreparedSql<Row> = ((
  db: Database,
  values: Record<string, unknown>,
) => Promise<Row[]>) & {
  /**
   * Its text and parameters (values, or placeholders by name), for a driver of one's own:
   * the API benchmark's bare reference runs the support search's statement with `pg` alone.
   */
  readonly query: Query;
};

/**
 * A raw statement (`sql` with `sql.placeholder(name)` for its values) prepared under `name`
 * once per database handle, for what the query builder cannot write (a statement that reads
 * and logs in one round trip).
 */
export function preparedSql<Row>(name: string, statement: SQL): PreparedSql<Row> {
  const query = dialect.sqlToQuery(statement);
  const statementFor = prepared((db) => db._.session.prepareQuery(query, undefined, name, false));
  const execute = async (db: Database, values: Record<string, unknown>): Promise<Row[]> =>
    rowsOf<Row>(await statementFor(db).execute(values));
  return Object.assign(execute, { query });
}

/**
 * Columns as a select list, each under its key (`"users"."name" as "name"`): a raw statement's
 * rows then come out in the query builder's shape, without its per-column mapping.
 */
export function aliasedColumns(columns: Record<string, Column>): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * Puts a raw row's `columns` (selected with aliasedColumns) in the query builder's types, in
 * place: PGlite's raw rows carry timestamps as text where node-postgres's carry dates, and
 * both carry numerics as text. Only the columns whose type decodes anything are touched.
 */
export function columnDecoder(columns: Record<string, Column>) {
  const decoded = Object.entries(columns).filter(
    ([, column]) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue,
  );
  return (row: object) => {
    const values = row as Record<string, unknown>;
    for (const [key, column] of decoded) {
      const value = values[key];
      // Text is what a driver leaves undecoded; a date or number it decoded is kept as it is.
      if (typeof value === 'string') values[key] = column.mapFromDriverValue(value);
    }
  };
}
