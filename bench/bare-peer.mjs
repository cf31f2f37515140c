// A bare node:http server answering every request with one fixed buffer.
// usage: bare-peer.mjs PORT FILE CONTENT-TYPE [HEADERS.json]
// With HEADERS.json (a flat [name, value, …] list, e.g. the gateway's own hit headers) it sends
// those instead, with a new x-request-id per answer as the gateway makes one: the ceiling of a
// Node process that must send the same header block.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file, contentType, headersFile] = process.argv.slice(2);
const body = readFileSync(file);
const block = headersFile === undefined ? null : JSON.parse(readFileSync(headersFile, 'utf8'));
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (block === null) response.writeHead(200, headers);
    else {
      block[block.length - 1] = randomUUID();
      response.writeHead(200, block);
    }
    response.end(body);
  });
}).listen(Number(port), '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
