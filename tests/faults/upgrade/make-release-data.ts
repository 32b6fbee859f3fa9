/**
 * Makes the data directory that the upgrade test (tests/faults/upgrade.test.ts) starts the current
 * release on: the release before the move to Node 24 and pg-boss 12 is checked out beside this one,
 * installed, and run on the machine's Node as an installation ran it, and customers use it over HTTP.
 *
 *   npx tsx tests/faults/upgrade/make-release-data.ts [--release 6f0a1e3] [--node /usr/bin/node]
 *
 * It writes `release-<commit>.tar.xz` (the DATA_DIR: embedded database, file store, outbox) and
 * `release-<commit>.json` (what the customers hold and saw: session cookies, order ids, portrait counts,
 * thumbnail digests, the id of the job left waiting) next to this file. Run it again only to make the
 * data of another release; the test reads whichever pair `upgrade.test.ts` names.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { orderInfo, placePaidOrderOverHttp, postJson, signInOverHttp, waitFor, type Customer } from '../../support/customer';
import { startServer } from '../../support/server-process';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

const release = execFileSync('git', ['rev-parse', '--short=7', option('release', '6f0a1e3')], { cwd: root, encoding: 'utf8' }).trim();
const node = option('node', '/usr/bin/node');

async function thumbDigest(url: string, customer: Customer, orderId: string, no: number) {
  const res = await fetch(`${url}/v1/image/get/${orderId}/${no}?size=thumb`, { headers: { cookie: customer.cookie } });
  if (!res.ok) throw new Error(`thumbnail ${no} of ${orderId}: ${res.status}`);
  return createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex');
}

const work = await mkdtemp(path.join(os.tmpdir(), 'portrait-release-'));
const checkout = path.join(work, 'release');
const dataDir = path.join(work, 'data');
try {
  console.info(`checking out ${release} and installing it (npm ci) with ${node}`);
  execFileSync('git', ['worktree', 'add', '--detach', checkout, release], { cwd: root, stdio: 'inherit' });
  const npmCli = path.join(path.dirname(node), '../lib/node_modules/npm/bin/npm-cli.js');
  if (!existsSync(npmCli)) throw new Error(`no npm beside ${node} (looked for ${npmCli})`);
  execFileSync(node, [npmCli, 'ci', '--no-audit', '--no-fund'], { cwd: checkout, stdio: 'inherit' });
  const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const env = { DATA_DIR: dataDir, GENERATOR_PACE_MS: '0', LOG_LEVEL: 'info' };

  // A customer whose order finished under the old release, with favourites and a comment.
  const full = await startServer(env, { root: checkout, node, timeoutMs: 180_000 });
  const outbox = path.join(dataDir, 'outbox');
  const ada = await signInOverHttp(full.url, outbox, 'ada.upgrade@example.com');
  const adaOrder = await placePaidOrderOverHttp(full.url, ada);
  const done = await waitFor(
    async () => {
      const info = await orderInfo(full.url, ada, adaOrder);
      return info.status === 'completed' && info;
    },
    600_000,
    'the old release to finish the order',
  );
  for (const [call, body] of [
    ['/v1/order/setFavorite', { orderId: adaOrder, noList: [3, 7] }],
    ['/v1/order/setComment', { orderId: adaOrder, comment: 'For the website' }],
  ] as const) {
    const { status, envelope } = await postJson(full.url, ada, call, body);
    if (status !== 200) throw new Error(`${call}: ${status} ${JSON.stringify(envelope)}`);
  }
  const thumbs = { 1: await thumbDigest(full.url, ada, adaOrder, 1), 3: await thumbDigest(full.url, ada, adaOrder, 3) };
  await full.stop();

  // A customer who paid while no worker ran (a web-only process): the generation job waits in the queue.
  const web = await startServer({ ...env, ROLE: 'web' }, { root: checkout, node, timeoutMs: 180_000 });
  const bob = await signInOverHttp(web.url, outbox, 'bob.upgrade@example.com');
  const bobOrder = await placePaidOrderOverHttp(web.url, bob);
  const bobInfo = await orderInfo(web.url, bob, bobOrder);
  await web.stop();

  // The waiting job's id, read with the old release's own database engine.
  const query = `
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(${JSON.stringify(path.join(dataDir, 'db'))});
    const { rows } = await db.query("select id, state from pgboss.job where name = 'generate-order' and data->>'orderId' = $1", [${JSON.stringify(bobOrder)}]);
    console.log(JSON.stringify(rows));
    await db.close();`;
  const jobs = JSON.parse(execFileSync(node, ['--input-type=module', '-e', query], { cwd: checkout, encoding: 'utf8' })) as { id: string; state: string }[];
  if (jobs.length !== 1 || jobs[0]!.state !== 'created') throw new Error(`expected one waiting generation job, found ${JSON.stringify(jobs)}`);

  const manifest = {
    release,
    node: nodeVersion,
    madeAt: new Date().toISOString(),
    customers: {
      ada: { email: ada.email, cookie: ada.cookie, orderId: adaOrder, portraits: done.imageGenerated, favourites: [3, 7], comment: 'For the website', thumbs },
      bob: { email: bob.email, cookie: bob.cookie, orderId: bobOrder, status: bobInfo.status, waitingJobId: jobs[0]!.id },
    },
  };
  const archive = path.join(here, `release-${release}.tar.xz`);
  execFileSync('tar', ['-cJf', archive, '-C', dataDir, '.'], { stdio: 'inherit' });
  await writeFile(path.join(here, `release-${release}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.info(`wrote ${path.relative(root, archive)} and its manifest`);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', checkout], { cwd: root, stdio: 'inherit' });
  await rm(work, { recursive: true, force: true });
}
