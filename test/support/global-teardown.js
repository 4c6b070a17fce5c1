import pg from 'pg';

// Drops this run's clones a crashed file left behind (the migrated template stays for the next run),
// then stops the embedded Postgres.
export default async function globalTeardown() {
  const serverUrl = process.env.PLATFORM_TEST_SERVER_URL;
  if (serverUrl) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `platform_test_${process.env.PLATFORM_TEST_RUN}_%`,
      ]);
      for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
  await globalThis.__PLATFORM_TEST_PG__?.stop();
}
