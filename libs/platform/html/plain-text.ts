const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The text of an HTML fragment on one line (tags dropped, common entities decoded once, whitespace folded), as
 * the hosted platform's `description`/`content` fields give it. With `truncateAt` (> 0) and a longer text, it is
 * cut at the last word boundary within `truncateAt` characters (mid-word only when that would drop more than
 * half), trailing punctuation dropped, and `…` appended: the text before the ellipsis is never longer than asked.
 */
export function plainText(html: string, truncateAt?: number | null): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
  if (!truncateAt || truncateAt <= 0 || text.length <= truncateAt) return text;
  // The limit ends a word when the next character is not part of one; else back to the last space.
  const end = WORD_CHARACTER.test(text[truncateAt]!) ? text.lastIndexOf(' ', truncateAt) : truncateAt;
  return `${text.slice(0, end > truncateAt / 2 ? end : truncateAt).replace(/[\s.,;:!?-]+$/, '')}…`;
}
