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

  it('stops the real server with exit code 1 and one clear line for PORT=abc', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a whole number from 1 to 65535 (got "abc")');
  });
});
