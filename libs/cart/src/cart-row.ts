import type { CartAttribute } from './cart.entity.js';
import type { CartLineRecord, CartRecord, DiscountRecord } from './cart.records.js';

/** A cart as cart.sql.ts selects it on the SQL pool: bigints as numbers, dates; its discounts' dates as JSON text. */
export interface CartRow {
  id: number;
  token: string;
  currency: string;
  countryCode: string;
  note: string | null;
  attributes: CartAttribute[];
  discountCodes: string[];
  email: string | null;
  phone: string | null;
  customerId: number | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  lines: CartLineRecord[];
  discounts: (Omit<DiscountRecord, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string | null })[];
}

/** The record of a row, with the key the caller proved. */
export function cartRecord(row: CartRow, key: string): CartRecord {
  return {
    ...row,
    key,
    discounts: row.discounts.map((d) => ({ ...d, startsAt: new Date(d.startsAt), endsAt: d.endsAt === null ? null : new Date(d.endsAt) })),
  };
}
