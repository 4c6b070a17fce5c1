import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, type Sampler, TraceIdRatioBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace';
import type { TraceSamplerName } from '@platform/config';
import Redis from 'ioredis';
import pg from 'pg';

// The OpenTelemetry SDK and its exporter, loaded only when tracing is on (about 20 MiB of a process' memory otherwise).

/** Registers a tracer provider batching spans to `<endpoint>/v1/traces`, with W3C trace context; how to flush and stop it. */
export function registerTracing(
  endpoint: string,
  serviceName: string,
  sampler: { name: TraceSamplerName; ratio: number },
): { flush(): Promise<void>; shutdown(): Promise<void> } {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: samplerOf(sampler.name, sampler.ratio),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }) })],
  });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const unpatch = instrumentClients(provider);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      unpatch();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** OpenTelemetry's sampler of that name (as its SDKs read OTEL_TRACES_SAMPLER). */
function samplerOf(name: TraceSamplerName, ratio: number): Sampler {
  const root = name.endsWith('always_off') ? new AlwaysOffSampler() : name.endsWith('traceidratio') ? new TraceIdRatioBasedSampler(ratio) : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * A client span for every statement sent to Postgres (`pg`, the ORM's included) and every Redis command (`ioredis`,
 * the throttle's and the queue's), child of the span active when it is sent; none outside a trace. The official
 * instrumentations, applied to the modules this process already imported: their usual way, a hook on `require`,
 * does not see modules an ES module imports. A statement's text is recorded (values are bound, never in it); of a
 * Redis command only its name (its keys and arguments carry buyers' addresses).
 */
function instrumentClients(provider: TracerProvider): () => void {
  const targets: Record<string, unknown> = { pg, ioredis: Redis };
  const instrumentations = [
    new PgInstrumentation({ enabled: false, requireParentSpan: true }),
    new IORedisInstrumentation({ enabled: false, requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
  const patched: (() => void)[] = [];
  for (const instrumentation of instrumentations) {
    instrumentation.setTracerProvider(provider);
    for (const definition of instrumentation.getModuleDefinitions()) {
      const exports = targets[definition.name];
      if (exports === undefined || !definition.patch) continue;
      definition.patch(exports);
      patched.push(() => definition.unpatch?.(exports));
    }
  }
  return () => {
    for (const unpatch of patched) unpatch();
  };
}
