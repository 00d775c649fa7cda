/**
 * Issue 11 "Hardening": every endpoint under src/pages/api/v1, every method, signed in and not,
 * walked with generated bad input (NUL-laden strings, ids past PostgreSQL's integer, wrong types,
 * 1,000-level nesting, 100k-character strings, non-JSON bodies, wrong content types, the same
 * values in the query). Whatever arrives, the answer is never a 5xx, and an error is the JSON
 * envelope `{ code, msg, data }` with a non-zero code (ARCHITECTURE.md "Names").
 *
 * Endpoints are found on disk, not listed by hand, so a new endpoint is walked the day it lands.
 * Routes are called in-process with the suite's PGlite database on `locals`, dispatched the way
 * Astro's renderEndpoint does (the method's export, else ALL, else GET for a HEAD). Middleware does not
 * run here: its own refusals (NUL in the URL, cross-site forms) are covered by
 * tests/e2e/http-edge.e2e.ts, so this walk checks the stricter case of a route meeting them itself.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIContext, APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, TestDatabase } from '~/platform/db/client';
import { listings, operators, orders, payments, users } from '~/platform/db/schema';
import { DEMO_OPERATORS } from '~/app/seed/operators';
import { openOperatorSession } from '~/features/console/server/operators';
import { handle } from '~/platform/http/http';
import { openTestDatabase } from '~/app/seed/test-database';
import { computeRequestSignature, issueSignChallenge } from '~/features/sign-in/server/request-signing';
import { issueToken } from '~/features/sign-in/server/tokens';
import { suiteContext } from './route-context';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const API_DIR = '/src/pages/api/v1/';
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/** Generated cases per endpoint; with the fixed sweep the file runs in well under a minute on two cores. */
const RUNS_PER_ENDPOINT = Number(process.env.BAD_INPUT_RUNS ?? 60);

// ---------------------------------------------------------------------------------------------
// Endpoints that legitimately answer something other than the envelope, and why
// ---------------------------------------------------------------------------------------------

/**
 * Route patterns whose answers are not the envelope by design. Every other answer with a body must
 * be the envelope. Statuses are still checked for all of them.
 */
const NOT_ENVELOPE: Record<string, string> = {
  // The payment gateway reads plain `success`/`fail` (Alipay, sandbox) or WeChat Pay v3's own JSON
  // and retries until success; it is not a browser client of ours.
  '/api/v1/pay/notify/[channel]': 'answers the gateway in its own format (plain success/fail, WeChat v3 JSON)',
};

/** Non-envelope answers allowed only on success; errors from these still come through handle() as the envelope. */
const RAW_ON_SUCCESS: Record<string, string> = {
  // Spec §7: the gameList URL points at a raw `[{ title, id }]` array, cacheable, no envelope.
  '/api/v1/rentalHall/games.json': 'raw JSON array on 200 (spec §7 gameList)',
  // Issue 15: a batch's exchange codes as a CSV download for the operator.
  '/api/v1/ops/campaigns/exchange-codes/export': 'CSV file on 200 (console export)',
  // Issue 15: the chat's server-sent event streams (their refusals are the envelope).
  '/api/v1/chat/stream': 'text/event-stream on 200 (services/chat/streams.ts)',
  '/api/v1/ops/chat/stream': 'text/event-stream on 200 (services/chat/streams.ts)',
};

/** Answers that are an HTML page for a person's browser (any status); their other methods' 405s are the envelope. */
const HTML_PAGES: Record<string, string> = {
  // The provider sends the user's browser here after authorising; a page, not an API answer.
  '/api/v1/qr/wechat/callback': 'HTML page for the browser the provider redirects (qr/_callback.ts)',
  '/api/v1/qr/qq/callback': 'HTML page for the browser the provider redirects (qr/_callback.ts)',
};

/**
 * A 5xx the walk may see on this route only for the stated reason. Empty: no endpoint may 5xx.
 * (The notify route answers the gateway 500 when handling threw, so it retries; bad input must not
 * get there, so it is not listed.)
 */
const KNOWN_5XX: Record<string, string> = {};

// ---------------------------------------------------------------------------------------------
// Discovery
// ---------------------------------------------------------------------------------------------

type RouteModule = Partial<Record<Method | 'ALL', APIRoute>>;

interface Endpoint {
  /** The route pattern, e.g. /api/v1/pay/notify/[channel]. */
  pattern: string;
  file: string;
  load: () => Promise<RouteModule>;
  /** Dynamic segments: name and whether it is a rest parameter ([...rest]). */
  params: { name: string; rest: boolean }[];
  /** Methods the module exports by name (not ALL). */
  methods: Method[];
  hasAll: boolean;
  /** Field names the endpoint's schemas read, where the walk could find them. */
  fields: string[];
  /** The zod schemas it validates with, when exported from a module it imports. */
  schemas: unknown[];
  /** Whether it takes a signed body (readSignedJson: X-Sign over the exact text, an RSA-encrypted password). */
  signed: boolean;
}

const routeModules = import.meta.glob<RouteModule>('/src/pages/api/v1/**/*.ts');
// Lazy: only the modules a route imports its schemas from are ever loaded.
const sourceModules = import.meta.glob<Record<string, unknown>>(['/src/features/**/*.ts', '/src/platform/**/*.ts', '/src/app/**/*.ts']);

function patternOf(file: string): string {
  let route = file.slice('/src/pages'.length).replace(/\.ts$/, '');
  if (route.endsWith('/index')) route = route.slice(0, -'/index'.length);
  return route;
}

/** Whether Astro routes the file: a segment starting with `_` is private (qr/_callback.ts). */
function isRouted(file: string): boolean {
  return !file.slice(API_DIR.length).split('/').some((segment) => segment.startsWith('_'));
}

/** The module file a `~/...` or relative import names, as a key of `sourceModules`. */
function moduleKey(specifier: string, fromFile: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = `/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) if (candidate in sourceModules) return candidate;
  return null;
}

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
}

/** The object keys a zod schema reads, through wrappers, pipes, unions and intersections. */
function schemaKeys(schema: unknown, seen = new Set<unknown>()): string[] {
  const def = (schema as ZodLike | null)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const keys: string[] = [];
  const visit = (inner: unknown): void => void keys.push(...schemaKeys(inner, seen));
  if (def['shape'] && typeof def['shape'] === 'object') {
    for (const [key, inner] of Object.entries(def['shape'] as Record<string, unknown>)) {
      keys.push(key);
      visit(inner);
    }
  }
  for (const slot of ['innerType', 'in', 'out', 'left', 'right', 'element', 'schema']) if (def[slot]) visit(def[slot]);
  if (Array.isArray(def['options'])) for (const option of def['options']) visit(option);
  return keys;
}

/**
 * The field names an endpoint validates: keys of the schemas it hands to readJson / readQuery /
 * readSignedJson / parseInput when they are exported from a module it imports, the input schema of
 * the wired route it serves (`serve(X_WIRE.name, …)`, `serveConsole(X_WIRE.name, …)`), plus keys
 * written in its own file (`name: z.…`). Best effort: the generic list below covers what this misses.
 */
async function fieldsOf(file: string, source: string): Promise<{ fields: string[]; schemas: unknown[] }> {
  const fields = new Set<string>();
  const schemas: unknown[] = [];
  for (const match of source.matchAll(/^\s*([a-z_][A-Za-z0-9_]*)\s*:\s*(?:z\.|[A-Za-z]+Schema\b)/gm)) fields.add(match[1]!);
  const used = new Set<string>();
  for (const match of source.matchAll(/(?:readJson|readQuery|readSignedJson)\(\s*[\w.]+\s*,\s*([A-Za-z_$][\w$]*)/g)) used.add(match[1]!);
  for (const match of source.matchAll(/parseInput\(\s*([A-Za-z_$][\w$]*)/g)) used.add(match[1]!);
  // A served route: the wire object it names, and the route's name in it.
  const served = new Map<string, string[]>();
  for (const match of source.matchAll(/serve(?:Console)?\(\s*([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)/g)) {
    used.add(match[1]!);
    served.set(match[1]!, [...(served.get(match[1]!) ?? []), match[2]!]);
  }
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    // `exported as local`: the route uses the local name, the module exports the other.
    const imported = match[1]!
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => {
        const [exported, local = exported] = part.split(/\s+as\s+/);
        return { exported: exported!, local: local! };
      })
      .filter(({ local }) => used.has(local));
    if (imported.length === 0) continue;
    const key = moduleKey(match[2]!, file);
    if (!key) continue;
    const mod = await sourceModules[key]!();
    for (const { exported, local } of imported) {
      if (!mod[exported]) continue;
      const wired = served.get(local);
      const found = wired ? wired.map((name) => (mod[exported] as Record<string, { input?: unknown }>)[name]?.input).filter(Boolean) : [mod[exported]];
      for (const schema of found) {
        schemas.push(schema);
        for (const field of schemaKeys(schema)) fields.add(field);
      }
    }
  }
  return { fields: [...fields], schemas };
}

async function discoverEndpoints(): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const [file, load] of Object.entries(routeModules)) {
    if (!isRouted(file)) continue;
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    const params = [...file.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((m) => ({ name: m[2]!, rest: Boolean(m[1]) }));
    const mod = await load();
    endpoints.push({
      pattern: patternOf(file),
      file,
      load,
      params,
      methods: METHODS.filter((method) => typeof mod[method] === 'function'),
      hasAll: typeof mod.ALL === 'function',
      ...(await fieldsOf(file, source)),
      signed: source.includes('readSignedJson('),
    });
  }
  return endpoints.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

// ---------------------------------------------------------------------------------------------
// Calling a route in-process
// ---------------------------------------------------------------------------------------------

interface Call {
  method: Method;
  /** Path with the query string. */
  path: string;
  params: Record<string, string | undefined>;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Short description for a failure message. */
  label: string;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

let ipCounter = 0;

/** Dispatch like Astro's renderEndpoint: the method's export, else ALL, else GET for a HEAD; none → 404 with no body. */
async function invoke(mod: RouteModule, call: Call): Promise<Answer> {
  const handler = mod[call.method] ?? mod.ALL ?? (call.method === 'HEAD' ? mod.GET : undefined);
  if (!handler) return { status: 404, headers: new Headers(), text: '' };
  const hasBody = call.body !== undefined && call.method !== 'GET' && call.method !== 'HEAD';
  const request = new Request(`http://localhost${call.path}`, {
    method: call.method,
    headers: call.headers,
    ...(hasBody ? { body: call.body } : {}),
  });
  ipCounter += 1;
  const context = {
    request,
    url: new URL(request.url),
    params: call.params,
    locals: suiteContext.locals(),
    // A fresh address per call, so per-IP rate limits do not hide the code behind them.
    clientAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
  } as unknown as APIContext;
  const response = await handler(context);
  // An event stream stays open until the client leaves: the walk takes its status and leaves.
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, text: '' };
  }
  const text = call.method === 'HEAD' ? '' : await response.text();
  return { status: response.status, headers: response.headers, text };
}

/**
 * What is wrong with an answer, or null. The rule: never a 5xx; an answer with a body is the
 * envelope, with a non-zero code on an error status; a 405 names what is allowed; no stack trace.
 */
function answerProblem(pattern: string, call: Pick<Call, 'method'>, answer: Answer): string | null {
  if (answer.status >= 500 && !(pattern in KNOWN_5XX)) return `status ${answer.status}`;
  if (/\n\s+at [^\n]+:\d+:\d+/.test(answer.text)) return 'the body carries a stack trace';
  if (call.method === 'HEAD' || pattern in NOT_ENVELOPE) return null;
  // OPTIONS is answered 204 with the Allow header and no body (http.ts allowOnly).
  if (call.method === 'OPTIONS' && answer.status === 204) return answer.text === '' && answer.headers.get('allow') ? null : 'OPTIONS 204 without its Allow header, or with a body';
  // Only the page itself is HTML; its 405 for other methods is the envelope like everywhere else.
  if (pattern in HTML_PAGES && /^text\/html/.test(answer.headers.get('content-type') ?? '')) return null;
  if (pattern in RAW_ON_SUCCESS && answer.status === 200) return null;
  if (answer.status === 404 && answer.text === '') return 'Astro 404 with no body: the module exports no handler for this method (add ALL = allowOnly(...))';
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `not JSON: ${JSON.stringify(answer.text.slice(0, 120))}`;
  }
  const envelope = body as { code?: unknown; msg?: unknown };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not the envelope (not an object)';
  if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string' || !('data' in body)) return 'not the envelope {code, msg, data}';
  if (answer.status >= 400 && envelope.code === 0) return `status ${answer.status} with code 0`;
  if (answer.status === 405 && !answer.headers.get('allow')) return '405 without an Allow header';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------

/** Field names used across the API, for endpoints whose schema the walk could not read. */
const COMMON_FIELDS = [
  'account_id', 'order_no', 'id', 'plan_id', 'page', 'page_size', 'keyword', 'mobile', 'code', 'password',
  'amount', 'red_packet_id', 'hours', 'rental_id', 'scene', 'source_id', 'content', 'game_id', 'zone_id',
  'pay_type', 'channel', 'type', 'status', 'sort', 'option', 'reserved', 'token', 'state', 'pay_no',
  'email', 'username', 'name', 'id_card', 'action', 'qr_id', 'shop_id', 'template_id', 'ids', 'score',
];

const NUL = '\u0000';
const deepArray = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
};
const deepObject = (levels: number, key = 'a'): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = { [key]: value };
  return value;
};
/** A NUL deeper than the old 64-level scan looked: it reached a jsonb column (SQLSTATE 22P05, a 500). */
const NUL_AT_DEPTH_70 = deepObject(70, 'k');
(function plantNul(value: Record<string, unknown>): void {
  const next = value['k'];
  if (typeof next === 'object' && next !== null) plantNul(next as Record<string, unknown>);
  else value['k'] = `deep${NUL}`;
})(NUL_AT_DEPTH_70 as Record<string, unknown>);
/** What JSON carries but a jsonb column refuses: NUL (22P05), lone surrogates (22P02), at depth and in keys. */
const JSONB_POISON: unknown[] = [
  { k: NUL }, { k: '\uD800' }, { k: { k: 'a\uDFFFb' } }, { ['\uD800']: 1 }, NUL_AT_DEPTH_70, [[[[`x${NUL}`]]]], { k: 1e308 }, { k: -0 },
];
const DEEPEST_LEVELS = 50_000;
const DEEP_ARRAY = deepArray(1000);
const DEEP_OBJECT = deepObject(1000);
const LONG_TEXT = 'x'.repeat(100_000);
const LONG_DIGITS = '9'.repeat(100_000);
const LONG_CJK = '租'.repeat(100_000);

const nulString = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([before, after]) => `${before}${NUL}${after}`);

const hugeNumber = fc.constantFrom(
  2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e308, -1, 0, 1.5, -(2 ** 31) - 1, 1e-7, Number.MAX_VALUE,
);
const numberAsString = fc.constantFrom(
  'NaN', 'Infinity', '-Infinity', '2147483648', '9007199254740993', '1e308', '-1', '0', '1.5', '0x10', '1e3',
  ' 1 ', '', '00001', '+1', '１', '1_000',
);
const wrongType = fc.constantFrom<unknown>([], [1, 2], [NUL], {}, { a: 1 }, { [NUL]: 1 }, true, false, null, ...JSONB_POISON);
const oddText = fc.constantFrom(
  LONG_TEXT, LONG_DIGITS, LONG_CJK, '\uD800', '\uDFFF\uD800', '%00', "'; drop table users; --", '   ', '\n', '🎮'.repeat(500),
  '\u202Eevil', '<script>alert(1)</script>', '../../etc/passwd', '\\', '%', '_',
);
/** Plausible values too, so code past validation (lookups by id, by order number) runs as well. */
const plausible = fc.oneof(
  fc.integer({ min: 1, max: 60 }),
  fc.constantFrom('renter01', '13800000001', 'renter_pass01', 'alipay', 'wechat', 'balance', 'A'.repeat(32), '1', 'true'),
  fc.string({ maxLength: 20 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nulString, weight: 3 },
  { arbitrary: hugeNumber, weight: 3 },
  { arbitrary: numberAsString, weight: 2 },
  { arbitrary: wrongType, weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(DEEP_ARRAY, DEEP_OBJECT), weight: 1 },
  { arbitrary: oddText, weight: 2 },
  { arbitrary: plausible, weight: 2 },
  { arbitrary: fc.array(fc.oneof(nulString, hugeNumber, plausible), { maxLength: 4 }), weight: 1 },
);

/** Values from the demo seed (order numbers, listing ids), filled in beforeAll, so lookups can hit real rows. */
const seedValues: unknown[] = [];

/** What a plausible but not schema-derived value looks like: small ids, seeded keys, short text. */
function plausibleValue(): fc.Arbitrary<unknown> {
  return seedValues.length > 0 ? fc.oneof(plausible, fc.constantFrom(...seedValues)) : plausible;
}

interface CheckDef {
  check?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
}

function checksOf(def: Record<string, unknown>): CheckDef[] {
  const checks = (def['checks'] as { _zod?: { def?: CheckDef } }[] | undefined) ?? [];
  return checks.map((check) => check._zod?.def ?? {});
}

/**
 * A value the schema would mostly accept: the walk gets past validation into the service, where a
 * NUL or a huge id then only has to slip through once to reach the database. Best effort over the
 * zod shapes our contract uses; anything unknown becomes a plausible value.
 */
function validish(schema: unknown, depth = 0, sprinkle = true): fc.Arbitrary<unknown> {
  const def = (schema as ZodLike | null)?._zod?.def;
  if (!def || depth > 6) return plausibleValue();
  const inner = (key: string): fc.Arbitrary<unknown> => validish(def[key], depth + 1, sprinkle);
  switch (def['type']) {
    case 'object': {
      const shape = def['shape'] as Record<string, unknown>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) {
        // Mostly valid, sometimes bad: one bad field among good ones is what reaches deepest.
        record[key] = sprinkle
          ? fc.oneof({ arbitrary: validish(value, depth + 1, sprinkle), weight: 3 }, { arbitrary: nastyValue, weight: 1 })
          : validish(value, depth + 1, sprinkle);
      }
      // Every key present (an optional one may still be undefined): a missing required field stops at the schema.
      return fc.record(record);
    }
    case 'number': {
      const checks = checksOf(def);
      const isInt = [def['format'], ...checksOf(def).map((check) => check.format)].some((format) => typeof format === 'string' && /int/.test(format));
      let min = -1000;
      let max = 100_000;
      for (const check of checks) {
        if (check.check === 'greater_than' && typeof check.value === 'number') min = check.value + (check.inclusive ? 0 : 1);
        if (check.check === 'less_than' && typeof check.value === 'number') max = check.value - (check.inclusive ? 0 : 1);
      }
      if (Math.ceil(min) > Math.floor(max)) return isInt ? plausibleValue() : fc.double({ min, max, noNaN: true });
      const top = Math.min(max, min + 1000);
      // Small non-negative numbers first: ids, hours, pages and enum-like codes all live there.
      const low = Math.ceil(Math.max(min, 0));
      const small = low <= max ? fc.integer({ min: low, max: Math.floor(Math.min(max, low + 60)) }) : fc.constant(Math.floor(max));
      return fc.oneof(
        { arbitrary: small, weight: 4 },
        { arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(top) }), weight: 1 },
        { arbitrary: fc.constantFrom(min, max), weight: 1 },
        ...(isInt ? [] : [{ arbitrary: fc.double({ min, max: top, noNaN: true }), weight: 1 }]),
      );
    }
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n }).map(String);
    case 'string': {
      if (def['format'] === 'email') return fc.constantFrom('renter01@example.com', 'nobody@example.com');
      let minLength = 0;
      let maxLength = 24;
      let pattern: RegExp | undefined;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length' && typeof check.minimum === 'number') minLength = check.minimum;
        if (check.check === 'max_length' && typeof check.maximum === 'number') maxLength = Math.min(check.maximum, minLength + 24);
        if (check.check === 'length_equals' && typeof check.length === 'number') minLength = maxLength = check.length;
        if (check.check === 'string_format' && check.pattern instanceof RegExp) pattern = check.pattern;
      }
      if (pattern) {
        const known = ['13800000001', '13800000011', '123456', 'renter01', 'renter_pass01', ...seedValues.filter((v) => typeof v === 'string')];
        const matching = known.filter((candidate) => pattern.test(String(candidate)));
        return matching.length > 0 ? fc.oneof(fc.constantFrom(...matching), fc.stringMatching(pattern)) : fc.stringMatching(pattern);
      }
      const strings = seedValues.filter((v): v is string => typeof v === 'string' && v.length >= minLength && v.length <= maxLength);
      const text = fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
      return strings.length > 0 ? fc.oneof(text, fc.constantFrom(...strings)) : text;
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sprinkle ? fc.oneof({ arbitrary: inner('innerType'), weight: 4 }, { arbitrary: fc.constant(undefined), weight: 1 }) : inner('innerType');
    case 'pipe':
      // A query param is string → transform → number: the output's shape (stringified in the query) passes more often.
      return fc.oneof({ arbitrary: inner('out'), weight: 2 }, { arbitrary: inner('in'), weight: 1 });
    case 'array':
      return fc.array(inner('element'), { maxLength: 3 });
    case 'union':
      return fc.oneof(...(def['options'] as unknown[]).map((option) => validish(option, depth + 1, sprinkle)));
    case 'intersection':
      return fc.tuple(inner('left'), inner('right')).map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    default:
      return plausibleValue();
  }
}

/** A body or query object: from the route's own schema when found, else from field names. */
function inputOf(endpoint: Endpoint): fc.Arbitrary<Record<string, unknown>> {
  const byName = objectOf(endpoint.fields);
  const fromSchema = endpoint.schemas
    .map((schema) => validish(schema))
    .map((arbitrary) => arbitrary.map((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value })));
  return fromSchema.length > 0 ? fc.oneof({ arbitrary: fc.oneof(...fromSchema), weight: 3 }, { arbitrary: byName, weight: 1 }) : byName;
}

function objectOf(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...new Set([...fields, ...COMMON_FIELDS])];
  const own = fields.length > 0 ? [{ arbitrary: fc.constantFrom(...fields), weight: 6 }] : [];
  const value = fc.oneof({ arbitrary: nastyValue, weight: 2 }, { arbitrary: plausibleValue(), weight: 1 });
  return fc.dictionary(fc.oneof(...own, { arbitrary: fc.constantFrom(...keys), weight: 3 }, { arbitrary: nulString, weight: 1 }), value, {
    maxKeys: 6,
  });
}

/** A value as the query string would carry it. */
function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

type BodyKind = 'json-object' | 'json-other' | 'not-json' | 'invalid-utf8' | 'form' | 'text-plain' | 'no-type' | 'none';

const contentTypes = fc.constantFrom(
  'application/json', 'application/json; charset=utf-8', 'application/vnd.api+json', 'text/plain', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x', 'application/xml', 'APPLICATION/JSON', 'application/json; charset=utf-16', ';;',
);

interface Generated {
  method: Method;
  auth: 'none' | 'user' | 'verified' | 'garbage' | 'operator';
  bodyKind: BodyKind;
  fields: Record<string, unknown>;
  queryFields: Record<string, unknown>;
  queryFromBody?: boolean;
  rawQuery: string;
  jsonOther: unknown;
  notJson: string;
  contentType: string;
  param: string;
  extraHeaders: Record<string, string>;
  /** Sign the body with a fresh challenge (signed endpoints only), so the walk gets past X-Sign. */
  sign?: boolean;
}

const paramValue = fc.oneof(
  fc.constantFrom('alipay', 'wechat', 'sandbox', 'ALIPAY', '', 'x'.repeat(300), '..', 'a/b', '1', '2147483648'),
  nulString,
  fc.string({ maxLength: 16 }),
);

const headerText = fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.:/+= '.split('')), maxLength: 300 });

function generated(endpoint: Endpoint): fc.Arbitrary<Generated> {
  const implemented = endpoint.methods.length > 0 ? endpoint.methods : (['GET'] as Method[]);
  return fc.record({
    method: fc.oneof({ arbitrary: fc.constantFrom(...implemented), weight: 4 }, { arbitrary: fc.constantFrom(...METHODS), weight: 1 }),
    // The console answers only an operator's session (issue 15): its calls are walked mostly as an admin.
    auth: endpoint.pattern.startsWith(OPS_API_PREFIX)
      ? fc.constantFrom<Generated['auth']>('operator', 'operator', 'operator', 'operator', 'none', 'user')
      : fc.constantFrom<Generated['auth']>('none', 'user', 'user', 'verified', 'verified', 'garbage'),
    bodyKind: fc.constantFrom<BodyKind>('json-object', 'json-object', 'json-object', 'json-other', 'not-json', 'invalid-utf8', 'form', 'text-plain', 'no-type', 'none'),
    fields: inputOf(endpoint),
    queryFields: fc.oneof(inputOf(endpoint), fc.constant({})),
    // A GET reads the query: most cases send the same input there as in the body.
    queryFromBody: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
    rawQuery: fc.constantFrom('', '', '', '', '', '', '', '&page=%E0%A4%A', '&%=1', '&page=1&page=2&page=%00', '&a[b]=1', `&keyword=${'%FF'.repeat(3)}`),
    jsonOther: fc.oneof(nastyValue, fc.constantFrom<unknown>(DEEP_ARRAY, DEEP_OBJECT, [{}], 'string', 12)),
    notJson: fc.constantFrom('{', '{"a":', 'garbage', '', ' ', '\u0000', '{"a":1}{"b":2}', 'NaN', '[1,]', "{'a':1}", '{"__proto__":{"x":1}}', `{"a":"${'\\u0000'}"}`),
    contentType: contentTypes,
    param: paramValue,
    sign: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
    extraHeaders: fc.record(
      {
        'idempotency-key': headerText,
        'x-sign': headerText,
        'x-timestamp': fc.constantFrom('0', '-1', '99999999999999999999', 'abc', String(Math.floor(Date.now() / 1000))),
        'x-nonce': headerText,
        'content-length': fc.constantFrom('abc', '-1', '99999999999999999999'),
      },
      { requiredKeys: [] },
    ),
  });
}

interface Tokens {
  user: string;
  verified: string;
  /** The Cookie header of a fresh admin session of the operator console. */
  operator: string;
}

const OPS_API_PREFIX = '/api/v1/ops/';

function buildCall(endpoint: Endpoint, g: Generated, tokens: Tokens): Call {
  const params: Record<string, string | undefined> = {};
  let route = endpoint.pattern;
  for (const { name, rest } of endpoint.params) {
    params[name] = rest ? g.param || undefined : g.param;
    const segment = rest ? g.param.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(g.param);
    route = route.replace(`[${rest ? '...' : ''}${name}]`, segment);
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(g.queryFromBody ? g.fields : g.queryFields)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length < 5) for (const item of value) query.append(key, queryText(item));
    else query.append(key, queryText(value));
  }
  const search = `${query.toString()}${g.rawQuery}`;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(g.extraHeaders)) {
    // content-length is the request's own business; a lying one is tried only without a body.
    if (key === 'content-length') continue;
    headers[key] = value;
  }
  if (g.auth === 'user') headers['authorization'] = `Bearer ${tokens.user}`;
  if (g.auth === 'verified') headers['authorization'] = `Bearer ${tokens.verified}`;
  if (g.auth === 'operator') headers['cookie'] = tokens.operator;
  if (g.auth === 'garbage') headers['authorization'] = `Bearer ${'A'.repeat(64)}${g.extraHeaders['x-nonce'] ?? ''}`.trim();
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  switch (g.bodyKind) {
    case 'json-object':
      headers['content-type'] = 'application/json';
      body = JSON.stringify(g.fields);
      break;
    case 'json-other':
      headers['content-type'] = 'application/json';
      body = JSON.stringify(g.jsonOther) ?? 'null';
      break;
    case 'not-json':
      headers['content-type'] = g.contentType;
      body = g.notJson;
      break;
    case 'invalid-utf8':
      headers['content-type'] = 'application/json';
      body = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]);
      break;
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(g.fields).filter(([, v]) => v !== undefined).map(([k, v]) => [k, queryText(v)])).toString();
      break;
    case 'text-plain':
      // The sendBeacon case: JSON text sent as text/plain.
      headers['content-type'] = 'text/plain;charset=UTF-8';
      body = JSON.stringify(g.fields);
      break;
    case 'no-type':
      body = JSON.stringify(g.fields);
      break;
    case 'none':
      if (g.extraHeaders['content-length']) headers['content-type'] = 'application/json';
      break;
  }
  const label = `${g.method} ${route}${search ? `?${search.slice(0, 200)}` : ''} auth=${g.auth} body=${g.bodyKind}${
    body === undefined ? '' : ` ${headers['content-type'] ?? '(no type)'} ${typeof body === 'string' ? JSON.stringify(body.slice(0, 200)) : '<bytes>'}`
  }`;
  return { method: g.method, path: `${route}${search ? `?${search}` : ''}`, params, headers, body, label };
}

// ---------------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------------

const endpoints = await discoverEndpoints();
const modules = new Map<string, RouteModule>();
const loadModule = async (endpoint: Endpoint): Promise<RouteModule> => {
  let mod = modules.get(endpoint.pattern);
  if (!mod) modules.set(endpoint.pattern, (mod = await endpoint.load()));
  return mod;
};

/** BAD_INPUT_STATS=1 prints the statuses each endpoint and method answered: how deep the walk got. */
const STATS = process.env.BAD_INPUT_STATS ? new Map<string, Map<number, number>>() : null;

let testDb: TestDatabase;
let db: Db;

async function operatorId(username: string): Promise<number> {
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, username));
  if (!row) throw new Error(`the demo seed has no operator ${username}`);
  return row.id;
}

async function userId(username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`the demo seed has no ${username}`);
  return row.id;
}

/**
 * Fresh tokens for each endpoint: the walk may sign out (common/logout revokes the token it was
 * called with) or change the password, and later endpoints must still reach their signed-in code.
 * renter01 has no real name (orders stop at 403 1003); owner01 has one, so orders go deeper.
 */
async function freshTokens(): Promise<Tokens> {
  const now = new Date();
  const [user, verified, operator] = await Promise.all([
    issueToken(db, await userId('renter01'), { now }),
    issueToken(db, await userId('owner01'), { now }),
    openOperatorSession(db, await operatorId(DEMO_OPERATORS.admin.username), now),
  ]);
  return { user: user.token, verified: verified.token, operator: operator.cookie };
}

/**
 * The call as the browser signs it (docs/sign-in-api.md): a fresh challenge, the password field
 * RSA-encrypted with it, X-Sign over the exact body text. Nasty values then meet the code behind
 * the signature check instead of stopping at it.
 */
async function signCall(endpoint: Endpoint, g: Generated, tokens: Tokens): Promise<Call> {
  if (!endpoint.signed || !g.sign || g.method !== 'POST' || g.bodyKind !== 'json-object') return buildCall(endpoint, g, tokens);
  const challenge = await issueSignChallenge(db, new Date());
  const fields = { ...g.fields };
  for (const key of ['password', 'new_password']) {
    const value = fields[key];
    if (typeof value !== 'string') continue;
    try {
      const secret = JSON.stringify({ password: value, challenge: challenge.nonce_str, ts: challenge.timestamp });
      fields[key] = publicEncrypt({ key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(secret, 'utf8')).toString('base64');
    } catch {
      // Too long for one RSA block: sent as is, and refused as undecryptable.
    }
  }
  const call = buildCall(endpoint, { ...g, fields }, tokens);
  const text = typeof call.body === 'string' ? call.body : '';
  call.headers['x-timestamp'] = String(challenge.timestamp);
  call.headers['x-nonce-str'] = challenge.nonce_str;
  call.headers['x-sign'] = computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, text);
  call.label += ' (signed)';
  return call;
}

async function expectSound(endpoint: Endpoint, call: Call): Promise<void> {
  const answer = await invoke(await loadModule(endpoint), call);
  if (STATS) {
    const key = `${endpoint.pattern} ${call.method}`;
    const tally = (STATS.get(key) ?? STATS.set(key, new Map()).get(key))!;
    tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
    if (process.env.BAD_INPUT_STATS === 'msg' && answer.status === 400) console.log('400', call.label.slice(0, 160), answer.text.slice(0, 100));
  }
  const problem = answerProblem(endpoint.pattern, call, answer);
  if (problem) {
    throw new Error(`${problem}: ${call.label}\n→ ${answer.status} ${answer.text.slice(0, 300)}`);
  }
}

beforeAll(async () => {
  testDb = await openTestDatabase({ seed: true });
  db = testDb.db;
  suiteContext.db = db;
  const orderRows = await db.select({ orderNo: orders.orderNo }).from(orders).limit(5);
  const payRows = await db.select({ payNo: payments.payNo }).from(payments).limit(3);
  const listingRows = await db.select({ id: listings.id }).from(listings).limit(5);
  seedValues.push(...orderRows.map((r) => r.orderNo), ...payRows.map((r) => r.payNo), ...listingRows.map((r) => r.id));
}, 120_000);

afterAll(async () => {
  if (STATS) {
    for (const [key, tally] of [...STATS].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(key.padEnd(50), [...tally].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' '));
    }
  }
  suiteContext.db = null;
  await testDb?.close();
});

describe('the walk finds the API', () => {
  it('discovers the endpoints and reads their field names', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const create = endpoints.find((e) => e.pattern === '/api/v1/order/create');
    expect(create?.methods).toEqual(['POST']);
    expect(create?.fields).toContain('account_id');
    expect(endpoints.find((e) => e.pattern === '/api/v1/pay/notify/[channel]')?.params).toEqual([{ name: 'channel', rest: false }]);
    // Every exemption names a real route, so a renamed route does not leave a stale exemption behind.
    const patterns = new Set(endpoints.map((e) => e.pattern));
    for (const pattern of [...Object.keys(NOT_ENVELOPE), ...Object.keys(RAW_ON_SUCCESS), ...Object.keys(HTML_PAGES), ...Object.keys(KNOWN_5XX)]) {
      expect(patterns, pattern).toContain(pattern);
    }
  });

  it('every endpoint answers every method (ALL covers what it does not implement)', () => {
    const withoutAll = endpoints.filter((e) => !e.hasAll).map((e) => e.pattern);
    expect(withoutAll).toEqual([]);
  });

  it('the assertion catches a route that throws a plain Error as a 500 (self-check)', async () => {
    const broken: RouteModule = {
      POST: handle(async () => {
        throw new Error('deliberately broken');
      }),
    };
    const call: Call = { method: 'POST', path: '/api/v1/broken', params: {}, headers: {}, label: 'POST /api/v1/broken' };
    const answer = await invoke(broken, call);
    expect(answer.status).toBe(500);
    expect(answerProblem('/api/v1/broken', call, answer)).toBe('status 500');
    // And a sound answer passes.
    const sound = await invoke({ POST: handle(async () => new Response('{"code":1,"msg":"x","data":null}', { status: 400 })) }, call);
    expect(answerProblem('/api/v1/broken', call, sound)).toBeNull();
  });
});

describe('every endpoint, every method, fixed bad input', () => {
  it.each(endpoints.map((e) => [e.pattern, e] as const))('%s', async (_pattern, endpoint) => {
    const tokens = await freshTokens();
    const cases: Generated[] = [];
    const blank: Generated = {
      method: 'GET', auth: 'none', bodyKind: 'none', fields: {}, queryFields: {}, rawQuery: '', jsonOther: null, notJson: '',
      contentType: 'application/json', param: 'alipay', extraHeaders: {},
    };
    for (const method of METHODS) {
      for (const auth of ['none', 'user'] as const) cases.push({ ...blank, method, auth });
    }
    const nulFields = Object.fromEntries([...endpoint.fields, 'id'].map((f) => [f, `a${NUL}b`]));
    const hugeFields = Object.fromEntries([...endpoint.fields, 'id'].map((f) => [f, 2 ** 31]));
    const longFields = Object.fromEntries([...endpoint.fields, 'id'].map((f) => [f, LONG_TEXT]));
    for (const method of endpoint.methods) {
      for (const auth of ['none', 'verified'] as const) {
        const base = { ...blank, method, auth };
        cases.push(
          { ...base, bodyKind: 'json-object', fields: nulFields, queryFields: nulFields },
          { ...base, bodyKind: 'json-object', fields: hugeFields, queryFields: hugeFields },
          { ...base, bodyKind: 'json-object', fields: longFields, queryFields: longFields },
          { ...base, bodyKind: 'json-other', jsonOther: DEEP_OBJECT },
          { ...base, bodyKind: 'not-json', notJson: '{', contentType: 'application/json' },
          { ...base, bodyKind: 'form', fields: { id: '1' } },
          { ...base, bodyKind: 'invalid-utf8' },
        );
      }
    }
    // Nesting far past any recursion limit (the stack overflows near 10k frames), as raw text since
    // building it as an object would overflow here first: any recursive walk of the input must not 500.
    const deepArrays = `${'['.repeat(DEEPEST_LEVELS)}${']'.repeat(DEEPEST_LEVELS)}`;
    const deepObjects = `${'{"k":'.repeat(DEEPEST_LEVELS)}1${'}'.repeat(DEEPEST_LEVELS)}`;
    for (const method of endpoint.methods) {
      for (const field of [...endpoint.fields, 'id']) {
        for (const deep of [deepArrays, deepObjects]) {
          const g: Generated = { ...blank, method, auth: 'verified', bodyKind: 'not-json', notJson: `{"${field}":${deep}}`, contentType: 'application/json' };
          cases.push(g);
        }
      }
      cases.push({ ...blank, method, auth: 'verified', bodyKind: 'not-json', notJson: deepArrays, contentType: 'application/json' });
    }
    for (const g of cases) await expectSound(endpoint, buildCall(endpoint, g, tokens));
  });
});

/** One bad value at a time, in an otherwise valid input: what slips past a schema reaches the database. */
const ONE_BAD_VALUE: unknown[] = [
  `a${NUL}b`, NUL, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1, 0, 1.5, 'NaN', '2147483648', '9'.repeat(40), LONG_TEXT,
  [], [1], {}, true, null, '', '\uD800', ...JSONB_POISON,
];

/**
 * An input the schema accepts (as a JSON body, or as the strings a query carries), from samples of
 * validish; the first sample when none passes (a refine the sampler cannot guess).
 */
function validBase(schema: unknown): Record<string, unknown> | null {
  const samples = fc.sample(validish(schema, 0, false), { numRuns: 60, seed: 11 }).filter(
    (sample): sample is Record<string, unknown> => typeof sample === 'object' && sample !== null && !Array.isArray(sample),
  );
  const parse = (value: unknown): boolean => (schema as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;
  const asQuery = (sample: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(sample).filter(([, v]) => v !== undefined).map(([k, v]) => [k, queryText(v)]));
  return samples.find((sample) => parse(sample) || parse(asQuery(sample))) ?? samples[0] ?? null;
}

describe('every field alone, one bad value in a valid input', () => {
  const withSchemas = endpoints.filter((e) => e.schemas.length > 0 && e.methods.length > 0);
  it.each(withSchemas.map((e) => [e.pattern, e] as const))('%s', async (_pattern, endpoint) => {
    const tokens = await freshTokens();
    for (const schema of endpoint.schemas) {
      const base = validBase(schema);
      if (!base) continue;
      // The valid input itself first (a sound answer there is the baseline), then one bad value at a time.
      for (const field of ['', ...schemaKeys(schema)]) {
        for (const value of field === '' ? [undefined] : ONE_BAD_VALUE) {
          for (const method of endpoint.methods) {
            const g: Generated = {
              method, auth: 'verified', bodyKind: 'json-object', fields: field === '' ? base : { ...base, [field]: value }, queryFields: {}, queryFromBody: true,
              rawQuery: '', jsonOther: null, notJson: '', contentType: 'application/json', param: 'alipay', extraHeaders: {},
            };
            await expectSound(endpoint, await signCall(endpoint, { ...g, sign: true }, tokens));
          }
        }
      }
    }
  });
});

describe('every endpoint, generated bad input', () => {
  it.each(endpoints.map((e) => [e.pattern, e] as const))('%s', async (_pattern, endpoint) => {
    let tokens = await freshTokens();
    const result = await fc.check(
      fc.asyncProperty(generated(endpoint), async (g) => {
        // Signing out revokes the token it was called with; keep the next case signed in.
        if (endpoint.pattern.endsWith('/logout')) tokens = await freshTokens();
        await expectSound(endpoint, await signCall(endpoint, g, tokens));
      }),
      // No shrinking: a counterexample holds 100k-character strings, and the message names the call.
      { numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
    );
    if (result.failed) {
      const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      throw new Error(`${cause}\n(fast-check seed ${result.seed}, path ${result.counterexamplePath})`);
    }
  });
});
