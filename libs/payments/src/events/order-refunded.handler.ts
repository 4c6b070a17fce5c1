import { Injectable } from '@nestjs/common';
import { type EventHandler, HandlesEvent } from '@platform/events';
import { OrderRefunded } from '@platform/orders';
import type { RequestContext } from '@platform/request';
import { LedgerService } from '../ledger.service.js';

/** Money an order gave back becomes a `refund`; delivered again (at least once), it books nothing more. */
@Injectable()
@HandlesEvent(OrderRefunded)
export class OrderRefundedHandler implements EventHandler<OrderRefunded> {
  constructor(private readonly ledger: LedgerService) {}

  async handle(ctx: RequestContext, event: OrderRefunded): Promise<void> {
    await this.ledger.recordRefund(ctx, { ...event, processedAt: new Date(event.processedAt) });
  }
}
