import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import type { RequestContext } from '@platform/request';
import type { NewDiscountCode } from './cart.inputs.js';
import { checkNewDiscountCode } from './discount-code.rules.js';
import { DiscountCode } from './discount-code.entity.js';

/** The shop's discount codes: created by the seed (and imports); carts read them with their own SQL. */
@Injectable()
export class DiscountCodesService {
  constructor(@Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock) {}

  /** Creates codes in one transaction; a code that is not valid throws (imports have no payload to answer in). */
  async importDiscountCodes(ctx: RequestContext, codes: readonly NewDiscountCode[]): Promise<number[]> {
    const now = new Date(this.clock.now());
    const rows = codes.map((code, i) => checkNewDiscountCode(code, now, `discountCodes[${i}]`));
    return ctx.em.transactional(async (em) => {
      const entities = rows.map((row) => em.create(DiscountCode, { shopId: ctx.shop.id, usageCount: 0, ...row }));
      await em.flush();
      return entities.map((e) => e.id);
    });
  }
}
