// Any write may change what visitors see (counts, lists, ratings): every successful unsafe
// request clears this process's page cache, and the post lists it keeps, once it has answered, so
// no route can forget (docs/decisions/010-page-cache.md, 073-post-lists-kept.md). Other processes
// forget them when the database announces a change of published content (a post published,
// unpublished or edited, a company renamed: migration 0025); their other entries expire within
// 10 seconds. The exceptions are writes no page shows, listed by route in server/route-rules.ts
// (PRIVATE_WRITES): a student's drafts, clips and selection tracker.
import type { NextFunction, Request, Response } from 'express';
import { onDatabaseChange } from '../app/db/changes.server';
import { forgetPostLists } from '../app/features/posts/load-post-list.server';
import { invalidatePageCache } from '../app/lib/page-cache.server';
import { isPrivateWrite } from './route-rules';

onDatabaseChange((payload) => {
  if (payload === 'c:') invalidatePageCache();
});

export function clearPageCacheAfterWrites() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !isPrivateWrite(req.path)) {
      res.on('finish', () => {
        if (res.statusCode >= 400) return;
        invalidatePageCache();
        forgetPostLists();
      });
    }
    next();
  };
}
