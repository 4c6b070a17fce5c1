import { MAX_HOST_LENGTH, hostText, isDevelopmentHost, parseHost } from './host.rules.js';

describe('parseHost', () => {
  it('reads host names, IP literals and ports, lowercased', () => {
    expect(parseHost('localhost:3000')).toEqual({ name: 'localhost', port: 3000 });
    expect(parseHost('127.0.0.1:3000')).toEqual({ name: '127.0.0.1', port: 3000 });
    expect(parseHost('[::1]:3000')).toEqual({ name: '[::1]', port: 3000 });
    expect(parseHost('[2001:db8::1]')).toEqual({ name: '[2001:db8::1]', port: null });
    expect(parseHost('Acme.MyPlatform.localhost:3000')).toEqual({ name: 'acme.myplatform.localhost', port: 3000 });
    expect(parseHost('shop.example.com')).toEqual({ name: 'shop.example.com', port: null });
    expect(parseHost('xn--exmple-cua.com')).toEqual({ name: 'xn--exmple-cua.com', port: null });
    expect(parseHost('a-b.example.com:65535')).toEqual({ name: 'a-b.example.com', port: 65_535 });
  });

  it('refuses userinfo, paths, queries and fragments', () => {
    for (const host of ['localhost:4700@evil.example.com', 'user@localhost', 'user:pass@localhost:3000', 'localhost:3000/evil', 'localhost/evil', 'localhost?x=1', 'localhost#x', 'localhost\\evil', 'evil.example.com\\@localhost']) {
      expect([host, parseHost(host)]).toEqual([host, null]);
    }
  });

  it('refuses whitespace, CR, LF and NUL', () => {
    for (const host of ['localhost\r\nX-Evil: 1', 'localhost\n', 'local host', 'localhost\t', ' localhost', 'localhost\u0000']) {
      expect([host, parseHost(host)]).toEqual([host, null]);
    }
  });

  it('refuses non-ASCII names (unicode is sent as punycode)', () => {
    for (const host of ['exämple.com', 'ｅｘａｍｐｌｅ.com', 'example.com\u200b', 'пример.рф']) {
      expect([host, parseHost(host)]).toEqual([host, null]);
    }
  });

  it('refuses over-long hosts and labels', () => {
    const label = 'a'.repeat(63);
    const name = [label, label, label, 'b'.repeat(61)].join('.');
    expect(name.length).toBe(253);
    expect(parseHost(name)).toEqual({ name, port: null });
    expect(parseHost(`${name}a`)).toBeNull();
    expect(parseHost(`${'a'.repeat(64)}.example.com`)).toBeNull();
    expect(parseHost('a'.repeat(300))).toBeNull();
    expect(parseHost(`${'a.'.repeat(150)}com`)).toBeNull();
    expect(parseHost(`${name}:65535`)).toEqual({ name, port: 65_535 });
    expect(`${name}:65535`.length).toBe(MAX_HOST_LENGTH);
    expect(parseHost(`${name}:065535`)).toBeNull();
  });

  it('refuses bad ports', () => {
    for (const host of ['localhost:', 'localhost:0', 'localhost:65536', 'localhost:99999', 'localhost:030', 'localhost:-1', 'localhost:3000:4000', 'localhost:http', 'localhost:123456', '[::1]:', '[::1]:0']) {
      expect([host, parseHost(host)]).toEqual([host, null]);
    }
  });

  it('refuses malformed IP literals: unbracketed or zoned IPv6, impossible IPv4', () => {
    for (const host of ['::1', '::1:3000', '[::1', '::1]', '[]', '[::g]', '[fe80::1%25eth0]', '[localhost]', '256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', 'example.123']) {
      expect([host, parseHost(host)]).toEqual([host, null]);
    }
  });

  it('refuses trailing dots, empty labels and labels with hyphens at their ends or underscores', () => {
    for (const host of ['example.com.', 'localhost.:3000', '.example.com', 'a..example.com', '-a.example.com', 'a-.example.com', 'a_b.example.com', '.', '']) {
      expect([host, parseHost(host)]).toEqual([host, null]);
    }
    expect(parseHost(undefined)).toBeNull();
  });
});

describe('hostText', () => {
  it('writes the host back with its port', () => {
    expect(hostText({ name: '[::1]', port: 3000 })).toBe('[::1]:3000');
    expect(hostText({ name: 'shop.example.com', port: null })).toBe('shop.example.com');
  });
});

describe('isDevelopmentHost', () => {
  it('is true for hosts that only reach this machine', () => {
    for (const name of ['localhost', 'acme.myplatform.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect([name, isDevelopmentHost(name)]).toEqual([name, true]);
    for (const name of ['shop.example.com', 'localhost.example.com', '10.0.0.1', '[2001:db8::1]', 'mylocalhost']) expect([name, isDevelopmentHost(name)]).toEqual([name, false]);
  });
});
