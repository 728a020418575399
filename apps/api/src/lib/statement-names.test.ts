import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createStatementNamer, planForValues } from './statement-names';

describe('createStatementNamer', () => {
  const select = { text: 'select * from tasks where user_id = $1', rowMode: 'array' };

  it('gives a statement the same name every time, and another statement another name', () => {
    const name = createStatementNamer();
    const first = name(select, ['u1']) as { name: string; rowMode: string };
    expect(first).toEqual({ ...select, name: first.name });
    expect(name({ ...select }, ['u2'])).toEqual(first);
    const other = name({ text: 'select * from lists where user_id = $1' }, ['u1']) as { name: string };
    expect(other.name).not.toBe(first.name);
    // The caller's object is Drizzle's, reused for every call: it is copied, never changed.
    expect(select).not.toHaveProperty('name');
  });

  it.each([
    ['without parameters (BEGIN, several statements)', { text: 'begin' }, []],
    ['given as text', 'select $1', ['x']],
    ['already named', { text: 'select $1', name: 'own' }, ['x']],
    ['that streams its rows', { text: 'select $1', submit: () => {} }, ['x']],
    [
      'planned for its values',
      { text: new PgDialect().sqlToQuery(planForValues(sql`select ${1}`)).sql },
      [1],
    ],
  ])('leaves a statement %s as it is', (_case, config, values) => {
    expect(createStatementNamer()(config, values)).toBe(config);
  });

  it('names only the first statements up to its limit', () => {
    const name = createStatementNamer(2);
    const named = ['a', 'b', 'c'].map((column) =>
      name({ text: `select ${column} from t where id = $1` }, [1]),
    );
    expect(named.map((config) => (config as { name?: string }).name)).toEqual([
      'cairn_0',
      'cairn_1',
      undefined,
    ]);
  });
});
