import type { CartAttribute } from './cart.entity.js';
import type { CartLineRecord, CartRecord, DiscountRecord } from './cart.records.js';

/** A cart as cart.sql.ts selects it: by the SQL reader (bigints as numbers, dates) or returned by a write on the ORM's connection (bigints as strings). */
export interface CartRow {
  id: number | string;
  token: string;
  currency: string;
  countryCode: string;
  note: string | null;
  attributes: CartAttribute[];
  discountCodes: string[];
  email: string | null;
  phone: string | null;
  customerId: number | string | null;
  completedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
  lines: CartLineRecord[];
  discounts: (Omit<DiscountRecord, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string | null })[];
}

/** The record of a row, with the key the caller proved. */
export function cartRecord(row: CartRow, key: string): CartRecord {
  return {
    ...row,
    id: Number(row.id),
    key,
    customerId: row.customerId === null ? null : Number(row.customerId),
    completedAt: row.completedAt === null ? null : new Date(row.completedAt),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    expiresAt: new Date(row.expiresAt),
    discounts: row.discounts.map((d) => ({ ...d, startsAt: new Date(d.startsAt), endsAt: d.endsAt === null ? null : new Date(d.endsAt) })),
  };
}
