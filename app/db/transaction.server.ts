// One way to share a transaction (docs/decisions/021-write-side-conventions.md). An operation
// that can run inside its caller's transaction takes `tx?: DbOrTx`; it runs its statements on
// `orDb(tx)`, or, when they must commit together, inside `inTransaction(tx, …)`, which joins the
// caller's transaction or opens one.
import { db, type Db } from './client.server';

/** The database or an open transaction: Drizzle's transaction is a database handle too. */
export type DbOrTx = Db;

/** The caller's transaction, or the database. */
export function orDb(tx: DbOrTx | undefined): DbOrTx {
  return tx ?? db();
}

/** Runs `work` in the caller's transaction when there is one, or in a new one. */
export function inTransaction<T>(tx: DbOrTx | undefined, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db().transaction((inner) => work(inner));
}
