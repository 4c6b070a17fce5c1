import { html } from '@platform/html';
import { type RenderedEmail, emailDocument, greeting, subjectLine } from '@platform/mail';

export interface WelcomeEmailData {
  shopName: string;
  firstName: string | null;
  /** Where the shop is (`https://acme.example.com`). */
  shopUrl: string;
}

/** The welcome after an account is created with a password: a greeting and a link to the shop. */
export function customerAccountWelcomeEmail(data: WelcomeEmailData): RenderedEmail {
  const shop = subjectLine(data.shopName);
  const subject = `Welcome to ${shop}`;
  const text = [
    greeting(data.firstName),
    `Your customer account at ${shop} is ready. Next time you shop with us, sign in for faster checkout.`,
    `Visit the shop:\n${data.shopUrl}`,
    shop,
  ].join('\n\n');
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>${greeting(data.firstName)}</p>
<p>Your customer account at <strong>${shop}</strong> is ready. Next time you shop with us, sign in for faster checkout.</p>
<p><a href="${data.shopUrl}" style="color:#1f6feb">Visit ${shop}</a></p>`;
  return { subject, text: `${text}\n`, html: emailDocument(subject, body) };
}
