import { isEmail, normalizeEmail, normalizePhone } from './contact.js';

describe('contact values', () => {
  it('normalizes phones to E.164 with 7 to 15 digits', () => {
    expect(normalizePhone('+1 (613) 555-0123')).toBe('+16135550123');
    expect(normalizePhone('+33.1.23.45.67.89')).toBe('+33123456789');
    expect(normalizePhone('+1234567')).toBe('+1234567');
    for (const bad of ['+12', '+123456', '+1234567890123456', '6135550123', '+0613555012', '+1 613 555 0123 x5', '']) expect(normalizePhone(bad)).toBeNull();
  });

  it('reads emails loosely, at most 255 characters, compared lower-cased', () => {
    expect(isEmail('ada@example.com')).toBe(true);
    expect(isEmail(`${'a'.repeat(243)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(244)}@example.com`)).toBe(false);
    for (const bad of ['ada', 'ada@example', '@example.com', 'a da@example.com', 'a@b@c.com']) expect(isEmail(bad)).toBe(false);
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
