// A load balancer for tests of several app servers (issue 32): each request goes to the next
// server in turn, so that consecutive requests of one client land on different servers. Like
// nginx's `proxy_next_upstream error`, a request whose server refuses the connection (nothing
// sent yet), and a GET or HEAD whose server failed before answering, goes to the next one; it
// appends the peer to X-Forwarded-For and says the protocol.
import { Agent, createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** The servers' origins (http://127.0.0.1:PORT), set or changed at any time. */
  upstreams: string[];
  /** Requests answered by each upstream origin. */
  answeredBy: Map<string, number>;
  close(): Promise<void>;
};

/** Headers of one connection, not of the request: never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function endToEnd(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.includes(name)) kept[name] = value;
  return kept;
}

export async function startRoundRobinProxy(upstreams: string[] = []): Promise<RoundRobinProxy> {
  let turn = 0;
  // Connections to the servers are kept open and reused, as nginx's `keepalive` does.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answeredBy = new Map<string, number>();
  const sockets = new Set<Socket>();
  const proxy: RoundRobinProxy = { url: '', upstreams, answeredBy, close: async () => {} };

  /** When each server that failed may be tried again (nginx's max_fails=1 fail_timeout). */
  const downUntil = new Map<string, number>();
  /** The next server in turn that is not down (or the next in turn, when all are). */
  const nextUp = (): number => {
    const count = proxy.upstreams.length;
    for (let step = 0; step < count; step++) {
      const index = turn++ % count;
      if ((downUntil.get(proxy.upstreams[index]!) ?? 0) <= Date.now()) return index;
    }
    return turn++ % count;
  };

  /** Sends the request to the server at `index`; on a failure it may repeat, to the ones after it. */
  const pass = (req: IncomingMessage, res: ServerResponse, body: Buffer, index: number, tries: number) => {
    const upstream = proxy.upstreams[index % proxy.upstreams.length]!;
    const target = new URL(upstream);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const outgoing = forward(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...endToEnd(req.headers), 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        answeredBy.set(upstream, (answeredBy.get(upstream) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // Refused (a killed server, a restart), or a kept connection the server had closed before
      // it read the request: another server takes it, as nginx's `proxy_next_upstream error`.
      // A GET or HEAD changes nothing: whatever became of it, it is asked again of the next server
      // (nginx's `proxy_next_upstream error` does the same for requests that may be repeated).
      const notTaken = error.code === 'ECONNREFUSED' || ((error.code === 'ECONNRESET' || error.code === 'EPIPE') && outgoing.reusedSocket);
      const repeatable = req.method === 'GET' || req.method === 'HEAD';
      if (error.code === 'ECONNREFUSED') downUntil.set(upstream, Date.now() + 2_000);
      if ((notTaken || repeatable) && !res.headersSent && tries < proxy.upstreams.length) pass(req, res, body, index + 1, tries + 1);
      else if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    outgoing.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => pass(req, res, Buffer.concat(chunks), nextUp(), 1));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  proxy.url = `http://127.0.0.1:${address.port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      agent.destroy();
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
