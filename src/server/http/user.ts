import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../shared/contracts/calls.js';
import { isOperator } from '../services/auth/operator-role.js';
import { deleteAccount } from '../services/accounts/delete-account.js';
import { setLanguage } from '../services/accounts/set-language.js';
import { teamRoleOf } from '../services/teams/team-role.js';
import { bundledLanguage } from '../i18n.js';
import { ok } from './envelope.js';
import { route } from './route.js';
import { signOut } from './session.js';

/** The signed-in customer's own account. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  route(app, CALLS.userInfo, async ({ user }) =>
    ok({
      nickName: user.nickName,
      email: user.email,
      avatar: user.avatarUrl,
      operator: isOperator(app.ctx.config, user.email),
      language: bundledLanguage(user.language),
      team: await teamRoleOf(app.ctx.database.db, user.userId),
    }),
  );

  route(app, CALLS.setLanguage, async ({ user, input }) => ok(await setLanguage(app.ctx.database.db, { userId: user.userId, language: input.language })));

  route(app, CALLS.deleteAccount, async ({ user, request, reply }) => {
    await deleteAccount(app.ctx, user.userId);
    await signOut(request, reply);
    return ok(null, 'Account deleted');
  });
}
