import { type Attributes, type Context, ROOT_CONTEXT, type Link, type Span, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { PlatformConfig } from '@platform/config';

/** The process' tracing, on while OTEL_EXPORTER_OTLP_ENDPOINT names a collector. */
export interface Tracing {
  readonly enabled: boolean;
  /** Sends the spans ended so far (tests, a stop). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, flush: async () => undefined, shutdown: async () => undefined };
const tracer = trace.getTracer('platform');

/**
 * Starts OpenTelemetry tracing to the OTLP/HTTP collector at `endpoint` (spans batched to `<endpoint>/v1/traces`), with
 * W3C trace context; without an endpoint nothing is registered or even loaded, and every span helper below is a plain
 * call (the API's no-op tracer, propagator and context).
 */
export async function startTracing(config: Pick<PlatformConfig, 'otlpEndpoint' | 'traceSampler'>, serviceName: string): Promise<Tracing> {
  if (!config.otlpEndpoint) return OFF;
  const { registerTracing } = await import('./tracing-sdk.js');
  return { enabled: true, ...registerTracing(config.otlpEndpoint, serviceName, config.traceSampler) };
}

/** A request's server span and the context its children start in. */
export interface RequestTrace {
  span: Span;
  context: Context;
}

/** The server span of an incoming request, child of its `traceparent` when it sends one. */
export function startRequestSpan(name: string, headers: Record<string, unknown>, attributes: Attributes): RequestTrace {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Ends a request's span with its status (an error from 500 up). */
export function endRequestSpan(trace: RequestTrace, status: number): void {
  trace.span.setAttribute('http.response.status_code', status);
  if (status >= 500) trace.span.setStatus({ code: SpanStatusCode.ERROR });
  trace.span.end();
}

/**
 * Runs `work` in a span named `name`, child of `parent` and active while it runs (so work it starts nests under it);
 * without a parent (tracing off, or no request span) it is `work()` and nothing else.
 */
export async function inSpan<T>(name: string, parent: Context | undefined, work: () => Promise<T>, options: { attributes?: Attributes; links?: Link[] } = {}): Promise<T> {
  if (!parent) return work();
  const span = tracer.startSpan(name, { attributes: options.attributes, links: options.links }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/** The `traceparent` of a context's span, to carry it (a job keeps its request's). */
export function traceparentOf(parent: Context): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(parent, carrier);
  return carrier.traceparent;
}

/**
 * The root context of work started by a request elsewhere (a job): a new trace, linked to the request's span, or
 * undefined when tracing is off or the request carried none.
 */
export function linkedRoot(traceparent: string | undefined): { context: Context; links: Link[] } | undefined {
  if (!traceparent) return undefined;
  const from = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
  return from ? { context: ROOT_CONTEXT, links: [{ context: from }] } : undefined;
}

/** Ids of a span for the log line. */
export function traceIdsOf(trace: RequestTrace): { traceId: string; spanId: string } {
  const { traceId, spanId } = trace.span.spanContext();
  return { traceId, spanId };
}
