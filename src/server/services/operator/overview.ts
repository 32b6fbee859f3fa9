import { giftCardTotals } from './gift-cards.js';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { OperatorOverview } from '../../../shared/contracts/operator.js';
import { betaSeatTotal, countBetaSeats } from '../entitlements/beta-seats.js';
import { lastFileSweep } from '../retention/sweep-files.js';
import { likenessFigures } from './likeness-figures.js';
import { referralTotals } from '../referrals/operator-referrals.js';

const DAYS = 30;
const DAY_MS = 24 * 3600_000;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (value: unknown): number => Number(value ?? 0);
const seconds = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value)));

/**
 * The console's overview of the last 30 UTC days (today included): orders paid and revenue per day (a
 * team's seats and gift cards are revenue, not orders),
 * refunds, how long paid orders waited for their first portrait and for completion (median and p90),
 * how many finished orders failed, the beta seats, and the job queue as pg-boss holds it.
 */
export async function getOverview(ctx: Pick<AppContext, 'database' | 'clock' | 'config'>): Promise<OperatorOverview> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (DAYS - 1) * DAY_MS);

  const [paidPerDay, refundedPerDay, [durations], [finished], [refunds], queue, used, total, sweep, likeness] = await Promise.all([
    rows<{ day: string; orders: string; cents: string }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) filter (where seat_purchase_id is null and gift_card_id is null) as orders,
            sum(amount_cents) as cents
          from payments where created_at >= ${since.toISOString()}::timestamptz group by 1`,
    ),
    rows<{ day: string; cents: string }>(
      db,
      sql`select to_char(refunded_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(refunded_cents) as cents
          from payments where refunded_at >= ${since.toISOString()}::timestamptz group by 1`,
    ),
    rows<Record<string, string | null>>(
      db,
      sql`select
            percentile_cont(0.5) within group (order by extract(epoch from first_portrait_at - paid_at)) as first_median,
            percentile_cont(0.9) within group (order by extract(epoch from first_portrait_at - paid_at)) as first_p90,
            count(first_portrait_at) as first_orders,
            percentile_cont(0.5) within group (order by extract(epoch from completed_at - paid_at)) as completed_median,
            percentile_cont(0.9) within group (order by extract(epoch from completed_at - paid_at)) as completed_p90,
            count(completed_at) as completed_orders
          from orders where paid_at >= ${since.toISOString()}::timestamptz`,
    ),
    rows<{ finished: string; failed: string }>(
      db,
      sql`select count(*) as finished, count(*) filter (where failed_at is not null) as failed
          from orders where coalesce(completed_at, failed_at) >= ${since.toISOString()}::timestamptz`,
    ),
    rows<{ count: string; cents: string | null }>(
      db,
      sql`select count(*) as count, sum(refunded_cents) as cents from payments where refunded_at >= ${since.toISOString()}::timestamptz`,
    ),
    // pg-boss keeps every job in its own schema of the same database: created and retry wait, active runs.
    // Failed counts the last 12 hours, as when pg-boss 10 archived finished jobs after 12 hours; 12 keeps
    // them a week in the same table.
    rows<{ state: string; n: string }>(
      db,
      sql`select state, count(*) as n from pgboss.job
          where state <> 'failed' or completed_on > now() - interval '12 hours' group by state`,
    ),
    countBetaSeats(db, ctx.clock.now()),
    betaSeatTotal(db, ctx.config.betaSeats),
    lastFileSweep(db),
    likenessFigures(db, sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`, sql`created_at >= ${since.toISOString()}::timestamptz`),
  ]);

  const paid = new Map(paidPerDay.map((r) => [r.day, r]));
  const refunded = new Map(refundedPerDay.map((r) => [r.day, r]));
  const days = Array.from({ length: DAYS }, (_, i) => {
    const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, orders: num(paid.get(day)?.orders), revenueCents: num(paid.get(day)?.cents), refundedCents: num(refunded.get(day)?.cents) };
  });
  const states = new Map(queue.map((q) => [q.state, num(q.n)]));
  return {
    days,
    currency: 'usd',
    paidToFirstPortrait: { medianSeconds: seconds(durations?.first_median), p90Seconds: seconds(durations?.first_p90), orders: num(durations?.first_orders) },
    paidToCompleted: {
      medianSeconds: seconds(durations?.completed_median),
      p90Seconds: seconds(durations?.completed_p90),
      orders: num(durations?.completed_orders),
    },
    finished: num(finished?.finished),
    failed: num(finished?.failed),
    refunds: { count: num(refunds?.count), cents: num(refunds?.cents) },
    betaSeats: { used: Math.min(used, total), total },
    referrals: await referralTotals(db, now),
    fileSweep: sweep ? { at: sweep.at, orphans: sweep.orphans } : null,
    // Gift cards: all time.
    giftCards: await giftCardTotals(db),
    queue: {
      waiting: (states.get('created') ?? 0) + (states.get('retry') ?? 0),
      running: states.get('active') ?? 0,
      failed: states.get('failed') ?? 0,
    },
    likeness: likeness.map(({ key, ...figures }) => ({ day: key, ...figures })),
  };
}
