import { Injectable } from '@nestjs/common';
import type { HtmlPage } from '@platform/html';
import type { PageRequest } from '@platform/paging';
import type { RequestContext } from '@platform/request';
import { smallImageUrl } from '../image-url.js';
import { CatalogStorefrontService } from '../storefront/catalog-storefront.service.js';
import { PICTURE_SIDE, shopFrontPage } from './shop-front.page.js';

// The first products of the storefront's default order (`products`' sort key ID): a page, never the whole catalog.
const FIRST_PRODUCTS: PageRequest = { forward: true, size: 24, reverse: false };

/** The shop front (`/`): the shop's listed products read as the storefront lists them, two statements whatever their number. */
@Injectable()
export class ShopFrontPagesService {
  constructor(private readonly catalog: CatalogStorefrontService) {}

  async show(ctx: RequestContext): Promise<HtmlPage> {
    const page = await this.catalog.products(ctx, FIRST_PRODUCTS, 'ID', null, 'card');
    const products = page.items.map((item) => item.record);
    const images = await Promise.all(products.map((p) => this.catalog.featuredImage(ctx, p.id)));
    return shopFrontPage(
      ctx.shop.name,
      ctx.shop.currency,
      products.map((p, i) => {
        const image = images[i];
        const url = image && smallImageUrl(image, ctx.origin, PICTURE_SIDE);
        return { title: p.title, minPrice: p.minPrice, maxPrice: p.maxPrice, availableForSale: p.availableForSale, image: url ? { url, alt: image.alt ?? '' } : null };
      }),
    );
  }
}
