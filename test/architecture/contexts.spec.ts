import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import ts from 'typescript';

// The "Adding a context" checklist of docs/architecture.md, checked: a context that misses a required piece,
// exports what its door must not, checks access by hand, has a service method without the request's context or
// names a file outside the naming table fails here, not in review.

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

/** Fails with the rule and each offender on a line of its own, so the message says what to fix and where. */
function expectNoOffenders(rule: string, offenders: readonly string[]): void {
  if (offenders.length > 0) throw new Error(`${rule}:\n${offenders.map((offender) => `  ${offender}`).join('\n')}`);
}

const parse = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
const decoratedWith = (node: ts.HasDecorators, name: string) =>
  (ts.getDecorators(node) ?? []).some((decorator) => ts.isCallExpression(decorator.expression) && decorator.expression.expression.getText() === name);
const hasModifier = (node: ts.HasModifiers, kind: ts.SyntaxKind) => (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);

// ---- ctx first: every public method of a context's service takes the request's context first

/** Nest calls these at start and stop, with no request. */
const LIFECYCLE_HOOKS = ['onModuleInit', 'onApplicationBootstrap', 'onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown'];
/**
 * Methods whose callers have no request and no shop to make one for: the demo shop's service creates the shop a
 * context would name (`npm start` on an empty database, `platform seed`). Jobs and event handlers are not here: they
 * get a context from `SystemContexts.forShop` and pass it on like any caller.
 */
const WITHOUT_A_REQUEST = ['DemoShopService.ensureDemoShop', 'DemoShopService.seedShop'];

/** `Class.method` and its first parameter as written, for each public instance method of the file's @Injectable classes. */
function publicMethods(path: string): { method: string; first: string }[] {
  return parse(path).statements.flatMap((node) => {
    if (!ts.isClassDeclaration(node) || !node.name || !decoratedWith(node, 'Injectable')) return [];
    const className = node.name.text;
    return node.members.flatMap((member) => {
      // `#private` names are not identifiers; private, protected and static methods are no one else's API.
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) return [];
      if ([ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.StaticKeyword].some((kind) => hasModifier(member, kind))) return [];
      const first = member.parameters[0];
      return [{ method: `${className}.${member.name.text}`, first: first ? `${first.name.getText()}: ${first.type?.getText() ?? ''}` : '' }];
    });
  });
}

const mayGoWithoutContext = (method: string) => WITHOUT_A_REQUEST.includes(method) || LIFECYCLE_HOOKS.includes(method.split('.')[1]!);

// ---- the door: what a context's index.ts exports

/** Each export of a context's own files from its index.ts: the file (`./rest/customer.serializer.js`) and whether only types. */
function doorExports(context: string): { source: string; typeOnly: boolean }[] {
  return parse(join(srcOf(context), 'index.ts')).statements.flatMap((node) => {
    if (!ts.isExportDeclaration(node) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) return [];
    const names = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
    const typeOnly = node.isTypeOnly || (names !== undefined && names.every((name) => name.isTypeOnly));
    return [{ source: node.moduleSpecifier.text, typeOnly }];
  });
}

/** Transport shapes and storage a context keeps to itself; only a type declared beside an entity may go out (a read type). */
const KEPT_BEHIND_THE_DOOR = /\.(serializer|request|entity|presenter|sql)\.js$/;

// ---- access: declared, and checked by the platform only

/**
 * Calls of the platform's checks and reads of the caller made to decide (its scopes, its kind) are hand-written access
 * checks. Access is declared instead (`@RequiresScope`, `@RequiresToken`, `@OpenAccess` on a field, route or GraphQL
 * type; a node's registration; `callerMayChange` for what an app made) and the platform checks it. Reading the
 * caller's scopes to show them (a new token's `access_scope`) is not a check.
 */
const HAND_WRITTEN_ACCESS = /\b(requireAccess|accessDenial|callerHasScope|hasScope)\(|\.scopes\.(has|includes)\(|\bcaller\.kind\b/;

/** `file:line` of each line outside libs/platform that checks access by hand (tests excepted: they may build anything). */
function handWrittenAccessChecks(): string[] {
  const sources = [...contexts.flatMap((context) => filesUnder(srcOf(context))), ...filesUnder(join(ROOT, 'apps'))].filter(
    (path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'),
  );
  return sources.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) => (HAND_WRITTEN_ACCESS.test(line) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

// ---- file names: the naming table of docs/architecture.md ("File names")

/** The table's File column: every backquoted pattern (`graphql/<surface>/<thing>.type.ts`), `\|` read as `|`. */
const FILE_PATTERNS = (/### File names\n([\s\S]*?)\n#/.exec(read('docs/architecture.md'))?.[1] ?? '')
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .flatMap((line) => [...(line.split(/(?<!\\)\|/)[2] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/\\\|/g, '|')));

const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';

/**
 * A pattern of the table as a RegExp over a path under src/: `<context>` is the context's name, `<a|b>` one of those,
 * `<surface>` a GraphQL surface (the same one where it recurs), any other `<…>` a kebab-case name. A pattern without
 * a folder names a file in any folder (`storefront/content-storefront.service.ts`).
 */
function patternRegExp(pattern: string, context: string): RegExp {
  let surfaceNamed = false;
  const source = pattern
    .split(/(<[^>]+>)/)
    .map((part) => {
      if (!part.startsWith('<')) return part.replace(/[.*+?^${}()[\]\\]/g, '\\$&');
      const name = part.slice(1, -1);
      if (name === 'context') return context;
      if (name === 'surface') return surfaceNamed ? '\\k<surface>' : ((surfaceNamed = true), '(?<surface>storefront|admin)');
      return name.includes('|') ? `(?:${name})` : KEBAB;
    })
    .join('');
  return new RegExp(pattern.includes('/') ? `^${source}$` : `(?:^|/)${source}$`);
}

/** What follows each pattern's last placeholder: the role suffixes (`.entity.ts`, `-lists.ts`, `-api.module.ts`). */
const ROLE_SUFFIXES = FILE_PATTERNS.filter((pattern) => pattern.includes('>')).map((pattern) => pattern.slice(pattern.lastIndexOf('>') + 1));
/** The roles a file may hold in any folder, spelt with a dash (`-records.ts` for `.records.ts`): the same role misspelt. */
const ROLES_MISSPELT = FILE_PATTERNS.filter((pattern) => !pattern.includes('/') && pattern.includes('>'))
  .map((pattern) => pattern.slice(pattern.lastIndexOf('>') + 1))
  .filter((suffix) => /^\.[a-z]+\.ts$/.test(suffix))
  .map((suffix) => `-${suffix.slice(1)}`);

/**
 * "Anything else is named for what it holds": one kebab-case name and `.ts` (`customer-password.ts`), which neither
 * ends in a role of the table held in another folder (`-lists.ts` outside rest/) nor spells a role with a dash.
 */
function namedForWhatItHolds(file: string): boolean {
  const name = basename(file);
  if (!new RegExp(`^${KEBAB}\\.ts$`).test(name)) return false;
  return ![...ROLE_SUFFIXES.filter((suffix) => suffix.startsWith('-')), ...ROLES_MISSPELT].some((suffix) => name.endsWith(suffix));
}

/** A test is named for the file it tests (`customer.rules.spec.ts`, `content.sql.spec.ts`): its name is checked as that file's. */
const testedFile = (file: string) => file.replace(/\.spec\.ts$/, '.ts');

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

  it('checks access only in the platform: no context or app calls the check or reads the caller to decide', () => {
    expectNoOffenders('Access is declared and the platform checks it (docs/architecture.md, "Adding a context", 5)', handWrittenAccessChecks());
  });

  it('reads the naming table of docs/architecture.md ("File names")', () => {
    expect(FILE_PATTERNS).toEqual(expect.arrayContaining(['index.ts', '<thing>.entity.ts', 'rest/<thing>.serializer.ts', 'rest/<thing>-lists.ts']));
  });

  it('excuses from ctx first only service methods that exist', () => {
    const methods = contexts.flatMap((context) =>
      filesOf(context)
        .filter((file) => file.endsWith('.service.ts'))
        .flatMap((file) => publicMethods(join(srcOf(context), file)).map(({ method }) => method)),
    );
    expectNoOffenders('WITHOUT_A_REQUEST names a method no service has', WITHOUT_A_REQUEST.filter((method) => !methods.includes(method)));
  });

  describe.each(contexts)('%s', (context) => {
    it('is reached through its alias, which points at its index.ts only', () => {
      expect(tsconfigPaths[`@platform/${context}`]).toEqual([`./libs/${context}/src/index.ts`]);
    });

    it('opens a door without serializers, REST requests, entities, presenters, SQL or test data', () => {
      const offenders = doorExports(context)
        .filter(({ source, typeOnly }) => source.startsWith('./testing/') || (KEPT_BEHIND_THE_DOOR.test(source) && !(typeOnly && source.endsWith('.entity.js'))))
        .map(({ source }) => `libs/${context}/src/index.ts exports from ${source}`);
      expectNoOffenders('A door exports modules, services, records, inputs, events and error codes (docs/architecture.md, "Adding a context", 2)', offenders);
    });

    it('takes ctx: RequestContext first in every public method of its services', () => {
      const offenders = filesOf(context)
        .filter((file) => file.endsWith('.service.ts'))
        .flatMap((file) => publicMethods(join(srcOf(context), file)).map((found) => ({ file, ...found })))
        .filter(({ method, first }) => first !== 'ctx: RequestContext' && !mayGoWithoutContext(method))
        .map(({ file, method, first }) => `libs/${context}/src/${file}: ${method}(${first}…)`);
      expectNoOffenders('A service method takes ctx: RequestContext first (docs/architecture.md, "Adding a context", 4)', offenders);
    });

    it('names every file after the role it holds (docs/architecture.md, "File names")', () => {
      const patterns = FILE_PATTERNS.map((pattern) => patternRegExp(pattern, context));
      const misnamed = filesOf(context)
        .filter((file) => !patterns.some((pattern) => pattern.test(testedFile(file))) && !namedForWhatItHolds(testedFile(file)))
        .map((file) => `libs/${context}/src/${file}`);
      expectNoOffenders('A file matches a row of the naming table, or is named for what it holds without a role suffix', misnamed);
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
