// Production servers started as separate processes on free ports, and a person at a browser who
// talks to them (a cookie jar, a client address, the CSRF token of the last page): for the
// several-servers test (issue 32) and the bench's servers case.
import { type StartedServer, startServerProcess } from './server-process';

const DEMO_PASSWORD = 'shulog-demo-2026';

export type AppServer = StartedServer & { url: string };

/** A production server on a free port, once it says where it listens. */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const server = startServerProcess({ ...env, PORT: '0' });
  const url = await new Promise<string>((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)\/"/.exec(server.stdout());
      if (match) return resolve(match[1]!);
      if (server.child.exitCode !== null || Date.now() - started > 120_000)
        return reject(new Error(`the server did not start:\n${server.output().slice(-3000)}`));
      setTimeout(look, 50);
    };
    look();
  });
  return { ...server, url };
}

function cookiesOf(response: Response, before = ''): string {
  const jar = new Map(before ? before.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const) : []);
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(';')[0]!;
    jar.set(pair.split('=')[0]!, pair);
  }
  return [...jar.values()].join('; ');
}

const tokenIn = (html: string) => /name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

/** A person at a browser: a cookie jar and a client address, every request through `base`. */
export class Visitor {
  cookie = '';
  token = '';
  constructor(
    readonly base: string,
    readonly from: string,
  ) {}

  async get(path: string, base = this.base): Promise<Response> {
    const response = await fetch(`${base}${path}`, { headers: { Cookie: this.cookie, 'X-Forwarded-For': this.from }, redirect: 'manual' });
    this.cookie = cookiesOf(response, this.cookie);
    return response;
  }

  async page(path: string, base = this.base): Promise<string> {
    const response = await this.get(path, base);
    const html = await response.text();
    this.token = tokenIn(html) || this.token;
    return html;
  }

  async form(path: string, fields: Record<string, string>, base = this.base): Promise<Response> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: this.cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': this.from },
      body: new URLSearchParams({ authenticity_token: this.token, ...fields }),
    });
    this.cookie = cookiesOf(response, this.cookie);
    return response;
  }

  call(method: string, path: string, body?: unknown, base = this.base): Promise<Response> {
    return fetch(`${base}${path}`, {
      method,
      headers: {
        Cookie: this.cookie,
        'X-CSRF-Token': this.token,
        'X-Forwarded-For': this.from,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async logIn(email: string, password = DEMO_PASSWORD): Promise<Response> {
    await this.page('/login');
    const response = await this.form('/login', { email, password });
    // The session's token: the one the pages carry from now on.
    if (response.status === 302) await this.page('/mypage/favorite_companies');
    return response;
  }
}

/** Asks until `found` holds, for at most `ms`; answers whether it did. */
export async function within(ms: number, found: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await found()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
