import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlOf } from '@/server/config';

const root = path.resolve(import.meta.dirname, '../..');

describe('[config] settings are validated at start-up', () => {
  it.each([
    [{ PORT: 'abc' }, /^PORT must be a whole number from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^PORT must be a whole number/],
    [{ DATABASE_URL: 'nonsense' }, /^DATABASE_URL must be a URL starting with postgres:\/\//],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL must be a URL starting with smtp:\/\//],
    [{ GENERATOR: 'magic' }, /^GENERATOR must be "offline" or "astria"/],
    [{ GENERATOR: 'astria' }, /^ASTRIA_API_KEY is required when GENERATOR is "astria"/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /^STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set/],
    [{ STRIPE_SECRET_KEY: 'pk_oops' }, /^STRIPE_SECRET_KEY must start with sk_ \(got "\*\*\*"\)$/],
    [{ BETA_SEATS: '-1' }, /^BETA_SEATS must not be negative/],
    [{ ROLE: 'boss' }, /^ROLE must be "web", "worker" or "all"/],
    [{ SUPPORT_EMAIL: 'nobody' }, /^SUPPORT_EMAIL must be an email address/],
    [{ TRUST_PROXY: 'the proxy' }, /^TRUST_PROXY must be false, true, a hop count, or proxy addresses separated by commas/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('has working defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4321);
    expect(config.database.kind).toBe('pglite');
    expect(config.storage.kind).toBe('disk');
    expect(config.betaSeats).toBe(30);
    expect(config.role).toBe('all');
    expect(config.secureCookies).toBe(false);
  });

  it.each([
    [
      { SMTP_URL: 'smtp://mail.example.com' },
      /^PUBLIC_URL must be the address customers use when SMTP_URL is set: links to http:\/\/localhost:4321 work only on this machine$/,
    ],
    [{ SMTP_URL: 'smtp://mail.example.com', PUBLIC_URL: 'http://127.0.0.1:8080' }, /^PUBLIC_URL must be the address customers use when SMTP_URL is set/],
    [
      { SMTP_URL: 'smtp://mail.example.com', PUBLIC_URL: 'https://portraits.example.com' },
      /^MAIL_FROM must be an address at your own domain when SMTP_URL is set \(got "Portrait Studio <no-reply@localhost>"\)$/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
      /^PUBLIC_URL must be the address customers use when live Stripe keys are set/,
    ],
  ])('refuses to mail customers links to this machine: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('starts with real mail and live payments once the addresses are public, and greets the mail server as the public host', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mail.example.com',
      PUBLIC_URL: 'https://portraits.example.com',
      MAIL_FROM: 'Portrait Studio <no-reply@portraits.example.com>',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.mail.greetingName).toBe('portraits.example.com');
    // Test keys and the outbox stay free to use on a laptop.
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).not.toThrow();
  });

  it("names the site's support address in mail unless SUPPORT_EMAIL says otherwise", () => {
    const settings = readFileSync(path.join(root, 'src/content/site/settings.yaml'), 'utf8');
    const site = /^supportEmail: (\S+)$/m.exec(settings)?.[1];
    expect(site).toMatch(/@/);
    expect(loadConfig({}).mail.supportEmail).toBe(site);
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.org' }).mail.supportEmail).toBe('help@example.org');
  });

  it('takes the public URL from PUBLIC_URL, else this machine on PORT, as the site build does', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:4321');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://portraits.example.com/' }).publicUrl).toBe('https://portraits.example.com');
    expect(publicUrlOf({ PUBLIC_URL: 'https://portraits.example.com/' }).origin).toBe('https://portraits.example.com');
    expect(publicUrlOf({}).origin).toBe('http://localhost:4321');
  });

  it('reads TRUST_PROXY as off by default, all hops, a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('marks cookies secure when PUBLIC_URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portraits.example.com' }).secureCookies).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'Configuration error: PORT must be a whole number from 1 to 65535 (got "abc")'],
    [
      { SMTP_URL: 'smtp://mail.example.com:587' },
      'Configuration error: PUBLIC_URL must be the address customers use when SMTP_URL is set: links to http://localhost:4321 work only on this machine',
    ],
  ])('the server refuses to start with %o, saying why in one line', (env, line) => {
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(line);
  });
});
