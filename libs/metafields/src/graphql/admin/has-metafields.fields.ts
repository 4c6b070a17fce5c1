import { Injectable } from '@nestjs/common';
import { type Connection, connectionOf, pageOf } from '@platform/graphql-types';
import type { RequestContext } from '@platform/request';
import type { MetafieldOwnerType } from '../../metafield.entity.js';
import { MetafieldsService } from '../../metafields.service.js';
import type { AdminMetafieldArgs, AdminMetafieldsArgs } from './metafield.args.js';
import { adminMetafieldView } from './metafield.presenter.js';
import type { AdminMetafield } from './metafield.type.js';

/**
 * `metafields(first…, namespace, keys)` and `metafield(namespace, key)` of any admin type that has metafields (the
 * hosted platform's HasMetafields): each owner's resolver (Customer, Order, Shop) declares the fields with its own read
 * scope and delegates here. Every owner of a level shares one statement per field.
 */
@Injectable()
export class AdminHasMetafieldsFields {
  constructor(private readonly store: MetafieldsService) {}

  async metafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, args: AdminMetafieldsArgs): Promise<Connection<AdminMetafield>> {
    return connectionOf(await this.store.metafieldsOfOwner(ctx, ownerType, ownerId, pageOf(args), args.namespace, args.keys), adminMetafieldView);
  }

  async metafield(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, args: AdminMetafieldArgs): Promise<AdminMetafield | null> {
    const record = await this.store.metafieldOfOwner(ctx, ownerType, ownerId, args.namespace, args.key);
    return record && adminMetafieldView(record);
  }
}
