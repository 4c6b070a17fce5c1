import { Injectable } from '@nestjs/common';
import { type Access, type RequestContext, type Surface, requireAccess } from '@platform/request';
import { parseGlobalId } from '@platform/ids';
import type { NodeValue } from './node.interface.js';

/** Loads nodes of one type by integer id for one surface (null for ids it cannot see). */
export type NodeFetcher = (ctx: RequestContext, id: number) => Promise<NodeValue | null>;

/**
 * What reading a node of a type asks: the same for every one (`{ scope: 'read_products' }`), or what one record asks,
 * known once it is read (a metafield asks what reading its owner asks; null: no caller reads it through `node`).
 */
export type NodeAccess<R> = Access | ((record: R) => Access | null);

/**
 * `node(id:)` and `nodes(ids:)` without knowing any domain: each context registers how to load its types
 * on each surface (storefront Product, admin Customer, …) and the access a type asks for, the same as its
 * own root field's, so `node` is never a way around a scope.
 */
@Injectable()
export class NodeRegistry {
  private readonly types = new Map<string, { access: Access | null; fetcher: NodeFetcher; view: (record: never) => NodeValue }>();

  /** `load` reads a record of the shop by id (null when it has none), `view` makes it the type's GraphQL value. */
  register<R>(surface: Surface, type: string, access: NodeAccess<R>, load: (ctx: RequestContext, id: number) => Promise<R | null>, view: (record: R) => NodeValue): void {
    const fetcher: NodeFetcher = async (ctx, id) => {
      const record = await load(ctx, id);
      if (record === null) return null;
      if (typeof access === 'function') {
        const asked = access(record);
        if (!asked) return null;
        requireAccess(ctx, asked, 'node');
      }
      return view(record);
    };
    // A type's one access is checked before anything is read; a record's once it is.
    this.types.set(`${surface}:${type}`, { access: typeof access === 'function' ? null : access, fetcher, view });
  }

  /**
   * The GraphQL value of a record of `type` that another context read (search results over products, pages and
   * articles), made by the view its own context registered, so no context imports another's presenters.
   */
  view(surface: Surface, type: string, record: object): NodeValue {
    const registered = this.types.get(`${surface}:${type}`);
    if (!registered) throw new Error(`no ${surface} node type ${type} is registered`);
    return (registered.view as (record: object) => NodeValue)(record);
  }

  async fetch(ctx: RequestContext, gid: string): Promise<NodeValue | null> {
    const parsed = parseGlobalId(gid);
    if (!parsed) return null;
    const type = this.types.get(`${ctx.surface}:${parsed.type}`);
    if (!type) return null;
    if (type.access) requireAccess(ctx, type.access, 'node');
    return type.fetcher(ctx, parsed.id);
  }
}
