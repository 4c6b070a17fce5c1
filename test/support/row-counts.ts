import pg from 'pg';

/** Counts the rows of every table of a test database, in one statement: a refused write must change none. */
export class RowCounter {
  private statement: string | undefined;

  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<RowCounter> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return new RowCounter(client);
  }

  async counts(): Promise<Record<string, number>> {
    this.statement ??= await this.countStatement();
    const { rows } = await this.client.query<Record<string, number>>(this.statement);
    return rows[0]!;
  }

  close(): Promise<void> {
    return this.client.end();
  }

  private async countStatement(): Promise<string> {
    const { rows } = await this.client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'mikro_orm%' order by 1",
    );
    return `select ${rows.map(({ name }) => `(select count(*) from "${name}")::int as "${name}"`).join(', ')}`;
  }
}

/** The tables whose counts differ between two snapshots, as `table: before → after`. */
export function changedCounts(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(before)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
