/**
 * serializeError (platform/config/log.ts): an error's own fields go into the log line as data, and
 * an object some library hung on the error (node-postgres puts the pool's client on a connection
 * error) is named instead of dumped.
 */
import { describe, expect, it } from 'vitest';
import { serializeError } from '~/platform/config/log';

class FakeClient {
  readonly parsedStatements = { s1: 'select 1', s2: 'select 2' };
  readonly connectionParameters = { host: '127.0.0.1', database: 'zuhao' };
}

describe('serializeError', () => {
  it('keeps the database error fields a log reader needs', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL', length: 116 });
    expect(serializeError(error)).toMatchObject({ name: 'Error', message: 'terminating connection due to administrator command', code: '57P01', severity: 'FATAL', length: 116 });
  });

  it('names a class instance hung on the error instead of dumping it', () => {
    const error = Object.assign(new Error('connection lost'), { client: new FakeClient() });
    const out = serializeError(error) as Record<string, unknown>;
    expect(out['client']).toBe('[FakeClient]');
    expect(JSON.stringify(out)).not.toContain('select 1');
  });

  it('keeps plain data: arrays, plain objects, dates, and nested errors (as JSON)', () => {
    const when = new Date('2026-11-30T00:00:00Z');
    const error = Object.assign(new Error('bad input'), { issues: [{ path: ['hours'], message: 'too many' }], detail: { field: 'hours' }, at: when, inner: new TypeError('x') });
    expect(serializeError(error)).toMatchObject({ issues: [{ path: ['hours'], message: 'too many' }], detail: { field: 'hours' }, at: when, inner: { name: 'TypeError', message: 'x' } });
  });

  it('follows the cause chain', () => {
    const error = new Error('outer', { cause: new Error('inner') });
    expect(serializeError(error)).toMatchObject({ message: 'outer', cause: { message: 'inner' } });
  });
});
