import { Injectable } from '@nestjs/common';
import { type EventHandler, HandlesEvent } from '@platform/events';
import { OrderPaid } from '@platform/orders';
import type { RequestContext } from '@platform/request';
import { LedgerService } from '../ledger.service.js';

/** A paid order's payment becomes a `charge`; delivered again (at least once), it books nothing more. */
@Injectable()
@HandlesEvent(OrderPaid)
export class OrderPaidHandler implements EventHandler<OrderPaid> {
  constructor(private readonly ledger: LedgerService) {}

  async handle(ctx: RequestContext, event: OrderPaid): Promise<void> {
    await this.ledger.recordCharge(ctx, { ...event, processedAt: new Date(event.processedAt) });
  }
}
