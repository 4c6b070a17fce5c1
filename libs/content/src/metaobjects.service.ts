import { Injectable } from '@nestjs/common';
import { insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { ContentErrors } from './content.errors.js';
import { uniqueOn } from './import-checks.js';
import { uniqueWithin } from './content.rules.js';
import { MetaobjectDefinition } from './metaobject-definition.entity.js';
import { Metaobject } from './metaobject.entity.js';
import { metaobjectDefinitionRow, metaobjectRow } from './metaobject.rules.js';
import type { NewMetaobject, NewMetaobjectDefinition } from './metaobject.inputs.js';
import type { ImportedMetaobject, ImportedMetaobjectDefinition } from './metaobject.records.js';

/** Writes metaobject definitions and their entries (structured custom content such as designers or size charts). */
@Injectable()
export class MetaobjectsService {
  async importMetaobjectDefinitions(ctx: RequestContext, definitions: NewMetaobjectDefinition[]): Promise<ImportedMetaobjectDefinition[]> {
    if (definitions.length === 0) return [];
    const rows = definitions.map((d, i) => metaobjectDefinitionRow(d, `definitions[${i}]`));
    uniqueWithin(rows, (r) => r.type, (i) => `definitions[${i}].type`);
    return uniqueOn('type', ctx.em.transactional(async (em) => {
      const ids = await insertRows(em, MetaobjectDefinition, rows.map((r) => ({ shopId: ctx.shop.id, ...r })));
      return rows.map((r, i) => ({ id: ids[i], type: r.type }));
    }));
  }

  /** Creates metaobjects of the shop's existing definitions, checking each against its definition. */
  async importMetaobjects(ctx: RequestContext, metaobjects: NewMetaobject[]): Promise<ImportedMetaobject[]> {
    if (metaobjects.length === 0) return [];
    return uniqueOn('handle', ctx.em.transactional(async (em) => {
      const types = [...new Set(metaobjects.map((m) => m.type))];
      const definitions = new Map((await em.find(MetaobjectDefinition, { type: { $in: types } }, { disableIdentityMap: true })).map((d) => [d.type, d]));
      const rows = metaobjects.map((m, i) => {
        const definition = definitions.get(m.type);
        if (!definition) throw ContentErrors.NOT_FOUND(`no metaobject definition of type ${m.type}`, { field: `metaobjects[${i}].type` });
        return { definitionId: definition.id, ...metaobjectRow(m, definition, `metaobjects[${i}]`) };
      });
      uniqueWithin(rows, (r) => `${r.type}/${r.handle}`, (i) => `metaobjects[${i}].handle`);
      const ids = await insertRows(em, Metaobject, rows.map((r) => ({ shopId: ctx.shop.id, ...r })));
      return rows.map((r, i) => ({ id: ids[i], type: r.type, handle: r.handle }));
    }));
  }
}
