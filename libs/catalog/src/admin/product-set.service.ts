import { Injectable } from '@nestjs/common';
import { SqlPool } from '@platform/database';
import { DomainError } from '@platform/errors';
import { type CustomId, MetafieldsService } from '@platform/metafields';
import { type RequestContext, inTransaction } from '@platform/request';
import { CatalogErrors } from '../catalog.errors.js';
import type { ProductInput } from './product-admin.inputs.js';
import type { AdminProductRecord } from './product-admin.records.js';
import { type CatalogIdentifier, isLookupHandle } from './identifier.rules.js';
import type { NewOptionInput } from './option-input.rules.js';
import { ownedMetafields } from './owned-metafields.rules.js';
import { catalogMetafieldProblem, checkProductInput } from './product-input.rules.js';
import { type MediaSetEntry, ProductImagesService } from './product-images.service.js';
import { type NewProductList, ProductWritesService } from './product-writes.service.js';
import { planVariantList } from './variant-list.rules.js';
import { COLLECTIONS_OF_PRODUCT, PRODUCT_AFTER_WRITE, PRODUCT_BY_HANDLE_FOR_SET } from './product-writes.sql.js';
import type { VariantInput } from './variant-input.rules.js';
import { VariantWritesService } from './variant-writes.service.js';

/** productSet's input in the catalog's terms: the product's fields, and its list fields when given (replaced whole). */
export interface ProductSetInput extends Omit<ProductInput, 'productOptions' | 'collectionsToJoin' | 'collectionsToLeave' | 'metafields'> {
  /** The deprecated `input.id`: must agree with the identifier. */
  id?: number | null;
  productOptions?: NewOptionInput[] | null;
  variants?: VariantInput[] | null;
  collections?: number[] | null;
  metafields?: ProductInput['metafields'];
  /** The product's media, in order (`MediaSetEntry`): those left out are deleted. */
  files?: MediaSetEntry[] | null;
}

/** Which product productSet sets: by id (it must exist) or by handle (made when the shop has none); none makes one. */
export type ProductSetIdentifier = CatalogIdentifier | null;

export interface ProductSetResult {
  product: AdminProductRecord | null;
  problems: readonly DomainError[];
}

class Refused extends Error {
  constructor(readonly problems: readonly DomainError[]) {
    super('refused');
  }
}

/**
 * productSet: an upsert of a product with its list fields replaced as the hosted platform does (options, variants,
 * collections, metafields and files given are the product's whole lists: what they leave out is deleted). One
 * transaction: the product's fields (productUpdate's or productCreate's rules), then its options and variants,
 * collections, metafields and media; a problem anywhere rolls back everything (the files of deleted media go after).
 */
@Injectable()
export class ProductSetService {
  constructor(
    private readonly sql: SqlPool,
    private readonly products: ProductWritesService,
    private readonly variants: VariantWritesService,
    private readonly metafields: MetafieldsService,
    private readonly images: ProductImagesService,
  ) {}

  async set(ctx: RequestContext, identifier: ProductSetIdentifier, input: ProductSetInput): Promise<ProductSetResult> {
    if (identifier && 'id' in identifier && input.id != null && input.id !== identifier.id) {
      return { product: null, problems: [CatalogErrors.INPUT_MISMATCH('The input id does not match the identifier', { field: 'input.id' })] };
    }
    let goneKeys: string[] = [];
    try {
      const product = await ctx.em.transactional(async (em) => {
        const tx = inTransaction(ctx, em);
        const existing = await this.existing(tx, identifier ?? (input.id != null ? { id: input.id } : null));
        const fields: ProductInput = { ...input, productOptions: undefined, metafields: undefined, collectionsToJoin: undefined, collectionsToLeave: undefined };
        const written = existing === null ? await this.create(tx, identifier, input, fields) : await this.update(tx, identifier, existing, input, fields);
        if (input.files != null) {
          const media = await this.images.setMedia(tx, written.id, input.files, 'input.files');
          if (media.problems.length > 0) throw new Refused(media.problems);
          goneKeys = media.goneKeys;
        }
        return written;
      });
      // Files of media the list left out, once their rows are gone for good.
      await this.images.deleteFiles(ctx, goneKeys);
      return { product, problems: [] };
    } catch (error) {
      if (error instanceof Refused) return { product: null, problems: error.problems };
      throw error;
    }
  }

  // An existing product: its fields, then the lists given.
  private async update(tx: RequestContext, identifier: ProductSetIdentifier, existing: number, input: ProductSetInput, fields: ProductInput): Promise<AdminProductRecord> {
    const written = await this.products.update(tx, existing, fields);
    if (!written.product) throw new Refused(written.problems.map((p) => under(p, 'input')));
    const id = written.product.id;
    if (input.productOptions != null || input.variants != null) {
      const replaced = await this.variants.replaceVariants(tx, id, input.productOptions ?? [], input.variants ?? []);
      if (!replaced.product) throw new Refused(replaced.problems.map((p) => under(p, 'input')));
    }
    if (input.collections != null) await this.replaceCollections(tx, id, input.collections);
    if (input.metafields != null) {
      const problems: DomainError[] = [];
      const metafields = ownedMetafields(problems, input.metafields, catalogMetafieldProblem, 'input.');
      if (!metafields) throw new Refused(problems);
      await this.metafields.replaceMetafields(tx, 'PRODUCT', id, metafields);
    }
    // A product set by its custom id keeps it (made with it, or given it back after its metafields were replaced).
    if (identifier && 'customId' in identifier) await this.setCustomId(tx, id, identifier.customId);
    const [row] = await this.sql.rows<AdminProductRecord>(tx, PRODUCT_AFTER_WRITE, [tx.shop.id, id]);
    return row!;
  }

  // A new product, made whole in one import: its fields, its options and variants as listed (the default variant when
  // none are), its collections and metafields.
  private async create(tx: RequestContext, identifier: ProductSetIdentifier, input: ProductSetInput, fields: ProductInput): Promise<AdminProductRecord> {
    if (identifier && 'handle' in identifier) fields.handle = identifier.handle;
    const product: ProductInput = { ...fields, collectionsToJoin: input.collections, metafields: input.metafields };
    let list: NewProductList | undefined;
    if (input.productOptions != null || input.variants != null) {
      const plan = planVariantList(input.productOptions ?? [], input.variants ?? []);
      // Every problem at once: the product's fields' too.
      if (plan.problems.length > 0) throw new Refused([...checkProductInput(product, 'create').problems, ...plan.problems].map((p) => under(p, 'input', { collectionsToJoin: 'collections' })));
      list = { options: plan.options, variants: plan.variants.map((v) => v.fields) };
    }
    const written = await this.products.create(tx, product, list);
    if (!written.product) throw new Refused(written.problems.map((p) => under(p, 'input', { collectionsToJoin: 'collections' })));
    if (!identifier || !('customId' in identifier)) return written.product;
    await this.setCustomId(tx, written.product.id, identifier.customId);
    const [row] = await this.sql.rows<AdminProductRecord>(tx, PRODUCT_AFTER_WRITE, [tx.shop.id, written.product.id]);
    return row!;
  }

  // The product the identifier names: NOT_FOUND for an id the shop lacks, null for a handle or custom id it lacks (made then).
  private async existing(tx: RequestContext, identifier: ProductSetIdentifier): Promise<number | null> {
    if (identifier === null) return null;
    if ('customId' in identifier) return this.metafields.ownerOfCustomId(tx, 'PRODUCT', identifier.customId);
    if ('id' in identifier) {
      const [row] = await this.sql.rows<{ id: number }>(tx, PRODUCT_AFTER_WRITE, [tx.shop.id, identifier.id]);
      if (!row) throw new Refused([CatalogErrors.NOT_FOUND('Product does not exist', { field: 'identifier.id' })]);
      return row.id;
    }
    if (!isLookupHandle(identifier.handle)) return null;
    const [row] = await this.sql.rows<{ id: number }>(tx, PRODUCT_BY_HANDLE_FOR_SET, [tx.shop.id, identifier.handle]);
    return row?.id ?? null;
  }

  private async setCustomId(tx: RequestContext, id: number, customId: CustomId): Promise<void> {
    const problems = await this.metafields.setCustomId(tx, 'PRODUCT', id, customId);
    if (problems.length > 0) throw new Refused(problems.map((p) => catalogMetafieldProblem(p.code, p.message, `identifier.customId.${p.path}`)));
  }

  // The product's collections become exactly those given.
  private async replaceCollections(tx: RequestContext, id: number, collections: readonly number[]): Promise<void> {
    const current = (await this.sql.rows<{ id: number }>(tx, COLLECTIONS_OF_PRODUCT, [tx.shop.id, id])).map((r) => Number(r.id));
    const wanted = [...new Set(collections)];
    const join = wanted.filter((c) => !current.includes(c));
    const leave = current.filter((c) => !wanted.includes(c));
    if (join.length === 0 && leave.length === 0) return;
    const result = await this.products.update(tx, id, { collectionsToJoin: join, collectionsToLeave: leave });
    if (!result.product) throw new Refused(result.problems.map((p) => under(p, 'input', { collectionsToJoin: 'collections', collectionsToLeave: 'collections' })));
  }
}

// A problem's field under the argument it came in (`input.title`), renamed where productSet names it otherwise.
function under(problem: DomainError, argument: string, renames: Record<string, string> = {}): DomainError {
  const field = problem.field && (renames[problem.field] ?? problem.field);
  const placed = !field ? undefined : field === 'productId' ? 'identifier' : field.startsWith(`${argument}.`) ? field : `${argument}.${field}`;
  return new DomainError(problem.kind, problem.message, { field: placed, code: problem.code });
}
