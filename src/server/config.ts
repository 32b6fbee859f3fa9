import path from 'node:path';
import { z } from 'zod';
import { readSupportEmail } from './site-settings.js';
import { canonicalEmail } from '../shared/email.js';

/**
 * The ONLY place that reads process.env. Every setting is parsed and validated here once at start-up;
 * the rest of the server receives the resulting `Config` value.
 */

const DEFAULT_PORT = 4321;

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (for example ${example})`,
    );

const optionalUrl = (protocols: string[], example: string) => optional.pipe(url(protocols, example).optional());

const email = z
  .string()
  .trim()
  .pipe(z.email({ message: 'must be an email address' }));
/** MAIL_FROM accepts `Name <address>` as well as a bare address. */
const mailbox = z
  .string()
  .trim()
  .refine((v) => /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v), 'must be "Name <address@host>" or an address');

const port = z.coerce
  .number({ message: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const EnvSchema = z.object({
  PORT: port.default(DEFAULT_PORT),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits, logs): `false` (the
   * default: the server faces clients itself), `true` (every hop), a hop count, or proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): boolean | number | string[] => {
      if (/^(false|0|)$/i.test(value)) return false;
      if (/^true$/i.test(value)) return true;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (list.every((v) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(v))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be false, true, a hop count, or proxy addresses separated by commas' });
      return z.NEVER;
    }),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://portraits.example.com'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db'),
  STORAGE_URL: optionalUrl(['s3:'], 's3://bucket/prefix'),
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'https://s3.eu-west-1.amazonaws.com'),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtps://user:pass@smtp.example.com:465'),
  MAIL_FROM: mailbox.default('Portrait Studio <no-reply@localhost>'),
  /** Unset: the site's own address (src/content/site/settings.yaml), so mail and pages name the same one. */
  SUPPORT_EMAIL: email.optional(),
  STRIPE_SECRET_KEY: optional.pipe(z.string().startsWith('sk_', 'must start with sk_').optional()),
  STRIPE_PUBLISHABLE_KEY: optional.pipe(z.string().startsWith('pk_', 'must start with pk_').optional()),
  STRIPE_WEBHOOK_SECRET: optional.pipe(z.string().startsWith('whsec_', 'must start with whsec_').optional()),
  STRIPE_API_URL: optionalUrl(['http:', 'https:'], 'https://api.stripe.com'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: optionalUrl(['http:', 'https:'], 'https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: optional,
  MICROSOFT_CLIENT_SECRET: optional,
  MICROSOFT_TENANT: z.string().trim().min(1).default('common'),
  MICROSOFT_ISSUER: optionalUrl(['http:', 'https:'], 'https://login.microsoftonline.com/common/v2.0'),
  GENERATOR: z.enum(['offline', 'astria'], { message: 'must be "offline" or "astria"' }).default('offline'),
  GENERATOR_PACE_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(0).default(3000),
  /** How long a silent worker keeps an order before another takes it over (it crashed). */
  GENERATION_LEASE_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(2000, 'must be at least 2000').default(20_000),
  /**
   * How long an order's generation may keep failing (every step an error: storage, the provider) before
   * the order is failed and the customer told, rather than waiting out the 72-hour bound.
   */
  GENERATION_FAIL_AFTER_MINUTES: z.coerce.number({ message: 'must be a number of minutes' }).min(0, 'must not be negative').default(60),
  /**
   * `on`: every generated image is scored against the customer's selfies and only the best that pass are
   * delivered (docs/decisions.md, "Likeness"). `off` delivers what the generator makes, as it comes.
   */
  LIKENESS_CHECK: z.enum(['on', 'off'], { message: 'must be "on" or "off"' }).default('on'),
  /** Images made beyond the promise for the likeness check to choose from, in percent of the promise. */
  GENERATION_MARGIN_PERCENT: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(400).default(50),
  /** Rounds of more images when too few passed the check, after the first. */
  GENERATION_EXTRA_ROUNDS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(5).default(2),
  /** The most images an order may make, all rounds together, in percent of the promise (the cost bound). */
  GENERATION_MAX_IMAGES_PERCENT: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(100).max(1000).default(200),
  ASTRIA_API_KEY: optional,
  /** Astria's quality options for Flux prompts (its prompt documentation); each `1` or `0`. */
  ASTRIA_FACE_SWAP: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('1'),
  ASTRIA_FACE_CORRECT: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('0'),
  ASTRIA_INPAINT_FACES: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('1'),
  ASTRIA_SUPER_RESOLUTION: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('1'),
  ASTRIA_HIRES_FIX: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('0'),
  ASTRIA_FILM_GRAIN: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('1'),
  ASTRIA_API_URL: url(['http:', 'https:'], 'https://api.astria.ai').default('https://api.astria.ai'),
  /**
   * `1`: Astria's free test mode, the whole flow with a real key, mock images and no charge: tunes are
   * created with `tune[branch]=fast` and prompts with `prompt[branch]=fast` (operations.md, Astria mock mode).
   */
  ASTRIA_MOCK: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('0'),
  /** Worker threads that analyse selfies; each holds the face models (about 300 MB at its peak). */
  PHOTO_CHECK_WORKERS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(8, 'must be at most 8')
    .default(1),
  /** Accounts that get the operator role (the console under /dashboard/operator), comma-separated. */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map(canonicalEmail).filter(Boolean))
    .pipe(z.array(z.email({ message: 'must be a comma-separated list of email addresses' }))),
  /** The beta program's seats until an operator changes them in the console (then the database's figure counts). */
  BETA_SEATS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must not be negative').default(30),
  ROLE: z.enum(['web', 'worker', 'all'], { message: 'must be "web", "worker" or "all"' }).default('all'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOGIN_LINKS_PER_IP_PER_HOUR: z.coerce.number({ message: 'must be a whole number' }).int().min(1, 'must be at least 1').default(20),
  LOGIN_VERIFY_FAILURES_PER_IP_PER_HOUR: z.coerce.number({ message: 'must be a whole number' }).int().min(1, 'must be at least 1').default(20),
  /** Gift cards: attempts at a code (checking or redeeming) per account and per client address and hour. */
  GIFT_CARD_ATTEMPTS_PER_HOUR: z.coerce.number({ message: 'must be a whole number' }).int().min(1, 'must be at least 1').default(10),
  /** Wrong gift codes one client address may send an hour, from any number of accounts (a right code always counts). */
  GIFT_CARD_WRONG_CODES_PER_IP_PER_HOUR: z.coerce.number({ message: 'must be a whole number' }).int().min(1, 'must be at least 1').default(100),
  RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: 'must be a whole number' }).int().min(1, 'must be at least 1').default(600),
  DIST_DIR: z.string().trim().min(1).default('./dist'),
});

type Env = z.infer<typeof EnvSchema>;

export type Config = ReturnType<typeof shapeConfig>;

/** A setting is wrong: the message is one line naming the variable and what is wrong with it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function requireTogether(env: Env, names: (keyof Env)[], what: string) {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length > 0 && set.length < names.length) {
    const missing = names.filter((n) => env[n] === undefined);
    throw new ConfigError(`${missing[0]} is required when ${set[0]} is set (${what} needs ${names.join(', ')})`);
  }
}

/** A variable that `requireTogether` has made sure is set alongside `setBy`; throws the same ConfigError if not. */
function companion<K extends keyof Env>(env: Env, name: K, setBy: keyof Env): NonNullable<Env[K]> {
  const value = env[name];
  if (value === undefined || value === null) throw new ConfigError(`${name} is required when ${setBy} is set`);
  return value;
}

/**
 * The origin customers use: PUBLIC_URL, else this machine on PORT. The site's build takes it for the
 * canonical, hreflang and og:url links, the sitemap and robots.txt (astro.config.ts), so `npm start`
 * rebuilds the site when it changes (scripts/site-freshness.ts).
 */
export function publicUrlOf(env: { PUBLIC_URL?: string | undefined; PORT?: string | number | undefined }): URL {
  return new URL(env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT || DEFAULT_PORT}`);
}

function shapeConfig(env: Env) {
  const publicUrl = publicUrlOf(env);
  const dataDir = path.resolve(env.DATA_DIR);
  const bucketUrl = env.STORAGE_URL ? new URL(env.STORAGE_URL) : undefined;
  return {
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    publicUrl: publicUrl.origin,
    secureCookies: publicUrl.protocol === 'https:',
    dataDir,
    distDir: path.resolve(env.DIST_DIR),
    database: env.DATABASE_URL ? ({ kind: 'postgres', url: env.DATABASE_URL } as const) : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    storage: bucketUrl
      ? ({
          kind: 's3',
          bucket: bucketUrl.hostname,
          prefix: bucketUrl.pathname.replace(/^\/+/, ''),
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        } as const)
      : ({ kind: 'disk', dir: path.join(dataDir, 'files') } as const),
    mail: {
      smtpUrl: env.SMTP_URL,
      outboxDir: path.join(dataDir, 'outbox'),
      from: env.MAIL_FROM,
      /** How the server introduces itself to the SMTP server (EHLO): PUBLIC_URL's host, not this machine's name. */
      greetingName: publicUrl.hostname,
      supportEmail: env.SUPPORT_EMAIL ?? readSupportEmail(),
    },
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: companion(env, 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY'),
          webhookSecret: companion(env, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'),
          apiUrl: env.STRIPE_API_URL,
        }
      : undefined,
    oauth: {
      google: env.GOOGLE_CLIENT_ID
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: companion(env, 'GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'),
            issuer: env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
          }
        : undefined,
      microsoft: env.MICROSOFT_CLIENT_ID
        ? {
            clientId: env.MICROSOFT_CLIENT_ID,
            clientSecret: companion(env, 'MICROSOFT_CLIENT_SECRET', 'MICROSOFT_CLIENT_ID'),
            issuer: env.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${env.MICROSOFT_TENANT}/v2.0`,
          }
        : undefined,
    },
    generator: {
      kind: env.GENERATOR,
      paceMs: env.GENERATOR_PACE_MS,
      leaseMs: env.GENERATION_LEASE_MS,
      failAfterMs: env.GENERATION_FAIL_AFTER_MINUTES * 60_000,
      astria: env.ASTRIA_API_KEY
        ? {
            apiKey: env.ASTRIA_API_KEY,
            apiUrl: env.ASTRIA_API_URL,
            mock: env.ASTRIA_MOCK === '1',
            quality: {
              faceSwap: env.ASTRIA_FACE_SWAP === '1',
              faceCorrect: env.ASTRIA_FACE_CORRECT === '1',
              inpaintFaces: env.ASTRIA_INPAINT_FACES === '1',
              superResolution: env.ASTRIA_SUPER_RESOLUTION === '1',
              hiresFix: env.ASTRIA_HIRES_FIX === '1',
              filmGrain: env.ASTRIA_FILM_GRAIN === '1',
            },
          }
        : undefined,
    },
    likeness: {
      check: env.LIKENESS_CHECK === 'on',
      marginPercent: env.GENERATION_MARGIN_PERCENT,
      extraRounds: env.GENERATION_EXTRA_ROUNDS,
      maxImagesPercent: env.GENERATION_MAX_IMAGES_PERCENT,
    },
    photoCheck: { workers: env.PHOTO_CHECK_WORKERS },
    betaSeats: env.BETA_SEATS,
    operatorEmails: new Set(env.OPERATOR_EMAILS),
    role: env.ROLE,
    logLevel: env.LOG_LEVEL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    loginLinksPerIpPerHour: env.LOGIN_LINKS_PER_IP_PER_HOUR,
    loginVerifyFailuresPerIpPerHour: env.LOGIN_VERIFY_FAILURES_PER_IP_PER_HOUR,
    giftCardAttemptsPerHour: env.GIFT_CARD_ATTEMPTS_PER_HOUR,
    giftCardWrongCodesPerIpPerHour: env.GIFT_CARD_WRONG_CODES_PER_IP_PER_HOUR,
  };
}

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(Object.keys(EnvSchema.shape).map((k) => [k, source[k]]));
  const parsed = EnvSchema.safeParse(known);
  if (!parsed.success) {
    const issue = parsed.error.issues.at(0);
    const name = String(issue?.path[0] ?? 'environment');
    const shown = source[name];
    throw new ConfigError(`${name} ${issue?.message ?? 'is not valid'}${shown === undefined ? '' : ` (got "${redact(name, shown)}")`}`);
  }
  const env = parsed.data;
  requireTogether(env, ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'], 'Stripe');
  requireTogether(env, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], 'Google sign-in');
  requireTogether(env, ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'], 'Microsoft sign-in');
  requireTogether(env, ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'S3 access');
  if (env.GENERATOR === 'astria' && !env.ASTRIA_API_KEY) {
    throw new ConfigError('ASTRIA_API_KEY is required when GENERATOR is "astria"');
  }
  refuseLocalAddressesToCustomers(env);
  return shapeConfig(env);
}

const isLocalHost = (host: string) => /^(localhost|127(\.\d+){3}|\[?::1\]?|0\.0\.0\.0)$/i.test(host) || host.endsWith('.localhost');

/**
 * Real mail and live payments reach customers, so what they carry must work outside this machine: the
 * links in mail (and Stripe's return address) are PUBLIC_URL, and replies and spam filters see
 * MAIL_FROM. Left at their local defaults, the server would mail links to `http://localhost:…` from
 * `no-reply@localhost`; it refuses to start instead, naming the setting.
 */
function refuseLocalAddressesToCustomers(env: Env): void {
  const reason = env.SMTP_URL ? 'SMTP_URL is set' : env.STRIPE_SECRET_KEY?.startsWith('sk_live_') ? 'live Stripe keys are set' : null;
  if (!reason) return;
  const publicUrl = publicUrlOf(env);
  if (isLocalHost(publicUrl.hostname)) {
    throw new ConfigError(`PUBLIC_URL must be the address customers use when ${reason}: links to ${publicUrl.origin} work only on this machine`);
  }
  const fromHost = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1] ?? '';
  if (env.SMTP_URL && isLocalHost(fromHost)) {
    throw new ConfigError(`MAIL_FROM must be an address at your own domain when SMTP_URL is set (got "${env.MAIL_FROM}")`);
  }
}

/** Secrets never appear in logs or error lines. */
function redact(name: string, value: string): string {
  if (/SECRET|KEY|PASSWORD/.test(name)) return '***';
  try {
    const u = new URL(value);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return value.length > 80 ? `${value.slice(0, 80)}…` : value;
  }
}
