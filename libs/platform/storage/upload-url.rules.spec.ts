import { grantOf, uploadParameters } from './upload-url.rules.js';

describe('upload grants', () => {
  const secret = Buffer.alloc(32, 3);
  const key = 'shops/7/private/staged/0123456789abcdef0123456789abcdef.png';
  const grant = { key, expiresAt: 1_800_000_000, maxBytes: 5000 };
  const fields = uploadParameters(grant, secret);
  const before = grant.expiresAt * 1000 - 1;

  it('allows what it signed until it expires', () => {
    expect(grantOf(key, fields, secret, before)).toMatchObject({ ...grant, file: { shopId: 7, access: 'private', folder: 'staged', contentType: 'image/png' } });
    expect(grantOf(key, fields, secret, grant.expiresAt * 1000)).toBeNull();
  });

  it('refuses anything changed: the key, the size, the expiry, the secret', () => {
    expect(grantOf(key.replace('shops/7', 'shops/8'), fields, secret, before)).toBeNull();
    expect(grantOf(key, { ...fields, max_bytes: '5001' }, secret, before)).toBeNull();
    expect(grantOf(key, { ...fields, expires: String(grant.expiresAt + 1) }, secret, before)).toBeNull();
    expect(grantOf(key, fields, Buffer.alloc(32, 4), before)).toBeNull();
  });

  it('signs staged files only, in the forms it writes', () => {
    const media = 'shops/7/public/media/a.png';
    expect(grantOf(media, uploadParameters({ ...grant, key: media }, secret), secret, before)).toBeNull();
    const deeper = 'shops/7/private/staged/x/a.png';
    expect(grantOf(deeper, uploadParameters({ ...grant, key: deeper }, secret), secret, before)).toBeNull();
    expect(grantOf(key, { ...fields, signature: [fields.signature] }, secret, before)).toBeNull();
    expect(grantOf(key, { ...fields, max_bytes: '05000' }, secret, before)).toBeNull();
    expect(grantOf(`${key}\0`, fields, secret, before)).toBeNull();
  });
});
