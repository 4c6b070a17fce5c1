import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@platform/request';
import type { MetafieldOwnerType } from '../../metafield.entity.js';
import { MetafieldsService } from '../../metafields.service.js';
import type { HasMetafieldsIdentifier, MetafieldArgs } from './metafield.args.js';
import { metafieldView } from './metafield.presenter.js';
import type { StorefrontMetafield } from './metafield.type.js';

/**
 * `metafield(namespace, key)` and `metafields(identifiers)` of any storefront type that has metafields (the hosted
 * platform's HasMetafields): the resolvers of each owner's type (Product, Collection, Shop, Page, Blog, Article) live
 * in the owner's context and delegate here. Reading needs a storefront token (no scope beyond it), which the
 * `Metafield` type declares (`@RequiresToken()`) and the platform checks on every field that returns one: a tokenless
 * caller gets a null with ACCESS_DENIED, for `metafields` one per identifier, so the owner still answers. The owner
 * shows only what its storefront reads show (published pages and articles, listed products …). An omitted namespace
 * means the calling app's reserved one, `app--<app id>`.
 */
@Injectable()
export class HasMetafieldsFields {
  constructor(private readonly store: MetafieldsService) {}

  async metafield(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, args: MetafieldArgs): Promise<StorefrontMetafield | null> {
    const found = await this.store.metafieldOfOwner(ctx, ownerType, ownerId, args.namespace, args.key);
    return found && metafieldView(found);
  }

  async metafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, identifiers: readonly HasMetafieldsIdentifier[]): Promise<(StorefrontMetafield | null)[]> {
    const found = await this.store.metafieldsByIdentifiers(ctx, ownerType, ownerId, identifiers);
    return found.map((m) => m && metafieldView(m));
  }
}
