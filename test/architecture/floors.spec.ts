import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The floors of docs/architecture.md ("Floors"), measured from the code's imports: platform at the bottom, the kernel
// of shared concepts on it, contexts side by side on at most three floors, the apps and tools on top. The docs' table
// must be what the code is, so a new import that stacks a context higher fails here with the table to change.

const ROOT = join(import.meta.dirname, '..', '..');
const LIBS = join(ROOT, 'libs');

/** Concepts every context shares, below them all: they import only platform and each other. */
const KERNEL = ['localization', 'media', 'metafields'];
/** Libraries of the apps (the demo data every context fills): above every context, as the apps are. */
const TOOLS = ['seed'];
const MAX_CONTEXT_FLOORS = 3;

function sourcesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourcesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const parts = readdirSync(LIBS).filter((name) => name !== 'platform' && existsSync(join(LIBS, name, 'src', 'index.ts')));

/** The other parts of libs/ (not platform) a part imports, type-only imports included. */
function importsOf(part: string): string[] {
  const found = new Set<string>();
  for (const file of sourcesUnder(join(LIBS, part, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from '@platform\/([a-z-]+)(?:\/testing)?'/g)) {
      if (parts.includes(match[1]!) && match[1] !== part) found.add(match[1]!);
    }
  }
  return [...found].sort();
}

const imports = new Map(parts.map((part) => [part, importsOf(part)]));
const contexts = parts.filter((part) => !KERNEL.includes(part) && !TOOLS.includes(part));

/** A context's floor: 1 on the kernel, else one above the highest context it imports. */
function floorOf(context: string, seen: string[] = []): number {
  if (seen.includes(context)) throw new Error(`import cycle: ${[...seen, context].join(' → ')}`);
  const below = imports.get(context)!.filter((part) => contexts.includes(part));
  return 1 + Math.max(0, ...below.map((part) => floorOf(part, [...seen, context])));
}

/** The docs' table: `| <floor> | <part>, <part> |` rows under "## Floors". */
function documentedFloors(): Map<string, string[]> {
  const docs = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Floors'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('|')));
  const rows = table.split('\n').filter((line) => /^\| (contexts \d|kernel) \|/.test(line));
  return new Map(rows.map((row) => {
    const [floor, members] = row.split('|').slice(1, 3).map((cell) => cell.trim());
    return [floor!, members!.split(',').map((m) => m.trim().replace(/`/g, '')).sort()];
  }));
}

describe('floors', () => {
  it('keeps the kernel below every context: it imports only platform and the kernel', () => {
    expect(KERNEL.filter((part) => !parts.includes(part))).toEqual([]);
    for (const part of KERNEL) {
      expect({ part, imports: (imports.get(part) ?? []).filter((p) => !KERNEL.includes(p)) }).toEqual({ part, imports: [] });
    }
  });

  it(`stands the contexts on at most ${MAX_CONTEXT_FLOORS} floors`, () => {
    const tooHigh = contexts.filter((context) => floorOf(context) > MAX_CONTEXT_FLOORS);
    expect(tooHigh).toEqual([]);
  });

  it('is the table of docs/architecture.md', () => {
    const measured = new Map<string, string[]>([['kernel', [...KERNEL].sort()]]);
    for (const context of contexts) {
      const floor = `contexts ${floorOf(context)}`;
      measured.set(floor, [...(measured.get(floor) ?? []), context].sort());
    }
    expect(Object.fromEntries(documentedFloors())).toEqual(Object.fromEntries(measured));
  });

  it('keeps the tools above the contexts: no context imports them', () => {
    for (const context of [...contexts, ...KERNEL]) {
      expect({ context, tools: (imports.get(context) ?? []).filter((p) => TOOLS.includes(p)) }).toEqual({ context, tools: [] });
    }
  });
});
