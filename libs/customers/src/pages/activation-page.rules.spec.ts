import { activatedPage, activationFormPage, deadLinkPage } from './activation.page.js';
import { activationForm, activationLink } from './activation-page.rules.js';

const HOSTILE = '<script>alert("x")</script>';

describe('activationLink', () => {
  it('reads a numeric id and a URL-safe token', () => {
    expect(activationLink('42', 'aB3_-x')).toEqual({ customerId: 42, token: 'aB3_-x' });
  });

  it.each([
    ['abc', 'token'],
    ['0', 'token'],
    ['-1', 'token'],
    ['1e3', 'token'],
    ['99999999999999999999', 'token'],
    ['42', 'a'.repeat(10_000)],
    ['42', 'tok en'],
    ['42', 'tok\u0000en'],
    ['42', ''],
    [undefined, 'token'],
  ])('is no link for id %p and a token like %p', (id, token) => {
    expect(activationLink(id, token)).toBeNull();
  });
});

describe('activationForm', () => {
  it('reads the password twice', () => {
    expect(activationForm({ password: 'secret-1', password_confirmation: 'secret-2' })).toEqual({ password: 'secret-1', passwordConfirmation: 'secret-2' });
    expect(activationForm(undefined)).toEqual({ password: '', passwordConfirmation: '' });
  });

  it('refuses fields sent twice, too long or with NUL bytes', () => {
    expect(activationForm({ password: ['a', 'b'], password_confirmation: 'x' })).toEqual({ problems: ['Password must be given once, as text'] });
    expect(activationForm({ password: 'x'.repeat(1_001), password_confirmation: 'a\u0000b' })).toEqual({
      problems: ['Password is too long (maximum is 1000 characters)', 'Password confirmation contains a character that is not allowed'],
    });
  });
});

describe('activation pages', () => {
  it('shows the form with the shop name and the problems, all escaped', () => {
    const page = activationFormPage(HOSTILE, [`Password ${HOSTILE} is too short`]);
    expect(page.status).toBe(422);
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('<strong>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</strong>');
    expect(page.html).toContain('<li>Password &lt;script&gt;');
    expect(page.html).toContain('name="password"');
    expect(page.html).toContain('name="password_confirmation"');
    expect(activationFormPage('Acme').status).toBe(200);
    expect(activationFormPage('Acme').html).not.toContain('role="alert"');
  });

  it('says the account is active, with a link to the shop', () => {
    const page = activatedPage('Acme', 'https://acme.example.com');
    expect(page).toMatchObject({ status: 200 });
    expect(page.html).toContain('Your account is active');
    expect(page.html).toContain('<a href="https://acme.example.com">');
  });

  it('answers a dead link with a 404 page that names the shop', () => {
    const page = deadLinkPage(HOSTILE);
    expect(page.status).toBe(404);
    expect(page.html).toContain('This link has expired');
    expect(page.html).not.toContain('<script>');
  });
});
