import type { OrderRiskRecord } from '../order-risk.records.js';

/** The REST risk object, keys in the hosted platform's order; merchant_message repeats the message. */
export function restOrderRisk(risk: OrderRiskRecord) {
  return {
    id: risk.id,
    order_id: risk.orderId,
    checkout_id: risk.checkoutId,
    source: risk.source,
    score: risk.score,
    recommendation: risk.recommendation,
    display: risk.display,
    cause_cancel: risk.causeCancel,
    message: risk.message,
    merchant_message: risk.message,
  };
}
