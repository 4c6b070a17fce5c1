/** Markup that is already safe to put in a page: the result of `html`, never a caller's text. */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value (both quote kinds escaped). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * A template that escapes what it interpolates: text, numbers and lists of them are escaped, `SafeHtml` (another
 * `html` result) goes in as is, null, undefined and false are left out. Pages and emails build markup only with it.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let markup = strings[0]!;
  values.forEach((value, i) => {
    markup += fragment(value) + strings[i + 1]!;
  });
  return new SafeHtml(markup);
}

function fragment(value: unknown): string {
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}
