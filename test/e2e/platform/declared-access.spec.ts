import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { isObjectType } from 'graphql';
import { declaredAccess, servedSchema } from '@platform/graphql';
import { ACCESS_KEY } from '@platform/request';
import { ADMIN_REST_PREFIX } from '@platform/rest';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery, storefrontQuery } from '../../support/http.js';

// Every root field, mutation and REST route declares what it asks of its caller (@RequiresScope,
// @RequiresToken or @OpenAccess); the surface enforces it. A new one without a declaration fails here.
describe('declared access', () => {
  let t: TestApp;
  let acme: TestShop;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createShop('acme');
  });
  afterAll(() => t.close());

  const fastify = () => t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;

  it.each(['storefront', 'admin_graphql'] as const)('declares access on every root field and mutation of the %s schema', (surface) => {
    const schema = servedSchema(fastify(), surface);
    const undeclared: string[] = [];
    for (const root of [schema.getQueryType(), schema.getMutationType()]) {
      if (!root || !isObjectType(root)) continue;
      for (const field of Object.values(root.getFields())) if (!declaredAccess(field)) undeclared.push(`${root.name}.${field.name}`);
    }
    expect(undeclared).toEqual([]);
  });

  it("declares a scope that the id's type decides only on the registry mutations (tags, metafields), which check it themselves", () => {
    const byType: string[] = [];
    for (const surface of ['storefront', 'admin_graphql'] as const) {
      const schema = servedSchema(fastify(), surface);
      for (const root of [schema.getQueryType(), schema.getMutationType()]) {
        if (!root || !isObjectType(root)) continue;
        for (const field of Object.values(root.getFields())) if (declaredAccess(field)?.scopeOf) byType.push(`${surface} ${root.name}.${field.name}(${declaredAccess(field)!.scopeOf})`);
      }
    }
    expect(byType.sort()).toEqual([
      'admin_graphql Mutation.metafieldsDelete(metafields)',
      'admin_graphql Mutation.metafieldsSet(metafields)',
      'admin_graphql Mutation.tagsAdd(id)',
      'admin_graphql Mutation.tagsRemove(id)',
    ]);
  });

  it('declares access on every admin REST route', () => {
    const discovery = new DiscoveryService(t.app.get(ModulesContainer));
    const scanner = new MetadataScanner();
    const undeclared: string[] = [];
    let routes = 0;
    for (const wrapper of discovery.getControllers()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type || Reflect.getMetadata(PATH_METADATA, type) !== ADMIN_REST_PREFIX) continue;
      for (const name of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name] as object;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        routes++;
        if (Reflect.getMetadata(ACCESS_KEY, handler) === undefined && Reflect.getMetadata(ACCESS_KEY, type) === undefined) undeclared.push(`${type.name}.${name}`);
      }
    }
    expect(routes).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });

  it('enforces a declared scope on a field, leaving the rest of the query answering', async () => {
    const listingsOnly = await t.createShopApp(acme, 'unauthenticated_read_product_listings');
    const res = await storefrontQuery(t.app, acme.host, '{ shop { name } collection(handle: "all") { id } }', { 'x-platform-storefront-access-token': listingsOnly });
    expect(res.body.data).toEqual({ shop: { name: 'Acme' }, collection: null });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ path: ['collection'], extensions: { code: 'ACCESS_DENIED', requiredAccess: 'unauthenticated_read_collection_listings' } }),
    ]);
  });

  it('asks the same of node(id:) as of the type\'s own root field', async () => {
    const listingsOnly = await t.createShopApp(acme, 'unauthenticated_read_collection_listings');
    const res = await storefrontQuery(t.app, acme.host, '{ node(id: "gid://platform/Product/1") { id } }', { 'x-platform-storefront-access-token': listingsOnly });
    expect(res.body.errors).toEqual([expect.objectContaining({ path: ['node'], extensions: { code: 'ACCESS_DENIED', requiredAccess: 'unauthenticated_read_product_listings' } })]);
  });

  it('opens shop to every admitted caller on both surfaces', async () => {
    expect((await storefrontQuery(t.app, acme.host, '{ shop { name } }')).body).toEqual({ data: { shop: { name: 'Acme' } } });
    expect((await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ shop { name } }')).body.data).toEqual({ shop: { name: 'Acme' } });
  });
});
