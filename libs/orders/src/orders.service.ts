import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { forkForShop } from '@platform/database';
import { DomainError } from '@platform/errors';
import { insertRows } from '@platform/database';
import type { ImportedOrder, NewOrder } from './order-import.types.js';
import { OrderLineItem } from './order-line-item.entity.js';
import { Order } from './order.entity.js';
import { orderRows } from './order.rules.js';

@Injectable()
export class OrdersService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Creates orders with their line items in one transaction, with multi-row inserts (bulk import and seeding).
   * Customer, product and variant ids are the caller's to resolve; this context does not read their tables.
   */
  async importOrders(shopId: number, orders: NewOrder[]): Promise<ImportedOrder[]> {
    if (orders.length === 0) return [];
    const prepared = orders.map((o, i) => orderRows(o, `orders[${i}]`));
    try {
      return await forkForShop(this.em, shopId).transactional(async (em) => {
        const ids = await insertRows(em, Order, prepared.map((o) => ({ shopId, ...o.order })));
        const lineIds = await insertRows(
          em,
          OrderLineItem,
          prepared.flatMap((o, i) => o.lineItems.map((l) => ({ shopId, orderId: ids[i], ...l }))),
        );
        let l = 0;
        return prepared.map((o, i) => ({ id: ids[i], name: o.order.name, lineItemIds: o.lineItems.map(() => lineIds[l++]) }));
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('UNPROCESSABLE', 'has already been taken', { field: 'name', code: 'TAKEN' });
      }
      throw error;
    }
  }
}
