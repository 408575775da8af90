// JSON answers of the calls served before Express (the search call, the personal call, draft
// saves), with the security headers Express would add and gzip for large bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { acceptsGzip, GZIP_THRESHOLD } from '../app/lib/page-cache.server';
import { setSecurityHeaders } from './security';

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, data: unknown, cacheControl: string) {
  setSecurityHeaders(req, res, '');
  let body = Buffer.from(JSON.stringify(data), 'utf8');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (body.length >= GZIP_THRESHOLD && acceptsGzip(req.headers['accept-encoding'])) {
    body = gzipSync(body);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.statusCode = status;
  res.end(req.method === 'HEAD' ? undefined : body);
}
