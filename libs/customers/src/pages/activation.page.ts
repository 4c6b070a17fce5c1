import { type HtmlPage, html, htmlPage } from '@platform/html';

/** The form: the shop's name, a password twice, and the problems of the last try (escaped, as all of it). */
export function activationFormPage(shopName: string, problems: string[] = []): HtmlPage {
  const errors = problems.length
    ? html`<ul class="errors" role="alert">${problems.map((message) => html`<li>${message}</li>`)}</ul>`
    : null;
  const body = html`<h1>Activate your account</h1>
<p>Create a password to activate your customer account at <strong>${shopName}</strong>.</p>
${errors}
<form method="post">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required>
<label for="password_confirmation">Confirm password</label>
<input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required>
<button type="submit">Activate account</button>
</form>`;
  return { status: problems.length ? 422 : 200, html: htmlPage(`Activate your account – ${shopName}`, body) };
}

/** After the password was set: the account is active, and the shop is a link away. */
export function activatedPage(shopName: string, shopUrl: string): HtmlPage {
  const body = html`<h1>Your account is active</h1>
<p>Your customer account at <strong>${shopName}</strong> is now active. Sign in with your email and the password you just set.</p>
<p><a href="${shopUrl}">Continue to ${shopName}</a></p>`;
  return { status: 200, html: htmlPage(`Account activated – ${shopName}`, body) };
}

/**
 * A link that is unknown, was replaced or used, or is older than 30 days: all look alike (404), so the page tells a
 * stranger nothing about which customers exist.
 */
export function deadLinkPage(shopName: string): HtmlPage {
  const body = html`<h1>This link has expired</h1>
<p>This account activation link is no longer valid: it was already used, a newer one was sent, or it expired.</p>
<p>Ask <strong>${shopName}</strong> to send you a new invitation.</p>`;
  return { status: 404, html: htmlPage(`Link expired – ${shopName}`, body) };
}
