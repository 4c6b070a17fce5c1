import { html } from '@platform/html';
import { type RenderedEmail, emailDocument, greeting, paragraphs, subjectLine } from '@platform/mail';

const INVITE_SUBJECT = 'Customer account activation';

export interface InviteEmailData {
  shopName: string;
  firstName: string | null;
  /** The merchant's subject, or empty for the default. */
  subject: string;
  /** The merchant's message to the customer, or empty. */
  customMessage: string;
  /** The one-time link to the hosted activation page. */
  activationUrl: string;
}

/** The account invite: who invites, the merchant's message, and the activation link (plain in text, a link in HTML). */
export function customerAccountInviteEmail(data: InviteEmailData): RenderedEmail {
  const subject = subjectLine(data.subject) || INVITE_SUBJECT;
  const shop = subjectLine(data.shopName);
  const custom = data.customMessage.replace(/\u0000/g, '').trim();
  const text = [
    greeting(data.firstName),
    `You've been invited to create a customer account at ${shop}.`,
    ...(custom ? [custom] : []),
    `Activate your account by setting a password:\n${data.activationUrl}`,
    'The link works once and expires in 30 days. If you did not expect this invitation, you can ignore this email.',
    shop,
  ].join('\n\n');
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>${greeting(data.firstName)}</p>
<p>You've been invited to create a customer account at <strong>${shop}</strong>.</p>
${paragraphs(custom)}
<p><a href="${data.activationUrl}" style="display:inline-block;padding:10px 18px;background:#1f6feb;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">Activate your account</a></p>
<p style="font-size:13px;color:#59636e">Or open this link: ${data.activationUrl}<br>It works once and expires in 30 days. If you did not expect this invitation, you can ignore this email.</p>`;
  return { subject, text: `${text}\n`, html: emailDocument(subject, body) };
}
