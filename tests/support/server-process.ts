import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/runtime';
import { FACE_CACHE_ENV } from './shared-face-cache';

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
  /**
   * Resolves as soon as the process has printed a line matching `pattern` (at once if it already has), in
   * the same turn of the event loop as the output arrives, so a test can act at that very moment (a kill).
   * `from`: only output after this many characters counts (`output().length` at some moment). Rejects
   * after `timeoutMs` (30 s), a bound on a hang, or when the process exits first.
   */
  waitForOutput(pattern: RegExp, options?: { from?: number; timeoutMs?: number }): Promise<void>;
  /** Ends the process the way an operator does (SIGTERM) and waits for it. */
  stop(): Promise<void>;
  /** Ends the process the way a crash or an out-of-memory kill does: SIGKILL, no clean-up. */
  kill(): Promise<void>;
  readonly process: ChildProcess;
}

/** Resolves once `output()` matches `pattern` (see ServerProcess.waitForOutput). */
function outputMatch(
  pattern: RegExp,
  timeoutMs: number,
  { output, onOutput, exited }: { output: () => string; onOutput: Set<() => void>; exited: Promise<void> },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      onOutput.delete(check);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (pattern.test(output())) done();
    };
    const timer = setTimeout(() => done(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    onOutput.add(check);
    void exited.then(() => done(new Error(`the server exited before printing ${pattern}:\n${output()}`)));
    check();
  });
}

/**
 * Names the fault suite's bundled test server (tests/support/server-bundle.ts), which tests/faults/template.ts
 * makes once per run: servers started without `root` or `entry` run it on plain `node`.
 */
export const SERVER_BUNDLE_ENV = 'PORTRAIT_TEST_SERVER_BUNDLE';

interface StartOptions {
  /**
   * The bound on a hang: start-up fails when the process has been silent this long without becoming
   * healthy. Every line it prints starts the wait again, so a site build (which reports each page and
   * image) on a busy machine takes what it takes, and a process that stops saying anything is caught.
   */
  timeoutMs?: number;
  root?: string;
  entry?: string;
  node?: string;
}

/**
 * What runs: with neither `root` nor `entry`, the fault suite's bundle when one was made (plain `node`, the
 * test entry's options), else `src/server/main.ts`; otherwise `entry` of `root` through tsx, as `npm start`.
 */
function serverCommand({ root: projectRoot, entry, node = process.execPath }: StartOptions): { args: string[]; cwd: string; node: string } {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  if (bundle && !projectRoot && !entry) return { node, cwd: root, args: [...SERVER_NODE_FLAGS, bundle] };
  const cwd = projectRoot ?? root;
  return { node, cwd, args: [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(cwd, entry ?? 'src/server/main.ts')] };
}

/**
 * Starts the real server as its own Node process (no tsx wrapper process, so a SIGKILL reaches the server
 * itself) and waits until `/v1/health` answers. In the fault suite that is the bundled test entry
 * (tests/support/test-server.ts: plain images, generation behind the gate of generation-gate.ts); elsewhere
 * (benchmarks) `src/server/main.ts`, exactly as `npm start` runs it. `env` is added to a clean environment;
 * DATABASE_URL is empty unless given (PGlite in DATA_DIR). `root` runs another copy of the project and
 * `entry` another script of it (`scripts/start.ts`, which builds the site first, is `npm start`); both run
 * through tsx. `node` is the Node binary to run it on (an older release runs on the Node it shipped with).
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<ServerProcess> {
  const { timeoutMs = 60_000 } = options;
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
    // The run's shared selfie analyses (tests/support/shared-face-cache.ts), when the suite keeps them.
    ...(process.env[FACE_CACHE_ENV] ? { [FACE_CACHE_ENV]: process.env[FACE_CACHE_ENV] } : {}),
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  };
  const command = serverCommand(options);
  const child = spawn(command.node, command.args, {
    cwd: command.cwd,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let heardAt = Date.now();
  const onOutput = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    heardAt = Date.now();
    for (const listener of onOutput) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    const healthy = await fetch(`${url}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - heardAt > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server was silent for ${timeoutMs} ms without becoming healthy:\n${output}`);
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
    waitForOutput: (pattern, { from = 0, timeoutMs: waitMs = 30_000 } = {}) =>
      outputMatch(pattern, waitMs, { output: () => output.slice(from), onOutput, exited }),
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    process: child,
  };
}
