import { readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The fault suite's server entry: the real server with test-harness options (test-server.ts). */
const TEST_SERVER_ENTRY = path.join(root, 'tests/support/test-server.ts');

const FACE_ANALYZER = path.join(root, 'src/server/providers/faces/face-analyzer.ts');
const FACE_WORKER = path.join(root, 'src/server/providers/faces/face-worker.ts');

/** How face-analyzer.ts tells its worker thread what to load: tsx's loader, then face-worker.ts. */
const WORKER_DATA = "{ tsx: TSX_ESM_API, entry: new URL('./face-worker.ts', import.meta.url).href }";

/** Stands in for tsx's ESM API in a bundled face worker, whose code needs no loader. */
const NO_TSX = 'export function register() {}\n';

/**
 * Has the bundled face analyzer start the bundled face worker on plain Node: its worker data names
 * `face-worker.mjs` and, where tsx's API was, a module whose `register` does nothing. Source that no
 * longer reads as WORKER_DATA is left alone (with a warning): the worker then loads its TypeScript
 * through tsx, as under `npm start`, slower but the same code.
 */
function bundledWorkerData(source: string, outDir: string): { contents: string; warning?: string } {
  if (!source.includes(WORKER_DATA)) {
    return { contents: source, warning: 'face-analyzer.ts no longer starts its worker as server-bundle.ts expects: the face worker runs through tsx' };
  }
  const tsx = pathToFileURL(path.join(outDir, 'no-tsx.mjs')).href;
  const entry = pathToFileURL(path.join(outDir, 'face-worker.mjs')).href;
  return { contents: source.replace(WORKER_DATA, `{ tsx: ${JSON.stringify(tsx)}, entry: ${JSON.stringify(entry)} }`) };
}

/**
 * Keeps every bundled source file's `import.meta.url` its own: the server finds files next to its
 * sources (the migrations folder from src/server/db/client.ts, the site settings, packages through
 * `createRequire`), and in a bundle every module would otherwise share the bundle's address. Each file's
 * `import.meta.url` becomes the `file:` URL of the source it was read from. face-analyzer.ts also gets
 * the bundled face worker (bundledWorkerData).
 */
function sourceLocations(outDir: string): Plugin {
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        const warnings = [];
        if (args.path === FACE_ANALYZER) {
          const worker = bundledWorkerData(source, outDir);
          source = worker.contents;
          if (worker.warning) warnings.push({ text: worker.warning });
        }
        return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts', warnings };
      });
    },
  };
}

/**
 * Bundles the test server entry for plain `node` (no tsx loading TypeScript at every start):
 * `<outDir>/test-server.mjs`, the face worker `<outDir>/face-worker.mjs`, and chunks for what the server
 * loads only when a setting asks for it. Packages stay external and load from this project's
 * node_modules, which `outDir` links to (Node looks for packages next to the importing file). What the
 * server reads relative to its own files keeps working (see sourceLocations); locales, imported by a
 * pattern, are bundled in. Returns the entry's path.
 */
export async function bundleTestServer(outDir: string): Promise<string> {
  await symlink(path.join(root, 'node_modules'), path.join(outDir, 'node_modules'), 'dir');
  await writeFile(path.join(outDir, 'no-tsx.mjs'), NO_TSX);
  await build({
    entryPoints: { 'test-server': TEST_SERVER_ENTRY, 'face-worker': FACE_WORKER },
    outdir: outDir,
    // The server loads some modules only when a setting asks for them (the S3 store, Stripe, Astria,
    // SMTP): chunks of their own keep them, and their packages, out of a start-up that does not.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    plugins: [sourceLocations(outDir)],
    logLevel: 'warning',
  });
  return path.join(outDir, 'test-server.mjs');
}
