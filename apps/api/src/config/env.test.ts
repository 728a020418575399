import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env';

describe('parseConfig', () => {
  it('works with nothing set: embedded database in ./data on port 3000', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      requireEmailVerification: false,
      corsOrigins: ['http://localhost:3000'],
      accessTokenTtlSeconds: 900,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('turns e-mail verification on with SMTP, unless told otherwise', () => {
    expect(parseConfig({ SMTP_URL: 'smtp://mail:25' }).requireEmailVerification).toBe(true);
    expect(
      parseConfig({ SMTP_URL: 'smtp://mail:25', REQUIRE_EMAIL_VERIFICATION: 'false' })
        .requireEmailVerification,
    ).toBe(false);
  });

  it('trusts no proxy unless told which', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(parseConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [
      { DATABASE_URL: 'mysql://localhost/db' },
      'DATABASE_URL: expected a postgres:// or postgresql:// connection URL',
    ],
    [{ PUBLIC_URL: 'localhost' }, 'PUBLIC_URL: expected an absolute URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: expected at least 32 characters'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REQUIRE_EMAIL_VERIFICATION: 'yes' }, 'REQUIRE_EMAIL_VERIFICATION'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: expected false, a number of proxy hops'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.example.com' }, 'TRUST_PROXY'],
  ])('names the bad variable in %j', (environment, expected) => {
    expect(() => parseConfig(environment)).toThrow(ConfigError);
    expect(() => parseConfig(environment)).toThrow(expected);
  });

  it('lists every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
