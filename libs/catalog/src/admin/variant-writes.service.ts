import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { joinCaller, SqlPool, insertRows } from '@platform/database';
import { isRecordId } from '@platform/ids';
import { MetafieldsService } from '@platform/metafields';
import { type RequestContext, inTransaction } from '@platform/request';
import { REFRESH_VARIANT_AGGREGATES } from './catalog-writes.sql.js';
import { ProductVariant } from '../product-variant.entity.js';
import { MAX_VARIANTS } from '../product-limits.js';
import type { AdminProductRecord } from './product-admin.records.js';
import { InventoryService } from '../inventory/inventory.service.js';
import { VariantCreationLimit } from './variant-creation-limit.js';
import { type OptionState, type VariantFields, type VariantInput, checkVariantInput, combinationKey, variantTitle } from './variant-input.rules.js';
import { type OptionError, OptionErrors, type VariantError, VariantErrors } from '../catalog.errors.js';
import { type NewOptionInput, checkNewOptions, combinations } from './option-input.rules.js';
import { type ExistingVariant, optionValuesWithUsed, planVariantList } from './variant-list.rules.js';
import { type OptionUpdateInput, type OptionUpdateStrategy, type OptionWithValueIds, planOptionUpdate } from './option-update.rules.js';
import { ProductOption } from '../product-option.entity.js';
import {
  DELETE_OPTIONS,
  SET_OPTIONS,
  DELETE_VARIANTS,
  LOCK_PRODUCT,
  OPTIONS_OF_PRODUCT,
  RENUMBER_VARIANTS,
  SET_OPTION_VALUES,
  UPDATE_VARIANTS,
  VARIANTS_OF_PRODUCT,
} from './variant-writes.sql.js';

/** How productOptionsDelete treats options with many values and the variants they tell apart (the hosted ProductOptionDeleteStrategy). */
export type OptionDeleteStrategy = 'DEFAULT' | 'NON_DESTRUCTIVE' | 'POSITION';

/** How productVariantsBulkCreate treats a product's one existing variant (the hosted ProductVariantsBulkCreateStrategy). */
export type StandaloneStrategy = 'DEFAULT' | 'REMOVE_STANDALONE_VARIANT' | 'PRESERVE_STANDALONE_VARIANT';

/** What a variant or option write answers: the product and the variants written, or the problems. */
export interface VariantsWriteResult<E = VariantError> {
  product: AdminProductRecord | null;
  variantIds: number[];
  problems: readonly E[];
}

const DEFAULT_TITLE = 'Default Title';

class Refused extends Error {
  constructor(readonly problems: (VariantError | OptionError)[]) {
    super('refused');
  }
}

/**
 * The bulk variant writes of one product: create, update, delete. Each locks the product, checks every variant
 * against its options and its other variants, and writes in one transaction with a constant number of statements;
 * the product's price range and availability follow in the same transaction, so the storefront sees them at once.
 */
@Injectable()
export class VariantWritesService {
  constructor(
    private readonly sql: SqlPool,
    private readonly limit: VariantCreationLimit,
    private readonly metafields: MetafieldsService,
    private readonly inventory: InventoryService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * productVariantsBulkCreate: new variants after the product's own, their new option values added to the options.
   * `DEFAULT` removes a lone "Default Title" variant, `REMOVE_STANDALONE_VARIANT` any lone variant, `PRESERVE…` none.
   * Variants made here are not tracked in stock, so they are for sale.
   */
  async bulkCreate(ctx: RequestContext, productId: number, inputs: readonly VariantInput[], strategy: StandaloneStrategy): Promise<VariantsWriteResult> {
    return this.writing(ctx, productId, VariantErrors.PRODUCT_DOES_NOT_EXIST, async (tx, options, existing) => {
      const problems: VariantError[] = [];
      const checked = inputs.map((input, i) => {
        const { fields, problems: found } = checkVariantInput(input, i, options, 'create');
        problems.push(...found);
        return fields;
      });
      const lone = existing.length === 1 ? existing[0]! : null;
      const removed = lone && (strategy === 'REMOVE_STANDALONE_VARIANT' || (strategy === 'DEFAULT' && lone.title === DEFAULT_TITLE)) ? lone : null;
      const kept = existing.filter((v) => v !== removed);
      const taken = new Set(kept.map((v) => combinationKey(valuesOf(v, options.length))));
      checked.forEach((fields, i) => {
        if (!fields.values) return;
        const key = combinationKey(fields.values);
        if (taken.has(key)) problems.push(VariantErrors.VARIANT_ALREADY_EXISTS(`The variant '${variantTitle(fields.values)}' already exists`, { field: `variants[${i}]` }));
        taken.add(key);
      });
      if (kept.length + inputs.length > MAX_VARIANTS) {
        problems.push(VariantErrors.TOO_MANY_VARIANTS(`A product can have at most ${MAX_VARIANTS} variants`, { field: 'variants' }));
      }
      if (problems.length > 0) throw new Refused(problems);

      const now = new Date(this.clock.now());
      const last = kept.reduce((max, v) => Math.max(max, v.position), 0);
      const ids = await insertRows(
        tx.em,
        ProductVariant,
        checked.map((fields, i) => ({ shopId: tx.shop.id, productId, ...variantRow(fields), position: last + i + 1, inventoryQuantity: 0, availableForSale: !fields.tracked })),
      );
      await this.inventory.stockNewVariants(tx, ids, ids.map(() => 0));
      if (removed) {
        await this.sql.run(tx, DELETE_VARIANTS, [tx.shop.id, productId, [removed.id]]);
        await this.metafields.deleteMetafields(tx, 'PRODUCTVARIANT', [removed.id]);
        await this.sql.run(tx, RENUMBER_VARIANTS, [tx.shop.id, productId]);
      }
      await this.setOptionValues(tx, options, [...kept.map((v) => valuesOf(v, options.length)), ...checked.map((f) => f.values!)], now);
      await this.limit.take(tx, ids.length);
      await this.setVariantMetafields(tx, ids, checked);
      return this.finish(tx, productId, ids, now);
    });
  }

  /**
   * productVariantsBulkUpdate: the fields given of each variant. With `allowPartialUpdates` false one problem saves
   * nothing; with true the variants without problems are saved and the others reported.
   */
  async bulkUpdate(ctx: RequestContext, productId: number, inputs: readonly VariantInput[], allowPartialUpdates: boolean): Promise<VariantsWriteResult> {
    return this.writing(ctx, productId, VariantErrors.PRODUCT_DOES_NOT_EXIST, async (tx, options, existing) => {
      const problems: VariantError[] = [];
      const byId = new Map(existing.map((v) => [v.id, v]));
      const seen = new Set<number>();
      const changes: { id: number; fields: VariantFields; index: number }[] = [];
      inputs.forEach((input, i) => {
        const { fields, problems: found } = checkVariantInput(input, i, options, 'update');
        if (input.id == null) found.push(VariantErrors.PRODUCT_VARIANT_ID_MISSING('The variant id is missing', { field: `variants[${i}].id` }));
        else if (!byId.has(input.id) || seen.has(input.id)) found.push(VariantErrors.PRODUCT_VARIANT_DOES_NOT_EXIST('Product variant does not exist', { field: `variants[${i}].id` }));
        else seen.add(input.id);
        problems.push(...found);
        if (found.length === 0) changes.push({ id: input.id!, fields, index: i });
      });
      // Every variant's values after the changes that passed: none may share a combination with another.
      const after = new Map(existing.map((v) => [v.id, valuesOf(v, options.length)]));
      for (const change of changes) if (change.fields.values) after.set(change.id, change.fields.values);
      const owners = new Map<string, number>();
      for (const values of after.values()) owners.set(combinationKey(values), (owners.get(combinationKey(values)) ?? 0) + 1);
      const clashing = changes.filter((c) => c.fields.values && owners.get(combinationKey(c.fields.values))! > 1);
      for (const c of clashing) problems.push(VariantErrors.VARIANT_ALREADY_EXISTS(`The variant '${variantTitle(c.fields.values!)}' already exists`, { field: `variants[${c.index}]` }));
      const saved = changes.filter((c) => !clashing.includes(c));
      if (problems.length > 0 && (!allowPartialUpdates || saved.length === 0)) throw new Refused(problems);

      const now = new Date(this.clock.now());
      await this.sql.run(tx, UPDATE_VARIANTS, [tx.shop.id, JSON.stringify(saved.map((c) => updateRow(c.id, c.fields))), now]);
      // Tracking turned on or off changes what is for sale.
      const retracked = saved.filter((c) => c.fields.tracked !== undefined).map((c) => c.id);
      if (retracked.length > 0) await this.inventory.refreshStock(tx, retracked);
      await this.setOptionValues(tx, options, [...after.values()], now);
      await this.setVariantMetafields(tx, saved.map((c) => c.id), saved.map((c) => c.fields));
      const result = await this.finish(tx, productId, saved.map((c) => c.id), now);
      return { ...result, problems };
    });
  }

  /** productVariantsBulkDelete: variants of the product; its last variant stays (CANNOT_DELETE_LAST_VARIANT). */
  async bulkDelete(ctx: RequestContext, productId: number, variantIds: readonly number[]): Promise<VariantsWriteResult> {
    return this.writing(ctx, productId, VariantErrors.PRODUCT_DOES_NOT_EXIST, async (tx, _options, existing) => {
      const ids = [...new Set(variantIds)];
      const own = new Set(existing.map((v) => v.id));
      if (ids.some((id) => !own.has(id))) {
        throw new Refused([VariantErrors.AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT('At least one variant does not belong to the product', { field: 'variantsIds' })]);
      }
      if (ids.length >= existing.length) throw new Refused([VariantErrors.CANNOT_DELETE_LAST_VARIANT('Cannot delete the last variant of a product', { field: 'variantsIds' })]);
      const now = new Date(this.clock.now());
      await this.sql.run(tx, DELETE_VARIANTS, [tx.shop.id, productId, ids]);
      await this.metafields.deleteMetafields(tx, 'PRODUCTVARIANT', ids);
      await this.sql.run(tx, RENUMBER_VARIANTS, [tx.shop.id, productId]);
      return this.finish(tx, productId, [], now);
    });
  }

  /**
   * productOptionsCreate: options after the product's own (a product's default `Title` option gives way to them).
   * `LEAVE_AS_IS` gives every variant each new option's first value; `CREATE` also adds a variant for every
   * combination of values no variant has, within the product's limit and the shop's variant-creation limit.
   */
  async optionsCreate(ctx: RequestContext, productId: number, inputs: readonly NewOptionInput[], strategy: 'LEAVE_AS_IS' | 'CREATE'): Promise<VariantsWriteResult<OptionError>> {
    return this.writing<OptionError>(ctx, productId, OptionErrors.PRODUCT_DOES_NOT_EXIST, async (tx, options, existing) => {
      const standalone = options.length === 1 && options[0]!.name === 'Title' && options[0]!.values.length === 1 && options[0]!.values[0] === DEFAULT_TITLE;
      const kept = standalone ? [] : options;
      const { options: added, problems } = checkNewOptions(inputs, kept.map((o) => o.name));
      if (problems.length > 0) throw new Refused(problems);
      const all = [...kept.map((o) => o.values), ...added.map((o) => o.values)];
      const firsts = added.map((o) => o.values[0]!);
      const existingValues = existing.map((v) => [...valuesOf(v, kept.length), ...firsts]);
      let created: string[][] = [];
      if (strategy === 'CREATE') {
        const total = all.reduce((n, values) => n * values.length, 1);
        if (total > MAX_VARIANTS) throw new Refused([OptionErrors.TOO_MANY_VARIANTS_CREATED(`The options would make ${total} variants, more than ${MAX_VARIANTS}`, { field: 'options' })]);
        const have = new Set(existingValues.map((values) => combinationKey(values)));
        created = combinations(all).filter((values) => !have.has(combinationKey(values)));
      }

      const now = new Date(this.clock.now());
      if (standalone) await this.sql.run(tx, DELETE_OPTIONS, [tx.shop.id, [options[0]!.id]]);
      await insertRows(tx.em, ProductOption, added.map((o, i) => ({ shopId: tx.shop.id, productId, name: o.name, position: kept.length + i + 1, values: o.values })));
      await this.sql.run(tx, UPDATE_VARIANTS, [tx.shop.id, JSON.stringify(existing.map((v, i) => updateRow(v.id, { values: existingValues[i]! }))), now]);
      const last = existing.reduce((max, v) => Math.max(max, v.position), 0);
      const ids = await insertRows(
        tx.em,
        ProductVariant,
        created.map((values, i) => ({ shopId: tx.shop.id, productId, ...variantRow({ values }), position: last + i + 1, inventoryQuantity: 0, availableForSale: true })),
      );
      await this.inventory.stockNewVariants(tx, ids, ids.map(() => 0));
      await this.limit.take(tx, ids.length);
      return this.finish(tx, productId, ids, now);
    });
  }

  /**
   * productOptionUpdate: the option renamed or moved and its values added, renamed or deleted, as planOptionUpdate
   * plans it; values keep their ids through a rename. `MANAGE` also makes a variant for each added value with every
   * combination of the other options' values, and deletes the variants of deleted values.
   */
  async optionUpdate(ctx: RequestContext, productId: number, input: OptionUpdateInput, strategy: OptionUpdateStrategy): Promise<VariantsWriteResult<OptionError>> {
    return this.writing<OptionError>(ctx, productId, OptionErrors.PRODUCT_DOES_NOT_EXIST, async (tx, options, existing) => {
      const variants = existing.map((v) => ({ id: v.id, values: valuesOf(v, options.length) }));
      const { plan, problems } = planOptionUpdate(options, variants, input, strategy);
      if (!plan) throw new Refused(problems);

      const now = new Date(this.clock.now());
      if (plan.deleted.length > 0) {
        await this.sql.run(tx, DELETE_VARIANTS, [tx.shop.id, productId, plan.deleted]);
        await this.metafields.deleteMetafields(tx, 'PRODUCTVARIANT', plan.deleted);
      }
      const rows = plan.options.map((o) => ({ id: o.id, name: o.name, position: o.position, values: o.values, value_ids: o.valueIds }));
      await this.sql.run(tx, SET_OPTIONS, [tx.shop.id, JSON.stringify(rows), now]);
      await this.sql.run(tx, UPDATE_VARIANTS, [tx.shop.id, JSON.stringify(plan.updated.map((v) => updateRow(v.id, { values: v.values }))), now]);
      const last = existing.reduce((max, v) => Math.max(max, v.position), 0);
      const ids = await insertRows(
        tx.em,
        ProductVariant,
        plan.created.map((values, i) => ({ shopId: tx.shop.id, productId, ...variantRow({ values }), position: last + i + 1, inventoryQuantity: 0, availableForSale: true })),
      );
      await this.inventory.stockNewVariants(tx, ids, ids.map(() => 0));
      await this.limit.take(tx, ids.length);
      if (plan.deleted.length > 0) await this.sql.run(tx, RENUMBER_VARIANTS, [tx.shop.id, productId]);
      return this.finish(tx, productId, ids, now);
    });
  }

  /**
   * productSet's options and variants: the product ends with exactly these. Options are kept by name (their values
   * replaced, new ones added, absent ones deleted); a variant given an `id` (of this product) or matching an existing
   * variant's values is updated, others are created, and the product's variants left out are deleted. Values a
   * variant uses join its option.
   */
  async replaceVariants(ctx: RequestContext, productId: number, optionInputs: readonly NewOptionInput[], inputs: readonly VariantInput[]): Promise<VariantsWriteResult<VariantError | OptionError>> {
    return this.writing<VariantError | OptionError>(ctx, productId, VariantErrors.PRODUCT_DOES_NOT_EXIST, async (tx, options, existing) => {
      const { options: wanted, variants: plan, problems } = planVariantList(optionInputs, inputs, { options, variants: existing });
      if (problems.length > 0) throw new Refused(problems);
      const now = new Date(this.clock.now());
      const used = new Set(plan.flatMap((p) => (p.match ? [p.match.id] : [])));
      const gone = existing.filter((v) => !used.has(v.id)).map((v) => v.id);
      if (gone.length > 0) {
        await this.sql.run(tx, DELETE_VARIANTS, [tx.shop.id, productId, gone]);
        await this.metafields.deleteMetafields(tx, 'PRODUCTVARIANT', gone);
      }
      await this.replaceOptions(tx, productId, options, wanted, plan.map((p) => p.fields.values!), now);
      const updates = plan.filter((p) => p.match);
      await this.sql.run(tx, UPDATE_VARIANTS, [tx.shop.id, JSON.stringify(updates.map((p) => ({ ...updateRow(p.match!.id, p.fields), position: p.position }))), now]);
      const creates = plan.filter((p) => !p.match);
      const ids = await insertRows(
        tx.em,
        ProductVariant,
        creates.map((p) => ({ shopId: tx.shop.id, productId, ...variantRow(p.fields), position: p.position, inventoryQuantity: 0, availableForSale: !p.fields.tracked })),
      );
      await this.inventory.stockNewVariants(tx, ids, ids.map(() => 0));
      // Tracking turned on or off changes what is for sale.
      const retracked = updates.filter((p) => p.fields.tracked !== undefined).map((p) => p.match!.id);
      if (retracked.length > 0) await this.inventory.refreshStock(tx, retracked);
      await this.limit.take(tx, ids.length);
      let created = 0;
      const variantIds = plan.map((p) => (p.match ? p.match.id : ids[created++]!));
      await this.setVariantMetafields(tx, variantIds, plan.map((p) => p.fields));
      return this.finish(tx, productId, variantIds, now);
    });
  }

  // Options kept by name (position and values replaced), new ones added, absent ones deleted; each keeps the values
  // given and those its variants use.
  private async replaceOptions(tx: RequestContext, productId: number, current: readonly OptionState[], wanted: readonly { name: string; values: string[] }[], combinations: readonly string[][], now: Date): Promise<void> {
    const byName = new Map(current.map((o) => [o.name, o]));
    const rows = optionValuesWithUsed(wanted, combinations).map((o, i) => ({ ...o, position: i + 1, id: byName.get(o.name)?.id }));
    const gone = current.filter((o) => !wanted.some((w) => w.name === o.name)).map((o) => o.id);
    if (gone.length > 0) await this.sql.run(tx, DELETE_OPTIONS, [tx.shop.id, gone]);
    const kept = rows.filter((r) => r.id !== undefined);
    if (kept.length > 0) await this.sql.run(tx, SET_OPTIONS, [tx.shop.id, JSON.stringify(kept.map((r) => ({ id: r.id, position: r.position, values: r.values }))), now]);
    const added = rows.filter((r) => r.id === undefined);
    await insertRows(tx.em, ProductOption, added.map((r) => ({ shopId: tx.shop.id, productId, name: r.name, position: r.position, values: r.values })));
  }

  /**
   * productOptionsDelete: the options go and the others close up. `DEFAULT` deletes only options with one value;
   * `NON_DESTRUCTIVE` any option, unless a variant would go; `POSITION` any option, variants left with the same values
   * merged into the first of them by position. Without options left, the product goes back to its default `Title`
   * option and its first variant becomes the default one.
   */
  async optionsDelete(ctx: RequestContext, productId: number, optionIds: readonly number[], strategy: OptionDeleteStrategy): Promise<VariantsWriteResult<OptionError> & { deletedIds: number[] }> {
    let deletedIds: number[] = [];
    const result = await this.writing<OptionError>(ctx, productId, OptionErrors.PRODUCT_DOES_NOT_EXIST, async (tx, options, existing) => {
      const missing = optionIds.findIndex((id) => !options.some((o) => o.id === id));
      if (missing >= 0) throw new Refused([OptionErrors.OPTION_DOES_NOT_EXIST('Option does not exist', { field: `options[${missing}]` })]);
      const gone = new Set(optionIds);
      const multiple = strategy === 'DEFAULT' ? optionIds.findIndex((id) => options.find((o) => o.id === id)!.values.length > 1) : -1;
      if (multiple >= 0) throw new Refused([OptionErrors.CANNOT_DELETE_OPTION_WITH_MULTIPLE_VALUES("Can't delete an option with more than one value", { field: `options[${multiple}]` })]);
      const kept = options.filter((o) => !gone.has(o.id));
      const keptAt = options.map((o, i) => (gone.has(o.id) ? -1 : i)).filter((i) => i >= 0);
      const values = (v: ExistingVariant) => (kept.length === 0 ? [DEFAULT_TITLE] : keptAt.map((i) => valuesOf(v, options.length)[i]!));
      const first = new Map<string, ExistingVariant>();
      for (const v of existing) if (!first.has(combinationKey(values(v)))) first.set(combinationKey(values(v)), v);
      const survivors = [...first.values()];
      const merged = existing.filter((v) => !survivors.includes(v)).map((v) => v.id);
      if (merged.length > 0 && strategy === 'NON_DESTRUCTIVE') {
        throw new Refused([OptionErrors.CANNOT_USE_NON_DESTRUCTIVE_STRATEGY('Cannot delete the options without deleting variants', { field: 'options' })]);
      }

      const now = new Date(this.clock.now());
      await this.sql.run(tx, DELETE_OPTIONS, [tx.shop.id, [...gone]]);
      if (kept.length === 0) {
        await insertRows(tx.em, ProductOption, [{ shopId: tx.shop.id, productId, name: 'Title', position: 1, values: [DEFAULT_TITLE] }]);
      } else {
        await this.sql.run(tx, SET_OPTIONS, [tx.shop.id, JSON.stringify(kept.map((o, i) => ({ id: o.id, position: i + 1, values: o.values }))), now]);
      }
      if (merged.length > 0) {
        await this.sql.run(tx, DELETE_VARIANTS, [tx.shop.id, productId, merged]);
        await this.metafields.deleteMetafields(tx, 'PRODUCTVARIANT', merged);
      }
      await this.sql.run(tx, UPDATE_VARIANTS, [tx.shop.id, JSON.stringify(survivors.map((v, i) => ({ ...updateRow(v.id, { values: values(v) }), position: i + 1 }))), now]);
      deletedIds = [...gone];
      return this.finish(tx, productId, [], now);
    });
    return { ...result, deletedIds: result.product ? deletedIds : [] };
  }

  // Locks the product, reads its options and variants, and runs the write in one transaction (joining productSet's);
  // Refused rolls back.
  private async writing<E extends VariantError | OptionError = VariantError>(
    ctx: RequestContext,
    productId: number,
    missing: (message: string, options: { field: string }) => E,
    write: (tx: RequestContext, options: OptionWithValueIds[], existing: ExistingVariant[]) => Promise<VariantsWriteResult<E>>,
  ): Promise<VariantsWriteResult<E>> {
    const productMissing = () => missing('Product does not exist', { field: 'productId' });
    if (!isRecordId(productId)) return refused([productMissing()]);
    try {
      return await ctx.em.transactional(async (em) => {
        const tx = inTransaction(ctx, em);
        const locked = await this.sql.rows(tx, LOCK_PRODUCT, [tx.shop.id, productId]);
        if (locked.length === 0) throw new Refused([productMissing()]);
        const options = await this.sql.rows<OptionWithValueIds>(tx, OPTIONS_OF_PRODUCT, [tx.shop.id, productId]);
        const existing = await this.sql.rows<ExistingVariant>(tx, VARIANTS_OF_PRODUCT, [tx.shop.id, productId]);
        return write(tx, options, existing);
      }, joinCaller());
    } catch (error) {
      // Each write throws only the problems of its own table.
      if (error instanceof Refused) return refused(error.problems as E[]);
      throw error;
    }
  }

  // Each option keeps its values in order, with the values variants now use added after them; a "Default Title"
  // no variant uses any more goes (the standalone variant it named was removed).
  private async setOptionValues(tx: RequestContext, options: readonly OptionState[], combinations: readonly string[][], now: Date): Promise<void> {
    const changed = options.flatMap((option, o) => {
      const used = new Set(combinations.map((values) => values[o]!));
      const values = option.values.filter((v) => v !== DEFAULT_TITLE || used.has(v));
      for (const value of used) if (!values.includes(value)) values.push(value);
      return values.length === option.values.length && values.every((v, i) => v === option.values[i]) ? [] : [{ id: option.id, values }];
    });
    if (changed.length > 0) await this.sql.run(tx, SET_OPTION_VALUES, [tx.shop.id, JSON.stringify(changed), now]);
  }

  private async setVariantMetafields(tx: RequestContext, ids: readonly number[], fields: readonly VariantFields[]): Promise<void> {
    for (let i = 0; i < ids.length; i++) await this.metafields.setMetafields(tx, 'PRODUCTVARIANT', ids[i]!, fields[i]!.metafields ?? []);
  }

  // The product's aggregates from its variants, its updated_at, and the product as it now is.
  private async finish<E>(tx: RequestContext, productId: number, variantIds: number[], now: Date): Promise<VariantsWriteResult<E>> {
    const [product] = await this.sql.rows<AdminProductRecord>(tx, REFRESH_VARIANT_AGGREGATES, [tx.shop.id, [productId], now]);
    return { product: product!, variantIds, problems: [] };
  }
}

function valuesOf(variant: ExistingVariant, count: number): string[] {
  return [variant.option1, variant.option2, variant.option3].slice(0, count).map((v) => v ?? '');
}

function variantRow(fields: VariantFields) {
  const values = fields.values ?? [];
  return {
    title: variantTitle(values),
    price: fields.price ?? '0.00',
    compareAtPrice: fields.compareAtPrice ?? null,
    barcode: fields.barcode ?? null,
    sku: fields.sku ?? null,
    taxable: fields.taxable ?? true,
    tracked: fields.tracked ?? false,
    requiresShipping: fields.requiresShipping ?? true,
    unitCost: fields.unitCost ?? null,
    option1: values[0] ?? null,
    option2: values[1] ?? null,
    option3: values[2] ?? null,
  };
}

// UPDATE_VARIANTS' record of one variant.
function updateRow(id: number, f: VariantFields) {
  const values = f.values;
  return {
    id,
    price: f.price ?? null,
    set_compare_at_price: f.compareAtPrice !== undefined,
    compare_at_price: f.compareAtPrice ?? null,
    set_barcode: f.barcode !== undefined,
    barcode: f.barcode ?? null,
    set_sku: f.sku !== undefined,
    sku: f.sku ?? null,
    taxable: f.taxable ?? null,
    tracked: f.tracked ?? null,
    requires_shipping: f.requiresShipping ?? null,
    set_unit_cost: f.unitCost !== undefined,
    unit_cost: f.unitCost ?? null,
    set_options: values !== undefined,
    option1: values?.[0] ?? null,
    option2: values?.[1] ?? null,
    option3: values?.[2] ?? null,
    title: values ? variantTitle(values) : null,
  };
}

function refused<E>(problems: readonly E[]): VariantsWriteResult<E> {
  return { product: null, variantIds: [], problems };
}
