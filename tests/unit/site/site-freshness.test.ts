import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { siteIsStale } from '../../../scripts/site-freshness';

/** `npm start` rebuilds the site when any of its sources, content included, or the public URL changed. */
describe('[site] when npm start rebuilds the site', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function project(): { dist: string; touch: (file: string, secondsAgo: number, folders?: boolean) => void } {
    root = mkdtempSync(path.join(os.tmpdir(), 'portrait-freshness-'));
    const dist = path.join(root, 'dist');
    /** Writes `file` as of `secondsAgo`; an edit (`folders` false) leaves its folders' times alone, as editors do. */
    const touch = (file: string, secondsAgo: number, folders = true) => {
      const full = path.join(root, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, 'x');
      const at = new Date(Date.now() - secondsAgo * 1000);
      // The file and the folders it was written in, whose times count too.
      for (let p = full; p.startsWith(root) && p !== root && (p === full || folders); p = path.dirname(p)) utimesSync(p, at, at);
    };
    touch('src/content/site/settings.yaml', 100);
    touch('src/server/main.ts', 100);
    touch('dist/index.html', 50);
    writeFileSync(path.join(dist, '.site-build.json'), JSON.stringify({ publicUrl: 'http://localhost:4321' }));
    return { dist, touch };
  }

  it('keeps a build that is newer than its sources and made for this public URL', () => {
    const { dist } = project();
    expect(siteIsStale(root, dist, 'http://localhost:4321')).toBe(false);
  });

  it('rebuilds after a content edit', () => {
    const { dist, touch } = project();
    touch('src/content/site/settings.yaml', 0, false);
    expect(siteIsStale(root, dist, 'http://localhost:4321')).toBe(true);
  });

  it('rebuilds for another public URL, or when the build does not say which it was made for', () => {
    const { dist } = project();
    expect(siteIsStale(root, dist, 'https://portraits.example.com')).toBe(true);
    rmSync(path.join(dist, '.site-build.json'));
    expect(siteIsStale(root, dist, 'http://localhost:4321')).toBe(true);
  });

  it("does not rebuild for the server's own code", () => {
    const { dist, touch } = project();
    touch('src/server/main.ts', 0, false);
    expect(siteIsStale(root, dist, 'http://localhost:4321')).toBe(false);
  });
});
