import type { FastifyReply } from 'fastify';
import { reasonPhrase } from '@platform/errors';

/** Sets the reply's status, with the hosted platform's reason phrase where Node has none (430 Security Rejection). */
export function replyStatus(reply: FastifyReply, status: number): FastifyReply {
  const reason = reasonPhrase(status);
  if (reason) reply.raw.statusMessage = reason;
  return reply.code(status);
}
