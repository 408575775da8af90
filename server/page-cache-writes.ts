// Any write may change what visitors see (counts, lists, ratings): every successful unsafe
// request clears this process's page cache once it has answered, so no route can forget
// (docs/decisions/010-page-cache.md). Other processes' entries expire within 10 seconds.
// The exceptions are writes no page shows, listed by route in server/route-rules.ts
// (PRIVATE_WRITES): a student's drafts, clips and selection tracker.
import type { NextFunction, Request, Response } from 'express';
import { invalidatePageCache } from '../app/lib/page-cache.server';
import { isPrivateWrite } from './route-rules';

export function clearPageCacheAfterWrites() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !isPrivateWrite(req.path)) {
      res.on('finish', () => {
        if (res.statusCode < 400) invalidatePageCache();
      });
    }
    next();
  };
}
