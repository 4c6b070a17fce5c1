/** What a shop's plan pays per charge: a rate of the amount (percent, exact decimal string) plus a fixed amount. */
export interface PaymentFee {
  /** Percent of the charged amount, e.g. '2.9'. */
  readonly percent: string;
  /** Added to every charge, in the charge's currency, e.g. '0.30'. */
  readonly fixed: string;
}

/** The hosted platform's online card rates for its standard and higher-tier plans; PAYMENT_FEES overrides them. */
export const DEFAULT_PAYMENT_FEES: Readonly<Record<string, PaymentFee>> = Object.freeze({
  standard: { percent: '2.9', fixed: '0.30' },
  plus: { percent: '2.4', fixed: '0.30' },
});

const ENTRY = /^([a-z][a-z0-9_-]*):(\d{1,2}(?:\.\d{1,4})?)%\+(\d{1,6}(?:\.\d{1,2})?)$/;

/**
 * `PAYMENT_FEES`, a comma list of `<plan>:<percent>%+<fixed>` (`standard:2.9%+0.30,plus:2.4%+0.30`): the plans it
 * names replace the defaults, the others keep them. Null when an entry does not read.
 */
export function parsePaymentFees(text: string | undefined): Record<string, PaymentFee> | null {
  const fees: Record<string, PaymentFee> = { ...DEFAULT_PAYMENT_FEES };
  if (text === undefined || text.trim() === '') return fees;
  for (const entry of text.split(',')) {
    const match = ENTRY.exec(entry.trim());
    if (!match) return null;
    fees[match[1]!] = { percent: match[2]!, fixed: match[3]! };
  }
  return fees;
}
