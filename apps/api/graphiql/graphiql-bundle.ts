import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the bundle's files are served: each name is hashed, so each URL is cached as immutable. */
export const GRAPHIQL_ASSETS_PATH = '/graphiql/assets/';

/** The GraphiQL bundle `npm run build` makes (scripts/build-graphiql.mjs): the names of its files. */
export interface GraphiqlBundle {
  script: string;
  style: string;
  /** Monaco's worker scripts by the label Monaco asks for. */
  workers: Record<string, string>;
  files: string[];
  /** The files also kept compressed, as `<name>.br` and `<name>.gz`. */
  encoded?: string[];
}

// From the sources (tests) and from dist/ alike: the checkout is the first folder up with a package.json.
function checkoutRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The folder the build writes the bundle to. */
export const GRAPHIQL_BUNDLE_DIR = join(checkoutRoot(), 'dist', 'graphiql');

/** The bundle's manifest, or null when it was not built. */
export async function readGraphiqlBundle(dir = GRAPHIQL_BUNDLE_DIR): Promise<GraphiqlBundle | null> {
  try {
    return JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as GraphiqlBundle;
  } catch {
    return null;
  }
}
