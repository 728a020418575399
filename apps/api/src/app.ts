import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import type { AppContext } from './lib/app-context';
import { type Clock, systemClock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { columnsRoutes } from './modules/columns/columns.routes';
import { currenciesRoutes } from './modules/currencies/currencies.routes';
import { healthRoutes } from './modules/health/health.routes';
import { listsRoutes } from './modules/lists/lists.routes';
import { taskManagerConfigRoutes } from './modules/task-manager-config/task-manager-config.routes';
import { checklistItemsRoutes } from './modules/tasks/checklist-items.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { usersRoutes } from './modules/users/users.routes';
import { requireAuthentication } from './plugins/authenticate';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { staticWebPlugin } from './plugins/static-web';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  jwtSecret: string;
  mailer?: Mailer | undefined;
  clock?: Clock;
  /** Pino options; false silences the log (tests). */
  logger?: boolean | object;
};

/** Builds the whole app without starting it: the server listens on it, tests call it through inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Bodies are small JSON documents; attachments get their own, larger limit on their own routes.
    bodyLimit: 256 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    db: options.database.db,
    clock: options.clock ?? systemClock,
    config,
    jwtSecret: new TextEncoder().encode(options.jwtSecret),
    mailer: options.mailer,
  };
  app.decorate('ctx', ctx);
  app.decorate('databaseDriver', options.database.driver);
  app.decorateRequest('auth', null as never);

  // Order: outside concerns, then the app's own plugins, then routes.
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(requestContextPlugin);

  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(clientErrorsRoutes, { prefix: '/api' });
  await app.register(
    async (api) => {
      requireAuthentication(api);
      await api.register(usersRoutes);
      await api.register(taskManagerConfigRoutes);
      await api.register(currenciesRoutes);
      await api.register(listsRoutes);
      await api.register(columnsRoutes);
      await api.register(tasksRoutes);
      await api.register(checklistItemsRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(staticWebPlugin);
  return app;
}
