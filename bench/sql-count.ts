import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { observeStatements } from '../test/support/sql.js';
import { createBenchApi } from './platform-api.js';
import { type CatalogFacts, SCENARIOS, type SampleRequest, loadRequest, sampleRequest } from './scenarios.js';

export interface SqlCount {
  scenario: string;
  /** Statements per request by page size (or one entry keyed 'any' for unpaged scenarios). */
  statements: Record<string, number>;
  constant: boolean;
}

const PAGE_SIZES = [5, 50];

/**
 * Statements per request, counted as the tests count them (every statement that reaches Postgres, ORM and SQL
 * reader alike). The platform runs in this process for it (not under load).
 */
export async function countStatements(databaseUrl: string, facts: CatalogFacts): Promise<SqlCount[]> {
  let statements = 0;
  const stop = observeStatements(() => statements++);
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const app = await createBenchApi(config, createLogger('warn'), true, 'raised');
  try {
    const fastify = app.getHttpAdapter().getInstance();
    const send = async (request: SampleRequest, refused: boolean) => {
      const res = await fastify.inject({ method: request.method, url: request.path, headers: { ...request.headers, host: 'localhost' }, payload: request.body });
      const answered = res.statusCode < 300 && !res.body.startsWith('{"errors"');
      if (answered === refused) throw new Error(`bench: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    const counted = async (sample: () => SampleRequest, refused: boolean) => {
      await send(sample(), refused); // warms pools and caches, so only the request's own statements count
      statements = 0;
      await send(sample(), refused);
      return statements;
    };
    const counts: SqlCount[] = [];
    // Scenarios that repeat another's request under other load are not counted again.
    for (const scenario of SCENARIOS.filter((s) => s.servers.includes('platform') && !s.alongside)) {
      const refused = loadRequest(scenario, facts).expect === 'refused';
      const sizes = scenario.pageSized ? PAGE_SIZES : [undefined];
      const byPage: Record<string, number> = {};
      // A new sample per request: a write's sample is a new customer each time.
      for (const first of sizes) byPage[first === undefined ? 'any' : `first: ${first}`] = await counted(() => sampleRequest(scenario, facts, first), refused);
      counts.push({ scenario: scenario.id, statements: byPage, constant: new Set(Object.values(byPage)).size === 1 });
    }
    return counts;
  } finally {
    await app.close();
    stop();
  }
}
