// What an operation led to, for integration tests: the code of the AppError it failed with, and
// the emails it sent once the queue's sender has delivered them.
import { isAppError } from '../../app/lib/app-error';
import { deliverDueEmails } from '../../app/features/email/queue.server';
import { listOutboxEmails } from '../../app/features/email/transport.server';

/** The AppError code the promise failed with, null when it succeeded, or the other error as text. */
export async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return isAppError(error) ? error.code : error === null ? null : String(error);
}

/** The emails delivered to `to`, newest first (one round of the sender first). */
export async function mailsTo(to: string) {
  await deliverDueEmails();
  return listOutboxEmails({ to });
}
