import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../integration/helpers/database';
import { readMails } from '../integration/helpers/smtp';
import { filesUnder } from '../support/faults';
import { holdGeneration, openGeneration } from '../support/generation-gate';
import { orderInfo, placePaidOrderOverHttp, signInOverHttp, waitFor } from '../support/customer';
import { startServer, type ServerProcess } from '../support/server-process';

const engines = [{ name: 'PGlite', postgres: false }, ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(engines)('[faults] kill -9 mid-generation on $name', ({ postgres }) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  it('finishes the order after a restart with exactly the package count and no duplicate portraits', async () => {
    const db = postgres ? await createTestDatabase() : undefined;
    if (db) cleanup.push(db.drop);
    // The restarted process takes the killed one's order over 2 s after its last heartbeat.
    const env = { GENERATION_LEASE_MS: '2000', ...(db ? { DATABASE_URL: db.url } : {}) };
    let server: ServerProcess = await startServer(env);
    const { dataDir } = server;
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanup.push(() => server.kill());
    // The order makes three portraits, then waits at the gate: the kill lands while it is being generated.
    await holdGeneration(server.dataDir, 3);
    const outbox = path.join(server.dataDir, 'outbox');

    const ada = await signInOverHttp(server.url, outbox, 'crash@example.com');
    const orderId = await placePaidOrderOverHttp(server.url, ada, 'beta');
    const before = await waitFor(
      async () => {
        const info = await orderInfo(server.url, ada, orderId);
        return info.imageGenerated >= 3 && info;
      },
      60_000,
      'the first portraits',
    );
    expect(before.status).toBe('processing');

    await server.kill();
    await openGeneration(server.dataDir);
    server = await startServer({ ...env, DATA_DIR: server.dataDir, PORT: String(server.port) });

    const done = await waitFor(
      async () => {
        const info = await orderInfo(server.url, ada, orderId);
        return info.status === 'completed' && info;
      },
      120_000,
      'the order to complete after the restart',
    );
    expect(done.imageGenerated).toBe(20);
    expect(done.progress).toBe(100);

    const portraitsDir = path.join(server.dataDir, 'files', 'orders', orderId, 'portraits');
    const files = await filesUnder(portraitsDir);
    expect(files).toEqual(Array.from({ length: 20 }, (_, i) => `${i + 1}.jpg`).sort());
    expect(await filesUnder(path.join(server.dataDir, 'files', 'orders', orderId, 'thumbs'))).toHaveLength(20);
    for (const no of [1, before.imageGenerated, 20]) {
      const res = await fetch(`${server.url}/v1/image/get/${orderId}/${no}`, { headers: { cookie: ada.cookie } });
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([832, 1216]);
    }
    expect(await fetch(`${server.url}/v1/image/get/${orderId}/21`, { headers: { cookie: ada.cookie } }).then((r) => r.status)).toBe(404);
    expect(await filesUnder(path.join(server.dataDir, 'files', 'orders', orderId, 'selfies'))).toEqual([]);

    // One "ready" mail, not one per process that touched the order. It is written just after the order
    // completes (the restarted process loads its mail library with its first mail), so wait for it.
    const readyMails = async () => (await readMails(outbox)).filter((mail) => mail.subject?.startsWith('Your portraits are ready'));
    await waitFor(async () => (await readyMails()).length > 0, 30_000, 'the ready mail');
    expect(await readyMails()).toHaveLength(1);
  });
});
