// Synchronous module hooks (`module.registerHooks`) that let Node run the TypeScript sources as they are (the tests
// import them directly): a `.ts` file is transpiled by swc with tsconfig.json's semantics (legacy decorators with
// metadata, no define semantics), a relative `./x.js` finds `./x.ts`, and `@platform/…` resolves by tsconfig.json's
// `paths`.
import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from '@swc/core';
import ts from 'typescript';

const ROOT = resolvePath(dirname(fileURLToPath(import.meta.url)), '../..');
const TSCONFIG = resolvePath(ROOT, 'tsconfig.json');
const tsconfig = ts.parseConfigFileTextToJson(TSCONFIG, readFileSync(TSCONFIG, 'utf8')).config;
const ALIASES = new Map(Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => [name, pathToFileURL(resolvePath(ROOT, target)).href]));

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2023',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export function resolve(specifier, context, nextResolve) {
  const alias = ALIASES.get(specifier);
  if (alias) return { url: alias, shortCircuit: true };
  if (specifier.endsWith('.js') && (specifier.startsWith('./') || specifier.startsWith('../')) && isTypeScript(context.parentURL)) {
    try {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    } catch {
      // A real .js file beside the sources (plain JS helpers).
    }
  }
  return nextResolve(specifier, context);
}

export function load(url, context, nextLoad) {
  if (!isTypeScript(url)) return nextLoad(url, context);
  const filename = fileURLToPath(url.split('?')[0]);
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
  return { format: 'module', source: code, shortCircuit: true };
}

// A test file is imported with a query (`spec.ts?123`) so that each run of it is a module of its own.
function isTypeScript(url) {
  return url !== undefined && url.startsWith('file:') && url.split('?')[0].endsWith('.ts');
}
