import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, findBreakingChanges } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { servedSchema, versionedSdl } from '@platform/graphql';
import { SUPPORTED_VERSIONS } from '@platform/versioning';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Every supported version's schema, as SDL, is a file under schema/<surface>/<version>.graphql: the code's schema must
// be the file (`npm run schema:update` writes them), and a version may only add to the one before it.

const SURFACES = { storefront: 'storefront', admin: 'admin_graphql' } as const;
const UPDATE = process.env.UPDATE_SCHEMA === '1';
const fileOf = (surface: string, version: string) => join('schema', surface, `${version}.graphql`);

describe('the schemas as files', () => {
  let t: TestApp;
  const sdl = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const fastify = t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    for (const [name, surface] of Object.entries(SURFACES)) {
      for (const version of SUPPORTED_VERSIONS) sdl.set(fileOf(name, version), versionedSdl(servedSchema(fastify, surface), surface, version));
    }
    if (UPDATE) {
      for (const [file, text] of sdl) {
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, text);
      }
    }
  });
  afterAll(() => t?.close());

  it.each(Object.keys(SURFACES))("commits every supported version's %s SDL as the code builds it (npm run schema:update writes them)", (surface) => {
    const differ = SUPPORTED_VERSIONS.filter((version) => {
      const file = fileOf(surface, version);
      return !existsSync(file) || readFileSync(file, 'utf8') !== sdl.get(file);
    });
    expect({ surface, differ }).toEqual({ surface, differ: [] });
    // No file of a version no longer served.
    expect(readdirSync(join('schema', surface)).sort()).toEqual(SUPPORTED_VERSIONS.map((version) => `${version}.graphql`).sort());
  });

  it.each(Object.keys(SURFACES))('changes the %s schema only by adding, from one version to the next', (surface) => {
    const breaking: string[] = [];
    for (let i = 1; i < SUPPORTED_VERSIONS.length; i++) {
      const [before, after] = [SUPPORTED_VERSIONS[i - 1]!, SUPPORTED_VERSIONS[i]!];
      const changes = findBreakingChanges(buildSchema(sdl.get(fileOf(surface, before))!), buildSchema(sdl.get(fileOf(surface, after))!));
      breaking.push(...changes.map((change) => `${before} → ${after}: ${change.type}: ${change.description}`));
    }
    expect(breaking).toEqual([]);
  });

  it('leaves out of each version what it does not have: @inContext(buyer:) before 2024-07, UNLISTED before 2025-10, @defer outside unstable', () => {
    const storefront = (version: string) => sdl.get(fileOf('storefront', version))!;
    const admin = (version: string) => sdl.get(fileOf('admin', version))!;
    expect(storefront('2024-04')).not.toMatch(/\bbuyer: BuyerInput\b/);
    expect(storefront('2024-07')).toMatch(/\bbuyer: BuyerInput\b/);
    expect(storefront('2024-04')).not.toMatch(/^input BuyerInput\b/m);
    expect(admin('2025-07')).not.toMatch(/^\s+UNLISTED$/m);
    expect(admin('2025-10')).toMatch(/^\s+UNLISTED$/m);
    expect(storefront('2026-10')).not.toMatch(/^directive @defer\b/m);
    expect(storefront('unstable')).toMatch(/^directive @defer\b/m);
  });
});
