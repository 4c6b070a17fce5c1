import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGGER, type Logger } from '@platform/logging';
import { refusal } from './files.service.js';
import { UPLOADS_PATH } from './upload-url.rules.js';
import { UploadsService } from './uploads.service.js';

/**
 * `PUT /uploads/<key>` and `POST /uploads`: staged uploads, received. Like FilesRoute, not an API route (the signed
 * target is the credential). Installed in a scope of its own whose only body parser hands the raw stream over, so
 * the bytes go to storage as they come: the API's JSON parser and 2 MB limit do not apply, the target's size does.
 */
@Injectable()
export class UploadsRoute {
  constructor(
    private readonly uploads: UploadsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async install(fastify: FastifyInstance): Promise<void> {
    await fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      scope.route({ method: 'PUT', url: `${UPLOADS_PATH}/*`, handler: (request, reply) => this.receive(request, reply) });
      scope.route({ method: 'POST', url: UPLOADS_PATH, handler: (request, reply) => this.receive(request, reply) });
      // What Fastify refuses before the handler (a Content-Type it cannot read: 415, with its own message) is answered
      // as every refusal of these routes is, not in Fastify's own shape.
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const refused = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
        if (!refused) this.logger.error({ err: error, requestId: request.id }, 'receiving an upload failed');
        const answer = refused ? refusal(error.statusCode!, error.message) : refusal(500, 'Internal Server Error');
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      });
    });
  }

  private async receive(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // Without a body (no Content-Type, no length) Fastify parses nothing: the raw request is the (empty) stream.
    const body = (request.body ?? request.raw) as Readable;
    const answer = await this.uploads.answer({
      method: request.method as 'PUT' | 'POST',
      url: request.url,
      query: request.query as Record<string, unknown>,
      headers: request.headers,
      body,
      requestId: request.id,
    });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  }
}
