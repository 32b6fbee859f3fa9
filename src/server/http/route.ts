import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Call, CallOutput } from '../../shared/contracts/calls.js';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import type { SessionUser } from '../services/auth/sessions.js';
import { parseInput, type Envelope } from './envelope.js';
import { requireOperator, signedInUser } from './session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as the route's contract parsed it. */
    input?: unknown;
  }
}

type Handler<C extends Call> = (args: {
  input: z.infer<C['request']>;
  user: C['access'] extends 'customer' | 'operator' ? SessionUser : null;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<Envelope<CallOutput<C>>>;

/**
 * Registers a JSON call from its contract: the body is validated first (a 400 naming the field), then
 * sign-in is checked for customer calls (a 401, by the one hook in session.ts), operator calls answer
 * anyone but an operator as an unknown route before anything else, then the handler runs
 * with the parsed input and the user, and answers `ok(data)`. With `checkResponses` (tests), an answer
 * that does not match the contract is a 500.
 */
export function route<C extends Call>(app: FastifyInstance, call: C, handler: Handler<C>, options: RouteShorthandOptions = {}): void {
  const opts: RouteShorthandOptions = {
    ...options,
    config: { ...options.config, signIn: call.access === 'customer' ? 'api' : undefined },
    // Before the body is even read: an unknown route never reads it either.
    ...(call.access === 'operator' ? { onRequest: requireOperator } : {}),
    preValidation: async (request) => {
      request.input = parseInput(call.request, request.method === 'GET' ? {} : request.body);
    },
  };
  const run = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = (call.access === 'public' ? null : signedInUser(request)) as Parameters<Handler<C>>[0]['user'];
    const envelope = await handler({ input: request.input as z.infer<C['request']>, user, request, reply });
    if (app.checkResponses) {
      const checked = call.response.safeParse(envelope.data);
      if (!checked.success) throw new AppError('INTERNAL', `${call.path} answered outside its contract: ${checked.error.issues[0]?.message}`);
    }
    return envelope;
  };
  for (const method of call.methods ?? ['POST']) {
    if (method === 'GET') app.get(call.path, opts, run);
    else app.post(call.path, opts, run);
  }
}
