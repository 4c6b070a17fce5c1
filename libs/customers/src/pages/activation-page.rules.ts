/** The customer and token of an activation link as its path gives them. */
export interface ActivationLink {
  customerId: number;
  token: string;
}

/** The activation form as posted: the password twice, or what is wrong with the form itself. */
export type ActivationForm = { password: string; passwordConfirmation: string; problems?: undefined } | { problems: string[] };

// Tokens the platform issues are short URL-safe strings; anything else names no link.
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
const CUSTOMER_ID = /^[1-9][0-9]{0,15}$/;
// Far above any password rule; keeps a hostile form from reaching the password hash with megabytes.
const MAX_PASSWORD_LENGTH = 1_000;

/** The link a path names, or null when it cannot be one (a non-numeric id, a token of the wrong shape). */
export function activationLink(customerId: unknown, token: unknown): ActivationLink | null {
  if (typeof customerId !== 'string' || typeof token !== 'string' || !CUSTOMER_ID.test(customerId) || !TOKEN.test(token)) return null;
  return { customerId: Number(customerId), token };
}

/** Reads the form's two fields; a field sent twice, as a non-string, too long or with a NUL is the form's problem. */
export function activationForm(body: unknown): ActivationForm {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const field = (name: string, label: string): string => {
    const value = fields[name] ?? '';
    if (typeof value !== 'string') problems.push(`${label} must be given once, as text`);
    else if (value.length > MAX_PASSWORD_LENGTH) problems.push(`${label} is too long (maximum is ${MAX_PASSWORD_LENGTH} characters)`);
    else if (value.includes('\u0000')) problems.push(`${label} contains a character that is not allowed`);
    else return value;
    return '';
  };
  const password = field('password', 'Password');
  const passwordConfirmation = field('password_confirmation', 'Password confirmation');
  return problems.length ? { problems } : { password, passwordConfirmation };
}
