import { createHash } from 'node:crypto';
import { createCollection, createProduct } from '@platform/catalog/testing';
import { CompaniesModule } from '@platform/companies';
import { createCompany } from '@platform/companies/testing';
import { ContentModule } from '@platform/content';
import { createBlog, createPage } from '@platform/content/testing';
import { CustomersModule } from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import { MetafieldOwnerRegistry, type MetafieldToSet, MetafieldsService } from '@platform/metafields';
import { OrdersModule } from '@platform/orders';
import { createOrder } from '@platform/orders/testing';
import type { RequestContext } from '@platform/request';
import { ShopModule } from '@platform/shop';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { sqlDuring } from '../../support/sql.js';

const gid = (type: string, id: number) => `gid://platform/${type}/${id}`;
const text = (ownerId: string, key: string, value = `value of ${key}`): MetafieldToSet => ({ ownerId, namespace: 'custom', key, type: 'single_line_text_field', value });

// The metafields context on Postgres with every owner registered by its own context: the registry, metafieldsSet and
// metafieldsDelete's use cases (owners found in the shop, all or nothing, compare-and-set) and their statements.
describe('metafields on Postgres', () => {
  let t: ContextTestModule;
  let metafields: MetafieldsService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let ctxA: RequestContext;
  const count = async () => (await ctxA.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from metafields'))[0]!.n;

  beforeAll(async () => {
    t = await createContextTestModule([ShopModule, ContentModule, CustomersModule, OrdersModule, CompaniesModule]);
    // The owners register themselves when their modules start.
    await t.moduleRef.init();
    metafields = t.moduleRef.get(MetafieldsService);
    shopA = await t.createShop('metafields-a');
    shopB = await t.createShop('metafields-b');
    ctxA = t.ctxOf(shopA);
  });
  afterAll(() => t?.close());

  it('knows each owner its context registered, with the scopes that read and write it', () => {
    const owners = t.moduleRef.get(MetafieldOwnerRegistry);
    const registered = ['PRODUCT', 'PRODUCTVARIANT', 'COLLECTION', 'SHOP', 'PAGE', 'BLOG', 'ARTICLE', 'CUSTOMER', 'ORDER', 'COMPANY'] as const;
    expect(
      Object.fromEntries(registered.map((ownerType) => {
        const owner = owners.of(ownerType)!;
        return [ownerType, [owner.type, owner.read ?? null, owner.write ?? null, owner.storefront]];
      })),
    ).toEqual({
      PRODUCT: ['Product', 'read_products', 'write_products', true],
      PRODUCTVARIANT: ['ProductVariant', 'read_products', 'write_products', true],
      COLLECTION: ['Collection', 'read_products', 'write_products', true],
      SHOP: ['Shop', null, null, true],
      PAGE: ['Page', 'read_content', 'write_content', true],
      BLOG: ['Blog', 'read_content', 'write_content', true],
      ARTICLE: ['Article', 'read_content', 'write_content', true],
      CUSTOMER: ['Customer', 'read_customers', 'write_customers', false],
      ORDER: ['Order', 'read_orders', 'write_orders', false],
      COMPANY: ['Company', 'read_customers', 'write_customers', false],
    });
    expect(owners.of('MARKET')).toBeUndefined();
    expect(owners.ownerOf('gid://platform/Customer/12')).toMatchObject({ owner: { ownerType: 'CUSTOMER' }, id: 12 });
    for (const id of ['gid://platform/Metafield/1', 'gid://platform/Customer/0', 'gid://platform/Customer/x', 'Customer/1', '']) expect(owners.ownerOf(id)).toBeNull();
    expect(owners.writeScopes([gid('Order', 1), gid('Shop', 1), gid('Menu', 1)])).toEqual(['write_orders', undefined, undefined]);
  });

  it('sets metafields of every kind of owner in one call, in the order given, each owner checked in one statement per type', async () => {
    const product = await createProduct(ctxA);
    const collection = await createCollection(ctxA);
    const customer = await createCustomer(ctxA);
    const order = await createOrder(ctxA);
    const company = await createCompany(ctxA);
    const page = await createPage(ctxA);
    const blog = await createBlog(ctxA);
    const inputs = [
      text(gid('Product', product.id), 'pr'),
      text(gid('ProductVariant', product.variants[0]!.id), 'va'),
      text(gid('Collection', collection.id), 'cl'),
      text(gid('Customer', customer.id), 'cu'),
      text(gid('Order', order.id), 'or'),
      text(gid('Company', company.id), 'co'),
      text(gid('Page', page.id), 'pg'),
      text(gid('Blog', blog.id), 'bl'),
      text(gid('Shop', shopA.id), 'sh'),
      text(gid('Product', product.id), 'p2'),
    ];
    const { result, statements } = await sqlDuring(() => metafields.set(t.ctxOf(shopA), inputs));
    expect(result.problems).toEqual([]);
    expect(result.metafields!.map((m) => [m.ownerType, m.ownerId, m.key])).toEqual([
      ['PRODUCT', product.id, 'pr'],
      ['PRODUCTVARIANT', product.variants[0]!.id, 'va'],
      ['COLLECTION', collection.id, 'cl'],
      ['CUSTOMER', customer.id, 'cu'],
      ['ORDER', order.id, 'or'],
      ['COMPANY', company.id, 'co'],
      ['PAGE', page.id, 'pg'],
      ['BLOG', blog.id, 'bl'],
      ['SHOP', shopA.id, 'sh'],
      ['PRODUCT', product.id, 'p2'],
    ]);
    const ids = result.metafields!.map((m) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // One existence check per owner type (the shop needs none) and one write.
    const sql = statements.filter((s) => !/^(begin|commit|savepoint|release)/i.test(s.trim()));
    expect(sql.filter((s) => /for key share/.test(s))).toHaveLength(8);
    expect(sql.filter((s) => /insert into metafields/.test(s))).toHaveLength(1);
  });

  it('sets again idempotently: the same rows, updated_at kept while nothing changes', async () => {
    const product = await createProduct(ctxA);
    const input = [text(gid('Product', product.id), 'again', 'same')];
    const [first] = (await metafields.set(t.ctxOf(shopA), input)).metafields!;
    const [second] = (await metafields.set(t.ctxOf(shopA), input)).metafields!;
    expect(second).toEqual(first);
    const [changed] = (await metafields.set(t.ctxOf(shopA), [{ ...input[0]!, value: 'other' }])).metafields!;
    expect(changed).toMatchObject({ id: first!.id, value: 'other' });
    expect(changed!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
  });

  it("answers another shop's owner as an unknown one and writes nothing of the call", async () => {
    const mine = await createProduct(ctxA);
    const theirs = await createProduct(t.ctxOf(shopB));
    const before = await count();
    const result = await metafields.set(t.ctxOf(shopA), [text(gid('Product', mine.id), 'ok'), text(gid('Product', theirs.id), 'leak'), text(gid('Shop', shopB.id), 'leak')]);
    expect(result).toEqual({
      metafields: null,
      problems: [
        expect.objectContaining({ code: 'OWNER_NOT_FOUND', field: 'metafields[1].ownerId', message: 'Owner does not exist.' }),
        expect.objectContaining({ code: 'OWNER_NOT_FOUND', field: 'metafields[2].ownerId', message: 'Owner does not exist.' }),
      ],
    });
    expect(await count()).toBe(before);
  });

  it('checks every input before writing any: one bad metafield writes nothing', async () => {
    const product = await createProduct(ctxA);
    const before = await count();
    const owner = gid('Product', product.id);
    const result = await metafields.set(t.ctxOf(shopA), [
      text(owner, 'fine'),
      { ownerId: owner, namespace: 'custom', key: 'n', type: 'number_integer', value: '1.5' },
      { ownerId: owner, key: 'no_namespace', type: 'single_line_text_field', value: 'x' },
      { ownerId: owner, namespace: 'custom', key: 'no_type', value: 'x' },
      text(owner, 'fine'),
      { ...text(owner, 'digest'), compareDigest: 'not a digest' },
      text(gid('Menu', 1), 'menu'),
    ]);
    expect(result.metafields).toBeNull();
    expect(result.problems.map((p) => [p.field, p.code])).toEqual([
      ['metafields[1].key', 'TOO_SHORT'],
      ['metafields[1].value', 'INVALID_VALUE'],
      // A system caller has no app, so no reserved namespace.
      ['metafields[2].namespace', 'BLANK'],
      ['metafields[3].type', 'BLANK'],
      ['metafields[4].key', 'TAKEN'],
      ['metafields[5].compareDigest', 'INVALID_COMPARE_DIGEST'],
      ['metafields[6].ownerId', 'OWNER_NOT_FOUND'],
    ]);
    expect(await count()).toBe(before);
    const tooMany = await metafields.set(t.ctxOf(shopA), Array.from({ length: 26 }, (_, i) => text(owner, `k${i}`)));
    expect(tooMany.problems).toEqual([expect.objectContaining({ code: 'LESS_THAN_OR_EQUAL_TO', field: 'metafields' })]);
    expect(await count()).toBe(before);
  });

  it('sets with a compareDigest only while the metafield holds what was read; null only while it does not exist', async () => {
    const customer = await createCustomer(ctxA);
    const owner = gid('Customer', customer.id);
    const digestOf = (type: string, value: string) => metafieldDigestFor(type, value);
    expect((await metafields.set(t.ctxOf(shopA), [{ ...text(owner, 'cas', 'one'), compareDigest: null }])).problems).toEqual([]);
    const stale = await metafields.set(t.ctxOf(shopA), [{ ...text(owner, 'cas', 'two'), compareDigest: null }]);
    expect(stale.problems).toEqual([expect.objectContaining({ code: 'STALE_OBJECT', field: 'metafields[0].compareDigest' })]);
    const wrong = await metafields.set(t.ctxOf(shopA), [text(owner, 'other', 'x'), { ...text(owner, 'cas', 'two'), compareDigest: digestOf('single_line_text_field', 'two') }]);
    expect(wrong.problems).toEqual([expect.objectContaining({ code: 'STALE_OBJECT', field: 'metafields[1].compareDigest' })]);
    const right = await metafields.set(t.ctxOf(shopA), [{ ...text(owner, 'cas', 'two'), compareDigest: digestOf('single_line_text_field', 'one') }]);
    expect(right.problems).toEqual([]);
    expect(right.metafields![0]!.value).toBe('two');
    // The refused calls wrote nothing, not even their valid metafields.
    expect(await metafields.metafieldOfOwner(t.ctxOf(shopA), 'CUSTOMER', customer.id, 'custom', 'other')).toBeNull();
  });

  it('deletes by owner, namespace and key in one statement; a missing or foreign one answers false', async () => {
    const product = await createProduct(ctxA);
    const theirs = await createProduct(t.ctxOf(shopB));
    await metafields.set(t.ctxOf(shopA), [text(gid('Product', product.id), 'gone'), text(gid('Product', product.id), 'kept')]);
    await metafields.set(t.ctxOf(shopB), [text(gid('Product', theirs.id), 'gone')]);
    const { result, statements } = await sqlDuring(() =>
      metafields.delete(t.ctxOf(shopA), [
        { ownerId: gid('Product', product.id), namespace: 'custom', key: 'gone' },
        { ownerId: gid('Product', product.id), namespace: 'custom', key: 'never' },
        { ownerId: gid('Product', theirs.id), namespace: 'custom', key: 'gone' },
      ]),
    );
    expect(result).toEqual({ deleted: [true, false, false], problems: [] });
    expect(statements.filter((s) => /metafields/.test(s))).toHaveLength(1);
    expect(await metafields.metafieldOfOwner(t.ctxOf(shopA), 'PRODUCT', product.id, 'custom', 'kept')).not.toBeNull();
    expect(await metafields.metafieldOfOwner(t.ctxOf(shopB), 'PRODUCT', theirs.id, 'custom', 'gone')).not.toBeNull();
    const refused = await metafields.delete(t.ctxOf(shopA), [
      { ownerId: gid('Product', product.id), namespace: 'custom', key: 'kept' },
      { ownerId: 'gid://platform/Menu/1', namespace: 'custom', key: 'kept' },
    ]);
    expect(refused).toEqual({ deleted: null, problems: [expect.objectContaining({ code: 'OWNER_NOT_FOUND', field: 'metafields[1].ownerId' })] });
    expect(await metafields.metafieldOfOwner(t.ctxOf(shopA), 'PRODUCT', product.id, 'custom', 'kept')).not.toBeNull();
  });

  it("shows the storefront's node only metafields of owners the storefront may show", async () => {
    const customer = await createCustomer(ctxA);
    const product = await createProduct(ctxA);
    const [privateOne, publicOne] = (await metafields.set(t.ctxOf(shopA), [text(gid('Customer', customer.id), 'secret'), text(gid('Product', product.id), 'public')])).metafields!;
    expect(await metafields.storefrontMetafield(t.ctxOf(shopA), privateOne!.id)).toBeNull();
    expect(await metafields.storefrontMetafield(t.ctxOf(shopA), publicOne!.id)).toMatchObject({ key: 'public' });
    expect(await metafields.storefrontMetafield(t.ctxOf(shopB), publicOne!.id)).toBeNull();
  });
});

// The digest the admin Metafield shows: SHA-256 of type and value (metafield.rules.ts), computed here as a client would not need to.
function metafieldDigestFor(type: string, value: string): string {
  return createHash('sha256').update(`${type}\n${value}`, 'utf8').digest('hex');
}
