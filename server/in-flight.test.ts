import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose handlers end their answers only when the test lets them. */
async function heldServer() {
  const inFlight = createInFlight();
  const held: Array<() => void> = [];
  const arrived: Array<() => void> = [];
  server = createServer((_req, res) => {
    inFlight.track(res);
    held.push(() => res.end('done'));
    arrived.shift()?.();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const send = () => {
    const answered = new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => resolve(`${res.headers.connection} ${body}`));
      });
      req.on('error', reject);
      req.end();
      sent.push(req);
    });
    return answered;
  };
  const sent: ReturnType<typeof request>[] = [];
  const nextArrival = () => new Promise<void>((resolve) => arrived.push(resolve));
  return { inFlight, held, send, sent, nextArrival };
}

describe('requests in flight', () => {
  it('waits for a handler whose client has gone until it ends its answer', async () => {
    const { inFlight, held, send, sent, nextArrival } = await heldServer();
    const arrival = nextArrival();
    send().catch(() => {});
    await arrival;
    sent[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inFlight.count).toBe(1);
    let drained: boolean | undefined;
    const draining = inFlight.drain(5_000).then((value) => (drained = value));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drained).toBeUndefined();
    held[0]!();
    await draining;
    expect(drained).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('gives up after its bound and says so', async () => {
    const { inFlight, send, nextArrival } = await heldServer();
    const arrival = nextArrival();
    send().catch(() => {});
    await arrival;
    expect(await inFlight.drain(30)).toBe(false);
    expect(inFlight.count).toBe(1);
  });

  it('resolves at once when nothing runs, and closes the keep-alive connection of answers after it began', async () => {
    const { inFlight, held, send, nextArrival } = await heldServer();
    expect(await inFlight.drain(1_000)).toBe(true);
    const arrival = nextArrival();
    const answer = send();
    await arrival;
    held[0]!();
    expect(await answer).toBe('close done');
  });
});
