import { describe, expect, it } from 'vitest';
import { readMetricsToken } from './config.server';
import { isMetricsRequest, registry, reportEmailQueue, reportPool } from './metrics.server';

describe('the metrics token', () => {
  const token = 'a-metrics-token-0123456789';

  it('opens /metrics only to the bearer of the token, and never without one set', () => {
    expect(isMetricsRequest(`Bearer ${token}`, token)).toBe(true);
    expect(isMetricsRequest(`Bearer ${token}x`, token)).toBe(false);
    expect(isMetricsRequest(token, token)).toBe(false);
    expect(isMetricsRequest(`Basic ${token}`, token)).toBe(false);
    expect(isMetricsRequest(undefined, token)).toBe(false);
    expect(isMetricsRequest('Bearer ', null)).toBe(false);
    expect(isMetricsRequest(undefined, null)).toBe(false);
  });

  it('is read from METRICS_TOKEN: unset closes /metrics, a short one is refused in Japanese', () => {
    expect(readMetricsToken({})).toBeNull();
    expect(readMetricsToken({ METRICS_TOKEN: token })).toBe(token);
    expect(() => readMetricsToken({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN は16文字以上');
    expect(() => readMetricsToken({ METRICS_TOKEN: 'has a space in it 12345' })).toThrow('METRICS_TOKEN');
  });
});

describe('the registry', () => {
  it('names the site’s metrics and the process’s own', async () => {
    const text = await registry.metrics();
    for (const name of [
      'shulog_http_requests_total',
      'shulog_http_request_duration_seconds',
      'shulog_page_cache_lookups_total',
      'shulog_db_statement_duration_seconds',
      'shulog_db_pool_connections',
      'shulog_email_queue_jobs',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# HELP ${name} `);
    }
  });
});

describe('the gauges of states', () => {
  it('read the pool and the email queue when the metrics are read, one line a state', async () => {
    reportPool(() => ({ total: 3, idle: 2, waiting: 1 }));
    reportEmailQueue(async () => ({ due: 4, retrying: 5, failed: 6 }));
    const text = await registry.metrics();
    expect(text).toMatch(/^shulog_db_pool_connections\{state="open"\} 3$/m);
    expect(text).toMatch(/^shulog_db_pool_connections\{state="waiting"\} 1$/m);
    expect(text).toMatch(/^shulog_email_queue_jobs\{state="retrying"\} 5$/m);
    reportPool(null);
    reportEmailQueue(null);
  });
});
