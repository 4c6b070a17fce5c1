import { Injectable } from '@nestjs/common';
import type { AdminScope } from '@platform/auth';
import { parseGlobalId } from '@platform/ids';
import type { RequestContext } from '@platform/request';
import type { MetafieldOwnerType } from './metafield.entity.js';

/** One kind of resource that keeps metafields, as its context registers it. */
export interface MetafieldOwner {
  /** The hosted MetafieldOwnerType its metafields are stored under. */
  readonly ownerType: MetafieldOwnerType;
  /** The type of its global ids (`gid://platform/<type>/<id>`): `Product`, `Customer`, `Shop` … */
  readonly type: string;
  /** The scope reading its metafields on the admin API asks (its own read scope); none: any admin token. */
  readonly read?: AdminScope;
  /** The scope writing them asks (its own write scope, as changing the owner would); none: any admin token. */
  readonly write?: AdminScope;
  /**
   * Whether the storefront may show its metafields (to a token): true for what buyers see anyway (products,
   * collections, the shop, online store content), false for private records (customers, orders, companies).
   */
  readonly storefront: boolean;
  /**
   * Which of `ids` are owners of this kind in ctx's shop, in one statement. Called inside the write's transaction
   * (`inTransaction`), so a statement that locks them (`for key share`) keeps them until the write commits.
   */
  existing(ctx: RequestContext, ids: readonly number[]): Promise<readonly number[]>;
}

/** An owner named by a global id: its registration and the id within its type. */
export interface OwnerRef {
  readonly owner: MetafieldOwner;
  readonly id: number;
}

/**
 * The kinds of resources that keep metafields. Each owner context registers its own in its module's `onModuleInit`
 * (catalog: products, variants, collections; customers; orders; companies; content: pages, blogs, articles; the
 * shop), so the metafields context, below them all, knows none of them: `metafieldsSet` finds an owner by its global
 * id here, asks its write scope and whether it exists in the shop, and the admin `Metafield` node asks its read scope.
 */
@Injectable()
export class MetafieldOwnerRegistry {
  private readonly byOwnerType = new Map<MetafieldOwnerType, MetafieldOwner>();
  private readonly byType = new Map<string, MetafieldOwner>();

  register(owner: MetafieldOwner): void {
    if (this.byOwnerType.has(owner.ownerType) || this.byType.has(owner.type)) throw new Error(`metafield owner ${owner.ownerType} (${owner.type}) is registered twice`);
    this.byOwnerType.set(owner.ownerType, owner);
    this.byType.set(owner.type, owner);
  }

  /** The registration of an owner type, or undefined when no context registered it (a market's, today). */
  of(ownerType: MetafieldOwnerType): MetafieldOwner | undefined {
    return this.byOwnerType.get(ownerType);
  }

  /** The owner a global id names, or null for a malformed id or one of a type that keeps no metafields. */
  ownerOf(globalId: string): OwnerRef | null {
    const parsed = parseGlobalId(globalId);
    const owner = parsed && parsed.id > 0 ? this.byType.get(parsed.type) : undefined;
    return owner ? { owner, id: parsed!.id } : null;
  }

  /** The write scopes of the owners these global ids name (ids of no owner type ask none: they are input problems). */
  writeScopes(globalIds: readonly string[]): (AdminScope | undefined)[] {
    return globalIds.map((gid) => this.ownerOf(gid)?.owner.write);
  }
}
