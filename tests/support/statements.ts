import { observeStatements } from '../../app/db/client.server';

/** The SQL statements `work` runs, in order (what the tests that count a page's reads and writes look at). */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const stop = observeStatements((statement) => statements.push(statement));
  try {
    await work();
  } finally {
    stop();
  }
  return statements;
}

/** How many of the statements `work` runs read a personal row (the personal_parts() function). */
export async function personalRowReadsDuring(work: () => Promise<unknown>): Promise<number> {
  return (await statementsDuring(work)).filter((statement) => statement.includes('personal_parts(')).length;
}
