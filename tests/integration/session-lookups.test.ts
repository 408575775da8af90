// Issue 30: a page rendered for a session looks its session up once. React Router hands the root
// loader, each route's loader and the action a Request object of its own (it strips its own query
// parameters into a copy for each), so the lookup is shared through the request's scope, which
// the server opens for every request (server/app.ts) and the CSRF check fills. What a lookup reads
// is kept in memory afterwards (tests/integration/personal-rows.test.ts): each count here starts
// with that memory empty, to see the request's own sharing.
import { describe, expect, it } from 'vitest';
import { getSession, getViewer } from '../../app/features/accounts/session-request.server';
import { forgetPersonalRows } from '../../app/features/accounts/personal-rows.server';
import { requestSessions } from '../../app/features/accounts/sessions.server';
import { sessionRequest } from '../support/call-route';
import { createLoggedInStudent } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';
import { personalRowReadsDuring } from '../support/statements';

setUpTestDatabase();

/** The session lookups (reads of personal_parts(), the session's row) that `work` runs, from an empty memory. */
function sessionLookups(work: () => Promise<unknown>): Promise<number> {
  forgetPersonalRows();
  return personalRowReadsDuring(work);
}

describe('the session of one request', () => {
  it('is looked up once for the three Request objects React Router makes of one page', async () => {
    const student = await createLoggedInStudent();
    const copies = () => [1, 2, 3].map(() => sessionRequest('/mypage', { sessionId: student.sessionId }));
    const inScope = await sessionLookups(() =>
      requestSessions.run(new Map(), async () => {
        const [rootRequest, layoutRequest, pageRequest] = copies();
        const viewers = await Promise.all([getViewer(rootRequest!), getViewer(layoutRequest!), getViewer(pageRequest!)]);
        expect(viewers.map((viewer) => viewer?.userId)).toEqual([student.userId, student.userId, student.userId]);
      }),
    );
    expect(inScope).toBe(1);
    // Without the scope (a loader called on its own, as in these tests), each Request looks again
    // (the memory emptied before each, or the second would find what the first kept).
    const outside = await sessionLookups(async () => {
      for (const request of copies()) {
        forgetPersonalRows();
        await getSession(request);
      }
    });
    expect(outside).toBe(3);
  });

  it('is not shared between two requests, nor between two sessions in one scope', async () => {
    const first = await createLoggedInStudent();
    const second = await createLoggedInStudent();
    const lookups = await sessionLookups(async () => {
      for (let request = 0; request < 2; request++) {
        forgetPersonalRows();
        await requestSessions.run(new Map(), async () => {
          const [a, b] = await Promise.all([
            getViewer(sessionRequest('/mypage', { sessionId: first.sessionId })),
            getViewer(sessionRequest('/mypage', { sessionId: second.sessionId })),
          ]);
          expect([a?.userId, b?.userId]).toEqual([first.userId, second.userId]);
        });
      }
    });
    expect(lookups).toBe(4);
  });
});
