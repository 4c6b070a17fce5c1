// Bundles the GraphiQL that GET /graphiql serves (apps/api/graphiql/browser) with React and Monaco's workers into
// dist/graphiql/, names hashed so they are cached as immutable, and a manifest.json the page reads them from.
// Part of `npm run build`; skipped when the bundle is newer than its inputs, since every CLI command builds first.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const OUT = 'dist/graphiql';
const MANIFEST = join(OUT, 'manifest.json');
const SOURCE = 'apps/api/graphiql/browser';
const INPUTS = [SOURCE, 'scripts/build-graphiql.mjs', 'package-lock.json'];
// Monaco asks for a worker by label (MonacoEnvironment.getWorker); any other label gets the editor's own.
const WORKERS = {
  editorWorkerService: 'node_modules/monaco-editor/esm/vs/editor/editor.worker.js',
  json: 'node_modules/monaco-editor/esm/vs/language/json/json.worker.js',
  graphql: 'node_modules/monaco-graphql/esm/graphql.worker.js',
};

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

if (existsSync(MANIFEST) && statSync(MANIFEST).mtimeMs >= Math.max(...INPUTS.map(newest))) process.exit(0);

const common = {
  bundle: true,
  minify: true,
  target: 'es2022',
  outdir: OUT,
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file' },
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
};

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const workers = await build({ ...common, format: 'iife', entryPoints: Object.entries(WORKERS).map(([label, path]) => ({ in: path, out: `${label}.worker` })) });
const app = await build({ ...common, format: 'esm', entryPoints: [{ in: join(SOURCE, 'graphiql-app.js'), out: 'graphiql' }] });

const outputs = (result) => Object.entries(result.metafile.outputs).map(([path, output]) => ({ name: relative(OUT, path), entry: output.entryPoint }));
const built = [...outputs(workers), ...outputs(app)];
const nameOf = (entry) => built.find((o) => o.entry === entry)?.name;
// Each file also compressed, brotli and gzip, once here: served as asked by Accept-Encoding, the 5 MB of scripts
// travel as a quarter of their 7 MB. Only where it pays (a tenth smaller at least).
const encoded = [];
for (const { name } of built) {
  const bytes = await readFile(join(OUT, name));
  const br = await promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  if (bytes.length < 1024 || br.length > bytes.length * 0.9) continue;
  await writeFile(join(OUT, `${name}.br`), br);
  await writeFile(join(OUT, `${name}.gz`), await promisify(gzip)(bytes, { level: 9 }));
  encoded.push(name);
}

const manifest = {
  script: nameOf(join(SOURCE, 'graphiql-app.js')),
  style: built.find((o) => o.name.startsWith('graphiql-') && o.name.endsWith('.css'))?.name,
  workers: Object.fromEntries(Object.entries(WORKERS).map(([label, path]) => [label, nameOf(path)])),
  files: built.map((o) => o.name),
  encoded,
};
await writeFile(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
