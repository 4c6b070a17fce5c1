import { Module } from '@nestjs/common';
import { CatalogStorefrontApiModule } from '@platform/catalog';
import { CustomersStorefrontApiModule } from '@platform/customers';
import { NodeRegistryModule } from '@platform/graphql-types';
import { LocalizationModule } from '@platform/localization';
import { CartModule } from './cart.module.js';
import { CartsStorefrontService } from './carts-storefront.service.js';
import { CartBuyerIdentityStorefrontResolver, CartLinesStorefrontResolver, CartsStorefrontResolver } from './graphql/storefront/carts.storefront.resolver.js';

/**
 * Carts on the storefront schema: `cart(id:)` and the cart mutations, tokenless or with a token
 * (`unauthenticated_read_checkouts` / `unauthenticated_write_checkouts`).
 */
@Module({
  imports: [CartModule, CatalogStorefrontApiModule, CustomersStorefrontApiModule, LocalizationModule, NodeRegistryModule],
  providers: [CartsStorefrontService, CartsStorefrontResolver, CartLinesStorefrontResolver, CartBuyerIdentityStorefrontResolver],
})
export class CartStorefrontApiModule {}
