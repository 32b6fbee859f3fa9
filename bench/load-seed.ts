import { copyFile, link, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Database } from '../src/server/db/client.js';
import { appState, favorites, orders, sessions, users } from '../src/server/db/schema.js';
import { PORTRAIT_LINK_KEY } from '../src/server/services/orders/portrait-links.js';
import { defaultNickName } from '../src/server/services/accounts/find-or-create-user.js';
import { SESSION_IDLE_MS } from '../src/server/services/auth/sessions.js';
import { hashToken, newToken } from '../src/server/tokens.js';
import { seededRandom } from '../src/shared/random.js';
import { THUMB_WIDTH } from '../src/server/services/generation/store-portrait.js';
import { portraitKey, thumbKey } from '../src/server/services/orders/storage-keys.js';
import { findCategory, type CategoryId } from '../src/shared/catalog/categories.js';
import { findPackage, packageCharge, type PackageId, type PortraitPackage } from '../src/shared/catalog/packages.js';
import { PORTRAIT_SIZE } from '../src/shared/limits.js';

/**
 * The load benchmark's data set: customers with a signed-in session each, their orders in a realistic
 * mix of states, portrait rows, and portrait and thumbnail files on disk. The plan is made once in
 * memory, so PGlite and PostgreSQL get the very same rows (same ids) and share one file tree.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DAY_MS = 24 * 3600_000;

type Status = 'completed' | 'processing' | 'failed';

export interface PlannedOrder {
  id: string;
  userId: string;
  status: Status;
  packageId: PackageId;
  categoryId: CategoryId;
  portraitInfo: Record<string, unknown>;
  imageTotal: number;
  imageGenerated: number;
  progress: number;
  createdAt: Date;
  paidAt: Date;
  generationStartedAt: Date;
  completedAt: Date | null;
  failedAt: Date | null;
  favorites: number[];
  /** Where this order starts in the cycle of distinct images, so orders do not all look alike. */
  imageOffset: number;
}

export interface PlannedCustomer {
  id: string;
  email: string;
  /** The raw session token: what the browser's `session` cookie holds. */
  token: string;
  orders: PlannedOrder[];
}

export interface LoadPlan {
  now: Date;
  /** The installation's portrait-link key, seeded, so the benchmark can sign image links as the order info does. */
  linkKey: Buffer;
  customers: PlannedCustomer[];
  orders: PlannedOrder[];
  portraits: number;
  favorites: number;
  byStatus: Record<Status, number>;
  byPackage: Partial<Record<PackageId, number>>;
}

/** A small deterministic generator, so every run seeds the same mix. */
const random = seededRandom;

const CATEGORIES: CategoryId[] = ['generic', 'doctor', 'realtor', 'lawyer', 'dating', 'glamour', 'professor'];
/** Paid packages as customers pick them; the 30-seat beta is too small to show in 10,000 orders. */
const PACKAGE_MIX: [PackageId, number][] = [
  ['basic', 0.45],
  ['pro', 0.4],
  ['executive', 0.15],
];

/** The catalog's package for an id the plan uses. */
function packageOf(id: PackageId): PortraitPackage {
  const pkg = findPackage(id);
  if (!pkg) throw new Error(`the catalog has no package "${id}"`);
  return pkg;
}

/** Wizard answers as the checkout stores them: valid choices for the category. */
function answers(categoryId: CategoryId, packageId: PackageId, rnd: () => number): Record<string, unknown> {
  const category = findCategory(categoryId);
  if (!category) throw new Error(`the catalog has no category "${categoryId}"`);
  const gender = rnd() < 0.5 ? 'man' : 'woman';
  return {
    type: categoryId,
    package: packageId,
    name: category.name,
    gender,
    age: '30-40',
    skinColor: 'warm beige',
    hairColor: 'brown',
    hairLength: gender === 'man' ? 'short' : 'long',
    bodyType: 'regular',
    attire: category.attires[gender].slice(0, 2).map((a) => a.id),
    background: category.backdrops.slice(0, 2).map((b) => b.id),
    glass: 'none',
  };
}

/**
 * `customers` customers with `ordersEach` orders over the last four weeks: about 80% completed (all
 * portraits delivered, a few favorites), 10% processing (started within the last two hours, part of
 * the portraits stored) and 10% failed.
 */
export function planLoadData({ customers, ordersEach, now = new Date() }: { customers: number; ordersEach: number; now?: Date }): LoadPlan {
  const rnd = random(20_261_121);
  const plan: LoadPlan = {
    now,
    linkKey: Buffer.from('load-benchmark-portrait-link-key-32b'),
    customers: [],
    orders: [],
    portraits: 0,
    favorites: 0,
    byStatus: { completed: 0, processing: 0, failed: 0 },
    byPackage: {},
  };
  for (let c = 0; c < customers; c++) {
    const customer: PlannedCustomer = { id: randomUUID(), email: `customer${c + 1}@load.example`, token: newToken(), orders: [] };
    for (let k = 0; k < ordersEach; k++) {
      const roll = rnd();
      const status: Status = roll < 0.8 ? 'completed' : roll < 0.9 ? 'processing' : 'failed';
      const pick = rnd();
      let cumulative = 0;
      const packageId =
        PACKAGE_MIX.find(([, share]) => {
          cumulative += share;
          return pick < cumulative;
        })?.[0] ?? 'basic';
      // rnd() is below 1, so the index is always one of the list's.
      const categoryId = CATEGORIES[Math.floor(rnd() * CATEGORIES.length)];
      const total = packageOf(packageId).portraits;
      // Processing orders were placed within the last two hours; the others spread over four weeks.
      const createdAt = new Date(now.getTime() - (status === 'processing' ? rnd() * 2 * 3600_000 : 3 * 3600_000 + rnd() * 25 * DAY_MS));
      const started = new Date(createdAt.getTime() + 60_000);
      const generated = status === 'completed' ? total : status === 'processing' ? Math.floor(rnd() * total) : 0;
      const favoriteCount = status === 'completed' ? Math.floor(rnd() * 6) : 0;
      const favoriteSet = new Set<number>();
      while (favoriteSet.size < favoriteCount) favoriteSet.add(1 + Math.floor(rnd() * total));
      const order: PlannedOrder = {
        id: randomUUID(),
        userId: customer.id,
        status,
        packageId,
        categoryId,
        portraitInfo: answers(categoryId, packageId, rnd),
        imageTotal: total,
        imageGenerated: generated,
        progress: status === 'completed' ? 100 : status === 'processing' ? Math.min(99, Math.floor((generated / total) * 100)) : Math.floor(rnd() * 60),
        createdAt,
        paidAt: createdAt,
        generationStartedAt: started,
        completedAt: status === 'completed' ? new Date(started.getTime() + 40 * 60_000) : null,
        failedAt: status === 'failed' ? new Date(started.getTime() + 72 * 3600_000) : null,
        favorites: [...favoriteSet].sort((a, b) => a - b),
        imageOffset: Math.floor(rnd() * 1000),
      };
      customer.orders.push(order);
      plan.orders.push(order);
      plan.portraits += generated;
      plan.favorites += favoriteCount;
      plan.byStatus[status] += 1;
      plan.byPackage[packageId] = (plan.byPackage[packageId] ?? 0) + 1;
    }
    plan.customers.push(customer);
  }
  return plan;
}

export interface ImageSet {
  width: number;
  height: number;
  full: Buffer[];
  thumbs: Buffer[];
}

export interface LoadImages {
  standard: ImageSet;
  /** Executive portraits are twice the size. */
  large: ImageSet;
}

const isLarge = (order: Pick<PlannedOrder, 'packageId'>) => packageOf(order.packageId).largeImages;
const imageIndex = (order: PlannedOrder, no: number, set: ImageSet) => (order.imageOffset + no - 1) % set.full.length;

/**
 * Distinct portraits made with sharp from the real face photos that ship with @vladmandic/face-api,
 * cropped to the portrait sizes (as is and mirrored) and encoded at the quality a generated portrait
 * weighs (200-400 KB at 832x1216); thumbnails exactly as the generator stores them.
 */
export async function makeImages(): Promise<LoadImages> {
  const photos = Array.from({ length: 6 }, (_, i) => path.join(root, 'node_modules/@vladmandic/face-api/demo', `sample${i + 1}.jpg`));
  const make = async (size: { width: number; height: number }, mirrored: boolean[]): Promise<ImageSet> => {
    const full = await Promise.all(
      mirrored.flatMap((flop) =>
        photos.map((photo) =>
          sharp(photo)
            .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
            .flop(flop)
            .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
            .toBuffer(),
        ),
      ),
    );
    const thumbs = await Promise.all(full.map((jpeg) => sharp(jpeg).resize(THUMB_WIDTH).jpeg({ quality: 78, mozjpeg: true }).toBuffer()));
    return { ...size, full, thumbs };
  };
  return { standard: await make(PORTRAIT_SIZE.standard, [false, true]), large: await make(PORTRAIT_SIZE.large, [false]) };
}

/** A PostgreSQL array literal of strings, for one bulk parameter. */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * Writes the plan into a database the app opened (so its own migrations made the schema): users,
 * sessions, orders and favorites through drizzle in batches, portraits with one set-based statement.
 */
export async function seedDatabase(database: Database, plan: LoadPlan, images: LoadImages): Promise<void> {
  const { db } = database;
  const { now } = plan;
  await db.insert(appState).values({ key: PORTRAIT_LINK_KEY, value: plan.linkKey.toString('base64url') });
  for (const batch of chunks(plan.customers, 1000)) {
    await db.insert(users).values(
      batch.map((c) => ({
        id: c.id,
        email: c.email,
        nickName: defaultNickName(c.email),
        createdAt: new Date(now.getTime() - 30 * DAY_MS),
        lastSignInAt: now,
      })),
    );
    // A session as `createSession` makes it: only the token's hash is stored, the expiry slides from now.
    await db.insert(sessions).values(
      batch.map((c) => ({
        userId: c.id,
        tokenHash: hashToken(c.token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
        userAgent: 'load-bench',
      })),
    );
  }
  for (const batch of chunks(plan.orders, 1000)) {
    await db.insert(orders).values(
      batch.map((o) => {
        const pkg = packageOf(o.packageId);
        return {
          id: o.id,
          userId: o.userId,
          status: o.status,
          categoryId: o.categoryId,
          packageId: o.packageId,
          portraitInfo: o.portraitInfo,
          progress: o.progress,
          imageGenerated: o.imageGenerated,
          imageTotal: o.imageTotal,
          priceCents: pkg.priceCents,
          amountCents: packageCharge(pkg).amountCents,
          checkoutSessionId: `cs_offline_${o.id}`,
          paidAt: o.paidAt,
          generationStartedAt: o.generationStartedAt,
          completedAt: o.completedAt,
          failedAt: o.failedAt,
          failureReason: o.failedAt ? 'Generation did not finish within 72 hours' : null,
          createdAt: o.createdAt,
          updatedAt: o.completedAt ?? o.failedAt ?? o.createdAt,
        };
      }),
    );
  }
  const favoriteRows = plan.orders.flatMap((o) => o.favorites.map((no) => ({ orderId: o.id, no, createdAt: o.completedAt ?? now })));
  for (const batch of chunks(favoriteRows, 5000)) await db.insert(favorites).values(batch);

  // One row per stored portrait, expanded by the database itself from one array per column. In slices,
  // so an embedded database does not hold this process's event loop for long at a time.
  const withPortraits = plan.orders.filter((o) => o.imageGenerated > 0);
  const ints = (values: number[]) => `{${values.join(',')}}`;
  const sizeOf = (set: ImageSet) => `ARRAY[${set.full.map((b) => b.length).join(',')}]`;
  const { standard, large } = images;
  for (const slice of chunks(withPortraits, 500)) {
    await database.executor.executeSql(
      `INSERT INTO portraits (order_id, no, storage_key, thumb_key, width, height, bytes, created_at)
       SELECT o.id, g.n,
              'orders/' || o.id || '/portraits/' || g.n || '.jpg',
              'orders/' || o.id || '/thumbs/' || g.n || '.jpg',
              CASE WHEN o.large THEN ${large.width} ELSE ${standard.width} END,
              CASE WHEN o.large THEN ${large.height} ELSE ${standard.height} END,
              CASE WHEN o.large THEN (${sizeOf(large)})[(o.off + g.n - 1) % ${large.full.length} + 1]
                   ELSE (${sizeOf(standard)})[(o.off + g.n - 1) % ${standard.full.length} + 1] END,
              o.at
       FROM unnest($1::uuid[], $2::int[], $3::int[], $4::boolean[], $5::timestamptz[]) AS o(id, generated, off, large, at)
       CROSS JOIN LATERAL generate_series(1, o.generated) AS g(n)`,
      [
        textArray(slice.map((o) => o.id)),
        ints(slice.map((o) => o.imageGenerated)),
        ints(slice.map((o) => o.imageOffset)),
        `{${slice.map((o) => (isLarge(o) ? 't' : 'f')).join(',')}}`,
        textArray(slice.map((o) => (o.completedAt ?? plan.now).toISOString())),
      ],
    );
    // Let the file writing and the other database's seeding, running alongside, take their turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // The keys were spelled in SQL: check them against the app's own, and the count against the plan.
  const sample = withPortraits.at(0);
  if (!sample) throw new Error('the plan has no order with portraits to check the seeding against');
  const result = await database.executor.executeSql(
    'SELECT storage_key, thumb_key, bytes, (SELECT count(*)::int FROM portraits) AS total FROM portraits WHERE order_id = $1 AND no = 1',
    [sample.id],
  );
  const answer = Array.isArray(result) ? result.at(0) : result;
  const row = answer?.rows.at(0) as { storage_key: string; thumb_key: string; bytes: number; total: number } | undefined;
  if (!row) throw new Error(`no portrait 1 was seeded for order ${sample.id}`);
  const set = isLarge(sample) ? large : standard;
  if (row.storage_key !== portraitKey(sample.id, 1) || row.thumb_key !== thumbKey(sample.id, 1) || row.bytes !== set.full[imageIndex(sample, 1, set)].length) {
    throw new Error(`seeded portrait row does not match the file store layout: ${JSON.stringify(row)}`);
  }
  if (row.total !== plan.portraits) throw new Error(`seeded ${row.total} portraits, planned ${plan.portraits}`);
}

/** ext4 allows 65,000 links to one file; each distinct image gets a fresh copy before that. */
const LINKS_PER_COPY = 60_000;

class LinkSource {
  private copies = 0;
  private links = 0;
  private current: Promise<string>;
  constructor(
    private readonly dir: string,
    private readonly name: string,
    bytes: Buffer,
  ) {
    this.current = writeFile(this.file(0), bytes).then(() => this.file(0));
  }
  private file(copy: number) {
    return path.join(this.dir, `${this.name}-${copy}.jpg`);
  }
  /** The file to link next: the current copy, or a new one once the current is full. */
  next(): Promise<string> {
    if (++this.links > LINKS_PER_COPY) {
      this.links = 1;
      const from = this.current;
      const to = this.file(++this.copies);
      this.current = from.then((source) => copyFile(source, to)).then(() => to);
    }
    return this.current;
  }
}

/**
 * Puts every planned portrait and thumbnail into the disk file store under `filesDir`, as hard links to
 * the distinct images kept in `sourcesDir` (on the same file system), so 900,000 files cost a few MB.
 * Returns the number of files.
 */
export async function writeFiles(filesDir: string, sourcesDir: string, plan: LoadPlan, images: LoadImages): Promise<number> {
  await mkdir(sourcesDir, { recursive: true });
  const sourcesOf = (set: ImageSet, label: string) => ({
    full: set.full.map((bytes, i) => new LinkSource(sourcesDir, `${label}-full-${i}`, bytes)),
    thumbs: set.thumbs.map((bytes, i) => new LinkSource(sourcesDir, `${label}-thumb-${i}`, bytes)),
  });
  const sources = { standard: sourcesOf(images.standard, 'standard'), large: sourcesOf(images.large, 'large') };
  let files = 0;
  const one = async (order: PlannedOrder) => {
    const set = isLarge(order) ? images.large : images.standard;
    const from = isLarge(order) ? sources.large : sources.standard;
    await mkdir(path.dirname(path.join(filesDir, portraitKey(order.id, 1))), { recursive: true });
    await mkdir(path.dirname(path.join(filesDir, thumbKey(order.id, 1))), { recursive: true });
    const work: Promise<void>[] = [];
    for (let no = 1; no <= order.imageGenerated; no++) {
      const i = imageIndex(order, no, set);
      work.push(from.full[i].next().then((source) => link(source, path.join(filesDir, portraitKey(order.id, no)))));
      work.push(from.thumbs[i].next().then((source) => link(source, path.join(filesDir, thumbKey(order.id, no)))));
    }
    await Promise.all(work);
    files += work.length;
  };
  const queue = plan.orders.filter((o) => o.imageGenerated > 0);
  // A few orders at a time keeps the thread pool busy without queueing 900,000 operations at once.
  const workers = Array.from({ length: 8 }, async () => {
    for (let order = queue.pop(); order; order = queue.pop()) await one(order);
  });
  await Promise.all(workers);
  return files;
}
