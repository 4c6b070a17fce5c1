// Tracing (OpenTelemetry, on with OTEL_EXPORTER_OTLP_ENDPOINT): the process' setup and the span helpers every part uses.
export { TRACING, TracingModule } from './tracing.module.js';
export { installTracingHooks } from './tracing-hooks.js';
export { endRequestSpan, inSpan, linkedRoot, startRequestSpan, startTracing, traceIdsOf, traceparentOf, type RequestTrace, type Tracing } from './tracing.js';
