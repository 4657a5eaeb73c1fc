import type { FastifyInstance } from 'fastify';
import type { PressureMonitor } from './pressure-monitor.js';

/**
 * Counts the operator's requests as active work, and their outcomes in the error rate.
 *
 * Only requests with a valid session count: the rest (sign-in, assets, /health) are not the
 * agent's work, and counting them would let anyone who reaches the port raise the index. A
 * request counts from the moment its session is known (the auth hook runs before this one) until
 * its response closes: Node emits `close` once per response however it ends (answered, client
 * gone mid-body or mid-stream, cut by a server timeout), whereas Fastify's onResponse never runs
 * for a response that did not finish.
 */
export function countOperatorRequests(app: FastifyInstance, pressure: PressureMonitor): void {
  const http = pressure.work('http');
  // A callback hook: every request passes it, and an async hook costs a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    // A client that left while its session was being read has had its close already.
    if (request.session && !response.closed) {
      response.once('close', http.acquire().release);
      // Only answers that went out whole: a client that left took none, which is no failure.
      response.once('finish', () => pressure.responseSent(response.statusCode >= 500));
    }
    done();
  });
}
