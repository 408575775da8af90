// The benchmark's baseline: a plain node:http server, in a process of its own like the site's,
// that answers every request with the same company-page HTML bytes from memory.
// Usage: node scripts/bench/baseline-server.mjs <html file> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
const html = readFileSync(file);
createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length });
  res.end(html);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => process.exit(0));
