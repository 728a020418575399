import type { DatabaseDriver } from './db/client';
import type { AppContext } from './lib/app-context';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    databaseDriver: DatabaseDriver;
  }
  interface FastifyRequest {
    /** Set by the authenticate hook on every /api/v1 route. */
    auth: { userId: string; sessionId: string };
    /** The validated X-Timezone header, when the client sent one. */
    requestTimeZone: string | undefined;
  }
}
