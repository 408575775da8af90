// A lane of server/ (the fast lane, the draft lane) in front of a stand-in for Express, on a port
// of its own: what the lane answers is the lane's, and every request it passes on is written
// down and answered 'express'.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LaneServer = { base: string; close(): Promise<void> };

export async function serveLane(lane: (req: IncomingMessage, res: ServerResponse) => boolean, passedOn: string[]): Promise<LaneServer> {
  const server = createServer((req, res) => {
    if (lane(req, res)) return;
    passedOn.push(`${req.method} ${req.url}`);
    res.end('express');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
