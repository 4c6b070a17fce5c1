import { Module } from '@nestjs/common';
import { CatalogStorefrontApiModule } from '@platform/catalog';
import { CustomersModule } from '@platform/customers';
import { LocalizationModule } from '@platform/localization';
import { OrdersModule } from '@platform/orders';
import { CartModule } from './cart.module.js';
import { CheckoutService } from './checkout.service.js';
import { CheckoutController } from './pages/checkout.controller.js';
import { CheckoutPagesService } from './pages/checkout-pages.service.js';
import { PaymentSchemasController } from './pages/payment-schemas.controller.js';
import { WalletPaymentHandler } from './payment-handler/wallet-handler.js';

/**
 * The hosted checkout (`/cart/c/<token>?key=<key>`) and the test wallet's JSON Schemas (`/schemas/…`): paying places
 * the order (orders), adds it to the customer (customers) and completes the cart, in one transaction; the address's
 * country is one of the shop's markets' (localization).
 */
@Module({
  imports: [CartModule, CatalogStorefrontApiModule, CustomersModule, OrdersModule, LocalizationModule],
  controllers: [CheckoutController, PaymentSchemasController],
  providers: [CheckoutService, CheckoutPagesService, WalletPaymentHandler],
})
export class CartPagesApiModule {}
