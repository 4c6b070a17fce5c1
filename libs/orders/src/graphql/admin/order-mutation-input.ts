import { type UserErrorView, userErrorsOf } from '@platform/errors';
import type { UserErrorCodeValue } from '@platform/graphql-types';
import { idOfType } from '@platform/ids';
import type { CancelOrderInput, RefundInput as ServiceRefundInput } from '../../order-lifecycle.inputs.js';
import { type OrderError, type OrderErrorCode, OrderErrors, orderNotFound } from '../../orders.errors.js';
import type { RestockType } from '../../refund.rules.js';
import type { RefundInput } from './order-mutation.args.js';
import type { OrderCancelErrorCodeValue } from './order-mutation.type.js';

// The admin schema's mutation inputs in the domain's terms (global ids become integers, enum values lowercase),
// and the domain's problems as the schema's userErrors. An id that names nothing of the right type is the caller's
// input problem, answered like an unknown one.

/** The refund the service takes, or the problems of ids that name nothing (fields under the refund input). */
export function refundInputOf(input: RefundInput): { input: ServiceRefundInput | null; problems: OrderError[] } {
  const problems: OrderError[] = [];
  const orderId = idOfType(input.orderId, 'Order');
  if (orderId === null) problems.push(orderNotFound('orderId'));
  const lines = (input.refundLineItems ?? []).map((line, i) => {
    const lineItemId = idOfType(line.lineItemId, 'LineItem');
    if (lineItemId === null) problems.push(OrderErrors.NOT_FOUND('Line item does not exist', { field: `refundLineItems[${i}].lineItemId` }));
    return { lineItemId: lineItemId ?? 0, quantity: line.quantity, restockType: (line.restockType ?? 'NO_RESTOCK').toLowerCase() as RestockType };
  });
  const transactions = (input.transactions ?? []).map((t, i) => {
    const parentId = t.parentId === null || t.parentId === undefined ? null : idOfType(t.parentId, 'OrderTransaction');
    if (parentId === null && t.parentId) problems.push(OrderErrors.NOT_FOUND('Parent transaction does not exist', { field: `transactions[${i}].parentId` }));
    if (orderId !== null && idOfType(t.orderId, 'Order') !== orderId) problems.push(OrderErrors.INVALID('Order must be the order refunded', { field: `transactions[${i}].orderId` }));
    return { amount: t.amount, kind: t.kind.toLowerCase(), parentId, gateway: t.gateway };
  });
  const amount = input.shipping?.shippingRefundAmount;
  if (amount && input.currency && amount.currencyCode !== input.currency) {
    problems.push(OrderErrors.INVALID('Currency must be the currency of the refund', { field: 'shipping.shippingRefundAmount.currencyCode' }));
  }
  if (orderId === null || problems.length > 0) return { input: null, problems };
  return {
    input: {
      orderId,
      note: input.note,
      notify: input.notify,
      currency: input.currency ?? amount?.currencyCode ?? null,
      lines,
      // An amount given overrides fullRefund (the hosted rule).
      shipping: input.shipping ? { amount: amount?.amount ?? null, fullRefund: amount ? false : input.shipping.fullRefund } : null,
      transactions,
    },
    problems,
  };
}

export function cancelInputOf(args: { reason: string; refund: boolean; restock: boolean; notifyCustomer?: boolean | null; staffNote?: string | null }): CancelOrderInput {
  return { reason: args.reason.toLowerCase(), refund: args.refund, restock: args.restock, notifyCustomer: args.notifyCustomer, staffNote: args.staffNote };
}

// Every code of the context on the admin schema's codes; a new code without its line here does not compile.
const USER_ERROR_CODES: Record<OrderErrorCode, UserErrorCodeValue | null> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TAKEN: 'TAKEN',
  TOTALS_MISMATCH: 'INVALID',
  NOT_FOUND: 'NOT_FOUND',
  EXCEEDS_REFUNDABLE: 'INVALID',
  INVALID_STATE: 'INVALID',
};

const CANCEL_ERROR_CODES: Record<OrderErrorCode, OrderCancelErrorCodeValue | null> = {
  BLANK: 'INVALID',
  INVALID: 'INVALID',
  TAKEN: 'INVALID',
  TOTALS_MISMATCH: 'INVALID',
  NOT_FOUND: 'NOT_FOUND',
  EXCEEDS_REFUNDABLE: 'INVALID',
  INVALID_STATE: 'INVALID',
};

export function orderUserErrors(problems: readonly OrderError[], under?: string): UserErrorView<UserErrorCodeValue>[] {
  return userErrorsOf(problems, USER_ERROR_CODES, under);
}

export function orderCancelUserErrors(problems: readonly OrderError[]): UserErrorView<OrderCancelErrorCodeValue>[] {
  return userErrorsOf(problems, CANCEL_ERROR_CODES);
}
