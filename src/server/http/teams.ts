import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { CALLS } from '../../shared/contracts/calls.js';
import { AppError } from '../errors.js';
import { getOperatorTeam, grantTeamRetry, nameTeamOwner, searchTeams } from '../services/operator/teams.js';
import { adminInvitationInfo, answerAdminInvitation, inviteTeamAdmin, leaveTeam } from '../services/teams/admin-invitations.js';
import { buySeats } from '../services/teams/buy-seats.js';
import { confirmSeats } from '../services/teams/confirm-seats.js';
import { createTeamLink } from '../services/teams/create-link.js';
import { createTeam } from '../services/teams/create-team.js';
import { teamFavoritesZip } from '../services/teams/favorites-zip.js';
import { getMyTeam } from '../services/teams/get-my-team.js';
import { inviteMembers } from '../services/teams/invite-members.js';
import { joinTeam } from '../services/teams/join-team.js';
import { teamMembersCsv } from '../services/teams/members-csv.js';
import { placeTeamOrder } from '../services/teams/place-team-order.js';
import { refundSeats } from '../services/teams/refund-seats.js';
import { remindMember } from '../services/teams/remind-member.js';
import { removeTeamAdmin } from '../services/teams/remove-admin.js';
import { retryMember } from '../services/teams/retry-member.js';
import { revokeTeamLink } from '../services/teams/revoke-link.js';
import { revokeMember } from '../services/teams/revoke-member.js';
import { setTeamBrand } from '../services/teams/set-brand.js';
import { MULTIPART_LIMITS, readCheckoutForm } from './checkout.js';
import { ok, parseInput } from './envelope.js';
import { assertBoundary } from './multipart.js';
import { refuseCrossSiteDownload } from './portrait-reply.js';
import { route } from './route.js';
import { signedInUser } from './session.js';

const ZTeamParams = z.object({ teamId: z.string().max(100) });

/** Teams: the admin's calls, joining, a member's order (multipart), the zip and CSV, and the console's two calls. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const { ctx } = app;
  const { db } = ctx.database;

  route(app, CALLS.teamMine, async ({ user }) => ok(await getMyTeam(ctx, user.userId)));
  route(app, CALLS.teamCreate, async ({ input, user }) => ok(await createTeam(ctx, { userId: user.userId, ...input }), 'Team created'));
  route(app, CALLS.teamSetBrand, async ({ input, user }) => ok(await setTeamBrand(ctx, { userId: user.userId, ...input }), 'Saved'));
  route(app, CALLS.teamBuySeats, async ({ input, user }) => ok(await buySeats(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.teamConfirmSeats, async ({ input, user }) => ok(await confirmSeats(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.teamRefundSeats, async ({ input, user }) => ok(await refundSeats(ctx, { userId: user.userId, ...input }), 'Refunded'));
  route(app, CALLS.teamInvite, async ({ input, user }) => ok(await inviteMembers(ctx, { userId: user.userId, ...input }), 'Invitations sent'));
  route(app, CALLS.teamCreateLink, async ({ input, user }) => ok(await createTeamLink(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.teamRevokeLink, async ({ input, user }) => ok(await revokeTeamLink(ctx, { userId: user.userId, ...input }), 'Link revoked'));
  route(app, CALLS.teamRevokeMember, async ({ input, user }) => ok(await revokeMember(ctx, { userId: user.userId, ...input }), 'Invitation revoked'));
  route(app, CALLS.teamRemindMember, async ({ input, user }) => ok(await remindMember(ctx, { userId: user.userId, ...input }), 'Reminder sent'));
  route(app, CALLS.teamRetryMember, async ({ input, user }) => ok(await retryMember(ctx, { userId: user.userId, ...input }), 'Retry given'));
  route(app, CALLS.teamAddAdmin, async ({ input, user }) => ok(await inviteTeamAdmin(ctx, { userId: user.userId, ...input }), 'Invitation sent'));
  route(app, CALLS.teamRemoveAdmin, async ({ input, user }) => ok(await removeTeamAdmin(ctx, { userId: user.userId, ...input }), 'Admin removed'));
  route(app, CALLS.teamAdminInvitation, async ({ input, user }) => ok(await adminInvitationInfo(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.teamAnswerAdmin, async ({ input, user }) =>
    ok(await answerAdminInvitation(ctx, { userId: user.userId, ...input }), input.answer === 'accept' ? 'Welcome to the team' : 'Invitation declined'),
  );
  route(app, CALLS.teamLeave, async ({ input, user }) => ok(await leaveTeam(ctx, { userId: user.userId, ...input }), 'You left the team'));
  route(app, CALLS.teamJoin, async ({ input, user }) => ok(await joinTeam(ctx, { userId: user.userId, token: input }), 'Welcome to the team'));
  route(app, CALLS.operatorTeams, async ({ input }) => ok(await searchTeams(db, input)));
  route(app, CALLS.operatorTeam, async ({ input }) => ok(await getOperatorTeam(db, input.teamId, ctx.clock.now())));
  route(app, CALLS.operatorSetTeamOwner, async ({ input, user }) =>
    ok(await nameTeamOwner(ctx, { email: user.email, requestId: input.requestId }, input), 'Owner named'),
  );
  route(app, CALLS.operatorGrantTeamRetry, async ({ input, user }) =>
    ok(await grantTeamRetry(ctx, { email: user.email, requestId: input.requestId }, input), 'Retry given'),
  );

  // A member's order: the same form as the checkout (photos and `options` with portraitInfo), paid by the team.
  app.post('/v1/team/order', { config: { signIn: 'api' } }, async (request) => {
    const user = signedInUser(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photos and options as multipart/form-data');
    assertBoundary(request.headers['content-type']);
    const { photos, portraitInfo } = await readCheckoutForm(request.parts());
    return ok(await placeTeamOrder(ctx, { userId: user.userId, portraitInfo, photos }), 'Order placed');
  });

  app.get('/v1/team/:teamId/favorites.zip', { exposeHeadRoute: false, config: { signIn: 'page' } }, async (request, reply) => {
    refuseCrossSiteDownload(request, ctx.config);
    const { userId } = signedInUser(request);
    const { teamId } = parseInput(ZTeamParams, request.params);
    const zip = await teamFavoritesZip(ctx, { userId, teamId });
    reply.type('application/zip').header('content-disposition', `attachment; filename="${zip.fileName}"`).header('cache-control', 'private, no-store');
    if (zip.size !== null) reply.header('content-length', zip.size);
    return reply.send(zip.stream);
  });

  app.get('/v1/team/:teamId/members.csv', { exposeHeadRoute: false, config: { signIn: 'page' } }, async (request, reply) => {
    refuseCrossSiteDownload(request, ctx.config);
    const { userId } = signedInUser(request);
    const { teamId } = parseInput(ZTeamParams, request.params);
    const csv = await teamMembersCsv(ctx, { userId, teamId });
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csv.fileName}"`).header('cache-control', 'private, no-store');
    return reply.send(csv.body);
  });
}
