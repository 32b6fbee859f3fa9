import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/runtime';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback, as the OS hands it out. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Names a migrated embedded database (a DATA_DIR) that servers on a fresh DATA_DIR start from a copy of. */
export const PGLITE_TEMPLATE_ENV = 'PORTRAIT_TEST_PGLITE_TEMPLATE';

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
  /** Ends the process the way an operator does (SIGTERM) and waits for it. */
  stop(): Promise<void>;
  /** Ends the process the way a crash or an out-of-memory kill does: SIGKILL, no clean-up. */
  kill(): Promise<void>;
  readonly process: ChildProcess;
}

/**
 * Starts the real server, `src/server/main.ts`, as its own Node process (no tsx wrapper process, so a
 * SIGKILL reaches the server itself) and waits until `/v1/health` answers. `env` is added to a clean
 * environment; DATABASE_URL is empty unless given (PGlite in DATA_DIR). `root` runs another copy of the
 * project and `entry` another script of it (`scripts/start.ts`, which builds the site first, is `npm start`);
 * `node` is the Node binary to run it on (an older release runs on the Node it shipped with).
 */
export async function startServer(
  env: Record<string, string> = {},
  { timeoutMs = 60_000, root: projectRoot = root, entry = 'src/server/main.ts', node = process.execPath } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'portrait-proc-')));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!env.DATA_DIR && !env.DATABASE_URL && template) await cp(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
  const fullEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    DATABASE_URL: '',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'info',
    GENERATOR_PACE_MS: '0',
    // These tests are about processes dying and coming back; the likeness check's analysis of every
    // image (about half a second of CPU each) would only slow them. The upgrade test turns it on.
    LIKENESS_CHECK: 'off',
    // A killed worker's orders are taken over after 5 s instead of 20 s: the same recovery, sooner.
    GENERATION_LEASE_MS: '5000',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_LINKS_PER_IP_PER_HOUR: '100000',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  };
  const child = spawn(node, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(projectRoot, entry)], {
    cwd: projectRoot,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    const healthy = await fetch(`${url}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    port,
    dataDir,
    env: fullEnv,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    process: child,
  };
}
