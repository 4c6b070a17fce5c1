import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { observeStatements } from '../test/support/sql.js';
import { createBenchApi } from './platform-api.js';
import { type CatalogFacts, SCENARIOS, STOREFRONT_PATH, loadRequest } from './scenarios.js';

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
    const send = async (payload: string, headers: Record<string, string>, refused: boolean) => {
      const res = await fastify.inject({ method: 'POST', url: STOREFRONT_PATH, headers: { ...headers, host: 'localhost' }, payload });
      const answered = res.statusCode === 200 && !res.body.startsWith('{"errors"');
      if (answered === refused) throw new Error(`bench: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    const counted = async (payload: string, headers: Record<string, string>, refused: boolean) => {
      await send(payload, headers, refused); // warms pools and caches, so only the request's own statements count
      statements = 0;
      await send(payload, headers, refused);
      return statements;
    };
    const counts: SqlCount[] = [];
    // Scenarios that repeat another's request under other load are not counted again.
    for (const scenario of SCENARIOS.filter((s) => s.servers.includes('platform') && !s.alongside)) {
      const request = loadRequest(scenario, facts);
      const headers = { ...request.headers, ...request.bodyHeaders?.[0] };
      const sizes = scenario.pageSized ? PAGE_SIZES : [undefined];
      const byPage: Record<string, number> = {};
      for (const first of sizes) byPage[first === undefined ? 'any' : `first: ${first}`] = await counted(scenario.body(facts, first), headers, request.expect === 'refused');
      counts.push({ scenario: scenario.id, statements: byPage, constant: new Set(Object.values(byPage)).size === 1 });
    }
    return counts;
  } finally {
    await app.close();
    stop();
  }
}
