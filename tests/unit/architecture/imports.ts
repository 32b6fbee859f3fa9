import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What the architecture tests read: the source files and their imports, as written. */
const ROOT = resolve(import.meta.dirname, '../../..');
export const SRC = join(ROOT, 'src');

/** A path as the tests print it: from the repository's root. */
export const name = (file: string) => relative(ROOT, file);

/** Every file under `dir` whose name ends with one of `extensions`, leaving out the folders named in `skip`. */
export function sourceFiles(dir: string, extensions: readonly string[], skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : sourceFiles(path, extensions, skip);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [path] : [];
  });
}

export interface Import {
  specifier: string;
  /** `import type` / `export type`: gone from the built code, though it still ties the modules' types together. */
  typeOnly: boolean;
  /** `import('...')`: loaded when first used, a chunk of its own in the browser. */
  dynamic: boolean;
}

/** Static imports and re-exports (at the start of a line, as the formatter writes them) and side-effect imports. */
const STATIC = /^\s*(?:import|export)\s+(type\s)?[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;
/** Dynamic imports of a fixed module (a template, as the translation bundles use, names data outside `src/`). */
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;

/** The imports of a module, or of an Astro file's frontmatter and scripts. */
export function importsIn(code: string): Import[] {
  const found: Import[] = [];
  for (const match of code.matchAll(STATIC)) {
    found.push({ specifier: (match[2] ?? match[3])!, typeOnly: match[1] !== undefined, dynamic: false });
  }
  for (const match of code.matchAll(DYNAMIC)) found.push({ specifier: match[1]!, typeOnly: false, dynamic: true });
  return found;
}

/** The imports of a source file. */
export const importsOf = (file: string): Import[] => importsIn(readFileSync(file, 'utf8'));

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * The file an import names: `@/` is `src/`, a relative path starts from the importing file's folder, and
 * the server's `.js` names its `.ts` source. Null for a package (or a virtual module such as `astro:content`).
 */
export function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find(isFile) ?? base;
}

/**
 * Every source file and package that `imports` (those of the file `from`, unless given) reach, however
 * indirectly, through what the built code keeps: type-only imports are left out.
 */
export function reach(from: string, imports: Import[] = importsOf(from), found = { files: new Set<string>(), packages: new Set<string>() }) {
  for (const { specifier, typeOnly } of imports) {
    if (typeOnly) continue;
    const target = resolveImport(from, specifier);
    if (target === null) found.packages.add(specifier);
    else if (/\.tsx?$/.test(target) && isFile(target) && !found.files.has(target)) {
      found.files.add(target);
      reach(target, importsOf(target), found);
    }
  }
  return found;
}
