import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSiteIfStale } from '../../scripts/build-site';

/**
 * The site suite's global setup: dist/ built and fresh, as `npm start` makes it, for the browser suite's
 * own origin (playwright.config.ts), so the browser suite after it serves the same dist/ without
 * building again. PUBLIC_URL is set for the build only: the other projects' workers never see it.
 */
export default function buildSite(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const before = process.env.PUBLIC_URL;
  process.env.PUBLIC_URL = `http://localhost:${process.env.E2E_PORT ?? 4391}`;
  try {
    buildSiteIfStale(root);
  } finally {
    if (before === undefined) delete process.env.PUBLIC_URL;
    else process.env.PUBLIC_URL = before;
  }
}
