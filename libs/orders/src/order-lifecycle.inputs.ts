import type { RefundRequest } from './refund.rules.js';

/** A refund of order `orderId`: lines (with restock), shipping and the refund transactions paying it. */
export interface RefundInput extends RefundRequest {
  orderId: number;
  note?: string | null;
  /** Whether to email the buyer (accepted; no refund email exists yet). */
  notify?: boolean | null;
}

/** How to cancel an order: `reason` one of the cancel reasons, and whether to refund and to restock what is left. */
export interface CancelOrderInput {
  reason: string;
  refund: boolean;
  restock: boolean;
  notifyCustomer?: boolean | null;
  staffNote?: string | null;
}
