import { CatalogImportService, CatalogModule, CatalogService, CatalogStorefrontService } from '@platform/catalog';
import { createCollection, createProduct } from '@platform/catalog/testing';
import { pageRequest } from '@platform/paging';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// Imports write through CatalogImportService (the admin writes' rules, in bulk); what they wrote is read back the way the storefront reads it.
describe('catalog imports on Postgres', () => {
  let t: ContextTestModule;
  let catalog: CatalogService;
  let imports: CatalogImportService;
  let reads: CatalogStorefrontService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  const ctxOf = (shop: ShopSnapshot) => t.ctxOf(shop);
  const first = (size: number) => pageRequest({ first: size });

  beforeAll(async () => {
    t = await createContextTestModule([CatalogModule], [CatalogStorefrontService]);
    catalog = t.moduleRef.get(CatalogService);
    imports = t.moduleRef.get(CatalogImportService);
    reads = t.moduleRef.get(CatalogStorefrontService);
    shopA = await t.createShop('catalog-a');
    shopB = await t.createShop('catalog-b');
  });

  afterAll(() => t?.close());

  it('writes a product with its options, variants and images, and the aggregates storefront reads use', async () => {
    const created = await createProduct(ctxOf(shopA), { title: 'Linen shirt' });
    expect(created.variants).toHaveLength(2);
    const ctx = ctxOf(shopA);
    expect(await reads.product(ctx, created.id)).toMatchObject({
      handle: created.handle,
      title: 'Linen shirt',
      minPrice: '10.00',
      maxPrice: '11.00',
      minCompareAtPrice: '12.00',
      availableForSale: true,
      totalInventory: 5,
    });
    expect((await reads.options(ctx, created.id)).map((o) => [o.name, o.values])).toEqual([
      ['Size', ['S', 'M']],
      ['Color', ['Red']],
    ]);
    const variants = await reads.variants(ctx, created.id, first(10), 'full');
    expect(variants.items.map((v) => [v.record.title, v.record.sku, v.record.availableForSale])).toEqual([
      ['S / Red', created.variants[0]!.sku, true],
      ['M / Red', created.variants[1]!.sku, false],
    ]);
    expect((await reads.images(ctx, created.id, first(10))).items).toHaveLength(2);
  });

  it('places products in a collection in the order given, after the products it holds', async () => {
    const [one, two, three] = [await createProduct(ctxOf(shopA)), await createProduct(ctxOf(shopA)), await createProduct(ctxOf(shopA))];
    const collection = await createCollection(ctxOf(shopA), { productIds: [two.id, one.id] });
    await createProduct(ctxOf(shopA), { collectionIds: [collection.id], handle: 'joins-later', title: 'Joins later', options: [], variants: [{ price: '3.00', options: [] }] });
    const page = await reads.productsOfCollection(ctxOf(shopA), collection.id, first(10), 'COLLECTION_DEFAULT', 'card');
    expect(page.items.map((i) => i.record.handle)).toEqual([two.handle, one.handle, 'joins-later']);
    expect(page.items.map((i) => i.record.id)).not.toContain(three.id);
  });

  it("refuses another shop's collections and products, and a handle twice in one shop", async () => {
    const collectionOfA = await createCollection(ctxOf(shopA));
    const productOfA = await createProduct(ctxOf(shopA));
    const product = { handle: 'intruder', title: 'Intruder', options: [], variants: [{ price: '1.00', options: [] }] };
    await expect(imports.importProducts(ctxOf(shopB), [{ ...product, collectionIds: [collectionOfA.id] }])).rejects.toMatchObject({
      kind: 'UNPROCESSABLE',
      code: 'NOT_FOUND',
      field: 'collectionIds',
    });
    await expect(imports.importCollections(ctxOf(shopB), [{ handle: 'stolen', title: 'Stolen', productIds: [productOfA.id] }])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'productIds',
    });
    await imports.importProducts(ctxOf(shopB), [product]);
    await expect(imports.importProducts(ctxOf(shopB), [product])).rejects.toMatchObject({ code: 'TAKEN', field: 'handle' });
    // The same handle in another shop is another product.
    await expect(imports.importProducts(ctxOf(shopA), [product])).resolves.toHaveLength(1);
  });

  it('finds variants by SKU in the shop only', async () => {
    const ofA = await createProduct(ctxOf(shopA), { options: [], variants: [{ sku: 'SHARED-SKU', price: '5.00', options: [] }] });
    const ofB = await createProduct(ctxOf(shopB), { options: [], variants: [{ sku: 'SHARED-SKU', price: '6.00', options: [] }] });
    expect(await catalog.findVariantsBySku(ctxOf(shopA), ['SHARED-SKU', 'NO-SUCH-SKU'])).toEqual([{ id: ofA.variants[0]!.id, productId: ofA.id, sku: 'SHARED-SKU' }]);
    expect(await catalog.findVariantsBySku(ctxOf(shopB), ['SHARED-SKU'])).toEqual([{ id: ofB.variants[0]!.id, productId: ofB.id, sku: 'SHARED-SKU' }]);
  });
});
