import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

// The "Adding a context" checklist of docs/architecture.md, checked: a context that misses a required piece,
// exports what its door must not, or names a file outside the naming table fails here, not in review.

const ROOT = join(import.meta.dirname, '..', '..');
const LIBS = join(ROOT, 'libs');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const contexts = readdirSync(LIBS).filter((name) => name !== 'platform' && existsSync(join(LIBS, name, 'src', 'index.ts')));
const srcOf = (context: string) => join(LIBS, context, 'src');
const filesOf = (context: string) => filesUnder(srcOf(context)).map((path) => relative(srcOf(context), path));
/** Contexts that own tables: they have entities, and with them every piece a domain needs. */
const domainContexts = contexts.filter((context) => filesOf(context).some((file) => file.endsWith('.entity.ts')));

const tsconfigPaths = JSON.parse(read('tsconfig.json').replace(/^\s*\/\/.*$/gm, '')).compilerOptions.paths as Record<string, string[]>;
const apiModule = read('apps/api/api.module.ts');
const migrations = filesUnder(join(ROOT, 'migrations')).map((path) => readFileSync(path, 'utf8')).join('\n');
const seed = filesUnder(join(LIBS, 'seed', 'src')).map((path) => readFileSync(path, 'utf8')).join('\n');
const workerModule = read('apps/worker/worker.module.ts');
const pascal = (context: string) => context.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

describe('every context', () => {
  it('applies every committed migration (each file has its line in migrations/index.ts)', () => {
    const index = read('migrations/index.ts');
    const files = readdirSync(join(ROOT, 'migrations')).filter((name) => name !== 'index.ts' && name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(index).toContain(`./${file.replace(/\.ts$/, '.js')}`);
  });

  it('finds the contexts', () => {
    expect(domainContexts).toEqual(expect.arrayContaining(['catalog', 'content', 'customers', 'localization', 'orders']));
  });

  describe.each(contexts)('%s', (context) => {
    it('is reached through its alias, which points at its index.ts only', () => {
      expect(tsconfigPaths[`@platform/${context}`]).toEqual([`./libs/${context}/src/index.ts`]);
    });

    it('opens a door with no entities, presenters or SQL', () => {
      const door = readFileSync(join(srcOf(context), 'index.ts'), 'utf8');
      // Value exports only: a string union declared beside its entity (`export type { OrderStatus }`) is a read type.
      const sources = [...door.matchAll(/^export (?!type )[^;]*from '(\.[^']+)'/gm)].map((match) => match[1]!);
      expect(sources.filter((source) => /\.(entity|presenter|sql)\.js$/.test(source))).toEqual([]);
      expect(sources.filter((source) => source.startsWith('./testing'))).toEqual([]);
    });

    it('names every file after the role it holds (naming table in docs/architecture.md)', () => {
      const misnamed = filesOf(context).filter((file) => {
        const name = basename(file);
        if (/\.types\.ts$|-records\.ts$|-sql\.ts$|\.modules\.ts$/.test(name)) return true; // retired suffixes
        if (file.startsWith('graphql/') && name.endsWith('.inputs.ts')) return true; // GraphQL inputs are .args.ts
        if (name.endsWith('.args.ts') && !file.startsWith('graphql/')) return true;
        if (name.endsWith('.type.ts') && !file.startsWith('graphql/')) return true; // .type.ts is a GraphQL type
        if (name.endsWith('.resolver.ts') && !file.startsWith('graphql/')) return true;
        // Controllers serve REST (rest/) or the pages the platform hosts (pages/, the online_store surface).
        if (name.endsWith('.controller.ts') && !file.startsWith('rest/') && !file.startsWith('pages/')) return true;
        if (/\.(request|serializer)\.ts$/.test(name) && !file.startsWith('rest/')) return true;
        if (name.endsWith('.factory.ts') && !file.startsWith('testing/')) return true;
        if (name.endsWith('.event.ts') && !file.startsWith('events/')) return true;
        if (name.endsWith('.job.ts') && !file.startsWith('jobs/')) return true;
        if (name.endsWith('-api.module.ts') && !/^[a-z-]+-(storefront|admin|rest|pages)-api\.module\.ts$/.test(name)) return true;
        return false;
      });
      expect(misnamed).toEqual([]);
    });

    it('lists each API module of a surface it serves in that surface of apps/api', () => {
      const surfaces = { storefront: 'STOREFRONT_API_MODULES', admin: 'ADMIN_GRAPHQL_MODULES', rest: 'REST_MODULES', pages: 'PAGE_MODULES' } as const;
      for (const [surface, list] of Object.entries(surfaces)) {
        if (!filesOf(context).includes(`${context}-${surface}-api.module.ts`)) continue;
        const listed = new RegExp(`const ${list} = \\[[^\\]]*\\b${pascal(context)}${surface === 'rest' ? 'Rest' : pascal(surface)}ApiModule\\b`);
        expect(apiModule).toMatch(listed);
      }
    });
  });

  describe.each(domainContexts)('%s, which owns tables', (context) => {
    const files = filesOf(context);

    it("is in the worker's modules when it has jobs or event handlers (a worker alone would never run them)", () => {
      const runsWork = filesOf(context).some((file) => !file.endsWith('.spec.ts') && /@(ShopJob|HandlesEvent)\(/.test(readFileSync(join(srcOf(context), file), 'utf8')));
      const jobModules = /const JOB_MODULES = \[([^\]]*)\]/.exec(workerModule)?.[1] ?? '';
      if (runsWork) expect(jobModules.split(',').map((name) => name.trim())).toContain(`${pascal(context)}Module`);
    });

    it('has its module, its service and its error codes', () => {
      expect(files).toContain(`${context}.module.ts`);
      expect(files.some((file) => file.endsWith('.service.ts'))).toBe(true);
      expect(files).toContain(`${context}.errors.ts`);
      expect(readFileSync(join(srcOf(context), `${context}.errors.ts`), 'utf8')).toMatch(/defineErrors\(/);
    });

    it('creates every table of its entities in a committed migration', () => {
      const tables = files
        .filter((file) => file.endsWith('.entity.ts'))
        .flatMap((file) => [...readFileSync(join(srcOf(context), file), 'utf8').matchAll(/tableName: '([a-z_]+)'/g)].map((match) => match[1]!));
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) expect(migrations).toMatch(new RegExp(`create table "?${table}"?`, 'i'));
    });

    it('gives tests factories behind @platform/<context>/testing', () => {
      expect(files).toContain('testing/index.ts');
      expect(files.some((file) => file.startsWith('testing/') && file.endsWith('.factory.ts'))).toBe(true);
      expect(tsconfigPaths[`@platform/${context}/testing`]).toEqual([`./libs/${context}/src/testing/index.ts`]);
    });

    it('has tests in the three tiers: pure rules, integration on Postgres, end to end', () => {
      expect(files.some((file) => file.endsWith('.rules.spec.ts'))).toBe(true);
      expect(filesUnder(join(ROOT, 'test', 'integration', context)).some((file) => file.endsWith('.spec.ts'))).toBe(true);
      const e2e = filesUnder(join(ROOT, 'test', 'e2e')).filter((file) => file.endsWith('.spec.ts'));
      expect(e2e.some((file) => basename(file).startsWith(context))).toBe(true);
    });

    it('is part of the demo shop (the seed imports it)', () => {
      expect(seed).toContain(`'@platform/${context}'`);
    });
  });
});
