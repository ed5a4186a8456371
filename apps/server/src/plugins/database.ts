import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseTarget } from '#app/config/paths.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { openDatabase } from '#app/db/open.ts';
import { seedDatabase, type ModuleSeed } from '#app/db/seed/seed.ts';
import * as referenceData from '#app/db/seed/reference-data.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseConnection;
  }
}

interface DatabaseOptions {
  target: DatabaseTarget;
  /** An already open connection to use instead (tests); the app closes it all the same. */
  connection?: DatabaseConnection;
  /** The modules' own seeds (app.ts names them), run after the reference data. */
  seeds: readonly ModuleSeed[];
}

/** Opens the database, brings its schema up to date, seeds it, and closes it with the app. */
const database: FastifyPluginAsync<DatabaseOptions> = async (
  app,
  { target, connection: given, seeds },
) => {
  const connection =
    given ??
    (await openDatabase(target, (error) => {
      app.log.warn({ err: error }, 'database connection lost; the pool will reconnect');
    }));
  app.addHook('onClose', () => connection.close());
  await seedDatabase(connection.db, referenceData, seeds);
  app.decorate('database', connection);
};

export default fp(database, { name: 'database' });
