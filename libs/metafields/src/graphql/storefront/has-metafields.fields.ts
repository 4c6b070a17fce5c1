import { Injectable } from '@nestjs/common';
import { appIdOf } from '@platform/auth';
import type { RequestContext } from '@platform/request';
import type { MetafieldOwnerType } from '../../metafield.entity.js';
import { ContentStorefrontService } from '../../storefront/content-storefront.service.js';
import type { HasMetafieldsIdentifier, MetafieldArgs } from './content.args.js';
import { metafieldView } from './content.presenter.js';
import type { StorefrontMetafield } from './metafield.type.js';

/**
 * `metafield(namespace, key)` and `metafields(identifiers)` of any storefront type that has metafields
 * (the hosted platform's HasMetafields): resolvers of Page, Article and Blog here, and of other contexts'
 * types (Product, Collection, Shop), delegate to it. Reading needs a storefront token (no scope beyond it), which
 * the `Metafield` type declares (`@RequiresToken()`) and the platform checks on every field that returns one: a
 * tokenless caller gets a null with ACCESS_DENIED, for `metafields` one per identifier, so the owner still answers.
 * An omitted namespace means the calling app's reserved one, `app--<app id>`.
 */
@Injectable()
export class HasMetafieldsFields {
  constructor(private readonly content: ContentStorefrontService) {}

  async metafield(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, args: MetafieldArgs): Promise<StorefrontMetafield | null> {
    const [found] = await this.content.metafields(ctx, ownerType, ownerId, [{ namespace: namespaceOf(ctx, args.namespace), key: args.key }]);
    return found ? metafieldView(found) : null;
  }

  async metafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, identifiers: HasMetafieldsIdentifier[]): Promise<(StorefrontMetafield | null)[]> {
    const wanted = identifiers.map((i) => ({ namespace: namespaceOf(ctx, i.namespace), key: i.key }));
    const found = await this.content.metafields(ctx, ownerType, ownerId, wanted);
    return found.map((m) => m && metafieldView(m));
  }
}

function namespaceOf(ctx: RequestContext, namespace: string | null | undefined): string {
  if (namespace) return namespace;
  const appId = appIdOf(ctx.caller);
  return appId === null ? '' : `app--${appId}`;
}
