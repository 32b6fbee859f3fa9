import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** The newest PostgreSQL server installation's bin folder (Debian layout), or null when none is installed. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | null {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(path.join(bin, tool)))) return bin;
  }
  return null;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** Stops the server (`pg_ctl stop -m fast`: open connections are cut, as in a restart or failover). */
  stop(): Promise<void>;
  /** Starts it again on the same data and port, and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its data folder. */
  destroy(): Promise<void>;
  /** The server's own log. */
  log(): Promise<string>;
}

/**
 * A PostgreSQL server of the test's own, on a free loopback port with a throwaway data folder, so a test
 * may stop and start it without disturbing anyone else's database. PostgreSQL refuses to run as root,
 * so as root the tools run as the `postgres` OS user (which owns the data folder).
 */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portrait-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);

  await tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // Durability is not under test here; fsync off keeps the restarts quick.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=100`;
  const start = async () => {
    await tool('pg_ctl', ['start', '-D', data, '-l', logFile, '-w', '-t', '60', '-o', options]);
  };
  const stop = async () => {
    await tool('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '60']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
    log: () => readFile(logFile, 'utf8').catch(() => ''),
  };
}
