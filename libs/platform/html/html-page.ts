import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { SafeHtml, html } from './html.js';

// The only style a page has, inline and allowed by its hash: pages load nothing from anywhere.
const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#f6f8fa;margin:0}' +
  'main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d0d7de;border-radius:8px}' +
  'h1{font-size:1.4rem;margin:0 0 1rem}h2{font-size:1.15rem}label{display:block;margin:1rem 0 .25rem;font-weight:600}' +
  'input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #8c959f;border-radius:6px}' +
  'button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit;font-weight:600;color:#fff;background:#1f6feb;border:0;border-radius:6px}' +
  '.errors{color:#b42318;padding-left:1.2rem}img{object-fit:contain}' +
  '.products{list-style:none;padding:0}.products li{display:flex;gap:1rem;align-items:center;margin:1rem 0}.products img{flex:none}.products h3{margin:0;font-size:1rem}.products p{margin:0}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const PAGE_STYLE = new SafeHtml(STYLE);

/**
 * Headers of every HTML page the platform serves (the shop front, the account activation page, the checkout, and the
 * error pages of that surface): never cached or framed, no Referer (page URLs can carry a one-time token), nothing
 * loaded but its style and same-origin images.
 */
export const HTML_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'content-security-policy': `default-src 'none'; img-src 'self'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
});

/** A whole page: `title` escaped, `body` built with `html`. */
export function htmlPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${PAGE_STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`.markup;
}

const PAGE_TITLES: Record<number, string> = {
  400: 'Bad request',
  402: 'This shop is unavailable',
  403: 'This shop is unavailable',
  404: 'Page not found',
  405: 'Method not allowed',
  413: 'Request too large',
  422: 'Cannot process this request',
  423: 'This shop is unavailable',
  429: 'Too many requests',
  500: 'Something went wrong',
};

/** The page an error of a hosted page answers with: its status in words (or `title`) and the error's message, escaped. */
export function errorPage(status: number, message: string, title = PAGE_TITLES[status] ?? 'Something went wrong'): string {
  return htmlPage(title, html`<h1>${title}</h1><p>${message}</p>`);
}

/** A hosted page as a service answers it: its status and its whole HTML (htmlPage). */
export interface HtmlPage {
  status: number;
  html: string;
}

/** Sends a hosted page with the headers every page has. */
export function sendPage(reply: FastifyReply, page: HtmlPage): void {
  void reply.code(page.status).headers(HTML_PAGE_HEADERS).send(page.html);
}
