import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroCli } from '../../scripts/astro-cli';
import { startServer } from '../support/server-process';

/**
 * An editor changes the site in content only (src/content), and `npm start` shows it: a copy of the
 * project is edited as docs/operations.md ("Editing the site") describes, then started with
 * `scripts/start.ts`, which builds the site because the copy has none.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PUBLIC_URL = 'https://portraits.example.net';
const SUPPORT = 'hello@portraits.example.net';
const ALT = 'Dr. Rivera in a white coat, smiling';

let copy: string;

/** A copy of what the site and the server are made of, sharing this project's installed packages. */
async function copyProject(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portrait-content-'));
  for (const entry of ['src', 'locales', 'public', 'scripts', 'astro.config.ts', 'package.json', 'tsconfig.json']) {
    await cp(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  // The installed packages, linked one by one: Astro keeps its build cache in node_modules/.astro, which
  // must be the copy's own, or the copy's renders would land in this project's cache.
  await mkdir(path.join(dir, 'node_modules'));
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry !== '.astro') await symlink(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  // Its image cache starts as a copy of this project's, when this project has built the site: the hero's
  // AVIF renders (most of a build's CPU) are keyed by their source and options, so an unchanged image is
  // not encoded again, and an edited one is.
  const images = path.join(root, 'node_modules', '.astro', 'assets');
  if (existsSync(images)) await cp(images, path.join(dir, 'node_modules', '.astro', 'assets'), { recursive: true });
  return dir;
}

const content = (...parts: string[]) => path.join(copy, 'src', 'content', ...parts);

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const before = await readFile(file, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  await writeFile(file, after);
}

/** `astro build` in the copy, as `npm start` runs it: its exit status and everything it printed. */
function build(): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [astroCli(copy), 'build', '--outDir', path.join(copy, 'failed-dist')], {
    cwd: copy,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  copy = await copyProject();
});
afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

// Each test builds the whole site in a copy (its 330 example images included) while the browser suite runs
// beside it: minutes on a busy 2-core machine. The bound catches a hang, not a slow build.
describe('[process] editing the site in content', { timeout: 600_000 }, () => {
  it('npm start builds and serves the content: support address, an example image and its alt text, the demo video, the public URL', async () => {
    await edit(content('site', 'settings.yaml'), (text) =>
      text.replace(/^supportEmail: .*$/m, `supportEmail: ${SUPPORT}`).replace('# demoVideo:\n#   src: /videos/demo.mp4', 'demoVideo:\n  src: /videos/demo.mp4'),
    );
    await mkdir(path.join(copy, 'public', 'videos'), { recursive: true });
    await writeFile(path.join(copy, 'public', 'videos', 'demo.mp4'), Buffer.alloc(64));
    // A real result in place of the first Healthcare example, with its own alt text.
    const photo = await sharp({ create: { width: 832, height: 1216, channels: 3, background: '#2a6f97' } })
      .webp()
      .toBuffer();
    await writeFile(content('examples', 'doctor', '1.webp'), photo);
    await edit(content('examples', 'doctor.yaml'), (text) =>
      text.replace('  - src: ./doctor/1.webp\n', `  - src: ./doctor/1.webp\n    alt:\n      us: ${ALT}\n`),
    );

    const server = await startServer(
      { PUBLIC_URL, DIST_DIR: path.join(copy, 'dist'), LOG_LEVEL: 'warn' },
      { root: copy, entry: 'scripts/start.ts', timeoutMs: 300_000 },
    );
    try {
      const page = async (pathname: string) => {
        const res = await fetch(`${server.url}${pathname}`);
        expect(res.status, pathname).toBe(200);
        return res.text();
      };

      const contact = await page('/contact');
      expect(contact).toContain(`href="mailto:${SUPPORT}"`);
      expect(contact).not.toContain('support@portrait-studio.example');
      expect(await page('/refund')).toContain(`href="mailto:${SUPPORT}"`);

      const landing = await page('/');
      expect(landing).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
      expect(landing).toContain(`<meta property="og:image" content="${PUBLIC_URL}/_astro/social.`);
      // The gallery's other styles come from its examples file when a visitor opens them.
      expect(landing).toContain('data-examples-url="/examples/us.json"');
      const examples = JSON.parse(await page('/examples/us.json')) as Record<string, { src: string; alt: string; width: number; height: number }[]>;
      const [doctor] = examples.doctor ?? [];
      expect(doctor).toMatchObject({ alt: ALT, width: 832, height: 1216 });
      expect(Buffer.from(await (await fetch(`${server.url}${doctor?.src}`)).arrayBuffer()).equals(photo)).toBe(true);
      expect(landing).toContain('<source src="/videos/demo.mp4" type="video/mp4">');
      expect(landing).toMatch(/<a href="\/#demo"[^>]*>\s*Tutorials/);

      expect(await page('/sitemap-index.xml')).toContain(`<loc>${PUBLIC_URL}/sitemap-0.xml</loc>`);
      expect(await page('/robots.txt')).toContain(`Sitemap: ${PUBLIC_URL}/sitemap-index.xml`);
    } finally {
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  });

  it('stops the build with a message naming the content file that breaks the rules', async () => {
    const settings = content('site', 'settings.yaml');
    const good = await readFile(settings, 'utf8');
    await edit(settings, (text) => text.replace(/^supportEmail: .*$/m, 'supportEmail: not-an-address'));
    let result = build();
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/site/settings.yaml');
    expect(result.output).toContain('supportEmail');
    await writeFile(settings, good);

    // An example smaller than the product's portraits.
    const examples = content('examples', 'lawyer.yaml');
    await writeFile(
      content('examples', 'lawyer', 'small.webp'),
      await sharp({ create: { width: 200, height: 300, channels: 3, background: '#777' } })
        .webp()
        .toBuffer(),
    );
    await edit(examples, (text) => text.replace('./lawyer/1.webp', './lawyer/small.webp'));
    result = build();
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/examples/lawyer.yaml');
    expect(result.output).toContain('An example image must be at least 416x608 with the same shape; this one is 200x300');

    // One example fewer than the spec's table gives the style.
    await edit(examples, (text) => text.replace('  - src: ./lawyer/small.webp\n', ''));
    result = build();
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/examples/lawyer.yaml lists 14 examples; the lawyer style shows exactly 15');
  });
});
