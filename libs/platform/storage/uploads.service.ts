import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable, finished } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { Inject, Injectable } from '@nestjs/common';
import { isErrorOf } from '@platform/errors';
import { LOGGER, type Logger } from '@platform/logging';
import { type FileKeyParts, fileTypeOf } from './file-key.rules.js';
import { FILE_STORAGE, type FileStorage, type StoredFile } from './file-storage.js';
import { FileUrls } from './file-urls.js';
import { type FileHttpResponse, refusal } from './files.service.js';
import { UPLOADS_PATH } from './upload-url.rules.js';
import { StorageErrors } from './storage.errors.js';

/** An upload as the route hands it over: the path and query as sent, the headers, and the unread body. */
export interface UploadHttpRequest {
  method: 'PUT' | 'POST';
  url: string;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  body: Readable;
  requestId: string;
}

// A form carries the target's parameters (fewer than ten, none long) and one file.
const FORM_LIMITS = { fields: 16, fieldNameSize: 64, fieldSize: 1024, files: 1, parts: 17, headerPairs: 16 };

/**
 * A body that stopped before its end: the client went or timed out, or the form ended inside the file. What came is
 * not the file, so nothing is kept; the 400 it is answered with may reach nobody.
 */
class UploadCutShort extends Error {
  constructor(cause: unknown) {
    super('The upload was cut short', { cause });
  }
}

/**
 * What a staged upload is answered: `PUT /uploads/<key>?…` with the file as the body, or `POST /uploads` with the
 * target's parameters as form fields before the file (the order S3-style forms keep). The signature is the only
 * credential (no shop from the Host, no token); the file's type is its key's and its size the target's. The bytes
 * stream into storage under that key and nowhere else; a refused or broken upload keeps nothing. Never throws.
 */
@Injectable()
export class UploadsService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly urls: FileUrls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async answer(request: UploadHttpRequest): Promise<FileHttpResponse> {
    try {
      return request.method === 'PUT' ? await this.put(request) : await this.post(request);
    } catch (error) {
      request.body.resume();
      return this.failed(error, request);
    }
  }

  // A put that failed: the body's fault (over the target's size, cut short) is a 4xx, anything else a logged 500.
  private failed(error: unknown, request: UploadHttpRequest): FileHttpResponse {
    if (isErrorOf(StorageErrors, error) && error.code === 'FILE_TOO_LARGE') return refusal(413, error.message);
    if (error instanceof UploadCutShort) return refusal(400, error.message);
    this.logger.error({ err: error, requestId: request.requestId }, 'receiving an upload failed');
    return refusal(500, 'Internal Server Error');
  }

  private async put(request: UploadHttpRequest): Promise<FileHttpResponse> {
    const path = request.url.split('?')[0]!;
    const grant = path.startsWith(`${UPLOADS_PATH}/`) ? await this.urls.uploadGrant(path.slice(UPLOADS_PATH.length + 1), request.query) : null;
    if (!grant) return drained(request.body, refusal(403, 'Forbidden'));
    const sent = request.headers['content-type'];
    if (typeof sent !== 'string' || fileTypeOf(sent)?.contentType !== grant.file.contentType) {
      return drained(request.body, refusal(400, `Content-Type must be ${grant.file.contentType}`));
    }
    await this.keep(grant, request.body);
    return { status: 200, headers: { 'cache-control': 'no-store' } };
  }

  private post(request: UploadHttpRequest): Promise<FileHttpResponse> {
    const type = request.headers['content-type'];
    if (typeof type !== 'string' || !/^multipart\/form-data;/i.test(type)) return Promise.resolve(drained(request.body, refusal(400, 'Send a multipart/form-data form')));
    return new Promise<FileHttpResponse>((resolve) => {
      const fields: Record<string, string> = {};
      let sawFile = false;
      let answered = false;
      const answer = (response: FileHttpResponse) => {
        if (answered) return;
        answered = true;
        resolve(response);
      };
      let form: BusboyInstance;
      try {
        form = new Busboy({ headers: { ...request.headers, 'content-type': type }, limits: FORM_LIMITS });
      } catch {
        answer(drained(request.body, refusal(400, 'The form cannot be read')));
        return;
      }
      form.on('field', (name, value) => {
        fields[name] = value;
      });
      // S3 reads the whole form before it answers: a second file refuses the upload (its 400 and message), and a form
      // that breaks after the file keeps nothing; either way what was kept of the file goes.
      let secondFile = false;
      form.on('filesLimit', () => {
        secondFile = true;
      });
      let receiving: Readable | undefined;
      // One listener an event: it settles `formRead` (what a kept file waits for) and answers what it can alone.
      const formRead = new Promise<boolean>((resolve) => {
        form.on('finish', () => {
          resolve(true);
          if (!sawFile) answer(refusal(400, 'The form has no file'));
        });
        form.on('error', () => {
          resolve(false);
          answer(refusal(400, 'The form cannot be read'));
        });
        // A request that stops before its end leaves the form unfinished: the file being received fails with it.
        finished(request.body, (error) => {
          if (!error) return;
          resolve(false);
          const cut = new UploadCutShort(error);
          receiving?.destroy(cut);
          answer(refusal(400, cut.message));
        });
      });
      form.on('file', (name, file) => {
        sawFile = true;
        receiving = file;
        // Busboy reports a form that ends inside the file by emitting 'error' on the file's stream, whether or not
        // anyone listens yet (the grant is still being checked): the stream fails here, so its bytes are never kept
        // as the file, and the event never goes unheard (which would stop the process).
        file.on('error', (error) => {
          if (!file.destroyed) file.destroy(error);
        });
        void this.urls.uploadGrant(fields.key, fields).then(async (grant) => {
          if (name !== 'file' || !grant) return answer(drained(file, refusal(403, 'Forbidden')));
          const kept = await this.keep(grant, file);
          if (!(await formRead) || secondFile) {
            await this.storage.delete(kept.key);
            return answer(secondFile ? refusal(400, 'POST requires exactly one file upload per request') : refusal(400, 'The form cannot be read'));
          }
          const status = fields.success_action_status === '200' ? 200 : fields.success_action_status === '201' ? 201 : 204;
          const body = status === 201 ? `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Key>${grant.key}</Key></PostResponse>` : undefined;
          answer({ status, headers: { 'cache-control': 'no-store', ...(body ? { 'content-type': 'application/xml' } : {}) }, body });
        }).catch((error: unknown) => {
          file.resume();
          answer(this.failed(error, request));
        });
      });
      request.body.pipe(form);
    });
  }

  private async keep(grant: { file: FileKeyParts; maxBytes: number }, body: Readable): Promise<StoredFile> {
    const { shopId, access, folder, name, contentType } = grant.file;
    // A failed put destroys the stream it was given: a stream of its own, so the request lives to carry the answer.
    const bytes = new PassThrough();
    // pipe() hands on data and the end, never a failure: a body that stops early would leave the put waiting for
    // an end that never comes (and its temporary file behind). It fails the put instead.
    let cut: UploadCutShort | undefined;
    // Until the put reads the stream (after its own awaits), its failure has no other listener; the put finds it failed.
    bytes.on('error', () => undefined);
    finished(body, (error) => {
      if (!error) return;
      cut = new UploadCutShort(error);
      bytes.destroy(cut);
    });
    body.pipe(bytes);
    try {
      return await this.storage.put({ shopId, access, folder, name }, bytes, { contentType, maxBytes: grant.maxBytes });
    } catch (error) {
      body.unpipe(bytes);
      body.resume();
      throw isErrorOf(StorageErrors, error) && error.code === 'FILE_TOO_LARGE' ? error : (cut ?? error);
    }
  }
}

/** The answer, once the unread body has been let through (a client still sending gets its answer, not a reset). */
function drained(body: Readable, response: FileHttpResponse): FileHttpResponse {
  body.resume();
  finished(body, () => undefined);
  return response;
}
