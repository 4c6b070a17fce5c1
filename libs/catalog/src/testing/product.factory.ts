import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import type { NewProduct } from '../catalog.inputs.js';
import type { ImportedProduct } from '../catalog.records.js';
import { CatalogImportService } from '../admin/catalog-import.service.js';
import { InventoryService } from '../inventory/inventory.service.js';

/** What a test says about the product it needs; give `options` and `variants` together (variants name option values). */
export type ProductTraits = Partial<NewProduct>;

let made = 0;

/**
 * A product of ctx's shop written by the catalog's own import: by default two options (Size S/M, Color Red),
 * two variants with SKUs, stock and a compare-at price, and two images.
 */
export async function createProduct(ctx: RequestContext, traits: ProductTraits = {}): Promise<ImportedProduct> {
  const number = ++made;
  // Numbered before the await: a factory called several times at once still makes distinct handles.
  const sql = await SqlPool.onOrm(ctx.em);
  const imports = new CatalogImportService(sql, new InventoryService(sql));
  const [product] = await imports.importProducts(ctx, [
    {
      handle: `factory-product-${number}`,
      title: `Factory product ${number}`,
      descriptionHtml: `<p>The <strong>factory</strong> product number ${number}.</p>`,
      vendor: 'Factory',
      productType: 'Shirts',
      tags: ['factory'],
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red'] },
      ],
      variants: [
        { sku: `FACTORY-${number}-S`, price: '10.00', compareAtPrice: '12.00', options: ['S', 'Red'], inventoryQuantity: 5 },
        { sku: `FACTORY-${number}-M`, price: '11.00', options: ['M', 'Red'], inventoryQuantity: 0 },
      ],
      images: [1, 2].map((n) => ({ src: `https://picsum.photos/seed/factory-${number}-${n}/800/800`, alt: `Factory product ${number}`, width: 800, height: 800 })),
      ...traits,
    },
  ]);
  return product!;
}
