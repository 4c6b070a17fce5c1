import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isErrorOf } from '@platform/errors';
import { LOGGER, type Logger } from '@platform/logging';
import { parseFileKey } from './file-key.rules.js';
import { type FileRequest, fileAnswer } from './file-response.rules.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { FileUrls } from './file-urls.js';
import { FILES_PATH, fileKeyOfPath } from './file-url.rules.js';
import { StorageErrors } from './storage.errors.js';

const REFUSED = { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' };

/**
 * `GET` and `HEAD /files/<key>`: stored files, served back. Not an API route: no shop from the Host, no token, no
 * pipeline; the key names the file, and a private file's signature is its credential. A Fastify route the api app
 * installs (like `/healthz`), translating HTTP to the storage and back: the answer's rules are `fileAnswer`.
 */
@Injectable()
export class FilesRoute {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly urls: FileUrls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  install(fastify: FastifyInstance): void {
    fastify.route({ method: ['GET', 'HEAD'], url: `${FILES_PATH}*`, handler: (request, reply) => this.serve(request, reply) });
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    try {
      // The key as the path spells it, never decoded: an escape, a dot segment or a backslash names no file.
      const key = fileKeyOfPath(request.url);
      const file = key ? parseFileKey(key) : null;
      if (!key || !file) return refuse(reply, 404, 'Not Found');
      if (file.access === 'private' && !(await this.urls.allows(key, request.query as Record<string, unknown>))) return refuse(reply, 403, 'Forbidden');
      // A file replaced between the description and the read is described again (a named private file may be).
      for (let attempt = 0; attempt < 2; attempt++) {
        const info = await this.storage.head(key);
        if (!info) return refuse(reply, 404, 'Not Found');
        const answer = fileAnswer(request as FileRequest, { ...info, access: file.access });
        if (!answer.read) return reply.code(answer.status).headers(answer.headers).send();
        const download = await this.storage.get(key, answer.read).catch((error: unknown) => {
          // A range of the file described, past the end of the one that replaced it.
          if (isErrorOf(StorageErrors, error) && error.code === 'INVALID_RANGE') return null;
          throw error;
        });
        if (download?.etag === info.etag) return reply.code(answer.status).headers(answer.headers).send(download.body);
        download?.body.destroy();
      }
      return refuse(reply, 503, 'Service Unavailable');
    } catch (error) {
      // Gone between the description and the read.
      if (isErrorOf(StorageErrors, error) && error.code === 'FILE_NOT_FOUND') return refuse(reply, 404, 'Not Found');
      this.logger.error({ err: error, requestId: request.id }, 'serving a file failed');
      return refuse(reply, 500, 'Internal Server Error');
    }
  }
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).headers(REFUSED).send(JSON.stringify({ errors: message }));
}
