// HTML made and read: escaped templates, the hosted pages' shell, an HTML fragment as plain text.
export { SafeHtml, escapeHtml, html } from './html.js';
export { HTML_PAGE_HEADERS, type HtmlPage, errorPage, htmlPage, sendPage } from './html-page.js';
export { plainText } from './plain-text.js';
