import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { isErrorOf } from '@platform/errors';
import { LOGGER, type Logger } from '@platform/logging';
import { type FileAccess, parseFileKey } from './file-key.rules.js';
import { type FileRequest, fileAnswer } from './file-response.rules.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { FileUrls } from './file-urls.js';
import { FileVariants } from './file-variants.js';
import { fileKeyOfPath } from './file-url.rules.js';
import { StorageErrors } from './storage.errors.js';

/** A request for a stored file, as the route reads it. */
export interface FileHttpRequest extends FileRequest {
  /** The request's path and query as sent (`/files/<key>?…`). */
  url: string;
  query: Record<string, unknown>;
  requestId: string;
}

/** The answer: status, headers, and the body (a file's bytes, or a short JSON refusal); none for HEAD, 304 and 416. */
export interface FileHttpResponse {
  status: number;
  headers: Record<string, string>;
  body?: Readable | Buffer | string;
}

const REFUSED = { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' };

/**
 * What `GET` and `HEAD /files/<key>` answer: the key as the path spells it (never decoded, so an escape, a dot
 * segment or a backslash names no file: 404), a private file's signature checked before anything is looked up
 * (403), then the file's description, the HTTP rules of `fileAnswer` and its bytes. Never throws.
 */
@Injectable()
export class FilesService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly urls: FileUrls,
    private readonly variants: FileVariants,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async answer(request: FileHttpRequest): Promise<FileHttpResponse> {
    try {
      const asked = fileKeyOfPath(request.url);
      const file = asked ? parseFileKey(asked) : null;
      if (!asked || !file) return refusal(404, 'Not Found');
      if (file.access === 'private' && !(await this.urls.allows(asked, request.query))) return refusal(403, 'Forbidden');
      // A public file's URL may ask for a variant of it (an image's size and format): made once, then served as a file.
      let key = asked;
      if (file.access === 'public') {
        const chosen = await this.variants.variantOf(asked, file, request.query);
        if ('refused' in chosen) return refusal(400, chosen.refused);
        key = chosen.key;
      }
      if (isPlainGet(request)) return await this.whole(key, file.access);
      // A file replaced between its description and its read is described again (a named private file may be).
      for (let attempt = 0; attempt < 2; attempt++) {
        const info = await this.storage.head(key);
        if (!info) return refusal(404, 'Not Found');
        const answer = fileAnswer(request, { ...info, access: file.access });
        if (!answer.read) return { status: answer.status, headers: answer.headers };
        const download = await this.storage.get(key, answer.read).catch((error: unknown) => {
          // A range of the file described, past the end of the one that replaced it.
          if (isErrorOf(StorageErrors, error) && error.code === 'INVALID_RANGE') return null;
          throw error;
        });
        if (download?.etag === info.etag) return { status: answer.status, headers: answer.headers, body: download.body };
        download?.body.destroy();
      }
      return refusal(503, 'Service Unavailable');
    } catch (error) {
      return this.failed(error, request);
    }
  }

  // The whole file from one get: its description is the descriptor's, so it is the bytes read.
  private async whole(key: string, access: FileAccess): Promise<FileHttpResponse> {
    const download = await this.storage.get(key);
    const answer = fileAnswer({ method: 'GET', headers: {} }, { size: download.size, contentType: download.contentType, etag: download.etag, access });
    return { status: answer.status, headers: answer.headers, body: download.bytes ?? download.body };
  }

  private failed(error: unknown, request: FileHttpRequest): FileHttpResponse {
    // None, or gone between the description and the read.
    if (isErrorOf(StorageErrors, error) && error.code === 'FILE_NOT_FOUND') return refusal(404, 'Not Found');
    this.logger.error({ err: error, requestId: request.requestId }, 'serving a file failed');
    return refusal(500, 'Internal Server Error');
  }
}

/** A GET of the whole file without conditions (most requests): one open describes and reads it. */
function isPlainGet(request: FileHttpRequest): boolean {
  const { range, 'if-none-match': noneMatch, 'if-range': ifRange } = request.headers;
  return request.method === 'GET' && range === undefined && noneMatch === undefined && ifRange === undefined;
}

/** A refusal of a file route (serving or receiving): the status and a short JSON `{ errors }`, never cached. */
export function refusal(status: number, message: string): FileHttpResponse {
  return { status, headers: REFUSED, body: JSON.stringify({ errors: message }) };
}
