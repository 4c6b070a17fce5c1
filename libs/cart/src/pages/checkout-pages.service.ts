import { Injectable } from '@nestjs/common';
import type { VisitorConsent } from '@platform/orders';
import type { HtmlPage } from '@platform/html';
import { MarketsService } from '@platform/localization';
import { countryName } from '@platform/locale';
import { type RequestContext, shopOrigin } from '@platform/request';
import { type CheckoutState, CheckoutService } from '../checkout.service.js';
import { checkoutForm, checkoutLink } from '../checkout.rules.js';
import { WalletPaymentHandler } from '../payment-handler/wallet-handler.js';
import type { VisitorConsent as SignedConsent } from '../visitor-consent.rules.js';
import { VisitorConsentService } from '../visitor-consent.service.js';
import { type CheckoutValues, type ShopLink, cartNotFoundPage, checkoutPage, confirmationPage } from './checkout.page.js';

// The page a refused payment shows again, with its status: a declined or invalid payment is 422, a cart that
// changed under the buyer 409.
const REFUSAL_STATUS = { declined: 422, unavailable: 422, changed: 409 } as const;

/** The hosted checkout: which page a checkout URL and a posted payment get. */
@Injectable()
export class CheckoutPagesService {
  constructor(
    private readonly checkouts: CheckoutService,
    private readonly wallet: WalletPaymentHandler,
    private readonly consents: VisitorConsentService,
    private readonly markets: MarketsService,
  ) {}

  /** GET: the checkout of an open cart, the confirmation of a paid one, or the not-found page. */
  async show(ctx: RequestContext, token: unknown, key: unknown): Promise<HtmlPage> {
    const link = checkoutLink(token, key);
    const state = link && (await this.checkouts.checkout(ctx, link.token, link.key));
    if (!state) return cartNotFoundPage(shopLink(ctx));
    if (state.paid) return confirmationPage(shopLink(ctx), state.order);
    const values: CheckoutValues = { email: state.summary.cart.email ?? '', address: { country: state.summary.cart.countryCode }, walletToken: '' };
    return this.form(ctx, state, values);
  }

  /** POST: pays and confirms, or shows the form again with what is wrong (nothing written). */
  async pay(ctx: RequestContext, token: unknown, key: unknown, consentParam: unknown, body: unknown): Promise<HtmlPage> {
    const link = checkoutLink(token, key);
    const state = link && (await this.checkouts.checkout(ctx, link.token, link.key));
    if (!state) return cartNotFoundPage(shopLink(ctx));
    // A paid cart's checkout answers its order, whatever is posted again (a double click, a retry, another tab).
    if (state.paid) return confirmationPage(shopLink(ctx), state.order);
    const { form, problems, fieldProblems } = checkoutForm(body);
    // A shop with markets sells to their countries only: another is refused, never ordered.
    const countries = await this.countries(ctx);
    const code = form.address.countryCode;
    if (countries.length > 0 && code && !countries.some((c) => c.code === code)) {
      const message = `Country ${form.address.country ?? code} is not one this shop sells to`;
      problems.push(message);
      fieldProblems.country ??= message;
    }
    const payment = this.wallet.instrument(form.walletToken);
    const values: CheckoutValues = { email: form.email, address: form.address, walletToken: typeof form.walletToken === 'string' ? form.walletToken.slice(0, 64) : '' };
    if (payment.problems?.[0]) fieldProblems.wallet_token ??= payment.problems[0];
    if (problems.length || payment.problems) return this.form(ctx, state, values, [...problems, ...(payment.problems ?? [])], 422, fieldProblems);
    // The `_cs` of the URL (kept by the form, which posts to it), if it was signed for this cart.
    const consent = consentOf(await this.consents.read(ctx, consentParam, link!.token));
    const result = await this.checkouts.pay(ctx, link!.token, link!.key, form, payment.instrument, consent);
    if (!result) return cartNotFoundPage(shopLink(ctx));
    if (!result.problems) return confirmationPage(shopLink(ctx), result.order);
    return this.form(ctx, result.state, values, result.problems, REFUSAL_STATUS[result.reason]);
  }

  private async form(ctx: RequestContext, state: CheckoutState, values: CheckoutValues, problems: string[] = [], status = 200, fieldProblems: Record<string, string> = {}): Promise<HtmlPage> {
    if (state.paid) return confirmationPage(shopLink(ctx), state.order);
    const handler = this.wallet.response(ctx.shop.name, state.summary.cart.currency);
    return checkoutPage(shopLink(ctx), state.summary, state.lines, handler, values, problems, status, fieldProblems, await this.countries(ctx));
  }

  // The countries of the shop's enabled markets, by name (none: the shop has no markets, any country is taken).
  private async countries(ctx: RequestContext): Promise<{ code: string; name: string }[]> {
    const codes = new Set((await this.markets.marketsOf(ctx)).filter((m) => m.enabled).flatMap((m) => m.countries));
    return [...codes].map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
  }
}

// Every checkout page links back to the shop front, at the shop's own address (the request's port in development).
function shopLink(ctx: RequestContext): ShopLink {
  return { name: ctx.shop.name, url: shopOrigin(ctx.shop, ctx.origin) };
}

// The order records the choices the visitor made (a choice not given is left out).
function consentOf(signed: SignedConsent | null): VisitorConsent | null {
  if (!signed) return null;
  const given = Object.entries(signed).filter(([, value]) => value !== null);
  return given.length ? (Object.fromEntries(given) as VisitorConsent) : null;
}
