import { customerAccountInviteEmail } from './customer-account-invite.email.js';
import { customerAccountWelcomeEmail } from './customer-account-welcome.email.js';

const URL = 'https://acme.example.com/account/activate/42/0123456789abcdef0123456789abcdef';
const HOSTILE = '<script>alert("x")</script> & Co';

describe('customer account invite email', () => {
  it('names the shop, carries the merchant message and the link, plain in text and as a link in HTML', () => {
    const email = customerAccountInviteEmail({ shopName: 'Acme', firstName: 'Ada', subject: '', customMessage: 'See you soon!\nThe team', activationUrl: URL });
    expect(email.subject).toBe('Customer account activation');
    expect(email.text).toContain('Hi Ada,');
    expect(email.text).toContain("You've been invited to create a customer account at Acme.");
    expect(email.text).toContain('See you soon!\nThe team');
    expect(email.text).toContain(`\n${URL}\n`);
    expect(email.html).toContain(`<a href="${URL}"`);
    expect(email.html).toContain('<p>See you soon!<br>The team</p>');
    expect(email.html).toContain('<strong>Acme</strong>');
  });

  it('escapes the names, the subject and the message in HTML and keeps the subject on one line', () => {
    const email = customerAccountInviteEmail({ shopName: HOSTILE, firstName: HOSTILE, subject: `Join\r\nBcc: x@evil.example ${HOSTILE}`, customMessage: HOSTILE, activationUrl: URL });
    expect(email.subject).toBe(`Join Bcc: x@evil.example ${HOSTILE}`);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    // Text is text: nothing to escape, nothing lost.
    expect(email.text).toContain(HOSTILE);
  });

  it('greets without a name when the customer has none, and leaves out an empty message', () => {
    const email = customerAccountInviteEmail({ shopName: 'Acme', firstName: null, subject: 'Your account', customMessage: '  ', activationUrl: URL });
    expect(email.subject).toBe('Your account');
    expect(email.text.startsWith('Hi,\n\nYou')).toBe(true);
    expect(email.html).not.toContain('<p></p>');
  });
});

describe('customer account welcome email', () => {
  it('welcomes to the shop with a link to it', () => {
    const email = customerAccountWelcomeEmail({ shopName: 'Acme', firstName: 'Ada', shopUrl: 'https://acme.example.com' });
    expect(email.subject).toBe('Welcome to Acme');
    expect(email.text).toContain('Hi Ada,');
    expect(email.text).toContain('https://acme.example.com');
    expect(email.html).toContain('<a href="https://acme.example.com"');
  });

  it('escapes the shop and customer names', () => {
    const email = customerAccountWelcomeEmail({ shopName: HOSTILE, firstName: HOSTILE, shopUrl: 'https://acme.example.com' });
    expect(email.subject).toBe(`Welcome to ${HOSTILE}`);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('<title>Welcome to &lt;script&gt;');
  });
});
