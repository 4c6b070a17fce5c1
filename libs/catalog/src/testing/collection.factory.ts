import type { RequestContext } from '@platform/request';
import type { NewCollection } from '../catalog.inputs.js';
import type { ImportedCollection } from '../catalog.records.js';
import { CatalogService } from '../catalog.service.js';

/** What a test says about the collection it needs; `productIds` are placed in the given order. */
export type CollectionTraits = Partial<NewCollection>;

let made = 0;

/** A collection of ctx's shop (empty unless given `productIds`) written by the catalog's own import. */
export async function createCollection(ctx: RequestContext, traits: CollectionTraits = {}): Promise<ImportedCollection> {
  made += 1;
  const [collection] = await new CatalogService().importCollections(ctx, [
    { handle: `factory-collection-${made}`, title: `Factory collection ${made}`, descriptionHtml: `<p>Collection ${made}.</p>`, ...traits },
  ]);
  return collection!;
}
