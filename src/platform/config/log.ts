/**
 * JSON-lines logger on stdout: one object per line, `{ time, level, msg, requestId?, ...fields }`,
 * so any collector (journald, Docker, Loki) can parse it without a format of ours.
 *
 * LOG_LEVEL = debug | info | warn | error (default info) | silent (tests). The level is read at
 * each call, so a test or an operator changing the environment takes effect at once.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds `bindings` (e.g. `{ requestId }`) to every line. */
  child(bindings: LogFields): Logger;
}

const RANK: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const raw = (process.env['LOG_LEVEL'] ?? '').trim().toLowerCase();
  return raw in RANK ? RANK[raw as LogLevel | 'silent'] : RANK.info;
}

/** Whether a line at `level` would be written now. */
export function isLevelEnabled(level: LogLevel): boolean {
  return RANK[level] >= threshold();
}

/**
 * A field an error carries, as a log line can hold it. Data (primitives, arrays, plain objects,
 * dates, errors) is kept; an instance of some class is named, not dumped: node-postgres attaches
 * the pool's client to a connection error, and its dump (every prepared statement's text, the
 * connection's state) once made a one-line warning tens of kilobytes.
 */
function loggableField(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return depth < 5 ? serializeError(value, depth + 1) : `[${value.name}]`;
  if (Array.isArray(value) || value instanceof Date) return value;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null || proto === Object.prototype) return value;
  return `[${(value as { constructor?: { name?: string } }).constructor?.name || 'object'}]`;
}

/** An Error as plain JSON, stack and cause chain included (logs only; never a response body). */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const out: LogFields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (!(key in out)) out[key] = loggableField(value, depth);
  }
  if (error.cause !== undefined && depth < 5) out['cause'] = serializeError(error.cause, depth + 1);
  return out;
}

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return serializeError(value);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function write(level: LogLevel, msg: string, fields: LogFields): void {
  if (!isLevelEnabled(level)) return;
  const entry = { time: new Date().toISOString(), level, msg, ...fields };
  let line: string;
  try {
    line = JSON.stringify(entry, replacer);
  } catch {
    // A circular field must not take the request down with it.
    line = JSON.stringify({ time: entry.time, level, msg, logError: 'fields not serialisable' });
  }
  process.stdout.write(`${line}\n`);
}

function createLogger(bindings: LogFields): Logger {
  const at =
    (level: LogLevel) =>
    (msg: string, fields: LogFields = {}): void =>
      write(level, msg, { ...bindings, ...fields });
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (more) => createLogger({ ...bindings, ...more }),
  };
}

export const log: Logger = createLogger({});
