import { Injectable } from '@nestjs/common';
import type { RequestContext, Surface } from '@platform/request';
import { parseGlobalId } from '../connections/global-id.js';
import type { NodeValue } from './node.interface.js';

/** Loads nodes of one type by integer id for one surface (null for ids it cannot see). */
export type NodeFetcher = (ctx: RequestContext, id: number) => Promise<NodeValue | null>;

/**
 * `node(id:)` and `nodes(ids:)` without knowing any domain: each context registers how to load its types
 * on each surface (storefront Product, admin Customer, …).
 */
@Injectable()
export class NodeRegistry {
  private readonly fetchers = new Map<string, NodeFetcher>();

  register(surface: Surface, type: string, fetcher: NodeFetcher): void {
    this.fetchers.set(`${surface}:${type}`, fetcher);
  }

  async fetch(ctx: RequestContext, gid: string): Promise<NodeValue | null> {
    const parsed = parseGlobalId(gid);
    if (!parsed) return null;
    const fetcher = this.fetchers.get(`${ctx.surface}:${parsed.type}`);
    return fetcher ? fetcher(ctx, parsed.id) : null;
  }
}
