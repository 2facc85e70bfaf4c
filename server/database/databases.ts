// Creating and dropping whole databases on a server: scratch databases for new migrations,
// one database per test worker.
import pg from "pg";

export function withDatabaseName(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: withDatabaseName(url, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function recreateDatabase(serverUrl: string, name: string, template?: string) {
  await onServer(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${quote(name)}${template ? ` TEMPLATE ${quote(template)}` : ""}`);
  });
  return withDatabaseName(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`));
}
