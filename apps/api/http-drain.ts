import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The answer to a request that arrives on an open connection once the server is stopping. */
const DRAINING_BODY = Object.freeze({ errors: 'Service Unavailable: the server is shutting down' });

/**
 * The HTTP half of a graceful stop (docs/architecture.md, "Stopping"). Until `drain()` it only counts the requests in
 * flight; from then on the server accepts no connection, answers a request that arrives on an open one 503 with
 * `Connection: close`, lets every request in flight finish (a streamed @defer response included), closes a
 * connection after the answer that says so, and the idle ones once no request is left.
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;
  private settled?: () => void;

  private constructor(private readonly server: Server) {}

  /** Counts the server's requests and answers them while draining; before the app is initialised. */
  static install(fastify: FastifyInstance): HttpDrain {
    const drain = new HttpDrain(fastify.server);
    // Ahead of Fastify's own listener, so that whatever answers (a route, a hook, the 404) says it closes.
    fastify.server.prependListener('request', (_request, response: ServerResponse) => drain.track(response));
    // After the request id's and /healthz's hooks: the 503 carries its id, and /healthz answers `draining` itself.
    fastify.addHook('onRequest', (_request, reply, done) => {
      if (!drain.draining) return done();
      // Another instance, or this one restarted, answers in a second: what clients that retry a 503 read.
      void reply.code(503).header('Retry-After', '1.0').send(DRAINING_BODY);
    });
    return drain;
  }

  /** Requests received and not yet answered. */
  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  /**
   * Stops accepting connections and resolves once every request in flight is answered and the idle connections are
   * closed. Bound it: a client that never reads its answer holds it (the caller's grace period).
   */
  async drain(): Promise<void> {
    this.draining = true;
    for (const response of this.inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
    // The listening socket only: http.Server#close would also close every idle keep-alive connection at once, racing
    // a request its client is sending on it (a reset). Such a request gets the 503 instead; idle ones close below.
    NetServer.prototype.close.call(this.server);
    if (this.inFlight.size > 0) await new Promise<void>((resolve) => (this.settled = resolve));
    // A stream that began before the drain kept its connection alive; no other request is running now.
    this.server.closeIdleConnections();
  }

  private track(response: ServerResponse): void {
    this.inFlight.add(response);
    if (this.draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      this.inFlight.delete(response);
      if (this.inFlight.size === 0) this.settled?.();
    });
  }
}
