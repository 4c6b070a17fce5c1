import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { blankAddress } from '@platform/contact';
import { Decimal } from '@platform/money';
import type { NewProduct, NewSellingPlanGroup } from '@platform/catalog';
import { SEED_IMAGE_SIZE, type SeedLook, seedImageSides } from './seed-images.js';
import type { NewArticle, NewMetaobject, NewMetaobjectDefinition, NewPage } from '@platform/content';
import type { NewMarket } from '@platform/localization';
import type { NewCustomer, NewCustomerAddress } from '@platform/customers';
import type { NewOrder, NewOrderLineItem } from '@platform/orders';
import {
  ADJECTIVES_FR,
  ARTICLES,
  BLOG,
  CARE_GUIDES,
  COLLECTIONS_FR,
  DEMO_MARKETS,
  DEPARTMENT_DESIGNER,
  DESCRIPTION_OPENERS_FR,
  DESIGNERS,
  DESIGNER_DEFINITION,
  MAIN_MENU,
  MATERIALS_FR,
  type MenuItemTemplate,
  NOUNS_FR,
  PAGES,
  PRODUCT_FEATURES_FR,
  SHOP_METAFIELDS,
  SUBSCRIBE_AND_SAVE,
  SUBSCRIPTION_PRODUCT_TYPES,
  TRANSLATION_LOCALE,
} from './seed-content-vocabulary.js';
import {
  COLLECTIONS,
  COUNTRIES,
  CUSTOMER_NOTES,
  DESCRIPTION_OPENERS,
  CUSTOMER_TAGS,
  TAX_EXEMPTIONS,
  type CollectionTemplate,
  type Country,
  FRONTPAGE_SIZE,
  GENERAL_TAGS,
  PRODUCT_ADJECTIVES,
  PRODUCT_FEATURES,
  PRODUCT_TEMPLATES,
  type ProductTemplate,
  VENDORS,
} from './seed-vocabulary.js';

/** The password of every enabled demo customer (printed in the log, usable in docs and tests). */
export const DEMO_CUSTOMER_PASSWORD = 'demo-password-1';
/** The first demo customer's email: an enabled account with DEMO_CUSTOMER_PASSWORD. */
export const DEMO_CUSTOMER_EMAIL = 'demo.customer@example.com';

/** "Now" for generated dates, so the same seed gives the same data whatever the clock says. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T00:00:00.000Z');

export interface ShopDataSizes {
  products: number;
  customers: number;
  orders: number;
}

/** A metafield of generated data; a metaobject reference names its metaobject by type and handle until ids exist. */
export interface SeedMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string | { metaobject: { type: string; handle: string } };
  description?: string;
}

/** A translated field of a generated resource (keys as TRANSLATABLE_KEYS names them: title, body_html…). */
export interface SeedTranslation {
  locale: string;
  key: string;
  value: string;
}

/**
 * A generated product; `collections` names the collections (by handle) it belongs to, `sellingPlanGroups`
 * the selling plan groups (by name) it is offered with.
 */
export interface SeedProduct extends Omit<NewProduct, 'collectionIds' | 'images'> {
  /** Pictures drawn by the seed (seed-images.ts), kept as files when the shop is seeded. */
  images: SeedImage[];
  collections: string[];
  metafields: SeedMetafield[];
  translations: SeedTranslation[];
  sellingPlanGroups: string[];
}

export interface SeedCollection extends CollectionTemplate {
  translations: SeedTranslation[];
}

/** A generated product picture: its look (colour and view), alt text and size. */
export interface SeedImage {
  look: SeedLook;
  alt: string;
  width: number;
  height: number;
}

/** A generated article of the blog; its cover is drawn by the seed (seed-images.ts), kept as a file when the shop is seeded. */
export interface SeedArticle extends Omit<NewArticle, 'blogId' | 'image'> {
  image: SeedImage;
  translations: SeedTranslation[];
}

/** A generated menu item; it links a collection, page or blog of the seed by handle until ids exist. */
export interface SeedMenuItem {
  title: string;
  type: MenuItemTemplate['type'];
  link: MenuItemTemplate['link'];
  translations: SeedTranslation[];
  items: SeedMenuItem[];
}

/** The online store's content, custom data and subscription offer: the same for every catalog size. */
export interface SeedContent {
  pages: (NewPage & { translations: SeedTranslation[] })[];
  blogs: { handle: string; title: string; translations: SeedTranslation[]; articles: SeedArticle[] }[];
  menus: { handle: string; title: string; items: SeedMenuItem[] }[];
  metaobjectDefinitions: NewMetaobjectDefinition[];
  metaobjects: NewMetaobject[];
  /** Metafields of the shop itself. */
  shopMetafields: SeedMetafield[];
  /** Products join these by name (SeedProduct.sellingPlanGroups). */
  sellingPlanGroups: Omit<NewSellingPlanGroup, 'productIds'>[];
}

/** A generated customer; the password is hashed when it is written, not here (hashes are salted). */
export interface SeedCustomer extends Omit<NewCustomer, 'passwordHash'> {
  email: string;
  password: string | null;
}

/** A generated order line; the variant is named by SKU until the seed resolves ids. */
export interface SeedLineItem extends Omit<NewOrderLineItem, 'productId' | 'variantId'> {
  sku: string;
}

/** A generated order; the customer is named by email (null for a guest checkout). */
export interface SeedOrder extends Omit<NewOrder, 'customerId' | 'lineItems'> {
  customerEmail: string | null;
  lineItems: SeedLineItem[];
}

/** A whole shop's data, generated lazily in chunks: nothing holds more than one chunk at a time. */
export interface ShopData {
  readonly seed: number;
  readonly sizes: Readonly<ShopDataSizes>;
  readonly currency: string;
  /** Markets of the shop; the one selling in the shop's currency is primary. */
  readonly markets: readonly NewMarket[];
  readonly collections: readonly SeedCollection[];
  readonly content: SeedContent;
  products(chunkSize?: number): Generator<SeedProduct[], void, undefined>;
  customers(chunkSize?: number): Generator<SeedCustomer[], void, undefined>;
  orders(chunkSize?: number): Generator<SeedOrder[], void, undefined>;
}

export const DEFAULT_CHUNK_SIZE = 500;

// Each record is drawn from a Faker seeded with [seed, stream, index], so any record can be regenerated
// on its own (orders regenerate the products and customers they reference), independent of chunking.
const STREAM = { vendors: 0, products: 1, customers: 2, orders: 3, content: 4 } as const;
const DAY = 86_400_000;

/**
 * Deterministic demo data: the same seed and sizes always give the same shop. Products have 1-3 options
 * and 2-5 variants, 1-3 images and exact money strings; orders' totals add up to their lines plus tax.
 */
export function generateShopData(seed: number, sizes: ShopDataSizes, options: { currency?: string } = {}): ShopData {
  for (const [name, value] of Object.entries(sizes)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  }
  const generator = new ShopDataGenerator(seed, sizes, options.currency ?? 'USD');
  return {
    seed,
    sizes: Object.freeze({ ...sizes }),
    currency: generator.currency,
    markets: demoMarkets(generator.currency),
    collections: COLLECTIONS.map((c) => ({ ...c, translations: collectionTranslations(c) })),
    content: generator.content(),
    products: (chunkSize = DEFAULT_CHUNK_SIZE) => generator.productChunks(chunkSize),
    customers: (chunkSize = DEFAULT_CHUNK_SIZE) => chunked(sizes.customers, chunkSize, (i) => generator.customer(i)),
    // Orders need something to sell.
    orders: (chunkSize = DEFAULT_CHUNK_SIZE) => chunked(sizes.products > 0 ? sizes.orders : 0, chunkSize, (i) => generator.order(i)),
  };
}

function* chunked<T>(count: number, chunkSize: number, make: (index: number) => T): Generator<T[]> {
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new RangeError('chunkSize must be a positive integer');
  for (let start = 0; start < count; start += chunkSize) {
    const chunk: T[] = [];
    for (let i = start; i < Math.min(count, start + chunkSize); i++) chunk.push(make(i));
    yield chunk;
  }
}

class ShopDataGenerator {
  // One Faker for the record being made, another for records it looks up, so a lookup never
  // disturbs the random sequence of the record in progress.
  private readonly faker = newFaker();
  private readonly lookup = newFaker();
  private readonly vendors: string[];

  constructor(
    private readonly seed: number,
    private readonly sizes: ShopDataSizes,
    readonly currency: string,
  ) {
    // Each shop carries a handful of brands.
    this.faker.seed([seed, STREAM.vendors]);
    this.vendors = this.faker.helpers.arrayElements(VENDORS, 6);
  }

  // Handles are unique per shop: a title seen before gets the product's number appended. That check
  // needs the handles before it, so products stream in order (still one chunk in memory).
  *productChunks(chunkSize: number): Generator<SeedProduct[]> {
    const seen = new Set<string>();
    for (const chunk of chunked(this.sizes.products, chunkSize, (i) => ({ index: i, product: this.product(this.faker, i) }))) {
      yield chunk.map(({ index, product }) => {
        const handle = seen.has(product.handle) ? `${product.handle}-${index + 1}` : product.handle;
        seen.add(handle);
        return handle === product.handle ? product : withHandle(product, handle);
      });
    }
  }

  product(f: Faker, index: number): SeedProduct {
    f.seed([this.seed, STREAM.products, index]);
    const template = f.helpers.arrayElement(PRODUCT_TEMPLATES);
    const material = f.helpers.arrayElement(template.materials);
    const adjective = f.helpers.arrayElement(PRODUCT_ADJECTIVES);
    const title = `${adjective} ${material} ${template.noun}`;
    const titleFr = `${NOUNS_FR[template.noun]} ${ADJECTIVES_FR[adjective]} en ${MATERIALS_FR[material]}`;
    const handle = slugify(title);

    const variantCount = f.number.int({ min: 2, max: 5 });
    const optionCount = f.number.int({ min: 1, max: Math.min(3, template.options.length) });
    const grid = optionGrid(f, template, optionCount, variantCount);
    const basePrice = new Decimal(f.number.int({ min: template.price[0], max: template.price[1] })).plus(
      f.helpers.arrayElement(['0.00', '0.50', '0.95', '0.99']),
    );
    const onSale = f.number.int(99) < 30;
    const saleMarkup = new Decimal(f.number.int({ min: 15, max: 50 })).div(100).plus(1);
    const sku = (position: number) => `${template.skuPrefix}-${String(index + 1).padStart(6, '0')}-${position}`;
    const variants = grid.combinations.map((values, v) => {
      // Later values of an upcharged option (bigger sizes, larger packs) cost more.
      const price = grid.pools.reduce(
        (sum, pool, o) => (pool.upcharge ? sum.plus(new Decimal(pool.upcharge).times(pool.values.indexOf(values[o]))) : sum),
        basePrice,
      );
      const inventoryQuantity = f.number.int(9) === 0 ? 0 : f.number.int({ min: 1, max: 120 });
      return {
        sku: sku(v + 1),
        price: price.toFixed(2),
        compareAtPrice: onSale ? price.times(saleMarkup).toDecimalPlaces(0, Decimal.ROUND_UP).toFixed(2) : null,
        options: values,
        inventoryQuantity,
        availableForSale: inventoryQuantity > 0,
      };
    });

    const statusRoll = f.number.int(99);
    const status = statusRoll < 6 ? 'draft' : statusRoll < 9 ? 'archived' : 'active';
    const publishedDaysAgo = f.number.int({ min: 1, max: 730 });
    const tags = new Set<string>(f.helpers.arrayElements(GENERAL_TAGS, { min: 1, max: 3 }));
    tags.add(template.department);
    if (onSale) tags.add('sale');
    const imageCount = f.number.int({ min: 1, max: 3 });
    const colorOption = grid.options.find((o) => o.name === 'Color');

    const collections = [template.department === 'home' ? 'home-living' : template.department];
    if (onSale) collections.unshift('sale');
    if (index < FRONTPAGE_SIZE) collections.unshift('frontpage');
    // Drawn here, where the description always was, so the records' random sequence is unchanged.
    const description = descriptionHtml(f, { title, material }, { title: titleFr, material: MATERIALS_FR[material] });

    return {
      handle,
      title,
      descriptionHtml: description.en,
      vendor: f.helpers.arrayElement(this.vendors),
      productType: template.productType,
      tags: [...tags].sort(),
      status,
      publishedAt: status === 'active' ? new Date(SEED_REFERENCE_DATE.getTime() - publishedDaysAgo * DAY) : null,
      options: grid.options,
      variants,
      images: Array.from({ length: imageCount }, (_, n) => image(title, n + 1, colorOption?.values[n], template.department)),
      collections,
      metafields: [
        { namespace: 'custom', key: 'material', type: 'single_line_text_field', value: material },
        { namespace: 'custom', key: 'care_guide', type: 'multi_line_text_field', value: CARE_GUIDES[template.department] },
        { namespace: 'custom', key: 'designer', type: 'metaobject_reference', value: { metaobject: { type: DESIGNER_DEFINITION.type, handle: DEPARTMENT_DESIGNER[template.department] } } },
      ],
      translations: [
        { locale: TRANSLATION_LOCALE, key: 'title', value: titleFr },
        { locale: TRANSLATION_LOCALE, key: 'body_html', value: description.fr },
      ],
      sellingPlanGroups: SUBSCRIPTION_PRODUCT_TYPES.includes(template.productType) ? [SUBSCRIBE_AND_SAVE.name] : [],
    };
  }

  // Pages, the news blog, the main menu, designers and the shop's metafields are fixed texts; article authors
  // and dates come from the seed.
  content(): SeedContent {
    const f = this.faker;
    f.seed([this.seed, STREAM.content]);
    const fr = (key: string, value: string): SeedTranslation => ({ locale: TRANSLATION_LOCALE, key, value });
    return {
      pages: PAGES.map((p) => ({
        handle: p.handle,
        title: p.title.en,
        bodyHtml: p.bodyHtml.en,
        seo: { description: p.seoDescription },
        publishedAt: new Date(SEED_REFERENCE_DATE.getTime() - 400 * DAY),
        translations: [fr('title', p.title.fr), fr('body_html', p.bodyHtml.fr)],
      })),
      blogs: [
        {
          handle: BLOG.handle,
          title: BLOG.title.en,
          translations: [fr('title', BLOG.title.fr)],
          articles: ARTICLES.map((a, i) => ({
            handle: a.handle,
            title: a.title.en,
            contentHtml: a.contentHtml,
            excerptHtml: a.excerptHtml,
            authorName: f.person.fullName(),
            tags: [...a.tags],
            image: cover(a.coverColor, i + 1, a.title.en),
            publishedAt: new Date(SEED_REFERENCE_DATE.getTime() - (a.daysAgo + f.number.int(6)) * DAY),
            translations: [fr('title', a.title.fr)],
          })),
        },
      ],
      menus: [{ handle: MAIN_MENU.handle, title: MAIN_MENU.title, items: MAIN_MENU.items.map(menuItem) }],
      metaobjectDefinitions: [{ ...DESIGNER_DEFINITION, fieldDefinitions: DESIGNER_DEFINITION.fieldDefinitions.map((d) => ({ ...d })) }],
      metaobjects: DESIGNERS.map((d) => ({ type: DESIGNER_DEFINITION.type, handle: d.handle, fields: { name: d.name, bio: d.bio, website: d.website } })),
      shopMetafields: SHOP_METAFIELDS.map((m) => ({ ...m })),
      sellingPlanGroups: [{ ...SUBSCRIBE_AND_SAVE, options: [...SUBSCRIBE_AND_SAVE.options], sellingPlans: SUBSCRIBE_AND_SAVE.sellingPlans.map((p) => ({ ...p })) }],
    };
  }

  customer(index: number, f: Faker = this.faker): SeedCustomer {
    f.seed([this.seed, STREAM.customers, index]);
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const email =
      index === 0
        ? DEMO_CUSTOMER_EMAIL
        : `${slugify(firstName)}.${slugify(lastName)}.${index + 1}@${f.helpers.arrayElement(['example.com', 'example.net', 'example.org'])}`;
    // Fixed by position so every shop, however small, has each state: mostly enabled accounts.
    const state = index === 0 ? 'enabled' : index % 10 === 7 ? 'invited' : index % 10 === 8 ? 'disabled' : index % 20 === 19 ? 'declined' : 'enabled';
    const hasPhone = f.number.int(9) < 6;
    // Drawn and dropped, so the records' random sequence is unchanged: phones are unique per shop, made from the index.
    if (hasPhone) f.phone.number({ style: 'international' });
    const phone = hasPhone ? seedPhone(this.seed, index) : null;
    const subscribed = f.number.int(9) < 5;
    const consentDaysAgo = f.number.int({ min: 1, max: 700 });
    const addresses = Array.from({ length: f.number.int({ min: 1, max: 2 }) }, () => address(f, firstName, lastName, phone));
    const customer: SeedCustomer = {
      firstName,
      lastName,
      email,
      phone,
      state,
      password: state === 'enabled' ? DEMO_CUSTOMER_PASSWORD : null,
      tags: f.helpers.arrayElements(CUSTOMER_TAGS, { min: 0, max: 2 }).sort(),
      note: f.number.int(4) === 0 ? f.helpers.arrayElement(CUSTOMER_NOTES) : null,
      verifiedEmail: state === 'enabled' || (state !== 'invited' && f.datatype.boolean()),
      emailMarketingConsent: subscribed
        ? { state: 'subscribed', optInLevel: 'single_opt_in', consentUpdatedAt: new Date(SEED_REFERENCE_DATE.getTime() - consentDaysAgo * DAY).toISOString() }
        : { state: f.helpers.arrayElement(['not_subscribed', 'unsubscribed'] as const), optInLevel: null, consentUpdatedAt: null },
      currency: this.currency,
      addresses,
    };
    // Drawn after everything above, so adding them left the earlier fields as they were.
    // Every fifteenth customer (from the fifth) has moved a lot: 12 to 15 addresses, more than REST's ten.
    const moves = index % 15 === 4 ? f.number.int({ min: 11, max: 13 }) : 0;
    addresses.push(...Array.from({ length: moves }, () => address(f, firstName, lastName, phone)));
    const smsDaysAgo = f.number.int({ min: 1, max: 700 });
    const smsState = f.helpers.arrayElement(['subscribed', 'not_subscribed', 'unsubscribed'] as const);
    const taxExempt = index % 12 === 5;
    return {
      ...customer,
      smsMarketingConsent: phone
        ? {
            state: smsState,
            optInLevel: smsState === 'subscribed' ? 'single_opt_in' : null,
            consentUpdatedAt: smsState === 'not_subscribed' ? null : new Date(SEED_REFERENCE_DATE.getTime() - smsDaysAgo * DAY).toISOString(),
            consentCollectedFrom: smsState === 'not_subscribed' ? null : 'OTHER',
          }
        : null,
      taxExempt,
      taxExemptions: taxExempt ? [f.helpers.arrayElement(TAX_EXEMPTIONS)] : [],
    };
  }

  order(index: number): SeedOrder {
    const f = this.faker;
    f.seed([this.seed, STREAM.orders, index]);
    // Spread over the year before the reference date, numbered in time order.
    const span = 365 * DAY;
    const step = span / Math.max(1, this.sizes.orders);
    const processedAt = new Date(Math.floor(SEED_REFERENCE_DATE.getTime() - span + (index + f.number.float({ min: 0, max: 0.999 })) * step));

    // Most orders belong to customers among the first 60% (so some customers have several, others none).
    const customerIndex =
      this.sizes.customers > 0 && f.number.int(99) < 88 ? f.number.int({ min: 0, max: Math.max(0, Math.ceil(this.sizes.customers * 0.6) - 1) }) : null;
    const customer = customerIndex === null ? null : this.customer(customerIndex, this.lookup);
    const guestEmail = `${slugify(f.person.firstName())}.guest${index + 1}@example.org`;
    const country = customer ? COUNTRIES.find((c) => c.code === customer.addresses?.[0]?.countryCode)! : COUNTRIES[0];

    const lineCount = f.number.int({ min: 1, max: Math.min(4, this.sizes.products) });
    const productIndexes = new Set<number>();
    while (productIndexes.size < lineCount) productIndexes.add(f.number.int({ min: 0, max: this.sizes.products - 1 }));
    const lineItems = [...productIndexes].map((p) => {
      const product = this.product(this.lookup, p);
      const v = f.number.int({ min: 0, max: product.variants.length - 1 });
      const variant = product.variants[v];
      return {
        sku: variant.sku!,
        title: product.title,
        vendor: product.vendor,
        variantTitle: variant.options.join(' / '),
        quantity: f.helpers.weightedArrayElement([
          { weight: 7, value: 1 },
          { weight: 2, value: 2 },
          { weight: 1, value: 3 },
        ]),
        price: variant.price,
      };
    });
    const subtotal = lineItems.reduce((sum, l) => sum.plus(new Decimal(l.price).times(l.quantity)), new Decimal(0));
    const tax = subtotal.times(country.taxRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

    const roll = f.number.int(99);
    const old = processedAt.getTime() < SEED_REFERENCE_DATE.getTime() - 14 * DAY;
    const after = (days: number) => new Date(processedAt.getTime() + days * DAY);
    const status =
      roll < 6
        ? { financialStatus: f.helpers.arrayElement(['refunded', 'voided'] as const), fulfillmentStatus: 'unfulfilled' as const, cancelledAt: after(1), closedAt: after(1), cancelReason: 'customer' as const }
        : roll < 60 && old
          ? { financialStatus: 'paid' as const, fulfillmentStatus: 'fulfilled' as const, cancelledAt: null, closedAt: after(f.number.int({ min: 2, max: 9 })) }
          : {
              financialStatus: f.helpers.arrayElement(['paid', 'paid', 'authorized', 'pending', 'partially_refunded'] as const),
              fulfillmentStatus: f.helpers.arrayElement(['unfulfilled', 'unfulfilled', 'partial'] as const),
              cancelledAt: null,
              closedAt: null,
            };

    // The first orders take one status each, so even a small shop shows every one (the rest are drawn above).
    const { refund, ...shown } = FIRST_ORDER_STATUSES[index] ? statusOf(FIRST_ORDER_STATUSES[index], after) : { ...status, refund: status.financialStatus };
    const shipTo = customer?.addresses?.[0];
    const orderAddress = shipTo ? { ...blankAddress(), ...shipTo } : null;
    // Refunds and fulfillments that make the statuses true: a refunded order gave everything back, a partially
    // refunded one a unit of its first line; a fulfilled order shipped everything, a partial one its first line.
    const refunds =
      refund === 'refunded'
        ? [{ processedAt: after(1), restock: true, note: 'Order cancelled', lineItems: lineItems.map((l, line) => ({ line, quantity: l.quantity, restockType: 'cancel' as const })) }]
        : refund === 'partially_refunded'
          ? [{ processedAt: after(3), restock: true, note: 'Returned by the customer', lineItems: [{ line: 0, quantity: 1, restockType: 'return' as const }] }]
          : [];
    const partialShip = lineItems.length > 1 ? lineItems[0].quantity : lineItems[0].quantity - 1;
    const fulfillmentStatus = shown.fulfillmentStatus === 'partial' && partialShip < 1 ? ('unfulfilled' as const) : shown.fulfillmentStatus;
    const tracking = { trackingCompany: 'UPS', trackingNumber: `1Z${String(1001 + index).padStart(8, '0')}`, createdAt: after(1) };
    const fulfillments =
      fulfillmentStatus === 'fulfilled'
        ? [{ ...tracking, lineItems: lineItems.map((l, line) => ({ line, quantity: l.quantity })) }]
        : fulfillmentStatus === 'partial'
          ? [{ ...tracking, lineItems: [{ line: 0, quantity: partialShip }] }]
          : [];

    return {
      customerEmail: customer?.email ?? null,
      name: `#${1001 + index}`,
      number: 1001 + index,
      email: customer?.email ?? guestEmail,
      currency: this.currency,
      subtotalPrice: subtotal.toFixed(2),
      totalTax: tax.toFixed(2),
      totalPrice: subtotal.plus(tax).toFixed(2),
      processedAt,
      ...shown,
      fulfillmentStatus,
      billingAddress: orderAddress,
      shippingAddress: orderAddress,
      refunds,
      fulfillments,
      lineItems,
    };
  }
}

type OrderStatusName = 'cancelled-refunded' | 'cancelled-voided' | 'closed-paid' | 'open-pending' | 'open-authorized' | 'open-partially-refunded' | 'open-paid-partial' | 'open-partially-paid';

/** The statuses the demo shop's first orders take, so every one shows up whatever the draws. */
const FIRST_ORDER_STATUSES: readonly OrderStatusName[] = ['cancelled-refunded', 'closed-paid', 'open-pending', 'open-authorized', 'open-partially-refunded', 'open-paid-partial', 'cancelled-voided', 'open-partially-paid'];

function statusOf(name: OrderStatusName, after: (days: number) => Date) {
  const open = { cancelledAt: null, closedAt: null, cancelReason: null };
  switch (name) {
    case 'cancelled-refunded':
      // Cancelled with everything refunded and restocked, as a cancel with restock leaves it.
      return { financialStatus: 'refunded' as const, fulfillmentStatus: 'restocked' as const, cancelledAt: after(1), closedAt: after(1), cancelReason: 'customer' as const, refund: 'refunded' };
    case 'cancelled-voided':
      return { financialStatus: 'voided' as const, fulfillmentStatus: 'unfulfilled' as const, cancelledAt: after(1), closedAt: after(1), cancelReason: 'inventory' as const, refund: 'voided' };
    case 'closed-paid':
      return { financialStatus: 'paid' as const, fulfillmentStatus: 'fulfilled' as const, cancelledAt: null, closedAt: after(4), cancelReason: null, refund: 'paid' };
    case 'open-pending':
      return { financialStatus: 'pending' as const, fulfillmentStatus: 'unfulfilled' as const, ...open, refund: 'pending' };
    case 'open-authorized':
      return { financialStatus: 'authorized' as const, fulfillmentStatus: 'unfulfilled' as const, ...open, refund: 'authorized' };
    case 'open-partially-refunded':
      return { financialStatus: 'partially_refunded' as const, fulfillmentStatus: 'fulfilled' as const, ...open, refund: 'partially_refunded' };
    case 'open-partially-paid':
      return { financialStatus: 'partially_paid' as const, fulfillmentStatus: 'unfulfilled' as const, ...open, refund: 'partially_paid' };
    case 'open-paid-partial':
      return { financialStatus: 'paid' as const, fulfillmentStatus: 'partial' as const, ...open, refund: 'paid' };
  }
}

// The package's main entry loads every locale: 16 MiB of heap in each process that imports the seed, the API
// included (it seeds the demo shop on a first start), and the largest part of its RSS under load
// (docs/performance.md, "Memory"). The English entry holds only English; its instance's class and
// definitions build the generator's own seeded instances, with the same output as `new Faker({ locale: [en] })`.
const EnglishFaker = englishFaker.constructor as typeof Faker;

function newFaker(): Faker {
  const faker = new EnglishFaker({ locale: englishFaker.rawDefinitions });
  faker.setDefaultRefDate(SEED_REFERENCE_DATE);
  return faker;
}

interface OptionGrid {
  pools: ProductTemplate['options'][number][];
  options: { name: string; values: string[] }[];
  combinations: string[][];
}

// Options as a grid just big enough for the variants, grown one value at a time from the first option
// (5 variants over 2 options: 3 × 2, one combination not offered; 3 options for 2 variants: 2 × 1 × 1),
// walked in order so every listed value is used by some variant.
function optionGrid(f: Faker, template: ProductTemplate, optionCount: number, variantCount: number): OptionGrid {
  const pools = template.options.slice(0, optionCount);
  const counts = pools.map(() => 1);
  const size = () => counts.reduce((a, b) => a * b, 1);
  for (let o = 0; size() < variantCount && counts.some((c, i) => c < pools[i].values.length); o = (o + 1) % counts.length) {
    if (counts[o] < pools[o].values.length) counts[o] += 1;
  }
  const options = pools.map((pool, o) => {
    const picked = new Set(f.helpers.arrayElements(pool.values, counts[o]));
    return { name: pool.name, values: pool.values.filter((v) => picked.has(v)) };
  });
  const all = options.reduce<string[][]>((acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v])), [[]]);
  const combinations = all.slice(0, variantCount);
  // A value no variant uses would dangle: keep only the used ones.
  const used = options.map((o, i) => ({ name: o.name, values: o.values.filter((v) => combinations.some((c) => c[i] === v)) }));
  return { pools, options: used, combinations };
}

// The English description and its French twin, from the same draws (the twins share positions in their lists).
function descriptionHtml(f: Faker, en: { title: string; material: string }, fr: { title: string; material: string }): { en: string; fr: string } {
  const opener = DESCRIPTION_OPENERS.indexOf(f.helpers.arrayElement(DESCRIPTION_OPENERS));
  const features = f.helpers.arrayElements(PRODUCT_FEATURES, { min: 2, max: 3 }).map((x) => PRODUCT_FEATURES.indexOf(x));
  const html = (openers: readonly string[], list: readonly string[], words: { title: string; material: string }) => {
    const text = openers[opener].replace('{title}', words.title).replace('{material}', words.material.toLowerCase());
    return `<p>${escapeHtml(text)}</p><ul>${features.map((n) => `<li>${escapeHtml(list[n])}</li>`).join('')}</ul>`;
  };
  return { en: html(DESCRIPTION_OPENERS, PRODUCT_FEATURES, en), fr: html(DESCRIPTION_OPENERS_FR, PRODUCT_FEATURES_FR, fr) };
}

function collectionTranslations(c: CollectionTemplate): SeedTranslation[] {
  const fr = COLLECTIONS_FR[c.handle];
  return fr
    ? [
        { locale: TRANSLATION_LOCALE, key: 'title', value: fr.title },
        { locale: TRANSLATION_LOCALE, key: 'body_html', value: fr.descriptionHtml },
      ]
    : [];
}

function menuItem(t: MenuItemTemplate): SeedMenuItem {
  return { title: t.title.en, type: t.type, link: t.link, translations: [{ locale: TRANSLATION_LOCALE, key: 'title', value: t.title.fr }], items: (t.items ?? []).map(menuItem) };
}

/**
 * The demo markets (US, CA, FR) with rates relative to the shop's currency: the market selling in it is
 * primary at rate 1, the others get cross rates (6 places). A shop in another currency gets one primary
 * market for all three countries in its own currency.
 */
export function demoMarkets(currency: string): NewMarket[] {
  const primary = DEMO_MARKETS.find((m) => m.currency === currency);
  if (!primary) {
    return [{ handle: 'worldwide', name: 'Worldwide', countries: DEMO_MARKETS.flatMap((m) => m.countries), currency, languages: ['en', 'fr'], primary: true }];
  }
  return DEMO_MARKETS.map((m) => ({
    handle: m.handle,
    name: m.name,
    countries: [...m.countries],
    currency: m.currency,
    languages: [...m.languages],
    primary: m === primary,
    exchangeRate: m === primary ? '1' : new Decimal(m.usdRate).div(primary.usdRate).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString(),
    rounding: m === primary ? null : m.rounding,
  }));
}

/**
 * A customer's phone in E.164, distinct for every index of a shop (up to 7,990,000): `+1 NPA 555 XXXX`
 * (555 numbers are fictional), the area code chosen by the seed and stepping every 10,000 customers.
 */
export function seedPhone(seed: number, index: number): string {
  const areaCode = 201 + ((Math.abs(Math.trunc(seed)) + Math.floor(index / 10_000)) % 799);
  return `+1${areaCode}555${String(index % 10_000).padStart(4, '0')}`;
}

function address(f: Faker, firstName: string, lastName: string, phone: string | null): NewCustomerAddress {
  const country: Country = f.helpers.weightedArrayElement([
    { weight: 70, value: COUNTRIES[0] },
    { weight: 15, value: COUNTRIES[1] },
    { weight: 15, value: COUNTRIES[2] },
  ]);
  const region = f.helpers.arrayElement(country.regions);
  return {
    firstName,
    lastName,
    company: f.number.int(4) === 0 ? f.company.name() : null,
    address1: f.location.streetAddress(),
    address2: f.number.int(3) === 0 ? f.location.secondaryAddress() : null,
    city: f.helpers.arrayElement(region.cities),
    province: region.name,
    provinceCode: region.code,
    country: country.name,
    countryCode: country.code,
    zip: f.helpers.replaceSymbols(country.zip),
    phone,
  };
}

// A picture in the product's n-th colour (or its department's colour), view n.
function image(title: string, n: number, color: string | undefined, department: string): SeedImage {
  return {
    look: { color: color ?? DEPARTMENT_COLORS[department] ?? 'Sand', view: n },
    alt: n === 1 ? title : `${title}${color ? ` in ${color}` : ''}, view ${n}`,
    width: SEED_IMAGE_SIZE,
    height: SEED_IMAGE_SIZE,
  };
}

// An article's cover in its colour, the n-th view (so the covers differ in shape too).
function cover(color: string, n: number, title: string): SeedImage {
  const look: SeedLook = { color, view: n, cover: true };
  return { look, alt: title, ...seedImageSides(look) };
}

/** The colour of a department's pictures when its products have no Color option. */
const DEPARTMENT_COLORS: Readonly<Record<string, string>> = { apparel: 'Navy', home: 'Sand', accessories: 'Rust', outdoor: 'Forest Green' };

function withHandle(product: SeedProduct, handle: string): SeedProduct {
  return { ...product, handle };
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
