import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const CUSTOMER_STATES = ['enabled', 'disabled', 'invited', 'declined'] as const;
/** enabled: has an account; invited: was sent an activation link; declined: refused it; disabled: no account. */
export type CustomerState = (typeof CUSTOMER_STATES)[number];

export const MARKETING_STATES = ['subscribed', 'not_subscribed', 'unsubscribed', 'pending'] as const;
export type MarketingState = (typeof MARKETING_STATES)[number];

export const MARKETING_OPT_IN_LEVELS = ['single_opt_in', 'confirmed_opt_in', 'unknown'] as const;
export type MarketingOptInLevel = (typeof MARKETING_OPT_IN_LEVELS)[number];

/** Email marketing consent as the hosted platform models it (accepts_marketing is `state === 'subscribed'`). */
export interface EmailMarketingConsent {
  state: MarketingState;
  optInLevel: MarketingOptInLevel | null;
  /** ISO 8601 date-time of the last change, or null. */
  consentUpdatedAt: string | null;
}

/** SMS marketing consent; `consentCollectedFrom` names where it was given (`OTHER`, or `PLATFORM` for our own forms). */
export interface SmsMarketingConsent {
  state: MarketingState;
  optInLevel: MarketingOptInLevel | null;
  consentUpdatedAt: string | null;
  consentCollectedFrom: string | null;
}

/** A buyer of one shop. Emails are stored lowercased, so uniqueness per shop is case-insensitive. */
@Entity({ tableName: 'customers' })
@Unique({ properties: ['shopId', 'email'] })
// Phone is unique per shop too (a partial unique index where it is set; migration 20261124000100).
@Index({ properties: ['shopId', 'id'] })
export class Customer extends TenantEntity {
  @Property({ type: 'text', nullable: true })
  firstName?: string | null;

  @Property({ type: 'text', nullable: true })
  lastName?: string | null;

  @Property({ type: 'text', nullable: true })
  email?: string | null;

  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  @Enum({ items: () => CUSTOMER_STATES })
  state: Opt<CustomerState> = 'disabled';

  // `scrypt$N$r$p$salt$hash` (customer-password.ts); never serialised.
  @Property({ type: 'text', nullable: true, hidden: true })
  passwordHash?: string | null;

  @Property({ type: 'text[]' })
  tags: Opt<string[]> = [];

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  @Property({ type: 'boolean' })
  verifiedEmail: Opt<boolean> = false;

  @Property({ type: 'json' })
  emailMarketingConsent: Opt<EmailMarketingConsent> = { state: 'not_subscribed', optInLevel: null, consentUpdatedAt: null };

  @Property({ type: 'integer' })
  ordersCount: Opt<number> = 0;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalSpent: Opt<string> = '0.00';

  /** The currency of the customer's last paid order, else the shop's. */
  @Property({ length: 3 })
  currency: Opt<string> = 'USD';

  @Property({ type: 'text', nullable: true })
  multipassIdentifier?: string | null;

  @Property({ type: 'boolean' })
  taxExempt: Opt<boolean> = false;

  @Property({ type: 'text[]' })
  taxExemptions: Opt<string[]> = [];

  @Property({ type: 'json', nullable: true })
  smsMarketingConsent?: SmsMarketingConsent | null;

  // Facts of the customer's orders, kept here because orders are another context (addOrderStats updates them).
  @Property({ type: new BigIntType('number'), nullable: true })
  lastOrderId?: number | null;

  @Property({ type: 'text', nullable: true })
  lastOrderName?: string | null;

  @Property({ type: 'datetime', nullable: true })
  lastOrderAt?: Date | null;

  // The one live account activation link: only the SHA-256 of its token is kept; a new link replaces it.
  @Property({ length: 64, nullable: true, hidden: true })
  activationTokenHash?: string | null;

  @Property({ type: 'datetime', nullable: true, hidden: true })
  activationExpiresAt?: Date | null;
}
