import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import type { NewCollection } from '../catalog.inputs.js';
import type { ImportedCollection } from '../catalog.records.js';
import { CatalogImportService } from '../admin/catalog-import.service.js';
import { InventoryService } from '../inventory/inventory.service.js';

/** What a test says about the collection it needs; `productIds` are placed in the given order. */
export type CollectionTraits = Partial<NewCollection>;

let made = 0;

/** A collection of ctx's shop (empty unless given `productIds`) written by the catalog's own import. */
export async function createCollection(ctx: RequestContext, traits: CollectionTraits = {}): Promise<ImportedCollection> {
  const number = ++made;
  // Numbered before the await: a factory called several times at once still makes distinct handles.
  const sql = await SqlPool.onOrm(ctx.em);
  const imports = new CatalogImportService(sql, new InventoryService(sql));
  const [collection] = await imports.importCollections(ctx, [
    { handle: `factory-collection-${number}`, title: `Factory collection ${number}`, descriptionHtml: `<p>Collection ${number}.</p>`, ...traits },
  ]);
  return collection!;
}
