import { loadConfig } from '@platform/config';
import { CACHE_FILL } from '@platform/database';
import { createLogger } from '@platform/logging';
import { observeStatements } from '../test/support/sql.js';
import type { Journey } from './load-plan.js';
import { createBenchApi } from './platform-api.js';
import { type CatalogFacts, SCENARIOS, type SampleRequest, type Scenario, loadRequest, sampleRequest } from './scenarios.js';

export interface SqlCount {
  scenario: string;
  /** Statements per request by page size (or one entry keyed 'any' for unpaged scenarios). */
  statements: Record<string, number>;
  constant: boolean;
  /** The texts of the last counted request's statements, cache fills left out (the raw limit is checked against scenario 1's). */
  texts?: string[];
}

const PAGE_SIZES = [5, 50];

/**
 * Statements per request, counted as the tests count them (every statement that reaches Postgres, ORM and SQL
 * reader alike). The platform runs in this process for it (not under load).
 */
export async function countStatements(databaseUrl: string, facts: CatalogFacts, scenarios: Scenario[] = SCENARIOS): Promise<SqlCount[]> {
  let statements = 0;
  let texts: string[] = [];
  const stop = observeStatements((text) => {
    statements++;
    if (!text.startsWith(CACHE_FILL)) texts.push(text);
  });
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
      texts = [];
      await send(sample(), refused);
      return statements;
    };
    // A journey's steps each counted on its second walk (the first warms up), the cart id taken from the first answer.
    const journeyStatements = async (journey: Journey, sample: SampleRequest) => {
      const byStep: Record<string, number> = {};
      for (let walk = 0; walk < 2; walk++) {
        let captured = '';
        for (const [i, body] of journey.bodies.entries()) {
          const request = { ...sample, body: i === 0 ? body : body.replaceAll(journey.placeholder, captured) };
          statements = 0;
          const res = await fastify.inject({ method: request.method, url: request.path, headers: { ...request.headers, host: 'localhost' }, payload: request.body });
          if (res.statusCode >= 300 || res.body.startsWith('{"errors"') || res.body.includes('"userErrors":[{')) throw new Error(`bench: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (i === 0) captured = new RegExp(journey.capture).exec(res.body)?.[1] ?? '';
          if (walk === 1) byStep[journey.steps[i]!] = statements;
        }
      }
      return byStep;
    };
    const counts: SqlCount[] = [];
    // Scenarios that repeat another's request under other load are not counted again.
    for (const scenario of scenarios.filter((s) => s.servers.includes('platform') && !s.alongside)) {
      const journey = loadRequest(scenario, facts).journey;
      if (journey) {
        counts.push({ scenario: scenario.id, statements: await journeyStatements(journey, sampleRequest(scenario, facts)), constant: true });
        continue;
      }
      const refused = loadRequest(scenario, facts).expect === 'refused';
      const sizes = scenario.pageSized ? PAGE_SIZES : [undefined];
      const byPage: Record<string, number> = {};
      // A new sample per request: a write's sample is a new customer each time.
      for (const first of sizes) byPage[first === undefined ? 'any' : `first: ${first}`] = await counted(() => sampleRequest(scenario, facts, first), refused);
      counts.push({ scenario: scenario.id, statements: byPage, constant: new Set(Object.values(byPage)).size === 1, texts: [...texts] });
    }
    return counts;
  } finally {
    await app.close();
    stop();
  }
}
