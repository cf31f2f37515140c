// A bare node:http server answering every request with one fixed buffer: usage: bare-peer.mjs PORT FILE CONTENT-TYPE
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file, contentType] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, headers);
    response.end(body);
  });
}).listen(Number(port), '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
