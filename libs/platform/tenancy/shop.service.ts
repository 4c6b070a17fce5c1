import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { CACHE_FILL_NOTE, READ_CACHE_TTL_MS, ReadThroughCache } from '@platform/database';
import { DomainError } from '@platform/errors';
import { SHOP_PLANS, SHOP_STATES, Shop, type ShopPlan, type ShopState } from './shop.entity.js';
import type { RequestHost } from './host.rules.js';
import { HANDLE_PATTERN, defaultDomain, shopLookupForHost } from './shop.rules.js';

/** What the rest of the platform knows of a shop: a plain, read-only snapshot. */
export interface ShopSnapshot {
  readonly id: number;
  readonly handle: string;
  readonly name: string;
  readonly domain: string;
  readonly plan: ShopPlan;
  readonly state: ShopState;
  readonly currency: string;
  readonly enabledCountries: readonly string[];
  readonly enabledLanguages: readonly string[];
}

export interface CreateShopInput {
  handle: string;
  name?: string;
  plan?: string;
  currency?: string;
  enabledCountries?: string[];
  enabledLanguages?: string[];
}

@Injectable()
export class ShopService {
  // Every request resolves its shop from the Host; the answer (also "no such shop") is cached briefly.
  private readonly byHost: ReadThroughCache<string, ShopSnapshot | null>;

  constructor(
    private readonly em: EntityManager,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Optional() @Inject(CLOCK) clock: Clock = systemClock,
  ) {
    this.byHost = new ReadThroughCache(READ_CACHE_TTL_MS, undefined, clock);
  }

  /** The shop a Host names; `host` is the header read by `parseHost` (an invalid one names no shop). */
  async findByHost(host: RequestHost): Promise<ShopSnapshot | null> {
    const lookup = shopLookupForHost(host, this.config.platformDomain, this.config.defaultShop);
    if (!lookup) return null;
    return this.byHost.get('handle' in lookup ? `handle:${lookup.handle}` : `domain:${lookup.domain}`, async () => {
      const shop = await this.em.fork().findOne(Shop, lookup, { comments: CACHE_FILL_NOTE });
      return shop && toSnapshot(shop);
    });
  }

  async findByHandle(handle: string): Promise<ShopSnapshot | null> {
    const shop = await this.em.fork().findOne(Shop, { handle });
    return shop && toSnapshot(shop);
  }

  async findById(id: number): Promise<ShopSnapshot | null> {
    const shop = await this.em.fork().findOne(Shop, { id });
    return shop && toSnapshot(shop);
  }

  /** Every shop's id, in order: work the platform does for each shop (scheduled jobs) starts from it. */
  async ids(): Promise<number[]> {
    const shops = await this.em.fork().find(Shop, {}, { fields: ['id'], orderBy: { id: 'asc' } });
    return shops.map((shop) => shop.id);
  }

  async requireByHandle(handle: string): Promise<ShopSnapshot> {
    const shop = await this.findByHandle(handle);
    if (!shop) throw new DomainError('NOT_FOUND', `Shop '${handle}' does not exist`, { field: 'shop' });
    return shop;
  }

  async count(): Promise<number> {
    return this.em.fork().count(Shop, {});
  }

  async create(input: CreateShopInput): Promise<ShopSnapshot> {
    const handle = input.handle.trim().toLowerCase();
    if (!HANDLE_PATTERN.test(handle)) {
      throw new DomainError('UNPROCESSABLE', 'must be 1-60 characters of a-z, 0-9 and -', { field: 'handle', code: 'INVALID' });
    }
    const plan = input.plan ?? 'standard';
    if (!isOneOf(SHOP_PLANS, plan)) {
      throw new DomainError('UNPROCESSABLE', `must be one of ${SHOP_PLANS.join(', ')}`, { field: 'plan', code: 'INVALID' });
    }
    const currency = (input.currency ?? 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) {
      throw new DomainError('UNPROCESSABLE', 'must be an ISO 4217 code', { field: 'currency', code: 'INVALID' });
    }
    const em = this.em.fork();
    const shop = em.create(Shop, {
      handle,
      name: input.name?.trim() || titleFromHandle(handle),
      domain: defaultDomain(handle, this.config.platformDomain),
      plan,
      state: 'active',
      currency,
      enabledCountries: input.enabledCountries ?? ['US'],
      enabledLanguages: input.enabledLanguages ?? ['EN'],
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('UNPROCESSABLE', 'has already been taken', { field: 'handle', code: 'TAKEN' });
      }
      throw error;
    }
    this.byHost.invalidate();
    return toSnapshot(shop);
  }

  async setState(handle: string, state: string): Promise<ShopSnapshot> {
    if (!isOneOf(SHOP_STATES, state)) {
      throw new DomainError('UNPROCESSABLE', `must be one of ${SHOP_STATES.join(', ')}`, { field: 'state', code: 'INVALID' });
    }
    const em = this.em.fork();
    const shop = await em.findOne(Shop, { handle });
    if (!shop) throw new DomainError('NOT_FOUND', `Shop '${handle}' does not exist`, { field: 'shop' });
    shop.state = state;
    await em.flush();
    this.byHost.invalidate();
    return toSnapshot(shop);
  }
}

function toSnapshot(shop: Shop): ShopSnapshot {
  return Object.freeze({
    id: shop.id,
    handle: shop.handle,
    name: shop.name,
    domain: shop.domain,
    plan: shop.plan,
    state: shop.state,
    currency: shop.currency,
    enabledCountries: Object.freeze([...shop.enabledCountries]),
    enabledLanguages: Object.freeze([...shop.enabledLanguages]),
  });
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

function titleFromHandle(handle: string): string {
  return handle
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
