export {
  DEMO_SEED_OPTIONS,
  seedShop,
  type SeedCounts,
  type SeedOptions,
  type SeedProgress,
  type SeedProgressListener,
  type SeedServices,
  type SeedStep,
} from './seed-shop.js';
export { DEMO_SHOP_HANDLE, DemoShopService, demoTokens, type DemoTokens, type SeededShop } from './demo-shop.service.js';
export { SeedModule } from './seed.module.js';
export { SeedService } from './seed.service.js';
export {
  DEFAULT_CHUNK_SIZE,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  SEED_REFERENCE_DATE,
  generateShopData,
  demoMarkets,
  type SeedArticle,
  type SeedCollection,
  type SeedContent,
  type SeedCustomer,
  type SeedLineItem,
  type SeedMenuItem,
  type SeedMetafield,
  type SeedOrder,
  type SeedProduct,
  type SeedTranslation,
  type ShopData,
  type ShopDataSizes,
} from './shop-data-generator.js';
