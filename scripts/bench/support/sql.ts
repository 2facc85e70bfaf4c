// One SQL statement on its own connection: the bench scripts create and drop their databases
// and fill them with it, outside the app's Prisma client.
import pg from "pg";

export async function sql(connection: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: connection });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}
