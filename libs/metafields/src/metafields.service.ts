import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { appIdOf } from '@platform/auth';
import { SqlPool, insertRows, preparedSql } from '@platform/database';
import { type KeysetRow, type ListPage, type PageRequest, type SortSpec, cutPage, keysetPlan, pageKey } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { type RequestContext, inTransaction, requestScoped } from '@platform/request';
import { Metafield, type MetafieldOwnerType } from './metafield.entity.js';
import type { CustomId, MetafieldIdentifier, MetafieldToDelete, MetafieldToSet, NewMetafield } from './metafield.inputs.js';
import { MetafieldOwnerRegistry, type OwnerRef } from './metafield-owners.js';
import type { MetafieldRecord, MetafieldsDeleteResult, MetafieldsSetResult } from './metafield.records.js';
import { KEY_PATTERN, MAX_METAFIELDS_SET, type MetafieldProblem, NAMESPACE_PATTERN, isMetafieldDigest, metafieldDigest, metafieldProblems, metafieldRow } from './metafield.rules.js';
import {
  DELETE_METAFIELDS,
  LOCK_METAFIELDS,
  METAFIELDS_BY_IDS,
  METAFIELDS_BY_OWNER_KEYS,
  OWNER_OF_CUSTOM_ID,
  METAFIELDS_OF_OWNERS_BY_IDENTIFIERS,
  SET_METAFIELDS,
  SET_METAFIELD_VALUES,
  metafieldsOfOwnersSql,
} from './metafield.sql.js';
import { type MetafieldError, MetafieldErrors } from './metafields.errors.js';

// An owner's metafields page in id order (the hosted platform names no sort key for them).
const BY_ID: SortSpec = { expression: 'mf.id', cast: 'bigint', descending: false };

type MetafieldRow = MetafieldRecord & KeysetRow & { parentId: number; rn: number };
type WrittenRow = MetafieldRecord & { inserted: boolean };

/** A row to write: its owner, namespace and key, and what it holds. */
type RowToWrite = Omit<MetafieldRecord, 'id' | 'createdAt' | 'updatedAt'>;

/** An input of `metafieldsSet` and the owner its global id names. */
interface OwnedInput {
  index: number;
  owner: OwnerRef;
}

/** One checked entry of `metafieldsSet`. */
interface EntryToSet extends OwnedInput {
  row: RowToWrite;
  compareDigest: string | null | undefined;
}

// A compare-and-set found the metafield changed after its check: the transaction rolls back with these problems.
class StaleWrite extends Error {
  constructor(readonly problems: MetafieldError[]) {
    super('stale metafields');
  }
}

/**
 * Metafields: custom data on any resource whose context registered it as an owner (MetafieldOwnerRegistry). The one
 * storage (`metafields`), the one validation (metafield.rules.ts) and every read and write: the storefront's and the
 * admin's fields of every owner, the owners' own writes in their transactions, imports, `metafieldsSet` and
 * `metafieldsDelete`. Reads run on the SQL pool, one statement per level of a query for every owner of that level.
 */
@Injectable()
export class MetafieldsService {
  constructor(
    private readonly sql: SqlPool,
    private readonly owners: MetafieldOwnerRegistry,
  ) {}

  /**
   * Creates metafields in one transaction; returns their ids in the order given. Owners are held by plain id
   * (a SHOP metafield must name the shop itself); reads are scoped to the shop, so no other shop sees them.
   */
  async importMetafields(ctx: RequestContext, metafields: NewMetafield[]): Promise<number[]> {
    if (metafields.length === 0) return [];
    const shopId = ctx.shop.id;
    const rows = metafields.map((m, i) => metafieldRow(m, shopId, `metafields[${i}]`));
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const key = `${r.ownerType}/${r.ownerId}/${r.namespace}/${r.key}`;
      if (seen.has(key)) throw MetafieldErrors.TAKEN('has already been taken', { field: `metafields[${i}].key` });
      seen.add(key);
    });
    try {
      return await ctx.em.transactional((em) => insertRows(em, Metafield, rows.map((r) => ({ shopId, ...r }))));
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw MetafieldErrors.TAKEN('has already been taken', { field: 'key' });
      throw error;
    }
  }

  /**
   * Sets metafields of one owner, by namespace and key (the owner's own write, e.g. a customer's create or update):
   * new ones are created, existing ones take the new type, value and description. The owner checked its input with
   * `metafieldProblems`; pass `inTransaction(ctx, em)` to write within the owner's transaction.
   */
  async setMetafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, metafields: Omit<NewMetafield, 'ownerType' | 'ownerId'>[]): Promise<void> {
    if (metafields.length === 0) return;
    const rows = metafields.map((m, i) => metafieldRow({ ...m, ownerType, ownerId }, ctx.shop.id, `metafields[${i}]`));
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(`${r.namespace}/${r.key}`)) throw MetafieldErrors.TAKEN('has already been taken', { field: `metafields[${i}].key` });
      seen.add(`${r.namespace}/${r.key}`);
    });
    await this.write(ctx, rows, 'replace description');
  }

  /**
   * Replaces one owner's metafields with `metafields` (productSet's list fields): those given are set, every other
   * metafield of the owner is deleted. Pass `inTransaction(ctx, em)` to write within the owner's transaction.
   */
  async replaceMetafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, metafields: Omit<NewMetafield, 'ownerType' | 'ownerId'>[]): Promise<void> {
    const kept = new Set(metafields.map((m) => `${m.namespace}\n${m.key}`));
    const current = await ctx.em.find(Metafield, { shopId: ctx.shop.id, ownerType, ownerId }, { fields: ['id', 'namespace', 'key'], disableIdentityMap: true });
    const gone = current.filter((m) => !kept.has(`${m.namespace}\n${m.key}`)).map((m) => m.id);
    if (gone.length > 0) await ctx.em.nativeDelete(Metafield, { shopId: ctx.shop.id, id: { $in: gone } });
    await this.setMetafields(ctx, ownerType, ownerId, metafields);
  }

  /** Deletes every metafield of owners (when they are deleted); `inTransaction(ctx, em)` joins the caller's transaction. */
  async deleteMetafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerIds: number | readonly number[]): Promise<number> {
    const ids = typeof ownerIds === 'number' ? [ownerIds] : [...ownerIds];
    if (ids.length === 0) return 0;
    return ctx.em.nativeDelete(Metafield, { shopId: ctx.shop.id, ownerType, ownerId: { $in: ids } });
  }

  /**
   * `metafieldsSet`: metafields of any owners of the shop, at most 25, all or none. Each owner is found by its global
   * id through the owner registry and must exist in the shop (another shop's is not found, as an unknown one); each
   * metafield passes the one validation; a `compareDigest` sets it only while it holds what the caller read. The
   * caller's scopes are the resolver's declaration (`@RequiresScopeOf`), checked before this runs.
   */
  async set(ctx: RequestContext, inputs: readonly MetafieldToSet[]): Promise<MetafieldsSetResult> {
    if (inputs.length > MAX_METAFIELDS_SET) {
      return refusedSet([MetafieldErrors.LESS_THAN_OR_EQUAL_TO(`Exceeded the maximum metafields input limit of ${MAX_METAFIELDS_SET}.`, { field: 'metafields' })]);
    }
    const { entries, owned, problems } = this.checkedEntries(ctx, inputs);
    // Every problem at once: the owners of the shop are looked up for an input refused anyway, without a transaction.
    if (problems.length > 0) return refusedSet(inIndexOrder([...(await this.missingOwners(ctx, owned)), ...problems]));
    if (entries.length === 0) return { metafields: [], problems: [] };
    try {
      return await ctx.em.transactional(async (em) => {
        const tx = inTransaction(ctx, em);
        const missing = await this.missingOwners(tx, entries);
        if (missing.length > 0) return refusedSet(missing);
        const stale = await this.staleEntries(tx, entries);
        if (stale.length > 0) return refusedSet(stale);
        const written = await this.write(tx, entries.map((e) => e.row), 'keep description');
        // A metafield that had to be new (compareDigest null) but was made by another write since the check.
        const raced = entries.filter((e) => e.compareDigest === null && !written.get(rowKey(e.row))!.inserted);
        if (raced.length > 0) throw new StaleWrite(raced.map((e) => staleProblem(e.index)));
        return { metafields: entries.map((e) => withoutFlag(written.get(rowKey(e.row))!)), problems: [] };
      });
    } catch (error) {
      if (error instanceof StaleWrite) return refusedSet(error.problems);
      throw error;
    }
  }

  /**
   * `metafieldsDelete`: metafields by owner, namespace and key, in one statement. An owner id of no owner type is an
   * input problem (nothing deleted); a metafield the shop does not have (another shop's owner's too) answers false.
   */
  async delete(ctx: RequestContext, inputs: readonly MetafieldToDelete[]): Promise<MetafieldsDeleteResult> {
    if (inputs.length === 0) return { deleted: null, problems: [MetafieldErrors.BLANK('At least one metafield must be given.', { field: 'metafields' })] };
    const owners = inputs.map((m) => this.owners.ownerOf(m.ownerId));
    const problems = owners.flatMap((o, i) => (o ? [] : [ownerNotFound(i)]));
    if (problems.length > 0) return { deleted: null, problems };
    const rows = await this.sql.rows<{ ownerType: string; ownerId: number; namespace: string; key: string }>(ctx, DELETE_METAFIELDS, [
      ctx.shop.id,
      owners.map((o) => o!.owner.ownerType),
      owners.map((o) => o!.id),
      inputs.map((m) => m.namespace),
      inputs.map((m) => m.key),
    ]);
    const deleted = new Set(rows.map((r) => JSON.stringify([r.ownerType, r.ownerId, r.namespace, r.key])));
    return { deleted: inputs.map((m, i) => deleted.has(JSON.stringify([owners[i]!.owner.ownerType, owners[i]!.id, m.namespace, m.key]))), problems: [] };
  }

  /**
   * A page of one owner's metafields in id order, narrowed to a `namespace` and to `keys` (`namespace.key`)
   * when given. Every owner of a level asking the same page and filters shares one statement.
   */
  metafieldsOfOwner(
    ctx: RequestContext,
    ownerType: MetafieldOwnerType,
    ownerId: number,
    page: PageRequest,
    namespace?: string | null,
    keys?: readonly string[] | null,
  ): Promise<ListPage<MetafieldRecord>> {
    const filters = { namespace: namespace ?? null, keys: keys ? keys.map(splitKey) : null };
    return requestScoped(ctx, `metafields:ofOwner:${ownerType}:${pageKey(page)}:${JSON.stringify(filters)}`, () => {
      // $1 shop, $2 owner ids, $3 rows per owner; the owner type, the filters and the cursor add theirs.
      const params = new SqlParams(3);
      const type = params.add(ownerType);
      const where: string[] = [];
      if (filters.namespace !== null) where.push(`mf.namespace = ${params.add(filters.namespace)}`);
      if (filters.keys !== null) {
        where.push(`(mf.namespace, mf.key) in (select * from unnest(${params.add(filters.keys.map((k) => k.namespace))}::text[], ${params.add(filters.keys.map((k) => k.key))}::text[]))`);
      }
      const keyset = keysetPlan({ connection: `${ownerType.toLowerCase()}.metafields`, sortKey: 'ID' }, BY_ID, page, 'mf.id', params);
      const statement = preparedSql(metafieldsOfOwnersSql(keyset, type, where));
      return new DataLoader<number, ListPage<MetafieldRecord>>(async (ownerIds) => {
        const rows = await this.sql.rows<MetafieldRow>(ctx, statement, [ctx.shop.id, ownerIds, page.size + 1, ...params.values]);
        const byOwner = groupBy(rows, (row) => row.parentId);
        return ownerIds.map((id) => cutPage(byOwner.get(id) ?? [], page, (row) => keyset.cursorOf(row), withoutPaging));
      });
    }).load(ownerId);
  }

  /**
   * The owner whose `id` metafield holds a custom id (`customId: {namespace, key, value}` of the hosted identifier
   * inputs), or null; an omitted namespace is the calling app's reserved one. A namespace or key that no metafield can
   * have finds nothing without a statement.
   */
  async ownerOfCustomId(ctx: RequestContext, ownerType: MetafieldOwnerType, customId: CustomId): Promise<number | null> {
    const namespace = namespaceOf(ctx, customId.namespace);
    if (!NAMESPACE_PATTERN.test(namespace) || !KEY_PATTERN.test(customId.key) || customId.value.includes('\u0000')) return null;
    const [row] = await this.sql.rows<{ ownerId: number }>(ctx, OWNER_OF_CUSTOM_ID, [ctx.shop.id, ownerType, namespace, customId.key, customId.value]);
    return row?.ownerId ?? null;
  }

  /**
   * Gives an owner a custom id: its `id` metafield (namespace, key) set to the value, an omitted namespace being the
   * calling app's reserved one. Answers the problems of the metafield and writes nothing when there are any.
   */
  async setCustomId(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, customId: CustomId): Promise<MetafieldProblem[]> {
    const metafield = { namespace: namespaceOf(ctx, customId.namespace), key: customId.key, type: 'id', value: customId.value };
    const problems = metafieldProblems(metafield);
    if (problems.length === 0) await this.setMetafields(ctx, ownerType, ownerId, [metafield]);
    return problems;
  }

  /**
   * One owner's metafield by namespace and key, or null; an omitted namespace is the calling app's reserved one
   * (`app--<app id>`). Every lookup of a level (any owner, any key) shares one statement.
   */
  metafieldOfOwner(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, namespace: string | null | undefined, key: string): Promise<MetafieldRecord | null> {
    const loader = requestScoped(ctx, `metafields:ofOwnerByKey:${ownerType}`, () =>
      new DataLoader<string, MetafieldRecord | null>(async (wanted) => {
        const triples = wanted.map((w) => JSON.parse(w) as [number, string, string]);
        const rows = await this.sql.rows<MetafieldRecord>(ctx, METAFIELDS_BY_OWNER_KEYS, [ctx.shop.id, ownerType, triples.map((t) => t[0]), triples.map((t) => t[1]), triples.map((t) => t[2])]);
        const found = new Map(rows.map((r) => [JSON.stringify([r.ownerId, r.namespace, r.key]), r]));
        return wanted.map((w) => found.get(w) ?? null);
      }),
    );
    return loader.load(JSON.stringify([ownerId, namespaceOf(ctx, namespace), key]));
  }

  /**
   * An owner's metafields for `identifiers`, in their order (null where it has none); an omitted namespace is the
   * calling app's reserved one. Every owner of a type asking the same identifiers in a request shares one statement.
   */
  metafieldsByIdentifiers(
    ctx: RequestContext,
    ownerType: MetafieldOwnerType,
    ownerId: number,
    identifiers: readonly { namespace?: string | null; key: string }[],
  ): Promise<(MetafieldRecord | null)[]> {
    if (identifiers.length === 0) return Promise.resolve([]);
    const asked: MetafieldIdentifier[] = identifiers.map((i) => ({ namespace: namespaceOf(ctx, i.namespace), key: i.key }));
    const wanted = [...new Map(asked.map((i) => [`${i.namespace}\u0000${i.key}`, i])).values()];
    const loader = requestScoped(ctx, `metafields:byIdentifiers:${ownerType}:${JSON.stringify(wanted)}`, () =>
      new DataLoader<number, MetafieldRecord[]>(async (ownerIds) => {
        const rows = await this.sql.rows<MetafieldRecord>(ctx, METAFIELDS_OF_OWNERS_BY_IDENTIFIERS, [
          ctx.shop.id,
          ownerType,
          ownerIds,
          wanted.map((i) => i.namespace),
          wanted.map((i) => i.key),
        ]);
        const byOwner = groupBy(rows, (r) => r.ownerId);
        return ownerIds.map((id) => byOwner.get(id) ?? []);
      }),
    );
    return loader.load(ownerId).then((found) => asked.map((i) => found.find((m) => m.namespace === i.namespace && m.key === i.key) ?? null));
  }

  /** Metafields of the shop by id (the admin `node`), in the order asked, null where the shop has none. */
  async metafieldsByIds(ctx: RequestContext, ids: readonly number[]): Promise<(MetafieldRecord | null)[]> {
    const loader = requestScoped(ctx, 'metafields:byId', () =>
      new DataLoader<number, MetafieldRecord | null>(async (batch) => {
        const valid = [...new Set(batch.filter(Number.isSafeInteger))];
        const rows = valid.length === 0 ? [] : await this.sql.rows<MetafieldRecord>(ctx, METAFIELDS_BY_IDS, [ctx.shop.id, valid]);
        const found = new Map(rows.map((r) => [r.id, r]));
        return batch.map((id) => found.get(id) ?? null);
      }),
    );
    return loader.loadMany(ids) as Promise<(MetafieldRecord | null)[]>;
  }

  /**
   * A metafield by id as the storefront's `node` shows it: only one of an owner whose registration lets the storefront
   * show its metafields (products, collections, the shop, online store content), never a customer's, an order's or a
   * company's.
   */
  async storefrontMetafield(ctx: RequestContext, id: number): Promise<MetafieldRecord | null> {
    const [record] = await this.metafieldsByIds(ctx, [id]);
    return record && this.owners.of(record.ownerType)?.storefront ? record : null;
  }

  // Every input problem of `metafieldsSet` that needs no database, the entries of a valid input, and every input's
  // owner that a global id of a registered type names (checked for existence either way).
  private checkedEntries(ctx: RequestContext, inputs: readonly MetafieldToSet[]): { entries: EntryToSet[]; owned: OwnedInput[]; problems: MetafieldError[] } {
    const problems: MetafieldError[] = [];
    const entries: EntryToSet[] = [];
    const owned: OwnedInput[] = [];
    const seen = new Set<string>();
    inputs.forEach((input, index) => {
      const at = (path: string) => `metafields[${index}].${path}`;
      const before = problems.length;
      const owner = this.owners.ownerOf(input.ownerId);
      if (owner) owned.push({ index, owner });
      else problems.push(ownerNotFound(index));
      const namespace = namespaceOf(ctx, input.namespace);
      for (const problem of metafieldProblems({ namespace, key: input.key, type: input.type, value: input.value })) {
        problems.push(MetafieldErrors[problem.code](problem.message, { field: at(problem.path) }));
      }
      const digest = input.compareDigest;
      if (typeof digest === 'string' && !isMetafieldDigest(digest)) {
        problems.push(MetafieldErrors.INVALID_COMPARE_DIGEST('The compareDigest is invalid.', { field: at('compareDigest') }));
      }
      if (problems.length > before || !owner) return;
      const row = { ownerType: owner.owner.ownerType, ownerId: owner.id, namespace, key: input.key, type: input.type!, value: input.value, description: null };
      if (seen.has(rowKey(row))) {
        problems.push(MetafieldErrors.TAKEN('The same metafield is given twice for this owner.', { field: at('key') }));
        return;
      }
      seen.add(rowKey(row));
      entries.push({ index, owner, row, compareDigest: digest });
    });
    return { entries, owned, problems };
  }

  // Owners of the inputs their shop does not have, one statement per owner type (in the write's transaction for a write).
  private async missingOwners(tx: RequestContext, entries: readonly OwnedInput[]): Promise<MetafieldError[]> {
    if (entries.length === 0) return [];
    const byOwner = groupBy(entries, (e) => e.owner.owner);
    const existing = new Map<string, ReadonlySet<number>>();
    for (const [owner, ofOwner] of byOwner) {
      existing.set(owner.ownerType, new Set(await owner.existing(tx, [...new Set(ofOwner.map((e) => e.owner.id))])));
    }
    return entries.filter((e) => !existing.get(e.owner.owner.ownerType)!.has(e.owner.id)).map((e) => ownerNotFound(e.index));
  }

  // Entries with a compareDigest whose metafield does not hold what it says, read locked in the write's transaction.
  private async staleEntries(tx: RequestContext, entries: readonly EntryToSet[]): Promise<MetafieldError[]> {
    const compared = entries.filter((e) => e.compareDigest !== undefined);
    if (compared.length === 0) return [];
    const rows = await this.sql.rows<MetafieldRecord>(tx, LOCK_METAFIELDS, [
      tx.shop.id,
      compared.map((e) => e.row.ownerType),
      compared.map((e) => e.row.ownerId),
      compared.map((e) => e.row.namespace),
      compared.map((e) => e.row.key),
    ]);
    const stored = new Map(rows.map((r) => [rowKey(r), r]));
    return compared
      .filter((e) => {
        const current = stored.get(rowKey(e.row));
        return e.compareDigest === null ? current !== undefined : current === undefined || metafieldDigest(current.type, current.value) !== e.compareDigest;
      })
      .map((e) => staleProblem(e.index));
  }

  // One statement for every row, in the order given: new metafields get their ids in that order, which is the order
  // an owner's metafields are listed in.
  private async write(ctx: RequestContext, rows: readonly RowToWrite[], description: 'replace description' | 'keep description'): Promise<Map<string, WrittenRow>> {
    const written = await this.sql.rows<WrittenRow>(ctx, description === 'keep description' ? SET_METAFIELD_VALUES : SET_METAFIELDS, [
      ctx.shop.id,
      rows.map((r) => r.ownerType),
      rows.map((r) => r.ownerId),
      rows.map((r) => r.namespace),
      rows.map((r) => r.key),
      rows.map((r) => r.type),
      rows.map((r) => r.value),
      rows.map((r) => r.description),
    ]);
    return new Map(written.map((r) => [rowKey(r), r]));
  }
}

const refusedSet = (problems: readonly MetafieldError[]): MetafieldsSetResult => ({ metafields: null, problems });

// Problems of `metafields[i]…` by i, each input's in the order given (the list's own problems first).
function inIndexOrder(problems: readonly MetafieldError[]): MetafieldError[] {
  const indexOf = (p: MetafieldError) => Number(/^metafields\[(\d+)\]/.exec(p.field ?? '')?.[1] ?? -1);
  return problems.map((p, i) => ({ p, i })).sort((a, b) => indexOf(a.p) - indexOf(b.p) || a.i - b.i).map(({ p }) => p);
}

// Another shop's owner is answered as an unknown one: the caller learns nothing of it.
function ownerNotFound(index: number): MetafieldError {
  return MetafieldErrors.OWNER_NOT_FOUND('Owner does not exist.', { field: `metafields[${index}].ownerId` });
}

function staleProblem(index: number): MetafieldError {
  return MetafieldErrors.STALE_OBJECT('The metafield has been modified since it was loaded.', { field: `metafields[${index}].compareDigest` });
}

function rowKey(row: { ownerType: string; ownerId: number; namespace: string; key: string }): string {
  return JSON.stringify([row.ownerType, row.ownerId, row.namespace, row.key]);
}

function withoutFlag(row: WrittenRow): MetafieldRecord {
  const { inserted: _inserted, ...record } = row;
  return record;
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

// `namespace.key`: keys hold no dot, so the last one splits; an entry without one matches nothing.
function splitKey(entry: string): { namespace: string; key: string } {
  const dot = entry.lastIndexOf('.');
  return dot < 0 ? { namespace: '', key: entry } : { namespace: entry.slice(0, dot), key: entry.slice(dot + 1) };
}

// An omitted namespace is the calling app's reserved one; a caller without an app has none (it matches nothing).
function namespaceOf(ctx: RequestContext, namespace: string | null | undefined): string {
  if (namespace) return namespace;
  const appId = appIdOf(ctx.caller);
  return appId === null ? '' : `app--${appId}`;
}

// The row's window-function columns are not the record's.
function withoutPaging(row: MetafieldRow): MetafieldRecord {
  const { parentId: _parentId, rn: _rn, sortValue: _sortValue, ...record } = row;
  return record;
}
