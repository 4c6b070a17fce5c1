import type { IncomingMessage } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import type { CallDeadline } from './call-deadline.js';
import { OutboundRefusedError } from './outbound.errors.js';

/**
 * The response's body, failing with TOO_LARGE as soon as it passes `maxBytes` (the chunk that passes is not handed on,
 * and the connection is closed) and with TIMEOUT when the call's time runs out: an endless body meets the first, a
 * body dripped a byte at a time the second.
 */
export function boundedBody(response: IncomingMessage, url: URL, maxBytes: number, deadline: CallDeadline): Readable {
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(new OutboundRefusedError('TOO_LARGE', `The response from ${url.origin} is over the ${maxBytes} bytes allowed`));
      done(null, chunk);
    },
  });
  response.once('error', (error) => limit.destroy(deadline.explain(error, url, 'CUT_SHORT')));
  response.once('aborted', () => limit.destroy(deadline.explain(undefined, url, 'CUT_SHORT')));
  // The reader gave up or the cap was passed: nothing more is read.
  limit.once('close', () => response.destroy());
  return response.pipe(limit);
}
