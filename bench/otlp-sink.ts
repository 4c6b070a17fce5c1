import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A collector for the traced platform of scenario `tracing-on`: takes OTLP/HTTP posts on the loopback, counts them. */
export interface OtlpSink {
  url: string;
  /** Export requests received so far. */
  readonly posts: number;
  close(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  let posts = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/v1/traces') posts++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get posts() {
      return posts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
