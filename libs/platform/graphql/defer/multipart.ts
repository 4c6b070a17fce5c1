// The spec's incremental delivery wire format: boundary `graphql`, each part `Content-Type: application/json`
// and `Content-Length`, closing `--graphql--`. Each part is followed at once by the next delimiter, because
// clients hand a part over only when they see the delimiter after it.

export const MULTIPART_CONTENT_TYPE = 'multipart/mixed; boundary="graphql"';

/** Turns a stream of JSON payloads into multipart chunks; the last payload must have `hasNext: false`. */
export async function* multipartChunks(payloads: AsyncIterable<{ hasNext: boolean }>): AsyncGenerator<string> {
  let first = true;
  for await (const payload of payloads) {
    const json = JSON.stringify(payload);
    const head = first ? '--graphql\r\n' : '';
    first = false;
    const next = payload.hasNext ? '--graphql\r\n' : '--graphql--';
    yield `${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}\r\n${next}`;
    if (!payload.hasNext) return;
  }
}
