import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigError,
  demoDataAllowed,
  readContactEmail,
  readDemoData,
  readMailFrom,
  readPublicOrigin,
  readTrustProxy,
} from './config.server';

describe('PUBLIC_ORIGIN', () => {
  it('is required in production, where the server refuses to start without it', () => {
    expect(() => readPublicOrigin({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readPublicOrigin({ NODE_ENV: 'production', PUBLIC_ORIGIN: '' })).toThrow(
      '本番環境（NODE_ENV=production）では次の設定が必要です: PUBLIC_ORIGIN（学生がサイトを開くアドレス。例: https://shulog.example）。',
    );
  });

  it('is a scheme and host only, without a trailing slash', () => {
    expect(readPublicOrigin({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shulog.example/' })).toBe('https://shulog.example');
    expect(readPublicOrigin({ PUBLIC_ORIGIN: 'https://shulog.example:8443' })).toBe('https://shulog.example:8443');
    for (const bad of [
      'shulog.example',
      'ftp://shulog.example',
      'https://shulog.example/path',
      'https://shulog.example?x=1',
      'https://user:pw@shulog.example',
    ]) {
      expect(() => readPublicOrigin({ PUBLIC_ORIGIN: bad }), bad).toThrow(
        `PUBLIC_ORIGIN はスキームとホストだけで指定してください（例: https://shulog.example）。「${bad}」`,
      );
    }
  });

  it('defaults to the address the server listens on outside production', () => {
    expect(readPublicOrigin({})).toBe('http://127.0.0.1:3000');
    expect(readPublicOrigin({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(readPublicOrigin({ HOST: 'localhost', PORT: '3100' })).toBe('http://localhost:3100');
    expect(readPublicOrigin({ HOST: '::1' })).toBe('http://[::1]:3000');
  });
});

describe('CONTACT_EMAIL and MAIL_FROM', () => {
  it('are required in production, with what to set in Japanese', () => {
    expect(() => readContactEmail({ NODE_ENV: 'production' })).toThrow(
      '本番環境（NODE_ENV=production）では次の設定が必要です: CONTACT_EMAIL（',
    );
    expect(() => readContactEmail({ NODE_ENV: 'production', CONTACT_EMAIL: '  ' })).toThrow(ConfigError);
    expect(() => readMailFrom({ NODE_ENV: 'production' })).toThrow('本番環境（NODE_ENV=production）では次の設定が必要です: MAIL_FROM（');
  });

  it('keep the example addresses outside production', () => {
    expect(readContactEmail({})).toBe('support@shulog.example');
    expect(readMailFrom({})).toBe('シューログ <no-reply@shulog.example>');
  });

  it('take an address, and a sender with or without a name', () => {
    expect(readContactEmail({ NODE_ENV: 'production', CONTACT_EMAIL: ' help@example.jp ' })).toBe('help@example.jp');
    expect(readMailFrom({ NODE_ENV: 'production', MAIL_FROM: 'シューログ事務局 <no-reply@example.jp>' })).toBe(
      'シューログ事務局 <no-reply@example.jp>',
    );
    expect(readMailFrom({ MAIL_FROM: 'no-reply@example.jp' })).toBe('no-reply@example.jp');
  });

  it('refuse what is not an address, and a sender that would add a header line', () => {
    for (const bad of ['support', 'support@', 'サポート <support@example.jp>', 'a@b.jp, c@d.jp']) {
      expect(() => readContactEmail({ CONTACT_EMAIL: bad }), bad).toThrow('CONTACT_EMAIL はメールアドレスだけで指定してください');
    }
    for (const bad of ['no-reply', 'シューログ <no-reply>', 'シューログ\nBcc: x@evil.example <no-reply@example.jp>', '<a@b.jp> <c@d.jp>']) {
      expect(() => readMailFrom({ MAIL_FROM: bad }), bad).toThrow('MAIL_FROM は「名前 <アドレス>」かアドレスだけで指定してください');
    }
  });
});

describe('DEMO_DATA', () => {
  it('is asked for in so many words: 1, and nothing else but 0 or unset', () => {
    expect(readDemoData({ DEMO_DATA: '1' })).toBe(true);
    expect(readDemoData({})).toBe(false);
    expect(readDemoData({ DEMO_DATA: '0' })).toBe(false);
    for (const bad of ['true', 'yes', '2'])
      expect(() => readDemoData({ DEMO_DATA: bad }), bad).toThrow('DEMO_DATA は 1（公開デモとして動かす）か 0 で指定してください');
  });

  it('allows demo data outside production always, in production only with DEMO_DATA=1', () => {
    expect(demoDataAllowed({})).toBe(true);
    expect(demoDataAllowed({ NODE_ENV: 'development' })).toBe(true);
    expect(demoDataAllowed({ NODE_ENV: 'production' })).toBe(false);
    expect(demoDataAllowed({ NODE_ENV: 'production', DEMO_DATA: '0' })).toBe(false);
    expect(demoDataAllowed({ NODE_ENV: 'production', DEMO_DATA: '1' })).toBe(true);
  });
});

describe('loadConfig', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('reports every missing production setting, and any wrong one, in one line', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    for (const name of ['SESSION_SECRET', 'PUBLIC_ORIGIN', 'CONTACT_EMAIL', 'MAIL_FROM']) vi.stubEnv(name, '');
    vi.stubEnv('DEMO_DATA', 'yes');
    const { loadConfig } = await import('./config.server');
    let message = '';
    try {
      loadConfig();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /^本番環境（NODE_ENV=production）では次の設定が必要です: SESSION_SECRET（[^）]+）、PUBLIC_ORIGIN（[^）]+）、CONTACT_EMAIL（[^）]+）、MAIL_FROM（[^）]+）。 DEMO_DATA は 1（公開デモとして動かす）か 0 で指定してください（「yes」が指定されています）。$/,
    );
  });

  it('reads a complete production setting', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));
    vi.stubEnv('PUBLIC_ORIGIN', 'https://shulog.example');
    vi.stubEnv('CONTACT_EMAIL', 'support@example.jp');
    vi.stubEnv('MAIL_FROM', 'シューログ <no-reply@example.jp>');
    vi.stubEnv('DEMO_DATA', '1');
    const { loadConfig } = await import('./config.server');
    expect(loadConfig()).toMatchObject({
      production: true,
      publicOrigin: 'https://shulog.example',
      contactEmail: 'support@example.jp',
      mailFrom: 'シューログ <no-reply@example.jp>',
      demoData: true,
    });
  });
});

describe('TRUST_PROXY', () => {
  it('believes a proxy on this machine by default, and takes addresses, ranges and names', () => {
    expect(readTrustProxy({})).toBe('loopback');
    expect(readTrustProxy({ TRUST_PROXY: ' 10.0.0.0/8, loopback ,::1' })).toBe('10.0.0.0/8,loopback,::1');
    expect(readTrustProxy({ TRUST_PROXY: 'uniquelocal' })).toBe('uniquelocal');
  });

  it('refuses what is no address, in Japanese', () => {
    for (const bad of ['true', '10.0.0.300', 'nginx.internal', '1'])
      expect(() => readTrustProxy({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY はロードバランサーのアドレス/);
  });
});
