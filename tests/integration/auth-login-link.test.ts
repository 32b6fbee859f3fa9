import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { sessionCookieOf } from './helpers/session';
import { readOutbox, startSmtpServer, tokenFromMail } from './helpers/smtp';

describe('[auth] sign-in by emailed link, through a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = manualClock();
  let sent = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portraits.example.com', MAIL_FROM: 'Portrait Studio <no-reply@portraits.example.com>' },
      { clock },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (body: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/v1/loginLink/send', headers: sameSite, payload: body, remoteAddress: ip });
  const verify = (token: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/v1/loginLink/verify', headers: { ...sameSite, ...(cookie ? { cookie } : {}) }, payload: { token } });
  async function requestLink(email: string, extra: object = {}, ip?: string) {
    const res = await send({ email, ...extra }, ip);
    expect(res.statusCode).toBe(200);
    return smtp.waitFor(++sent);
  }

  it('mails a link with subject, text and HTML bodies and the 10-minute expiry, and the link signs in', async () => {
    const mail = await requestLink('Ada.Lovelace@Example.com');
    expect(mail.subject).toBe('Your sign-in link for Portrait Studio');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('ada.lovelace@example.com');
    expect(mail.text).toContain('expires in 10 minutes');
    const token = tokenFromMail(mail);
    expect(token.length).toBeGreaterThanOrEqual(22); // at least 128 random bits
    expect(mail.html).toContain(`/login/verify?token=${token}`);
    // The link, the sender and the server's greeting name the public host, not this machine.
    expect(mail.text).toContain(`https://portraits.example.com/login/verify?token=${token}`);
    expect(mail.from?.value).toEqual([{ name: 'Portrait Studio', address: 'no-reply@portraits.example.com' }]);
    expect(smtp.greetings.at(-1)).toBe('portraits.example.com');

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ redirectURL: '/dashboard' });
    const cookie = sessionCookieOf(res.headers['set-cookie'])!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(cookie.attributes).toContain('secure');

    const info = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: `session=${cookie.value}` } });
    expect(info.json()).toMatchObject({ code: 0, data: { nickName: 'ada.lovelace', email: 'ada.lovelace@example.com', avatar: null } });
  });

  it('stores only a hash of the token', async () => {
    const mail = await requestLink('hash@example.com');
    const token = tokenFromMail(mail);
    const dump = JSON.stringify(await t.app.ctx.database.db.execute('select * from login_tokens' as never));
    expect(dump).not.toContain(token);
  });

  it('refuses the same link a second time', async () => {
    const token = tokenFromMail(await requestLink('twice@example.com'));
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already been used/);
    expect(sessionCookieOf(again.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses a link after 10 minutes', async () => {
    const token = tokenFromMail(await requestLink('late@example.com'));
    clock.advance(10 * 60 * 1000 + 1000);
    const res = await verify(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/expired/);
  });

  it('refuses a forged token', async () => {
    const res = await verify('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid/);
  });

  it('brings the customer back to the same-site page they first asked for', async () => {
    const token = tokenFromMail(await requestLink('back@example.com', { redirectURL: '/dashboard/myOrders?x=1' }));
    expect((await verify(token)).json().data.redirectURL).toBe('/dashboard/myOrders?x=1');
  });

  it.each(['https://evil.example/steal', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores a redirectURL that leaves the site (%s)',
    async (redirectURL) => {
      const token = tokenFromMail(await requestLink(`open-${sent}@example.com`, { redirectURL }));
      expect((await verify(token)).json().data.redirectURL).toBe('/dashboard');
    },
  );

  it('answers the same whether or not an account exists', async () => {
    const known = await send({ email: 'ada.lovelace@example.com' }, '10.0.0.9');
    const unknown = await send({ email: 'nobody-here@example.com' }, '10.0.0.9');
    sent += 2;
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it.each([
    [{ email: 'not-an-email' }, /Please enter a valid email address/],
    [{ email: 'a b@example.com' }, /Please enter a valid email address/],
    [{}, /Invalid email/],
    [{ email: 42 }, /Invalid email/],
  ])('refuses %o with 400 naming the field', async (body, message) => {
    const res = await send(body, '10.0.0.50');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('throttles links for one address with 429 and a clear message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send({ email: 'spam@example.com' }, `10.1.0.${i}`)).statusCode);
    sent += 5;
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await send({ email: 'spam@example.com' }, '10.1.0.99');
    expect(res.json()).toMatchObject({ code: 429, message: expect.stringMatching(/Too many login links requested\. Please wait \d+ minutes/) });
  });

  it('throttles links from one address (IP) across many emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await send({ email: `ip${i}@example.com` }, '10.2.0.1')).statusCode);
    sent += 20;
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});

describe('[auth] sessions', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());

  async function signInByLink(email: string, cookie?: string) {
    await t.app.inject({ method: 'POST', url: '/v1/loginLink/send', headers: sameSite, payload: { email } });
    // The outbox mailer wrote the mail: the newest .eml file holds the link.
    const token = tokenFromMail((await readOutbox(t.dataDir)).at(-1)!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/loginLink/verify',
      headers: { ...sameSite, ...(cookie ? { cookie } : {}) },
      payload: { token },
    });
    return sessionCookieOf(res.headers['set-cookie'])!.value;
  }
  const info = (token: string) => t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: `session=${token}` } });

  it('writes the mail to the outbox when no SMTP server is configured', async () => {
    const token = await signInByLink('outbox@example.com');
    expect((await info(token)).json().data.email).toBe('outbox@example.com');
  });

  it('answers user/info with 401 and "log in" when not signed in', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/v1/user/info', headers: sameSite, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/log in/);
    }
  });

  it('keeps an active session alive (sliding) and ends one idle for 30 days', async () => {
    const token = await signInByLink('slide@example.com');
    clock.advance(29 * 24 * 3600 * 1000);
    expect((await info(token)).statusCode).toBe(200);
    clock.advance(29 * 24 * 3600 * 1000);
    expect((await info(token)).statusCode).toBe(200);
    clock.advance(30 * 24 * 3600 * 1000 + 1000);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('does not keep a cookie the browser had before signing in (no fixation)', async () => {
    const first = await signInByLink('fixed@example.com');
    const second = await signInByLink('fixed@example.com', `session=${first}`);
    expect(second).not.toBe(first);
    expect((await info(first)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(200);
  });

  it('logs out: the session ends on the server and the browser goes to /', async () => {
    const token = await signInByLink('bye@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/v1/logout', headers: { cookie: `session=${token}` } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(sessionCookieOf(res.headers['set-cookie'])?.raw).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('sends a signed-out visitor of a dashboard page to the login page with redirectURL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/myOrders?tab=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirectURL=%2Fdashboard%2FmyOrders%3Ftab%3D1');
  });
});

describe('[auth] cookies on https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://portraits.example.com' });
    try {
      await t.app.inject({ method: 'POST', url: '/v1/loginLink/send', headers: sameSite, payload: { email: 'tls@example.com' } });
      const [mail] = await readOutbox(t.dataDir);
      expect(mail!.text).toContain('https://portraits.example.com/login/verify?token=');
      const token = tokenFromMail(mail!);
      const res = await t.app.inject({ method: 'POST', url: '/v1/loginLink/verify', headers: sameSite, payload: { token } });
      expect(sessionCookieOf(res.headers['set-cookie'])!.attributes).toContain('secure');
    } finally {
      await t.close();
    }
  });
});
