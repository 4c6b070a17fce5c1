// The layout every e-mail the platform sends shares (the customers' account e-mails now; order and shipping ones later).
import { type SafeHtml, html } from '@platform/html';

/** An email as a template renders it: the subject, the plain text and the HTML alternative. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** One line, whatever the merchant typed: a subject is a header, and a line break in it would end the header. */
export function subjectLine(text: string): string {
  return text.replace(/[\s\u0000]+/g, ' ').trim();
}

/** How the email greets the customer: "Hi Ada," or "Hi," when the name is unknown. */
export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.replace(/[\s\u0000]+/g, ' ').trim();
  return name ? `Hi ${name},` : 'Hi,';
}

/** A paragraph of text the merchant wrote, its line breaks kept. */
export function paragraphs(text: string): SafeHtml[] {
  return text
    .replace(/\u0000/g, '')
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => html`<p>${block.split(/\r?\n/).map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</p>`);
}

/** The HTML document around an email's body: no external assets, no scripts, styles inline. */
export function emailDocument(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#f6f8fa;font-family:system-ui,sans-serif;color:#1f2328;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #d0d7de;border-radius:8px">
${body}
</div>
</body>
</html>
`.markup;
}
