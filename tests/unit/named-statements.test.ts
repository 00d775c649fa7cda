import { describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, statementNamer, transactionEdge } from '~/platform/db/named-statements';

describe('statementNamer: one name per distinct text, up to the cap', () => {
  it('gives the same text the same name and another text the next one', () => {
    const nameFor = statementNamer();
    expect(nameFor('select 1')).toBe('s1');
    expect(nameFor('select 2')).toBe('s2');
    expect(nameFor('select 1')).toBe('s1');
  });

  it('leaves texts past the cap unnamed, and keeps naming the texts it knows', () => {
    const nameFor = statementNamer(2);
    expect([nameFor('a'), nameFor('b'), nameFor('c'), nameFor('a'), nameFor('d')]).toEqual(['s1', 's2', null, 's1', null]);
  });

  it('caps a process at a few thousand statements by default', () => {
    const nameFor = statementNamer();
    for (let i = 0; i < MAX_NAMED_STATEMENTS; i += 1) expect(nameFor(`select ${i}`)).toBe(`s${i + 1}`);
    expect(nameFor('one more')).toBeNull();
  });
});

describe('transactionEdge: where a connection enters and leaves a transaction', () => {
  it.each([
    ['begin', true],
    ['BEGIN ISOLATION LEVEL SERIALIZABLE', true],
    ['start transaction', true],
    ['commit', false],
    ['COMMIT', false],
    ['rollback', false],
    ['end', false],
    ['rollback to savepoint sp1', null],
    ['savepoint sp1', null],
    ['select 1', null],
    ['update "orders" set "status" = $1', null],
  ])('%s → %s', (text, edge) => {
    expect(transactionEdge(text)).toBe(edge);
  });
});
