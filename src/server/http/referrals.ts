import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CALLS } from '../../shared/contracts/calls.js';
import { joinByReferral } from '../services/referrals/join-referral.js';
import { getReferrals } from '../services/referrals/get-referrals.js';
import { getOperatorReferrals, voidReferralCredit } from '../services/referrals/operator-referrals.js';
import { cleanReferralCode } from '../services/referrals/referral-code.js';
import { ok, parseInput } from './envelope.js';
import { route } from './route.js';
import { cookieOptions } from './session.js';

/** The first-party cookie a referral link leaves for the sign-up that may follow (30 days). */
export const REFERRAL_COOKIE = 'referral';
const REFERRAL_COOKIE_SECONDS = 30 * 24 * 3600;
const ZCodeParams = z.object({ code: z.string().max(100) });

/**
 * After a sign-in: when it created the account and the browser holds a referral link's cookie, the
 * referral is recorded if the newcomer qualifies. The cookie is cleared after any sign-in: it is for newcomers.
 */
export async function welcomeReferred(request: FastifyRequest, reply: FastifyReply, user: { id: string; created: boolean }): Promise<void> {
  const code = request.cookies[REFERRAL_COOKIE];
  if (!code) return;
  const { ctx } = request.server;
  reply.clearCookie(REFERRAL_COOKIE, cookieOptions(ctx.config));
  if (!user.created) return;
  // The sign-in has happened: a referral that cannot be recorded now is logged, never a failed sign-in.
  await joinByReferral(ctx, { userId: user.id, code }).catch((error: unknown) => request.log.error({ err: error }, 'could not record a referral'));
}

/** Referrals: the shared link (a browser navigation), the customer's page, and the console's lookup and action. */
export async function referralRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // `/r/<code>`: remembers the code for the sign-up and lands on the home page. An unknown or malformed
  // code lands there too, without a cookie: the link promises nothing until a referral is recorded.
  // First touch wins: a browser that already holds a referral cookie keeps it, so a link another site
  // sends the browser to (or a second friend's link) cannot take a referral over.
  app.get('/r/:code', async (request, reply) => {
    const { code } = parseInput(ZCodeParams, request.params);
    const clean = cleanReferralCode(code);
    const held = cleanReferralCode(request.cookies[REFERRAL_COOKIE] ?? '');
    if (clean && !held) reply.setCookie(REFERRAL_COOKIE, clean, { ...cookieOptions(ctx.config), maxAge: REFERRAL_COOKIE_SECONDS });
    return reply.redirect('/', 302);
  });

  route(app, CALLS.referralsMine, async ({ user }) => ok(await getReferrals(ctx, user.userId)));
  route(app, CALLS.operatorReferrals, async ({ input }) => ok(await getOperatorReferrals(ctx, input.email)));
  route(app, CALLS.operatorVoidCredit, async ({ input, user }) =>
    ok(await voidReferralCredit(ctx, { email: user.email, requestId: input.requestId }, input.creditId), 'Credit voided'),
  );
}
