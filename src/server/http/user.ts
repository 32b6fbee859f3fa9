import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZEmptyRequestSchema } from '../../shared/contracts/auth.js';
import { deleteAccount } from '../services/accounts/delete-account.js';
import { ok, parseInput } from './envelope.js';
import { requireUser, signOut } from './session.js';

/** The signed-in customer's own account. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const userInfo = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'POST') parseInput(ZEmptyRequestSchema, request.body);
    const user = await requireUser(request, reply);
    return ok({ nickName: user.nickName, email: user.email, avatar: user.avatarUrl });
  };
  app.get('/v1/user/info', userInfo);
  app.post('/v1/user/info', userInfo);

  app.post('/v1/user/delete', async (request, reply) => {
    parseInput(ZEmptyRequestSchema, request.body);
    const user = await requireUser(request, reply);
    await deleteAccount(app.ctx, user.userId);
    await signOut(request, reply);
    return ok(null, 'Account deleted');
  });
}
