import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones). Each module exports
 * `name` and `run()`, which returns markdown; the runner rewrites that benchmark's own section of
 * docs/benchmarks.md, between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, and leaves the rest alone.
 */
interface BenchModule {
  name: string;
  run: () => Promise<string>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docPath = path.join(root, 'docs', 'benchmarks.md');
const INTRO = `# Benchmarks

Measured by \`npm run bench\` (bench/run.ts). Each benchmark owns the section between its
\`<!-- bench:NAME -->\` markers and rewrites only that section; run \`npm run bench NAME\` to refresh one.
Figures come from the machine that ran them: compare runs on the same machine, not across machines.
`;

/** Replaces (or appends) one benchmark's section of the document. */
export function replaceSection(doc: string, name: string, body: string): string {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const section = `${open}\n${body.trim()}\n${close}`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start !== -1 && end > start) return doc.slice(0, start) + section + doc.slice(end + close.length);
  return `${doc.trimEnd()}\n\n${section}\n`;
}

async function main() {
  const wanted = process.argv.slice(2);
  const files = (await readdir(path.join(root, 'bench'))).filter((f) => f.endsWith('.bench.ts')).sort();
  const modules: BenchModule[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(root, 'bench', file)).href)) as BenchModule;
    if (wanted.length === 0 || wanted.includes(mod.name)) modules.push(mod);
  }
  if (modules.length === 0) {
    console.error(`No benchmark matches ${wanted.join(', ')}; available: ${files.join(', ')}`);
    process.exit(1);
  }
  for (const mod of modules) {
    console.log(`Running benchmark "${mod.name}"...`);
    const body = await mod.run();
    const doc = existsSync(docPath) ? await readFile(docPath, 'utf8') : INTRO;
    await writeFile(docPath, `${replaceSection(doc, mod.name, body).trimEnd()}\n`);
    console.log(body);
    console.log(`Wrote the "${mod.name}" section of docs/benchmarks.md`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
