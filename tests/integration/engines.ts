/**
 * Which integration files also run on PostgreSQL (docs/decisions.md, "Tests: engines by value"). Every
 * file runs on PGlite; on PostgreSQL the files whose code could behave differently between the two
 * engines run too, in the same `npm test`. A unit test (tests/unit/architecture/engine-files.test.ts)
 * fails when a file shows one of the signs below and is not in the list, so a new engine-sensitive test
 * cannot be left to PGlite alone by mistake.
 */
export const ENGINE_SIGNS: readonly { sign: string; pattern: RegExp; alsoNeeds?: RegExp }[] = [
  { sign: 'hand-written SQL', pattern: /\bsql`|sql\.raw\(|executeSql\(|\.execute(<[^>]*>)?\(/ },
  { sign: 'conditional updates under concurrency', pattern: /Promise\.all\(/, alsoNeeds: /\brace|concurren|at once|simultaneous|in parallel/i },
  { sign: 'the job queue', pattern: /pgboss|ctx\.queue\b|queue-upgrade/ },
  { sign: 'migrations and persistence', pattern: /migrat|\breuse:|\bdurable: true/ },
  { sign: 'workers', pattern: /ROLE: '(all|worker)'/ },
  { sign: 'sessions', pattern: /\bfrom\(sessions\)|\[sessions\]/ },
];

/** The signs a test file's text shows. */
export function engineSignsOf(text: string): string[] {
  return ENGINE_SIGNS.filter(({ pattern, alsoNeeds }) => pattern.test(text) && (!alsoNeeds || alsoNeeds.test(text))).map(({ sign }) => sign);
}

/** The files of the PostgreSQL leg (paths from the project root). `*.postgres.test.ts` run there only. */
export const POSTGRES_FILES: readonly string[] = [
  'tests/integration/abuse-deletion.test.ts',
  'tests/integration/abuse-entitlements.test.ts',
  'tests/integration/abuse-replacements.test.ts',
  'tests/integration/abuse-team-admins.test.ts',
  'tests/integration/account-deletion.test.ts',
  'tests/integration/astria-orders.test.ts',
  'tests/integration/auth-login-link.test.ts',
  'tests/integration/checkout.test.ts',
  'tests/integration/face-priority.test.ts',
  'tests/integration/generation-workers.postgres.test.ts',
  'tests/integration/generation-workers.test.ts',
  'tests/integration/giftcards.test.ts',
  'tests/integration/health.test.ts',
  'tests/integration/jobs.test.ts',
  'tests/integration/operator.test.ts',
  'tests/integration/persistence.test.ts',
  'tests/integration/photo-check.test.ts',
  'tests/integration/queue-upgrade.test.ts',
  'tests/integration/referrals.test.ts',
  'tests/integration/refunds.test.ts',
  'tests/integration/sessions.test.ts',
  'tests/integration/site.test.ts',
  'tests/integration/storage-s3.test.ts',
  'tests/integration/stripe.test.ts',
  'tests/integration/team-race.test.ts',
  'tests/integration/team-retry.test.ts',
];
