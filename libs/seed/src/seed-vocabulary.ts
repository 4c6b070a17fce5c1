// Fixed word lists behind the generated shop: a small, plausible catalog of a lifestyle brand.

export type Department = 'apparel' | 'home' | 'accessories';

export interface OptionPool {
  name: string;
  /** In display order (sizes small to large); a product takes a subset, keeping this order. */
  values: readonly string[];
  /** Added to the base price per step along this option's values (bigger sizes cost more). */
  upcharge?: string;
}

export interface ProductTemplate {
  productType: string;
  noun: string;
  department: Department;
  materials: readonly string[];
  /** Candidate options, most important first; a product uses the first 1-3. */
  options: readonly OptionPool[];
  /** Whole-dollar range of the base price. */
  price: readonly [number, number];
  skuPrefix: string;
}

const COLORS: OptionPool = {
  name: 'Color',
  values: ['Black', 'White', 'Navy', 'Olive', 'Sand', 'Rust', 'Charcoal', 'Sky Blue', 'Forest Green', 'Burgundy'],
};
const APPAREL_SIZES: OptionPool = { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'], upcharge: '2.00' };
const SHOE_SIZES: OptionPool = { name: 'Size', values: ['6', '7', '8', '9', '10', '11', '12'] };
const FITS: OptionPool = { name: 'Fit', values: ['Slim', 'Regular', 'Relaxed'] };

export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
  { productType: 'T-Shirts', noun: 'T-Shirt', department: 'apparel', materials: ['Cotton', 'Organic Cotton', 'Linen', 'Bamboo'], options: [APPAREL_SIZES, COLORS, FITS], price: [18, 45], skuPrefix: 'TSH' },
  { productType: 'Hoodies', noun: 'Hoodie', department: 'apparel', materials: ['Fleece', 'Cotton', 'Recycled Polyester'], options: [APPAREL_SIZES, COLORS, FITS], price: [45, 110], skuPrefix: 'HOO' },
  { productType: 'Jackets', noun: 'Jacket', department: 'apparel', materials: ['Denim', 'Waxed Cotton', 'Wool', 'Nylon'], options: [APPAREL_SIZES, COLORS], price: [80, 260], skuPrefix: 'JKT' },
  { productType: 'Sneakers', noun: 'Sneakers', department: 'apparel', materials: ['Leather', 'Canvas', 'Suede', 'Knit'], options: [SHOE_SIZES, COLORS], price: [60, 180], skuPrefix: 'SNK' },
  { productType: 'Socks', noun: 'Socks', department: 'apparel', materials: ['Merino', 'Cotton', 'Bamboo'], options: [{ name: 'Pack', values: ['1 Pair', '3 Pairs', '6 Pairs'], upcharge: '9.00' }, COLORS, { name: 'Size', values: ['S/M', 'L/XL'] }], price: [9, 24], skuPrefix: 'SCK' },
  { productType: 'Mugs', noun: 'Mug', department: 'home', materials: ['Ceramic', 'Stoneware', 'Enamel', 'Porcelain'], options: [{ name: 'Capacity', values: ['8 oz', '12 oz', '16 oz'], upcharge: '3.00' }, COLORS], price: [12, 38], skuPrefix: 'MUG' },
  { productType: 'Candles', noun: 'Candle', department: 'home', materials: ['Soy Wax', 'Beeswax', 'Coconut Wax'], options: [{ name: 'Scent', values: ['Cedar', 'Lavender', 'Vanilla', 'Sea Salt', 'Fig', 'Amber'] }, { name: 'Size', values: ['Small', 'Medium', 'Large'], upcharge: '8.00' }], price: [16, 52], skuPrefix: 'CDL' },
  { productType: 'Blankets', noun: 'Throw Blanket', department: 'home', materials: ['Wool', 'Cotton', 'Cashmere Blend', 'Linen'], options: [{ name: 'Size', values: ['Throw', 'Queen', 'King'], upcharge: '25.00' }, COLORS], price: [55, 220], skuPrefix: 'BLK' },
  { productType: 'Planters', noun: 'Planter', department: 'home', materials: ['Terracotta', 'Concrete', 'Ceramic'], options: [{ name: 'Size', values: ['Small', 'Medium', 'Large'], upcharge: '10.00' }, COLORS], price: [14, 75], skuPrefix: 'PLN' },
  { productType: 'Backpacks', noun: 'Backpack', department: 'accessories', materials: ['Canvas', 'Leather', 'Recycled Nylon'], options: [COLORS, { name: 'Size', values: ['20L', '28L', '35L'], upcharge: '15.00' }], price: [65, 210], skuPrefix: 'BPK' },
  { productType: 'Hats', noun: 'Cap', department: 'accessories', materials: ['Cotton Twill', 'Wool', 'Corduroy', 'Straw'], options: [COLORS, { name: 'Size', values: ['S/M', 'L/XL'] }], price: [22, 58], skuPrefix: 'HAT' },
  { productType: 'Wallets', noun: 'Wallet', department: 'accessories', materials: ['Leather', 'Canvas', 'Cork'], options: [COLORS, { name: 'Style', values: ['Bifold', 'Cardholder', 'Zip'] }], price: [25, 95], skuPrefix: 'WAL' },
];

export const GENERAL_TAGS = ['bestseller', 'eco', 'gift', 'limited-edition', 'new-arrival', 'staff-pick', 'summer', 'winter'] as const;

export interface CollectionTemplate {
  handle: string;
  title: string;
  descriptionHtml: string;
}

export const COLLECTIONS: readonly CollectionTemplate[] = [
  { handle: 'frontpage', title: 'Home page', descriptionHtml: '<p>Our favourite pieces this season.</p>' },
  { handle: 'sale', title: 'Sale', descriptionHtml: '<p>Marked down for a short time.</p>' },
  { handle: 'apparel', title: 'Apparel', descriptionHtml: '<p>Everyday clothing made to last.</p>' },
  { handle: 'home-living', title: 'Home & Living', descriptionHtml: '<p>Small things that make a home.</p>' },
  { handle: 'accessories', title: 'Accessories', descriptionHtml: '<p>Bags, caps and the little extras.</p>' },
];

/** The first products of the catalog are featured on the home page collection. */
export const FRONTPAGE_SIZE = 12;

export const CUSTOMER_TAGS = ['vip', 'newsletter', 'wholesale', 'repeat-buyer', 'local', 'influencer'] as const;

// Tax exemption codes of the hosted platform (Canadian exemptions), for the few tax-exempt demo customers.
export const TAX_EXEMPTIONS = ['CA_STATUS_CARD_EXEMPTION', 'CA_BC_RESELLER_EXEMPTION', 'CA_DIPLOMAT_EXEMPTION'] as const;

export const CUSTOMER_NOTES = [
  'Prefers to be contacted by email.',
  'Asked about wholesale pricing.',
  'Ships to an office address on weekdays.',
  'Returned an item once: sizing ran small.',
  'Met at the spring pop-up market.',
] as const;

export interface Region {
  name: string;
  code: string;
  cities: readonly string[];
}

export interface Country {
  name: string;
  code: 'US' | 'CA' | 'FR';
  /** Sales tax applied to orders shipped there (a flat demo rate, not tax advice). */
  taxRate: string;
  zip: string;
  regions: readonly Region[];
}

// The demo shop's markets (ARCHITECTURE.md): US, CA and FR.
export const COUNTRIES: readonly Country[] = [
  {
    name: 'United States',
    code: 'US',
    taxRate: '0.0725',
    zip: '#####',
    regions: [
      { name: 'California', code: 'CA', cities: ['Los Angeles', 'San Francisco', 'Oakland', 'San Diego'] },
      { name: 'New York', code: 'NY', cities: ['New York', 'Brooklyn', 'Buffalo'] },
      { name: 'Texas', code: 'TX', cities: ['Austin', 'Houston', 'Dallas'] },
      { name: 'Washington', code: 'WA', cities: ['Seattle', 'Spokane', 'Tacoma'] },
      { name: 'Illinois', code: 'IL', cities: ['Chicago', 'Evanston'] },
      { name: 'Colorado', code: 'CO', cities: ['Denver', 'Boulder'] },
    ],
  },
  {
    name: 'Canada',
    code: 'CA',
    taxRate: '0.13',
    zip: '?#? #?#',
    regions: [
      { name: 'Ontario', code: 'ON', cities: ['Toronto', 'Ottawa', 'Hamilton'] },
      { name: 'Quebec', code: 'QC', cities: ['Montréal', 'Québec'] },
      { name: 'British Columbia', code: 'BC', cities: ['Vancouver', 'Victoria'] },
    ],
  },
  {
    name: 'France',
    code: 'FR',
    taxRate: '0.20',
    zip: '#####',
    regions: [
      { name: 'Île-de-France', code: 'IDF', cities: ['Paris', 'Versailles'] },
      { name: 'Auvergne-Rhône-Alpes', code: 'ARA', cities: ['Lyon', 'Grenoble'] },
      { name: "Provence-Alpes-Côte d'Azur", code: 'PAC', cities: ['Marseille', 'Nice'] },
      { name: 'Nouvelle-Aquitaine', code: 'NAQ', cities: ['Bordeaux'] },
    ],
  },
];

// Words that read as product names next to any material ("Heritage Linen T-Shirt").
export const PRODUCT_ADJECTIVES = [
  'Classic', 'Everyday', 'Heritage', 'Essential', 'Weekend', 'Vintage', 'Modern', 'Rustic', 'Coastal', 'Alpine',
  'Studio', 'Handmade', 'Minimal', 'Nordic', 'Urban', 'Field', 'Harbor', 'Canyon', 'Meadow', 'Summit',
] as const;

export const VENDORS = [
  'Northwind Goods', 'Maple & Pine', 'Harbor Supply Co.', 'Field Studio', 'Kinfolk Mills', 'Atelier Lune',
  'Copper Kettle', 'Trailhead Outfitters', 'Blue Ox Workshop', 'Saltwater Studio', 'Juniper Lane', 'Old Mill Textiles',
] as const;

/** Description openers; `{title}` and `{material}` are filled in. */
export const DESCRIPTION_OPENERS = [
  'The {title} is made from {material} and built for everyday use.',
  'Our {title} pairs soft {material} with a clean, simple shape.',
  'Cut from {material}, the {title} gets better with every use.',
  'A quiet favourite: the {title}, in {material} that lasts for years.',
  'The {title} is small-batch made in {material}, finished by hand.',
] as const;

export const PRODUCT_FEATURES = [
  'Responsibly sourced materials',
  'Ships in plastic-free packaging',
  'Free repairs for the first year',
  'Designed in Portland, made in Portugal',
  'Machine washable, line dry',
  'Part of our permanent collection',
  'Limited run: restocks are not guaranteed',
] as const;
