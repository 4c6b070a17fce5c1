import { type ArgumentsHost, Catch, type ExceptionFilter, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGGER, type Logger } from '@platform/logging';
import { errorResponse } from './error-response.js';
import { requestTarget } from './surface.js';

/** Every error Nest or Fastify surfaces outside GraphQL execution ends here, answered in the surface's shape. */
@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): unknown {
    // Inside GraphQL execution the error belongs to the response's `errors[]`: hand it back to the executor.
    if (host.getType<string>() === 'graphql') return error;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const surface = request.platform?.surface ?? requestTarget(request)?.surface;
    const response = errorResponse(error, surface, request.id);
    if (response.unexpected) this.logger.error({ err: error, requestId: request.id }, 'unhandled error');
    reply.code(response.status).headers(response.headers).send(response.body);
    return undefined;
  }
}
