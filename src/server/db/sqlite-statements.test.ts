import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { withPreparedStatements } from './sqlite-statements';

let sqlite: SQLite.Database;
beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (n integer)');
  sqlite.exec('insert into t values (1), (2), (3)');
});
afterEach(() => sqlite.close());

it('prepares a statement once and runs it again with other parameters', () => {
  const db = withPreparedStatements(sqlite);
  const sql = 'select n from t where n >= ? order by n';
  const first = db.prepare(sql);
  expect(first.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
  const again = db.prepare(sql);
  expect(again).toBe(first);
  expect(again.all([3])).toEqual([{ n: 3 }]);
});

it('gives a fresh statement while the kept one is still being iterated', () => {
  const db = withPreparedStatements(sqlite);
  const sql = 'select n from t where n >= ? order by n';
  const streaming = db.prepare(sql);
  const rows = streaming.iterate([1]);
  expect(rows.next().value).toEqual({ n: 1 });
  const meanwhile = db.prepare(sql);
  expect(meanwhile).not.toBe(streaming);
  expect(meanwhile.all([3])).toEqual([{ n: 3 }]);
  expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  expect(db.prepare(sql)).toBe(streaming);
});

it('keeps a bounded number of statements, the oldest going first', () => {
  const db = withPreparedStatements(sqlite);
  const oldest = db.prepare('select 0 as n');
  for (let i = 1; i <= 500; i++) db.prepare(`select ${i} as n`);
  expect(db.prepare('select 500 as n')).toBe(db.prepare('select 500 as n'));
  const again = db.prepare('select 0 as n');
  expect(again).not.toBe(oldest);
  expect(again.all([])).toEqual([{ n: 0 }]);
});

it('does not keep a long many-row statement', () => {
  const db = withPreparedStatements(sqlite);
  const sql = `insert into t values ${Array.from({ length: 1000 }, () => '(?)').join(', ')}`;
  const values = Array.from({ length: 1000 }, (_, i) => i);
  const first = db.prepare(sql);
  first.run(values);
  expect(db.prepare(sql)).not.toBe(first);
  expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 1003 });
});
