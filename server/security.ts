import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { registeredMap } from '../app/lib/caches.server';
import { fromTrustedProxy } from './client-address';

/** 122 random bits; randomUUID draws from a buffered pool, cheaper than randomBytes per request. */
export function newNonce(): string {
  return randomUUID().replaceAll('-', '');
}

/**
 * The Content-Security-Policy of a response whose inline scripts are allowed by `scriptSources`
 * (a nonce for rendered pages, hashes for cached ones: docs/decisions/013-fast-lane.md). Inline
 * style attributes stay allowed because server-rendered React output uses them.
 */
export function contentSecurityPolicy(scriptSources: string): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptSources ? ` ${scriptSources}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const FIXED_HEADERS: Array<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

/** HTTPS directly, or through a trusted proxy (TRUST_PROXY, as Express's `trust proxy`). */
function isSecure(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  return fromTrustedProxy(req) && typeof proto === 'string' && proto.split(',')[0]!.trim() === 'https';
}

/** The protocol the client used, as Express's `req.protocol` tells it. */
export function requestProtocol(req: IncomingMessage): 'http' | 'https' {
  return isSecure(req) ? 'https' : 'http';
}

// Policies of cached pages and of JSON answers repeat on every hit: built once each.
const MAX_POLICIES = 1000;
const policies = registeredMap<string, string>({
  name: 'security policies',
  holds: 'the Content-Security-Policy header, by the script sources of a cached page or a JSON answer',
  feeds: 'every answer from the page cache and every JSON answer',
  lifetime: 'for good: a policy follows from its key alone',
  invalidatedBy: 'nothing',
  bound: `${MAX_POLICIES} policies, then all are dropped`,
});

function policyFor(scriptSources: string): string {
  if (scriptSources.startsWith("'nonce-")) return contentSecurityPolicy(scriptSources);
  let policy = policies.get(scriptSources);
  if (policy === undefined) {
    if (policies.size >= MAX_POLICIES) policies.clear();
    policy = contentSecurityPolicy(scriptSources);
    policies.set(scriptSources, policy);
  }
  return policy;
}

/** Every response's security headers, with the CSP that `scriptSources` gives. */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse, scriptSources: string) {
  res.setHeader('Content-Security-Policy', policyFor(scriptSources));
  for (const [name, value] of FIXED_HEADERS) res.setHeader(name, value);
  if (isSecure(req)) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/**
 * Security headers for every response that Express handles. Scripts run only with the
 * per-request nonce that React Router puts on its own <script> tags (see app/entry.server.tsx).
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = newNonce();
  res.locals.cspNonce = nonce;
  setSecurityHeaders(req, res, `'nonce-${nonce}'`);
  next();
}
