import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { LocalizationModule } from '@platform/localization';
import { CartLine } from './cart-line.entity.js';
import { Cart } from './cart.entity.js';
import { CartsService } from './carts.service.js';
import { DiscountCode } from './discount-code.entity.js';
import { DiscountCodesService } from './discount-codes.service.js';
import { DeleteExpiredCartsJob } from './jobs/delete-expired-carts.job.js';
import { VisitorConsentService } from './visitor-consent.service.js';

// The storefront's cart mutations (CartsStorefrontService) live in CartStorefrontApiModule: they need the API's
// rate-limit store and the storefront's catalog reads, which the CLI and the worker do not have.
@Module({
  imports: [DatabaseModule.forFeature([Cart, CartLine, DiscountCode]), LocalizationModule],
  providers: [CartsService, DiscountCodesService, DeleteExpiredCartsJob, VisitorConsentService],
  exports: [CartsService, DiscountCodesService, VisitorConsentService],
})
export class CartModule {}
