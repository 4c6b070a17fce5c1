/** A resource's translated fields in one locale, by key (`{ title: 'T-shirt…', body_html: '<p>…' }`). */
export type TranslatedFields = Record<string, string>;
