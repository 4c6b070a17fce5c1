import { MAX_INPUT_ARRAY_SIZE, MAX_TITLE_LENGTH } from '@platform/errors';
import { type CatalogError, CatalogErrors } from '../catalog.errors.js';
import { handleField, handleFromTitle, textField } from './catalog-text.rules.js';
import { type OwnedMetafield, ownedMetafields } from './owned-metafields.rules.js';
import { MAX_DESCRIPTION_LENGTH, catalogMetafieldProblem } from './product-input.rules.js';

// collectionCreate's and collectionUpdate's input as the catalog keeps it. Manual collections only: a rule set
// (a smart collection) is refused, as docs/decisions.md records.

/** The collection input in the catalog's terms (ids as numbers, 0 for one that names no product). */
export interface CollectionInput {
  title?: string | null;
  handle?: string | null;
  descriptionHtml?: string | null;
  /** Create only: the products, in order. */
  products?: number[] | null;
  ruleSet?: unknown;
  metafields?: { namespace?: string | null; key?: string | null; type?: string | null; value?: string | null }[] | null;
}

export interface CollectionChanges {
  title?: string;
  handle?: string;
  descriptionHtml?: string;
  products?: number[];
  metafields?: OwnedMetafield[];
}

export function checkCollectionInput(input: CollectionInput, mode: 'create' | 'update'): { changes: CollectionChanges; problems: CatalogError[] } {
  const problems: CatalogError[] = [];
  const changes: CollectionChanges = {};
  if (mode === 'create' && input.title == null) problems.push(CatalogErrors.BLANK("Title can't be blank", { field: 'title' }));
  const title = textField(problems, 'title', 'Title', input.title, MAX_TITLE_LENGTH, true);
  if (title !== undefined) changes.title = title;
  const handle = handleField(problems, input.handle, MAX_TITLE_LENGTH);
  if (handle !== undefined) changes.handle = handle;
  const description = textField(problems, 'descriptionHtml', 'Description', input.descriptionHtml, MAX_DESCRIPTION_LENGTH);
  if (description !== undefined) changes.descriptionHtml = description;
  if (input.ruleSet != null) problems.push(CatalogErrors.INVALID('Smart collections (a rule set) are not supported: add products to a manual collection', { field: 'ruleSet' }));
  if (input.products != null) {
    if (mode === 'update') problems.push(CatalogErrors.INVALID('Products are changed with collectionAddProducts and collectionRemoveProducts', { field: 'products' }));
    else if (input.products.length > MAX_INPUT_ARRAY_SIZE) problems.push(CatalogErrors.INVALID(`At most ${MAX_INPUT_ARRAY_SIZE} products can be given`, { field: 'products' }));
    else changes.products = [...new Set(input.products)];
  }
  if (input.metafields != null) changes.metafields = ownedMetafields(problems, input.metafields, catalogMetafieldProblem);
  return { changes, problems };
}

/** A collection's handle made from its title (`collection` when nothing is left of it). */
export function collectionHandle(title: string): string {
  return handleFromTitle(title, MAX_TITLE_LENGTH, 'collection');
}

/**
 * The order after moves (`reorder`): each move takes its product to `newPosition` (0-based, past the end is the end),
 * in the order given, as the hosted collectionReorderProducts does.
 */
export function reordered(ids: readonly number[], moves: readonly { id: number; newPosition: number }[]): number[] {
  const order = [...ids];
  for (const move of moves) {
    const from = order.indexOf(move.id);
    if (from < 0) continue;
    order.splice(from, 1);
    order.splice(Math.min(move.newPosition, order.length), 0, move.id);
  }
  return order;
}
