import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * Lets the app close promptly: Node's server close ends idle keep-alive connections, but not
 * ones a client opened and never used (HTTP clients pre-connect, e.g. after aborting a
 * request), which would hold shutdown until the client's own idle timeout. On close, every
 * connection without a request in flight is destroyed; requests in flight still finish.
 */
export default fp(
  async (app) => {
    const sockets = new Set<Socket>();
    const inFlight = new Map<Socket, number>();
    app.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => {
        sockets.delete(socket);
        inFlight.delete(socket);
      });
    });
    app.server.on('request', (request, response) => {
      const socket = request.socket;
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
      response.once('close', () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
    });
    app.addHook('preClose', async () => {
      for (const socket of sockets) if (!inFlight.get(socket)) socket.destroy();
    });
  },
  { name: 'connections' },
);
