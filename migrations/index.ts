import type { MigrationEntry } from '@platform/database';
import { PlatformCore } from './20261123000000-platform-core.js';
import { CatalogCustomersOrders } from './20261123000100-catalog-customers-orders.js';
import { StorefrontCatalog } from './20261123000200-storefront-catalog.js';
import { Content } from './20261123000300-content.js';
import { CustomerAccessTokens } from './20261123000400-customer-access-tokens.js';
import { CustomerAccessTokenExpiry } from './20261124000000-customer-access-token-expiry.js';
import { CustomersAdmin } from './20261124000100-customers-admin.js';
import { EmailKeys } from './20261125000000-email-keys.js';
import { OrdersAdmin } from './20261126000000-orders-admin.js';
import { EventOutbox } from './20261126000100-event-outbox.js';
import { OrderRisks } from './20261126000200-order-risks.js';
import { PaymentsLedger } from './20261126000300-payments-ledger.js';
import { RefundShipping } from './20261126000400-refund-shipping.js';
import { Carts } from './20261127000000-carts.js';
import { Companies } from './20261127000100-companies.js';
import { Checkout } from './20261127000200-checkout.js';
import { InstallationSecrets } from './20261127000900-installation-secrets.js';
import { OrderLineProperties } from './20261128000000-order-line-properties.js';
import { CartLineAttributes } from './20261128000100-cart-line-attributes.js';
import { OrderTags } from './20261129000000-order-tags.js';
import { MetafieldOwners } from './20261130000000-metafield-owners.js';

/** Every migration, in order. A new migration is a new file plus a line here. */
export const MIGRATIONS: MigrationEntry[] = [
  { name: '20261123000000-platform-core', class: PlatformCore },
  { name: '20261123000100-catalog-customers-orders', class: CatalogCustomersOrders },
  { name: '20261123000200-storefront-catalog', class: StorefrontCatalog },
  { name: '20261123000300-content', class: Content },
  { name: '20261123000400-customer-access-tokens', class: CustomerAccessTokens },
  { name: '20261124000000-customer-access-token-expiry', class: CustomerAccessTokenExpiry },
  { name: '20261124000100-customers-admin', class: CustomersAdmin },
  { name: '20261125000000-email-keys', class: EmailKeys },
  { name: '20261126000000-orders-admin', class: OrdersAdmin },
  { name: '20261126000100-event-outbox', class: EventOutbox },
  { name: '20261126000200-order-risks', class: OrderRisks },
  { name: '20261126000300-payments-ledger', class: PaymentsLedger },
  { name: '20261126000400-refund-shipping', class: RefundShipping },
  { name: '20261127000000-carts', class: Carts },
  { name: '20261127000100-companies', class: Companies },
  { name: '20261127000200-checkout', class: Checkout },
  { name: '20261127000900-installation-secrets', class: InstallationSecrets },
  { name: '20261128000000-order-line-properties', class: OrderLineProperties },
  { name: '20261128000100-cart-line-attributes', class: CartLineAttributes },
  { name: '20261129000000-order-tags', class: OrderTags },
  { name: '20261130000000-metafield-owners', class: MetafieldOwners },
];
