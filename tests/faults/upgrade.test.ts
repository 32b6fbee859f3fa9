import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { orderInfo, postJson, waitFor, type Customer } from '../support/customer';
import { mailSubjects, readyMailsFor } from '../support/faults';
import { startServer, type ServerProcess } from '../support/server-process';

/**
 * The release before the move to Node 24 (pg-boss 10, Astro 5, Vitest 4) made this data directory on
 * Node 20, as an installation of it would have: `upgrade/make-release-data.ts` ran it and used it over
 * HTTP, and its manifest says what the customers held and saw.
 */
const RELEASE = '6f0a1e3';
const here = path.dirname(fileURLToPath(import.meta.url));

interface Manifest {
  release: string;
  node: string;
  madeAt: string;
  customers: {
    ada: { email: string; cookie: string; orderId: string; portraits: number; favourites: number[]; comment: string; thumbs: Record<string, string> };
    bob: { email: string; cookie: string; orderId: string; status: string; waitingJobId: string };
  };
}

function asCustomer({ email, cookie }: { email: string; cookie: string }): Customer {
  return { email, cookie, json: { 'sec-fetch-site': 'same-origin', cookie, 'content-type': 'application/json' } };
}

async function thumbDigest(server: ServerProcess, customer: Customer, orderId: string, no: string) {
  const res = await fetch(`${server.url}/v1/image/get/${orderId}/${no}?size=thumb`, { headers: { cookie: customer.cookie } });
  expect(res.status).toBe(200);
  return createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex');
}

// A bound on a hang, not a speed check: the first start migrates the database and the job queue, and
// the waiting order is generated, while the browser suite runs beside this file.
describe('[faults] a data directory made by the previous release', { timeout: 480_000 }, () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  it('starts under this release with its sessions, orders, portraits and waiting jobs intact', async () => {
    const manifest = JSON.parse(await readFile(path.join(here, `upgrade/release-${RELEASE}.json`), 'utf8')) as Manifest;
    expect(manifest.node).toMatch(/^v20\./);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portrait-upgrade-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    execFileSync('tar', ['-xJf', path.join(here, `upgrade/release-${RELEASE}.tar.xz`), '-C', dataDir]);

    let server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', LIKENESS_CHECK: 'on' }, { timeoutMs: 180_000 });
    cleanup.push(() => server.kill());
    expect(server.output()).toContain(`Node.js ${process.version}`);
    expect(server.output()).toContain('moved the job queue from pg-boss 10 tables');

    // Ada's order finished under the old release: her session still signs her in, and her order,
    // favourites, comment and portraits (the same bytes) are there.
    const ada = asCustomer(manifest.customers.ada);
    const adaWas = manifest.customers.ada;
    const user = await postJson(server.url, ada, '/v1/user/info', {});
    expect(user.status).toBe(200);
    expect(user.envelope.data.email).toBe(adaWas.email);
    const [order] = (await postJson(server.url, ada, '/v1/order/list', {})).envelope.data as {
      id: string;
      status: string;
      imageGenerated: number;
      favoriteImages: number[];
      comment: string;
    }[];
    expect(order).toMatchObject({ id: adaWas.orderId, status: 'completed', imageGenerated: adaWas.portraits, comment: adaWas.comment });
    expect(order!.favoriteImages).toEqual(adaWas.favourites);
    for (const [no, digest] of Object.entries(adaWas.thumbs)) expect(await thumbDigest(server, ada, adaWas.orderId, no)).toBe(digest);

    // Bob paid while no worker ran: the job the old release queued is the one that makes his portraits.
    const bob = asCustomer(manifest.customers.bob);
    const bobWas = manifest.customers.bob;
    expect(bobWas.status).toBe('processing');
    const done = await waitFor(
      async () => {
        const info = await orderInfo(server.url, bob, bobWas.orderId);
        return info.status === 'completed' && info;
      },
      300_000,
      "the waiting order's portraits",
    );
    expect(done.imageGenerated).toBe(adaWas.portraits);
    // Other generation jobs for the order may follow (the resume sweep's); they find nothing left to make.
    const generationJobsDone = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"job":"generate-order"') && line.includes('job done'));
    await waitFor(async () => generationJobsDone().length > 0, 30_000, 'the generation job to end');
    expect(generationJobsDone()[0]).toContain(`"jobId":"${bobWas.waitingJobId}"`);
    await waitFor(async () => readyMailsFor(await mailSubjects(path.join(dataDir, 'outbox')), bobWas.orderId) === 1, 30_000, "the waiting order's ready mail");

    // A second start finds nothing left to move, and the sessions still hold.
    await server.stop();
    server = await startServer({ DATA_DIR: dataDir, PORT: String(server.port), LIKENESS_CHECK: 'on' }, { timeoutMs: 120_000 });
    expect(server.output()).not.toContain('moved the job queue');
    expect((await postJson(server.url, bob, '/v1/user/info', {})).envelope.data.email).toBe(bobWas.email);
    expect((await orderInfo(server.url, ada, adaWas.orderId)).imageGenerated).toBe(adaWas.portraits);
  });
});
