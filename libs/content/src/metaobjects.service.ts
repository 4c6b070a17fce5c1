import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop, insertRows } from '@platform/database';
import { DomainError } from '@platform/errors';
import { taken } from './write-guards.js';
import { uniqueWithin } from './content.rules.js';
import { alignTo } from './align-to.js';
import { MetaobjectDefinition } from './metaobject-definition.entity.js';
import { Metaobject } from './metaobject.entity.js';
import { metaobjectDefinitionRow, metaobjectRow } from './metaobject.rules.js';
import type {
  ImportedMetaobject,
  ImportedMetaobjectDefinition,
  MetaobjectRead,
  NewMetaobject,
  NewMetaobjectDefinition,
} from './metaobject.types.js';

/** Metaobject definitions and their entries (structured custom content such as designers or size charts). */
@Injectable()
export class MetaobjectsService {
  constructor(private readonly em: EntityManager) {}

  async importMetaobjectDefinitions(shopId: number, definitions: NewMetaobjectDefinition[]): Promise<ImportedMetaobjectDefinition[]> {
    if (definitions.length === 0) return [];
    const rows = definitions.map((d, i) => metaobjectDefinitionRow(d, `definitions[${i}]`));
    uniqueWithin(rows, (r) => r.type, (i) => `definitions[${i}].type`);
    return taken('type', forkForShop(this.em, shopId).transactional(async (em) => {
      const ids = await insertRows(em, MetaobjectDefinition, rows.map((r) => ({ shopId, ...r })));
      return rows.map((r, i) => ({ id: ids[i], type: r.type }));
    }));
  }

  /** Creates metaobjects of the shop's existing definitions, checking each against its definition. */
  async importMetaobjects(shopId: number, metaobjects: NewMetaobject[]): Promise<ImportedMetaobject[]> {
    if (metaobjects.length === 0) return [];
    return taken('handle', forkForShop(this.em, shopId).transactional(async (em) => {
      const types = [...new Set(metaobjects.map((m) => m.type))];
      const definitions = new Map((await em.find(MetaobjectDefinition, { type: { $in: types } }, { disableIdentityMap: true })).map((d) => [d.type, d]));
      const rows = metaobjects.map((m, i) => {
        const definition = definitions.get(m.type);
        if (!definition) throw new DomainError('UNPROCESSABLE', `no metaobject definition of type ${m.type}`, { field: `metaobjects[${i}].type`, code: 'NOT_FOUND' });
        return { definitionId: definition.id, ...metaobjectRow(m, definition, `metaobjects[${i}]`) };
      });
      uniqueWithin(rows, (r) => `${r.type}/${r.handle}`, (i) => `metaobjects[${i}].handle`);
      const ids = await insertRows(em, Metaobject, rows.map((r) => ({ shopId, ...r })));
      return rows.map((r, i) => ({ id: ids[i], type: r.type, handle: r.handle }));
    }));
  }

  async metaobjectsByIds(shopId: number, ids: readonly number[]): Promise<(MetaobjectRead | null)[]> {
    if (ids.length === 0) return [];
    const em = forkForShop(this.em, shopId);
    const rows = await em.find(Metaobject, { id: { $in: [...new Set(ids)] } }, { disableIdentityMap: true });
    const read = await this.reader(em, rows);
    return alignTo(ids, new Map(rows.map((r) => [r.id, read(r)])));
  }

  /** Metaobjects by (type, handle), in the order asked (null where none); handles are unique per type. */
  async metaobjectsByHandles(shopId: number, keys: readonly { type: string; handle: string }[]): Promise<(MetaobjectRead | null)[]> {
    if (keys.length === 0) return [];
    const em = forkForShop(this.em, shopId);
    const rows = await em.find(Metaobject, { $or: keys.map((k) => ({ type: k.type, handle: k.handle })) }, { disableIdentityMap: true });
    const read = await this.reader(em, rows);
    const found = new Map(rows.map((r) => [`${r.type}/${r.handle}`, read(r)]));
    return keys.map((k) => found.get(`${k.type}/${k.handle}`) ?? null);
  }

  // Field types come from the definitions: one statement for all the rows' definitions.
  private async reader(em: EntityManager, rows: Metaobject[]): Promise<(row: Metaobject) => MetaobjectRead> {
    const ids = [...new Set(rows.map((r) => r.definitionId))];
    const definitions = ids.length === 0 ? [] : await em.find(MetaobjectDefinition, { id: { $in: ids } }, { disableIdentityMap: true });
    const byId = new Map(definitions.map((d) => [d.id, d]));
    return (r) => ({
      id: r.id,
      type: r.type,
      handle: r.handle,
      fields: (byId.get(r.definitionId)?.fieldDefinitions ?? [])
        .filter((f) => r.fields[f.key] !== undefined)
        .map((f) => ({ key: f.key, type: f.type, value: r.fields[f.key] })),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
  }
}
