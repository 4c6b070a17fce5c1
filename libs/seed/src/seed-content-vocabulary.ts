// Fixed content behind the demo shop's online store: pages, the news blog, the main menu, designers, markets,
// and the French words the translations are built from. Every English entry has its French twin.

import type { MenuItemType } from '@platform/content';
import type { Department } from './seed-vocabulary.js';

/** The locale of the demo translations (CA and FR markets sell in French). */
export const TRANSLATION_LOCALE = 'fr';

export interface Bilingual {
  en: string;
  fr: string;
}

export interface PageTemplate {
  handle: string;
  title: Bilingual;
  bodyHtml: Bilingual;
  seoDescription: string;
}

export const PAGES: readonly PageTemplate[] = [
  {
    handle: 'about',
    title: { en: 'About us', fr: 'À propos' },
    bodyHtml: {
      en: '<h2>Our story</h2><p>We started in a small studio with one idea: everyday things, made well, that last for years.</p><p>Every piece is designed in Portland and made with partners we visit every season.</p>',
      fr: "<h2>Notre histoire</h2><p>Tout a commencé dans un petit atelier avec une idée : des objets du quotidien, bien faits, qui durent des années.</p><p>Chaque pièce est dessinée à Portland et fabriquée avec des partenaires que nous rencontrons à chaque saison.</p>",
    },
    seoDescription: 'Who we are and how we make everyday things that last.',
  },
  {
    handle: 'shipping',
    title: { en: 'Shipping & returns', fr: 'Livraison et retours' },
    bodyHtml: {
      en: '<h2>Shipping</h2><p>Orders ship within two business days. Shipping is free on orders over $75 in the United States.</p><h2>Returns</h2><p>Return any unworn item within 30 days for a full refund.</p>',
      fr: '<h2>Livraison</h2><p>Les commandes sont expédiées sous deux jours ouvrés. La livraison est offerte dès 75 $ aux États-Unis.</p><h2>Retours</h2><p>Retournez tout article non porté sous 30 jours pour un remboursement complet.</p>',
    },
    seoDescription: 'Delivery times, free shipping and our 30-day returns.',
  },
  {
    handle: 'contact',
    title: { en: 'Contact us', fr: 'Nous contacter' },
    bodyHtml: {
      en: '<p>Questions about an order or a product? Write to <a href="mailto:hello@example.com">hello@example.com</a> and we answer within a day.</p>',
      fr: '<p>Une question sur une commande ou un produit ? Écrivez à <a href="mailto:hello@example.com">hello@example.com</a>, nous répondons sous un jour.</p>',
    },
    seoDescription: 'How to reach us.',
  },
];

export const BLOG = { handle: 'news', title: { en: 'News', fr: 'Actualités' } as Bilingual };

export interface ArticleTemplate {
  handle: string;
  title: Bilingual;
  contentHtml: string;
  excerptHtml: string;
  tags: readonly string[];
  /** Published this many days before the seed's reference date. */
  daysAgo: number;
  /** The colour of its cover, which the seed draws (seed-images.ts). */
  coverColor: string;
}

export const ARTICLES: readonly ArticleTemplate[] = [
  {
    handle: 'spring-collection-is-here',
    title: { en: 'Our spring collection is here', fr: 'Notre collection de printemps est arrivée' },
    contentHtml: '<p>Lighter fabrics, brighter colors and a few new shapes: the spring collection is in the shop today.</p><p>As always, every piece is made in small batches.</p>',
    excerptHtml: '<p>Lighter fabrics and brighter colors, in the shop today.</p>',
    tags: ['collections', 'spring'],
    daysAgo: 12,
    coverColor: 'Sky Blue',
  },
  {
    handle: 'how-we-source-our-linen',
    title: { en: 'How we source our linen', fr: "D'où vient notre lin" },
    contentHtml: '<p>Our linen is grown in Normandy and woven in Portugal. Here is what we look for when we choose a mill.</p>',
    excerptHtml: '<p>From Normandy fields to Portuguese mills.</p>',
    tags: ['materials', 'sourcing'],
    daysAgo: 45,
    coverColor: 'Sand',
  },
  {
    handle: 'caring-for-wool',
    title: { en: 'Caring for wool: a short guide', fr: 'Prendre soin de la laine : petit guide' },
    contentHtml: '<p>Wool needs less washing than you think. Air it, brush it, and wash it cold by hand when it really needs it.</p>',
    excerptHtml: '<p>Air it, brush it, wash it cold.</p>',
    tags: ['care', 'materials'],
    daysAgo: 90,
    coverColor: 'Charcoal',
  },
];

/** Where a seeded menu item points: a collection, page or blog of the seed (by handle), or a URL. */
export type MenuLink = { collection: string } | { page: string } | { blog: string } | { url: string } | null;

export interface MenuItemTemplate {
  title: Bilingual;
  type: MenuItemType;
  link: MenuLink;
  items?: readonly MenuItemTemplate[];
}

export const MAIN_MENU = {
  handle: 'main-menu',
  title: 'Main menu',
  items: [
    { title: { en: 'Home', fr: 'Accueil' }, type: 'FRONTPAGE', link: null },
    {
      title: { en: 'Shop', fr: 'Boutique' },
      type: 'CATALOG',
      link: null,
      items: [
        { title: { en: 'Apparel', fr: 'Vêtements' }, type: 'COLLECTION', link: { collection: 'apparel' } },
        { title: { en: 'Home & Living', fr: 'Maison' }, type: 'COLLECTION', link: { collection: 'home-living' } },
        { title: { en: 'Accessories', fr: 'Accessoires' }, type: 'COLLECTION', link: { collection: 'accessories' } },
        { title: { en: 'Sale', fr: 'Soldes' }, type: 'COLLECTION', link: { collection: 'sale' } },
      ],
    },
    { title: { en: 'News', fr: 'Actualités' }, type: 'BLOG', link: { blog: 'news' } },
    { title: { en: 'About us', fr: 'À propos' }, type: 'PAGE', link: { page: 'about' } },
    { title: { en: 'Search', fr: 'Recherche' }, type: 'SEARCH', link: { url: '/search' } },
  ],
} as const satisfies { handle: string; title: string; items: readonly MenuItemTemplate[] };

export const DESIGNER_DEFINITION = {
  type: 'designer',
  name: 'Designer',
  description: 'The people behind our products.',
  fieldDefinitions: [
    { key: 'name', name: 'Name', type: 'single_line_text_field', required: true },
    { key: 'bio', name: 'Bio', type: 'multi_line_text_field' },
    { key: 'website', name: 'Website', type: 'url' },
  ],
};

export const DESIGNERS: readonly { handle: string; name: string; bio: string; website: string }[] = [
  { handle: 'ada-lane', name: 'Ada Lane', bio: 'Textile designer; trained as a weaver in Portland.\nDesigns our apparel.', website: 'https://example.com/designers/ada-lane' },
  { handle: 'tomas-okafor', name: 'Tomas Okafor', bio: 'Ceramicist and candle maker.\nDesigns our home range.', website: 'https://example.com/designers/tomas-okafor' },
  { handle: 'mira-solberg', name: 'Mira Solberg', bio: 'Leather worker from Bergen.\nDesigns our bags and accessories.', website: 'https://example.com/designers/mira-solberg' },
];

/** Designer of a product's department (its `custom.designer` metafield). */
export const DEPARTMENT_DESIGNER: Record<Department, string> = { apparel: 'ada-lane', home: 'tomas-okafor', accessories: 'mira-solberg' };

export const CARE_GUIDES: Record<Department, string> = {
  apparel: 'Machine wash cold with like colors.\nLine dry in the shade.\nIron on low heat if needed.',
  home: 'Wipe clean with a damp cloth.\nKeep away from direct heat.',
  accessories: 'Spot clean only.\nStore flat, away from sunlight.',
};

export const SHOP_METAFIELDS: readonly { namespace: string; key: string; type: string; value: string; description: string }[] = [
  { namespace: 'custom', key: 'announcement', type: 'single_line_text_field', value: 'Free shipping on US orders over $75', description: 'Announcement bar text' },
  { namespace: 'custom', key: 'founded_year', type: 'number_integer', value: '2014', description: 'Year the shop opened' },
  { namespace: 'custom', key: 'return_window_days', type: 'number_integer', value: '30', description: 'Days to return an item' },
  { namespace: 'custom', key: 'social_links', type: 'list.url', value: '["https://instagram.com/example","https://pinterest.com/example"]', description: 'Social profiles' },
];

/** Product types sold on subscription (the "Subscribe and save" selling plan group). */
export const SUBSCRIPTION_PRODUCT_TYPES: readonly string[] = ['Socks', 'Candles'];

export const SUBSCRIBE_AND_SAVE = {
  name: 'Subscribe and save',
  appName: 'Demo subscriptions',
  options: ['Delivery every'],
  sellingPlans: [1, 2, 4].map((weeks) => ({
    name: weeks === 1 ? 'Delivery every week, save 10%' : `Delivery every ${weeks} weeks, save 10%`,
    description: 'Cancel or skip a delivery at any time.',
    options: [weeks === 1 ? '1 week' : `${weeks} weeks`],
    billingPolicy: { interval: 'WEEK' as const, intervalCount: weeks },
    deliveryPolicy: { interval: 'WEEK' as const, intervalCount: weeks },
    priceAdjustments: [{ orderCount: null, adjustmentValue: { type: 'percentage' as const, value: '10' } }],
  })),
};

export interface MarketTemplate {
  handle: string;
  name: string;
  countries: readonly string[];
  currency: string;
  languages: readonly string[];
  /** Units of this currency per US dollar (a fixed demo rate, not a quote). */
  usdRate: string;
  /** Price ending converted prices round up to; null rounds half-up to cents. */
  rounding: string | null;
}

// ARCHITECTURE.md "The demo shop": US (USD, English, primary), CA (CAD, English and French), FR (EUR, French).
// Canadian prices end in .99 (the common rounding there); French prices are plain conversions to the cent.
export const DEMO_MARKETS: readonly MarketTemplate[] = [
  { handle: 'us', name: 'United States', countries: ['US'], currency: 'USD', languages: ['en'], usdRate: '1', rounding: null },
  { handle: 'ca', name: 'Canada', countries: ['CA'], currency: 'CAD', languages: ['en', 'fr'], usdRate: '1.35', rounding: '0.99' },
  { handle: 'fr', name: 'France', countries: ['FR'], currency: 'EUR', languages: ['fr'], usdRate: '0.92', rounding: null },
];

export const COLLECTIONS_FR: Record<string, { title: string; descriptionHtml: string }> = {
  frontpage: { title: 'Accueil', descriptionHtml: '<p>Nos pièces préférées de la saison.</p>' },
  sale: { title: 'Soldes', descriptionHtml: '<p>Prix réduits pour une courte durée.</p>' },
  apparel: { title: 'Vêtements', descriptionHtml: '<p>Des vêtements du quotidien faits pour durer.</p>' },
  'home-living': { title: 'Maison', descriptionHtml: '<p>Les petites choses qui font un foyer.</p>' },
  accessories: { title: 'Accessoires', descriptionHtml: '<p>Sacs, casquettes et petits extras.</p>' },
};

// French product titles read "<noun> <line> en <material>": the English adjective becomes a line name that
// needs no gender agreement ("Bougie Héritage en cire de soja").
export const ADJECTIVES_FR: Record<string, string> = {
  Classic: 'Classique', Everyday: 'Basique', Heritage: 'Héritage', Essential: 'Indispensable', Weekend: 'Week-end',
  Vintage: 'Vintage', Modern: 'Moderne', Rustic: 'Rustique', Coastal: 'Littoral', Alpine: 'Montagne', Studio: 'Atelier',
  Handmade: 'Fait main', Minimal: 'Minimaliste', Nordic: 'Nordique', Urban: 'Ville', Field: 'Champêtre', Harbor: 'Port',
  Canyon: 'Canyon', Meadow: 'Prairie', Summit: 'Sommet',
};

export const MATERIALS_FR: Record<string, string> = {
  Cotton: 'coton', 'Organic Cotton': 'coton bio', Linen: 'lin', Bamboo: 'bambou', Fleece: 'polaire', 'Recycled Polyester': 'polyester recyclé',
  Denim: 'denim', 'Waxed Cotton': 'coton ciré', Wool: 'laine', Nylon: 'nylon', Leather: 'cuir', Canvas: 'toile', Suede: 'daim', Knit: 'maille',
  Merino: 'mérinos', Ceramic: 'céramique', Stoneware: 'grès', Enamel: 'émail', Porcelain: 'porcelaine', 'Soy Wax': 'cire de soja',
  Beeswax: "cire d'abeille", 'Coconut Wax': 'cire de coco', 'Cashmere Blend': 'mélange cachemire', Terracotta: 'terre cuite', Concrete: 'béton',
  'Recycled Nylon': 'nylon recyclé', 'Cotton Twill': 'sergé de coton', Corduroy: 'velours côtelé', Straw: 'paille', Cork: 'liège',
};

export const NOUNS_FR: Record<string, string> = {
  'T-Shirt': 'T-shirt', Hoodie: 'Sweat à capuche', Jacket: 'Veste', Sneakers: 'Baskets', Socks: 'Chaussettes', Mug: 'Mug',
  Candle: 'Bougie', 'Throw Blanket': 'Plaid', Planter: 'Cache-pot', Backpack: 'Sac à dos', Cap: 'Casquette', Wallet: 'Portefeuille',
};

/** French twins of DESCRIPTION_OPENERS, in the same order. */
export const DESCRIPTION_OPENERS_FR: readonly string[] = [
  'En {material}, notre {title} accompagne tous vos jours.',
  'Notre {title} allie une matière douce, en {material}, à une forme simple.',
  'En {material}, notre {title} se bonifie à chaque utilisation.',
  'Un favori discret : notre {title}, en {material}, fait pour durer des années.',
  'Notre {title} : une petite série en {material}, finitions à la main.',
];

/** French twins of PRODUCT_FEATURES, in the same order. */
export const PRODUCT_FEATURES_FR: readonly string[] = [
  'Matériaux issus de sources responsables',
  'Expédié dans un emballage sans plastique',
  'Réparations gratuites la première année',
  'Dessiné à Portland, fabriqué au Portugal',
  "Lavable en machine, séchage à l'air libre",
  'Fait partie de notre collection permanente',
  'Série limitée : réassort non garanti',
];
