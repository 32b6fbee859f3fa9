import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './app';

/**
 * Tables a request could leave a row in; a refused request must leave every count as it was. Not
 * `rate_limits`: it counts attempts, and refused attempts (failed sign-ins) are counted by design.
 */
const STORED_TABLES = [
  'users',
  'sessions',
  'oauth_identities',
  'oauth_flows',
  'login_tokens',
  'orders',
  'selfies',
  'portraits',
  'favorites',
  'downloads',
  'payments',
  'processed_events',
  'offline_checkout_sessions',
  'audit_log',
  'order_mails',
  'app_state',
  'teams',
  'team_admins',
  'seat_purchases',
  'team_links',
  'team_invitations',
  'gift_cards',
] as const;

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * What the server has stored: the row count of every table a request can write to, the generation
 * jobs queued, and every file under DATA_DIR/files and the mail outbox. One query, so it is cheap
 * enough to take around every fuzzed request.
 */
export async function storedState(t: TestApp) {
  const counts = STORED_TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ');
  const result = await t.app.ctx.database.db.execute(
    sql.raw(`select ${counts}, (select count(*)::int from pgboss.job where name = 'generate-order') as generate_jobs`),
  );
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
  return {
    rows: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])),
    files: (await filesUnder(path.join(t.dataDir, 'files'))).sort(),
    outbox: (await filesUnder(path.join(t.dataDir, 'outbox'))).length,
  };
}
export type StoredState = Awaited<ReturnType<typeof storedState>>;

/** Messages that say nothing about what was wrong: a refused request must never answer with one. */
const VAGUE = /^(Bad request|Something went wrong.*|Malformed request|error|undefined|null)$/i;
/** What must never reach a client: stack frames, SQL, driver and framework internals. */
const LEAKS = /\bat \S+ \(|\.(ts|js|mjs):\d+|stack|syntax error at|relation "|SELECT |INSERT |UPDATE |DELETE FROM|pg_|FST_|ERR_|TypeError|ReferenceError/i;

/**
 * Checks that a response is the API's envelope: JSON `{ code, message, data }`, `code` 0 on success or
 * the HTTP status on an error, `data` null on errors, a readable message, nothing internal. `sent` is
 * the raw request, so that a message quoting it back is not taken for a leak.
 */
export function expectEnvelope(res: LightMyRequestResponse, sent = '') {
  expect(res.statusCode, `status ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { code: number; message: string; data: unknown };
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
  expect(typeof body.message).toBe('string');
  expect(body.message.trim().length).toBeGreaterThan(0);
  // A message may quote the caller's own input back ("Unrecognized key ..."); anything else is a leak.
  const leak = LEAKS.exec(body.message);
  if (leak) expect(sent.toLowerCase(), `message leaks internals: ${body.message}`).toContain(leak[0].toLowerCase());
  if (res.statusCode >= 400) {
    expect(body.code).toBe(res.statusCode);
    expect(body.data).toBeNull();
    expect(body.message).not.toMatch(VAGUE);
  } else {
    expect(body.code).toBe(0);
  }
  return body;
}

/**
 * Every POST route under /v1 the app registered (its own route registry), so a route added later
 * without a hostile-input case makes the suite fail rather than go unfuzzed.
 */
export function postRoutesOf(app: FastifyInstance): string[] {
  return [...new Set(app.registeredRoutes.filter((r) => r.method === 'POST' && r.url.startsWith('/v1/')).map((r) => r.url))].sort();
}

/** The server still answers its health check and a plain valid call after a round of abuse. */
export async function expectHealthy(t: TestApp, cookie: string) {
  const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toMatchObject({ code: 0, data: { status: 'up' } });
  const info = await t.app.inject({
    method: 'POST',
    url: '/v1/user/info',
    headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    payload: '{}',
  });
  expect(info.statusCode).toBe(200);
  expect(info.json()).toMatchObject({ code: 0, data: { email: expect.any(String) } });
}

/** Strings an attacker tries in every text field, each with a name for the test title. */
export const HOSTILE_TEXT = {
  'an SQL tautology': "' or 1=1 --",
  'a stacked SQL statement': '1; drop table users',
  'a path traversal': '../../etc/passwd',
  'an encoded path traversal': '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'an encoded slash traversal': '..%2F..%2Fx',
  'a Windows path traversal': '..\\..\\windows\\win.ini',
  'a right-to-left override': 'photo\u202Egpj.exe',
  'emoji with modifiers and joiners': '😀👍🏽👨‍👩‍👧',
  'stacked combining marks': 'Z\u0351\u0364\u0300a\u0301\u0302l\u0303g\u0304o',
  'an HTML script tag': '<script>alert(1)</script>',
  'a prototype key name': '__proto__',
} as const;

/** Text PostgreSQL cannot store, or that is not Unicode at all: refused wherever it appears. */
export const UNSTORABLE_TEXT = {
  'a NUL character': 'a\u0000b',
  'a lone high surrogate': 'a\uD800b',
  'a lone low surrogate': '\uDC00b',
} as const;

/** True for parsed JSON holding a `__proto__` key or a `constructor.prototype`, anywhere: the server refuses such bodies with 400. */
export function hasPoisonKey(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).some(
      ([k, v]) => k === '__proto__' || (k === 'constructor' && typeof v === 'object' && v !== null && 'prototype' in v) || hasPoisonKey(v),
    )
  );
}

/**
 * "Stored nothing" checked per group of refused requests instead of around each one: the state is taken
 * at a checkpoint, refusals are recorded as they are sent, and the next checkpoint compares. Only when
 * the state changed are the recorded requests sent again one at a time, each between two snapshots, so
 * the failure still names the request that stored something. A snapshot costs about ten refused
 * requests, so a suite of thousands of refusals pays for a few hundred snapshots instead of thousands.
 */
export class StoredNothingLedger {
  private baseline: StoredState | undefined;
  private readonly pending: { name: string; replay: () => Promise<unknown> }[] = [];

  constructor(private readonly app: () => TestApp) {}

  /** A refused request to account for at the next checkpoint; `replay` sends it again. */
  refused(name: string, replay: () => Promise<unknown>): void {
    this.pending.push({ name, replay });
  }

  /**
   * Fails, naming the requests, when the refusals recorded since the last checkpoint changed what is
   * stored; then makes the current state the baseline and answers it (the `before` of a request that
   * may legitimately store something).
   */
  async checkpoint(): Promise<StoredState> {
    const now = await storedState(this.app());
    const suspects = this.pending.splice(0);
    if (this.baseline && suspects.length > 0 && !sameState(now, this.baseline)) {
      const culprits: string[] = [];
      for (const { name, replay } of suspects) {
        const before = await storedState(this.app());
        await replay();
        if (!sameState(await storedState(this.app()), before)) culprits.push(name);
      }
      expect(
        { storedBy: culprits.length > 0 ? culprits : suspects.map((s) => s.name), state: now },
        `refused requests stored something (${culprits.length > 0 ? 'found by sending each again' : 'none did so again alone: all are suspects'})`,
      ).toEqual({ storedBy: [], state: this.baseline });
    }
    this.baseline = now;
    return now;
  }

  /** Takes the current state as the baseline after a request that stored something on purpose. */
  async rebase(): Promise<void> {
    expect(
      this.pending.map((p) => p.name),
      'rebase() after checkpoint(): refusals are pending',
    ).toEqual([]);
    this.baseline = await storedState(this.app());
  }
}

function sameState(a: StoredState, b: StoredState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
