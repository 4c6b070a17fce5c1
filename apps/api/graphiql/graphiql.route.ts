import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GRAPHIQL_ASSETS_PATH, GRAPHIQL_BUNDLE_DIR, type GraphiqlBundle, readGraphiqlBundle } from './graphiql-bundle.js';
import { GRAPHIQL_PAGE_HEADERS, graphiqlPage } from './graphiql.page.js';

// The compressed copies the build keeps of a file, by content coding, best first.
const ENCODINGS: Record<string, string> = { br: '.br', gzip: '.gz' };
const CODINGS = [...Object.keys(ENCODINGS), 'identity'];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
};

/**
 * `GET /graphiql` and its bundle under `/graphiql/assets/`: routes outside the API pipelines (no shop, no token, no
 * version), since the page only runs in the browser and sends its queries to the GraphQL endpoints of its own host.
 * The bundle is read once, on the first request: a process that never serves GraphiQL never reads it.
 */
export function installGraphiql(fastify: FastifyInstance, dir = GRAPHIQL_BUNDLE_DIR): void {
  let bundle: Promise<GraphiqlBundle | null> | undefined;
  const files = new Map<string, Promise<Buffer>>();
  const load = () => (bundle ??= readGraphiqlBundle(dir));

  fastify.get<{ Querystring: { surface?: string; version?: string } }>('/graphiql', async (request, reply) => {
    const found = await load();
    if (!found) return missing(reply);
    return reply.code(200).headers(GRAPHIQL_PAGE_HEADERS).send(graphiqlPage(found, request.query ?? {}));
  });

  fastify.get<{ Params: { name: string } }>(`${GRAPHIQL_ASSETS_PATH}:name`, async (request, reply) => {
    const found = await load();
    const name = request.params.name;
    // Only the bundle's own file names: nothing else on disk can be named.
    if (!found?.files.includes(name)) return reply.code(404).send({ errors: 'Not Found' });
    // A file kept compressed goes in the coding the client prefers among those it accepts (none named: as it is).
    const encodable = found.encoded?.includes(name) === true;
    const coding = encodable ? (negotiate((request.headers['accept-encoding'] ?? 'identity').toLowerCase(), CODINGS) ?? 'identity') : 'identity';
    const file = name + (ENCODINGS[coding] ?? '');
    let body = files.get(file);
    if (!body) files.set(file, (body = readFile(join(dir, file))));
    return reply
      .code(200)
      .headers({
        'content-type': TYPES[extname(name)] ?? 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        ...(encodable ? { vary: 'accept-encoding' } : {}),
        ...(coding !== 'identity' ? { 'content-encoding': coding } : {}),
      })
      .send(await body);
  });
}

function missing(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('content-type', 'text/plain; charset=utf-8')
    .send('GraphiQL is not built: `npm run build` builds it (dist/graphiql).\n');
}
