// Any write may change what visitors see (counts, lists, ratings): every successful unsafe
// request clears this process's page cache once it has answered, so no route can forget
// (docs/decisions/010-page-cache.md). Other processes' entries expire within 10 seconds.
// The exceptions are writes no page shows: a student's draft, private until sent (autosaving
// students save about every 2 s each, which would keep the cache empty; docs/decisions/
// 025-posting.md), a clip, a private bookmark (docs/decisions/034-clips-and-votes.md), and the
// selection tracker, seen only by its student (docs/decisions/035-selection-tracker.md).
import type { NextFunction, Request, Response } from 'express';
import { invalidatePageCache } from '../app/lib/page-cache.server';

/** Writes no visitor can see the effect of: the draft calls, the clips and the tracker. */
const PRIVATE_WRITES =
  /^(?:\/api\/v1\/student\/(?:drafts(?:\/[^/]*)?|posts\/[^/]+\/clip|tracker\/companies\/[^/]+\/[^/]+)|\/mypage\/selections)\/?$/;

export function clearPageCacheAfterWrites() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !PRIVATE_WRITES.test(req.path)) {
      res.on('finish', () => {
        if (res.statusCode < 400) invalidatePageCache();
      });
    }
    next();
  };
}
