// A problem's field in a service's names (`addresses[2].countryCode`) as the key of a REST 422 (`addresses.country_code`):
// snake_case, list positions dropped, `base` when the problem is about the whole object.

export function restErrorKey(field: string | undefined): string {
  if (!field) return 'base';
  // A capital starts a word, except at the start of a name; underscores the client wrote (`__proto__`) stay.
  return field
    .replace(/\[\d+\]/g, '')
    .replace(/[A-Z]/g, (letter: string, at: number, text: string) => `${at === 0 || text[at - 1] === '.' ? '' : '_'}${letter.toLowerCase()}`);
}

/** The message without the field's label it starts with ("Email has already been taken" under `email`). */
export function restErrorMessage(key: string, message: string): string {
  const last = key.split('.').at(-1)!;
  const label = `${last.charAt(0).toUpperCase()}${last.slice(1).replace(/_/g, ' ')} `;
  return message.startsWith(label) && message.length > label.length ? message.slice(label.length) : message;
}
