import { Injectable } from '@nestjs/common';
import { ShopJob, type ShopJobProcessor } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import { CartsService } from '../carts.service.js';

/** Every day, each shop's expired carts are deleted (reads already ignore them; this keeps the tables small). */
@Injectable()
@ShopJob('cart.delete-expired-carts', { dailyAt: '03:30' })
export class DeleteExpiredCartsJob implements ShopJobProcessor {
  constructor(private readonly carts: CartsService) {}

  async run(ctx: RequestContext): Promise<void> {
    await this.carts.deleteExpired(ctx);
  }
}
