import { appendFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

// What the spec allows an answer to be, per surface, as lists of problems (empty when the answer is one the
// spec allows): the fuzz suites throw them with the input that caused them, so fast-check can report it.

/** An answer as the fuzz suites see it. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** Wall time of the request, in milliseconds. */
  ms: number;
}

/** Every answer comes within this time, whatever was sent. */
export const ANSWER_TIME_BOUND_MS = 2_000;

/** The server's body limit (apps/api/create-api-app.ts): a larger payload is a 413. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** The levels of objects and lists a body may open (MAX_BODY_NESTING): deeper is a 400. */
export const MAX_BODY_NESTING = 64;

export interface SentRequest {
  method: string;
  url: string;
  host: string;
  headers?: Record<string, string>;
  payload?: string;
}

/**
 * Sends a request through Fastify's inject, timing it. With FUZZ_TRACE=<file>, each request is appended to
 * the file before it is sent and its status and time after, so a hang shows what was in flight.
 */
export async function timedInject(app: NestFastifyApplication, request: SentRequest): Promise<Answer> {
  const trace = process.env.FUZZ_TRACE;
  if (trace) appendFileSync(trace, `> ${JSON.stringify({ ...request, payload: request.payload?.slice(0, 20_000) })}\n`);
  const started = performance.now();
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { host: request.host, ...request.headers },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  const ms = performance.now() - started;
  if (trace) appendFileSync(trace, `< ${response.statusCode} ${Math.round(ms)} ms\n`);
  return { status: response.statusCode, headers: response.headers, text: response.body, ms };
}

// Signs of an error that escaped: a stack frame, an engine error's name, the internal error's code.
const LEAKS = [/\n\s+at [^\n]+:\d+:\d+/, /\bRangeError\b/, /Maximum call stack/, /INTERNAL_SERVER_ERROR/, /\bTypeError\b/, /node_modules/];

/** The GraphQL response cap (DEFAULT_EXECUTION_LIMITS.maxResponseBytes). */
export const RESPONSE_CAP_BYTES = 16 * 1024 * 1024;

/**
 * Problems every answer of every surface may not have: a 5xx, a hang, a leaked error, no request id, a body over
 * the response cap or refused for its size (the test data is far below it: reaching it means a list without a bound).
 */
export function commonProblems(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.ms > ANSWER_TIME_BOUND_MS) problems.push(`answered in ${Math.round(answer.ms)} ms, over ${ANSWER_TIME_BOUND_MS} ms`);
  if (Buffer.byteLength(answer.text) > RESPONSE_CAP_BYTES) problems.push(`a body of ${Buffer.byteLength(answer.text)} bytes, over the response cap`);
  if (answer.text.includes('MAX_RESPONSE_SIZE_EXCEEDED')) problems.push('refused for its size on the test data');
  if (!answer.headers['x-request-id']) problems.push('no X-Request-Id header');
  for (const leak of LEAKS) if (leak.test(answer.text)) problems.push(`body matches ${leak}`);
  return problems;
}

/** The JSON body, or a problem saying it is not JSON. */
export function jsonBody(answer: Answer, problems: string[]): any {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) problems.push(`content-type ${JSON.stringify(type)}, not application/json`);
  try {
    return JSON.parse(answer.text);
  } catch {
    problems.push('body is not JSON');
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{errors: "…"}`: the REST and transport error shape with a string. */
export function stringErrorProblems(body: unknown): string[] {
  if (!isObject(body) || Object.keys(body).join() !== 'errors' || typeof body.errors !== 'string' || body.errors === '') {
    return [`body is not {errors: string}: ${preview(body)}`];
  }
  return [];
}

/** `{errors: {key: "…"}}` (400) or `{errors: {key: ["…"]}}` (422): errors keyed by parameter or field. */
export function keyedErrorProblems(body: unknown, values: 'string' | 'list'): string[] {
  if (!isObject(body) || Object.keys(body).join() !== 'errors' || !isObject(body.errors) || Object.keys(body.errors).length === 0) {
    return [`body is not {errors: {…}}: ${preview(body)}`];
  }
  const fits = (v: unknown) =>
    values === 'string' ? typeof v === 'string' && v !== '' : Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m !== '');
  return Object.entries(body.errors).every(([, v]) => fits(v)) ? [] : [`errors values are not ${values === 'string' ? 'strings' : 'lists of strings'}: ${preview(body)}`];
}

// Codes of documents refused as a whole: such an answer has no `data`.
const REQUEST_LEVEL_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'MAX_QUERY_SIZE_EXCEEDED',
  'MAX_TOKENS_EXCEEDED',
  'MAX_DEPTH_EXCEEDED',
  'MAX_FIELDS_EXCEEDED',
  'MAX_ALIASES_EXCEEDED',
  'MAX_DIRECTIVES_EXCEEDED',
  'MAX_COMPLEXITY_EXCEEDED',
  'MAX_COST_EXCEEDED',
  'MAX_INPUT_SIZE_EXCEEDED',
]);

/** A GraphQL error as the spec gives it: a string message and `extensions.code`. */
function graphqlErrorProblems(error: unknown, where: string): string[] {
  if (!isObject(error)) return [`${where} is not an object`];
  const problems: string[] = [];
  const extra = Object.keys(error).filter((k) => !['message', 'locations', 'path', 'extensions'].includes(k));
  if (extra.length > 0) problems.push(`${where} has keys ${extra.join(', ')}`);
  if (typeof error.message !== 'string' || error.message === '') problems.push(`${where}.message is not a non-empty string`);
  if (!isObject(error.extensions) || typeof error.extensions.code !== 'string' || error.extensions.code === '') {
    problems.push(`${where} has no extensions.code: ${preview(error)}`);
  }
  if (error.locations !== undefined) {
    const ok = Array.isArray(error.locations) && error.locations.every((l) => isObject(l) && Number.isInteger(l.line) && Number.isInteger(l.column));
    if (!ok) problems.push(`${where}.locations is not a list of {line, column}`);
  }
  if (error.path !== undefined) {
    const ok = Array.isArray(error.path) && error.path.every((p) => typeof p === 'string' || Number.isInteger(p));
    if (!ok) problems.push(`${where}.path is not a list of names and indexes`);
  }
  return problems;
}

/** `{data?, errors?, extensions?}` with at least data or errors, each error in the spec's shape. */
export function graphqlBodyProblems(body: unknown, where = 'body'): string[] {
  if (!isObject(body)) return [`${where} is not an object`];
  const problems: string[] = [];
  const extra = Object.keys(body).filter((k) => !['data', 'errors', 'extensions'].includes(k));
  if (extra.length > 0) problems.push(`${where} has keys ${extra.join(', ')}`);
  if (!('data' in body) && !('errors' in body)) problems.push(`${where} has neither data nor errors`);
  if ('data' in body && body.data !== null && !isObject(body.data)) problems.push(`${where}.data is not an object or null`);
  if ('extensions' in body && !isObject(body.extensions)) problems.push(`${where}.extensions is not an object`);
  if ('errors' in body) {
    if (!Array.isArray(body.errors) || body.errors.length === 0) problems.push(`${where}.errors is not a non-empty list`);
    else {
      body.errors.forEach((e, i) => problems.push(...graphqlErrorProblems(e, `${where}.errors[${i}]`)));
      const codes = body.errors.map((e) => (isObject(e) && isObject(e.extensions) ? e.extensions.code : undefined));
      if ('data' in body && codes.some((c) => typeof c === 'string' && REQUEST_LEVEL_CODES.has(c))) problems.push(`${where} has data beside a refusal of the whole request`);
    }
  }
  return problems;
}

/** The codes of a GraphQL body's errors. */
export function errorCodes(body: unknown): string[] {
  if (!isObject(body) || !Array.isArray(body.errors)) return [];
  return body.errors.map((e) => (isObject(e) && isObject(e.extensions) ? String(e.extensions.code) : ''));
}

/** The parts of a multipart/mixed answer with boundary `graphql`, checked as the spec frames them. */
export function multipartProblems(text: string): string[] {
  if (!text.startsWith('--graphql\r\n') || !text.endsWith('--graphql--')) return ['multipart body is not framed by --graphql … --graphql--'];
  const problems: string[] = [];
  const chunks = text.slice('--graphql\r\n'.length, -'--graphql--'.length).split('\r\n--graphql\r\n');
  chunks.forEach((chunk, i) => {
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(0, split);
    const json = chunk.slice(split + 4).replace(/\r\n$/, '');
    const length = /^Content-Type: application\/json\r\nContent-Length: (\d+)$/.exec(head);
    if (!length || Number(length[1]) !== Buffer.byteLength(json)) problems.push(`part ${i} has headers ${JSON.stringify(head)}`);
    let part: any;
    try {
      part = JSON.parse(json);
    } catch {
      problems.push(`part ${i} is not JSON`);
      return;
    }
    const last = i === chunks.length - 1;
    if (part.hasNext !== !last) problems.push(`part ${i} has hasNext ${part.hasNext}`);
    if (i === 0) {
      const { hasNext: _hasNext, ...rest } = part;
      problems.push(...graphqlBodyProblems(rest, 'part 0'));
    } else {
      for (const item of part.incremental ?? []) {
        if (!Array.isArray(item.path)) problems.push(`part ${i} has an incremental item without a path`);
        for (const [j, e] of (item.errors ?? []).entries()) problems.push(...graphqlErrorProblems(e, `part ${i} incremental error ${j}`));
      }
    }
  });
  return problems;
}

/** The depth of objects and lists in a JSON value (a scalar is 0), walked with a stack: bodies nest 100,000 deep. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (Array.isArray(current) || isObject(current)) {
      deepest = Math.max(deepest, depth + 1);
      for (const child of Object.values(current)) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** The top-level key under which a JSON object nests deeper than the body limit, in the text's order. */
export function keyNestedTooDeeply(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  return Object.keys(body).find((key) => 1 + jsonDepth(body[key]) > MAX_BODY_NESTING);
}

/**
 * Whether JSON text (one JSON.parse reads, at most 64 levels deep) names a key twice in one object, keys compared as
 * parsed: the body parser refuses such text as not JSON. A small recursive reader of its own, not the server's scan.
 */
export function hasDuplicateKey(text: string): boolean {
  const token = /\s*("(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+)/y;
  const next = () => token.exec(text)?.[1];
  let found = false;
  const read = (first: string | undefined): void => {
    const close = first === '{' ? '}' : first === '[' ? ']' : undefined;
    if (!close) return;
    const keys = new Set<string>();
    for (let t = next(); t !== close && t !== undefined; t = next()) {
      if (t === ',') continue;
      if (close === ']') {
        read(t);
        continue;
      }
      const key = JSON.parse(t) as string;
      found ||= keys.has(key);
      keys.add(key);
      next(); // the colon
      read(next());
    }
  };
  read(next());
  return found;
}

export function preview(value: unknown, length = 300): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? String(value) : text.length > length ? `${text.slice(0, length)}…` : text;
}
