import type { PlacedOrder } from '@platform/orders';
import type { Address } from '@platform/contact';
import { type HtmlPage, html, htmlPage } from '@platform/html';
import type { CartSummary } from '../cart.records.js';
import { CHECKOUT_ADDRESS_FIELDS, type CheckoutLine } from '../checkout.rules.js';
import type { WalletHandlerResponse } from '../payment-handler/wallet-handler.js';
import { APPROVED_TEST_TOKEN, DECLINED_TEST_TOKEN, WALLET_HANDLER_NAME } from '../payment-handler/wallet-handler-schemas.js';

/** What the buyer typed, shown again with the problems of the last try. */
export interface CheckoutValues {
  email: string;
  address: Partial<Address>;
  walletToken: string;
}

/** The shop a page belongs to: its name, and its front's URL that the page links back to. */
export interface ShopLink {
  name: string;
  url: string;
}

const money = (amount: string, currency: string) => `${amount} ${currency}`;

/**
 * The checkout of an open cart: contact, shipping address, the lines and totals in the cart's currency, the
 * discount, and the test wallet's pay form. Nothing but HTML and the platform's inline style: it works without
 * scripts and offline. `status` is 200, or the status of the problems shown.
 */
export function checkoutPage(
  shop: ShopLink,
  summary: CartSummary,
  lines: CheckoutLine[],
  handler: WalletHandlerResponse,
  values: CheckoutValues,
  problems: string[] = [],
  status = 200,
  fieldProblems: Readonly<Record<string, string>> = {},
  countries: readonly { code: string; name: string }[] = [],
): HtmlPage {
  // A field with a problem says so (aria-invalid) and points at its message, shown right after it.
  const invalid = (name: string) => (fieldProblems[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : null);
  const message = (name: string) => (fieldProblems[name] ? html`<p class="field-error" id="${name}-error">${fieldProblems[name]}</p>` : null);
  const { cart, cost } = summary;
  const currency = cart.currency;
  const errors = problems.length ? html`<ul class="errors" role="alert">${problems.map((message) => html`<li>${message}</li>`)}</ul>` : null;
  const rows = lines.map(
    (l) => html`<tr class="line"><td>${l.image ? html`<img src="${l.image.url}" alt="${l.image.alt}" width="64" height="64"> ` : null}${l.title ?? 'Unavailable item'}${l.variantTitle ? html` <small>${l.variantTitle}</small>` : null}</td><td class="qty">× ${l.line.quantity}</td><td class="price">${money(l.line.price, currency)}</td><td class="amount">${money(l.total, currency)}</td></tr>`,
  );
  const discount = cost.appliedCode
    ? html`<tr class="discount"><td colspan="3">Discount (${cost.appliedCode})</td><td class="amount">−${money(cost.discount, currency)}</td></tr>`
    : null;
  // The country is one of the shop's markets' when it has markets; any known one otherwise.
  const chosen = values.address.countryCode ?? values.address.country ?? '';
  const input = (f: (typeof CHECKOUT_ADDRESS_FIELDS)[number]) =>
    f.key === 'country' && countries.length > 0
      ? html`<select id="${f.name}" name="${f.name}" autocomplete="${f.autocomplete}" required${invalid(f.name)}>${countries.map(
          (c) => html`<option value="${c.code}"${c.code === chosen ? html` selected` : null}>${c.name}</option>`,
        )}</select>`
      : html`<input id="${f.name}" name="${f.name}" type="${f.key === 'phone' ? 'tel' : 'text'}" autocomplete="${f.autocomplete}" maxlength="${f.max}" value="${values.address[f.key] ?? ''}"${f.required ? html` required` : null}${invalid(f.name)}>`;
  const address = CHECKOUT_ADDRESS_FIELDS.map(
    (f) => html`<label for="${f.name}">${f.label}${f.required ? null : ' (optional)'}</label>
${input(f)}
${message(f.name)}`,
  );
  const body = html`<p><a class="shop-link" href="${shop.url}">Back to ${shop.name}</a></p>
<h1>Checkout</h1>
<p><strong>${shop.name}</strong></p>
${errors}
<h2>Order summary</h2>
<table>
<tbody>${rows}</tbody>
<tfoot>
<tr class="subtotal"><td colspan="3">Subtotal</td><td class="amount">${money(cost.subtotal, currency)}</td></tr>
${discount}
<tr class="tax"><td colspan="3">Taxes</td><td class="amount">${money(cost.tax, currency)}</td></tr>
<tr class="total"><td colspan="3"><strong>Total</strong></td><td class="amount" id="total"><strong>${money(cost.total, currency)}</strong></td></tr>
</tfoot>
</table>
<form method="post">
<h2>Contact</h2>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${values.email}" required${invalid('email')}>
${message('email')}
<h2>Shipping address</h2>
${address}
<h2>Payment</h2>
<p>Test wallet (${WALLET_HANDLER_NAME}, ${handler.config.environment} mode): use <code>${APPROVED_TEST_TOKEN}</code> to pay, <code>${DECLINED_TEST_TOKEN}</code> to see a declined payment. No real money moves.</p>
<label for="wallet_token">Wallet token</label>
<input id="wallet_token" name="wallet_token" type="text" autocomplete="off" value="${values.walletToken}" required${invalid('wallet_token')}>
${message('wallet_token')}
<input type="hidden" name="expected_total" value="${cost.total}">
<button type="submit">Pay ${money(cost.total, currency)}</button>
</form>`;
  return { status, html: htmlPage(`Checkout – ${shop.name}`, body) };
}

/** After payment (and for any later visit of the paid cart's checkout URL): the order and what was paid. */
export function confirmationPage(shop: ShopLink, order: PlacedOrder): HtmlPage {
  const body = html`<h1>Thank you for your order</h1>
<p>Your order <strong id="order-name">${order.name}</strong> at <strong>${shop.name}</strong> is confirmed and paid.</p>
<p>Total paid: <strong id="order-total">${money(order.totalPrice, order.currency)}</strong></p>
${order.email ? html`<p>A confirmation goes to ${order.email}.</p>` : null}
<p><a class="shop-link" href="${shop.url}">Continue shopping at ${shop.name}</a></p>`;
  return { status: 200, html: htmlPage(`Order ${order.name} confirmed – ${shop.name}`, body) };
}

/** A checkout URL that names no cart of this shop (wrong key, unknown, another shop's, expired): all look alike. */
export function cartNotFoundPage(shop: ShopLink): HtmlPage {
  const body = html`<h1>This checkout is not available</h1>
<p>The link is incomplete, the cart expired, or it belongs to another shop.</p>
<p><a class="shop-link" href="${shop.url}">Back to ${shop.name}</a> to check out again.</p>`;
  return { status: 404, html: htmlPage(`Checkout not found – ${shop.name}`, body) };
}
