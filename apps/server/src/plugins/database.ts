import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseTarget } from '#app/config.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { openDatabase } from '#app/db/open.ts';
import { seedDatabase } from '#app/db/seed/seed.ts';
import * as referenceData from '#app/db/seed/reference-data.ts';
import { seedPageContent } from '#app/modules/content/index.ts';
import { seedDefaultLoanProduct } from '#app/modules/loan-products/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseConnection;
  }
}

interface DatabaseOptions {
  target: DatabaseTarget;
  /** An already open connection to use instead (tests); the app closes it all the same. */
  connection?: DatabaseConnection;
}

/** Opens the database, brings its schema up to date, seeds it, and closes it with the app. */
const database: FastifyPluginAsync<DatabaseOptions> = async (
  app,
  { target, connection: given },
) => {
  const connection =
    given ??
    (await openDatabase(target, (error) => {
      app.log.warn({ err: error }, 'database connection lost; the pool will reconnect');
    }));
  app.addHook('onClose', () => connection.close());
  await seedDatabase(connection.db, referenceData, [seedDefaultLoanProduct, seedPageContent]);
  app.decorate('database', connection);
};

export default fp(database, { name: 'database' });
