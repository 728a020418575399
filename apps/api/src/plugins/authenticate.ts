import type { FastifyInstance } from 'fastify';
import { authenticate } from '../modules/auth/auth.service';

/** Every route registered in this scope needs a valid access token of a live session. */
export function requireAuthentication(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.auth = await authenticate(app.ctx, { authorization: request.headers.authorization });
  });
}
