import { Injectable } from '@nestjs/common';
import { ShopJob, type ShopJobProcessor } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import { PayoutsService } from '../payouts.service.js';

/**
 * Every day, each shop's scheduled payouts whose day has passed are paid and its pending balance is swept into
 * new payouts (`platform payouts:run` does the same on demand).
 */
@Injectable()
@ShopJob('payments.run-payouts', { dailyAt: '04:00' })
export class RunPayoutsJob implements ShopJobProcessor {
  constructor(private readonly payouts: PayoutsService) {}

  async run(ctx: RequestContext): Promise<void> {
    await this.payouts.run(ctx);
  }
}
