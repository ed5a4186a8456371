import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, uniquely named database on the PostgreSQL server at `serverUrl`: empty, or a copy of
 * the database at `templateUrl` on that server (which nobody may be connected to meanwhile).
 */
export async function createScratchDatabase(serverUrl: string, templateUrl?: string) {
  const name = `sesxi_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template =
    templateUrl === undefined ? '' : ` template "${new URL(templateUrl).pathname.slice(1)}"`;
  await onServer(serverUrl, `create database "${name}"${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
