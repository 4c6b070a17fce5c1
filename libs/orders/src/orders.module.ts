import { Module, type OnModuleInit } from '@nestjs/common';
import { CatalogModule } from '@platform/catalog';
import { DatabaseModule } from '@platform/database';
import { EventsModule } from '@platform/events';
import { MetafieldOwnerRegistry, MetafieldsModule } from '@platform/metafields';
import { OrderFulfillmentLineItem } from './order-fulfillment-line-item.entity.js';
import { OrderFulfillment } from './order-fulfillment.entity.js';
import { OrderLineItem } from './order-line-item.entity.js';
import { OrderTransaction } from './order-transaction.entity.js';
import { Order } from './order.entity.js';
import { RefundLineItem } from './refund-line-item.entity.js';
import { Refund } from './refund.entity.js';
import { OrderDirectoryService } from './order-directory.service.js';
import { OrdersService } from './orders.service.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrderPlacementService } from './order-placement.service.js';

@Module({
  // Events: imports publish OrderPaid and OrderRefunded (one process-wide instance, however many modules import it).
  // Catalog: paid orders take their units from stock, refunds and cancellations put restocked units back, through its service.
  // Metafields: orders keep them, and register as their owner.
  imports: [EventsModule, CatalogModule, MetafieldsModule, DatabaseModule.forFeature([Order, OrderLineItem, OrderTransaction, Refund, RefundLineItem, OrderFulfillment, OrderFulfillmentLineItem])],
  providers: [OrdersService, OrderDirectoryService, OrderLifecycleService, OrderPlacementService],
  exports: [OrdersService, OrderDirectoryService, OrderLifecycleService, OrderPlacementService],
})
export class OrdersModule implements OnModuleInit {
  constructor(
    private readonly owners: MetafieldOwnerRegistry,
    private readonly directory: OrderDirectoryService,
  ) {}

  // An order's metafields are private: read_orders reads them, write_orders writes them, the storefront shows none.
  onModuleInit(): void {
    this.owners.register({
      ownerType: 'ORDER',
      type: 'Order',
      read: 'read_orders',
      write: 'write_orders',
      storefront: false,
      existing: (ctx, ids) => this.directory.existingIds(ctx, ids),
    });
  }
}
