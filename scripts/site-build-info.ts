import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * What a build of the site depended on besides its source files: the public URL baked into its links.
 * Written next to the pages, so `npm start` can tell that a build made for another URL is stale.
 */
export interface SiteBuildInfo {
  publicUrl: string;
}

const INFO_FILE = '.site-build.json';

export function readSiteBuildInfo(distDir: string): SiteBuildInfo | null {
  try {
    return JSON.parse(readFileSync(path.join(distDir, INFO_FILE), 'utf8')) as SiteBuildInfo;
  } catch {
    return null;
  }
}

/** Records the build's public URL in dist/.site-build.json. */
export function siteBuildInfo(publicUrl: string): AstroIntegration {
  return {
    name: 'site-build-info',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const info: SiteBuildInfo = { publicUrl };
        writeFileSync(path.join(fileURLToPath(dir), INFO_FILE), `${JSON.stringify(info)}\n`);
      },
    },
  };
}
