import { Injectable } from '@nestjs/common';
import { ShopJob, type ShopJobProcessor } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import { CustomersService } from '../customers.service.js';

/**
 * Every day, each shop's expired customer access tokens are deleted: they no longer log anyone in, and logging in
 * sweeps only that customer's, so the tokens of customers who never come back would stay forever.
 */
@Injectable()
@ShopJob('customers.delete-expired-access-tokens', { dailyAt: '03:00' })
export class DeleteExpiredAccessTokensJob implements ShopJobProcessor {
  constructor(private readonly customers: CustomersService) {}

  async run(ctx: RequestContext): Promise<void> {
    await this.customers.deleteExpiredAccessTokens(ctx);
  }
}
