import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileRequest } from './file-response.rules.js';
import { FILES_PATH } from './file-url.rules.js';
import { FilesService } from './files.service.js';

/**
 * `GET` and `HEAD /files/<key>`: stored files, served back. Not an API route (no shop from the Host, no token, no
 * pipeline): the key names the file and a private file's signature is its credential. A Fastify route the api app
 * installs beside `/healthz`; FilesService decides the answer.
 */
@Injectable()
export class FilesRoute {
  constructor(private readonly files: FilesService) {}

  install(fastify: FastifyInstance): void {
    fastify.route({ method: ['GET', 'HEAD'], url: `${FILES_PATH}*`, handler: (request, reply) => this.serve(request, reply) });
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { headers } = request as FileRequest;
    const answer = await this.files.answer({ url: request.url, method: request.method, headers, query: request.query as Record<string, unknown>, requestId: request.id });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  }
}
