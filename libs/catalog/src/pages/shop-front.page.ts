import { type HtmlPage, html, htmlPage } from '@platform/html';

/** A product as the shop front lists it: its title, price range, whether it sells, and its picture. */
export interface ShopFrontProduct {
  title: string;
  minPrice: string;
  maxPrice: string;
  availableForSale: boolean;
  image: { url: string; alt: string } | null;
}

// The side of the box a product's picture fits in, in CSS pixels (the file has twice as many).
export const PICTURE_SIDE = 96;

const priceRange = (p: ShopFrontProduct, currency: string) =>
  p.minPrice === p.maxPrice ? `${p.minPrice} ${currency}` : `${p.minPrice} – ${p.maxPrice} ${currency}`;

/**
 * The page a shop's own address opens: its name and the first of its listed products, with their prices in the
 * shop's currency. The picture's alt text is the merchant's, else empty: the title beside it already names it.
 */
export function shopFrontPage(shopName: string, currency: string, products: readonly ShopFrontProduct[]): HtmlPage {
  const items = products.map(
    (p) => html`<li class="product">${p.image ? html`<img src="${p.image.url}" alt="${p.image.alt}" width="${PICTURE_SIDE}" height="${PICTURE_SIDE}">` : null}<div>
<h3>${p.title}</h3>
<p class="price">${priceRange(p, currency)}${p.availableForSale ? null : html` <small>Sold out</small>`}</p>
</div></li>`,
  );
  const body = html`<h1>${shopName}</h1>
<h2>Products</h2>
${products.length ? html`<ul class="products">${items}</ul>` : html`<p>No products yet.</p>`}`;
  return { status: 200, html: htmlPage(shopName, body) };
}
