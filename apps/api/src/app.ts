import type { ErrorResponse } from '@cairn/contracts/errors';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import type { AppContext } from './lib/app-context';
import { type Clock, systemClock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import { adminRoutes } from './modules/admin/admin.routes';
import { attachmentsRoutes } from './modules/attachments/attachments.routes';
import { createStorage } from './modules/attachments/storage/create-storage';
import type { AttachmentStorage } from './modules/attachments/storage/storage';
import { authRoutes } from './modules/auth/auth.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { columnsRoutes } from './modules/columns/columns.routes';
import { currenciesRoutes } from './modules/currencies/currencies.routes';
import { dataTransferRoutes } from './modules/data-transfer/data-transfer.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { listsRoutes } from './modules/lists/lists.routes';
import { moneyRoutes } from './modules/money/money.routes';
import { foldersRoutes } from './modules/notes/folders.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { pushRoutes } from './modules/push/push.routes';
import { startUpRoutes } from './modules/start-up/start-up.routes';
import { taskManagerConfigRoutes } from './modules/task-manager-config/task-manager-config.routes';
import { checklistItemsRoutes } from './modules/tasks/checklist-items.routes';
import { taskPlanningRoutes } from './modules/tasks/task-planning.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { trackersRoutes } from './modules/trackers/trackers.routes';
import { usersRoutes } from './modules/users/users.routes';
import { worklogsRoutes } from './modules/worklogs/worklogs.routes';
import { requireAuthentication } from './plugins/authenticate';
import { compressionPlugin } from './plugins/compression';
import { diskSpaceGuardPlugin } from './plugins/disk-space-guard';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { createResponseSerializerCompiler } from './plugins/serializer';
import { staticWebPlugin } from './plugins/static-web';

/**
 * Secrets never reach the log, whichever line carries them: credentials and tokens in any
 * logged object, the request's own credentials, and the values of a failed database query.
 */
const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    ...[
      'password',
      'currentPassword',
      'newPassword',
      'passwordHash',
      'hash',
      'tokenHash',
      'token',
      'accessToken',
      'refreshToken',
      'authorization',
      'cookie',
      'params',
    ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ],
  censor: '[redacted]',
};

/**
 * The router refuses some URLs (a broken percent-encoding, an overlong parameter) before any handler
 * runs; they answer in the one error shape too, without echoing the URL.
 */
function answerRefusedUrl(_error: Error, _request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorResponse = { error: 'The address of the request is not valid', code: 'VALIDATION_FAILED' };
  void reply.status(400).send(body);
}

/** How many proxies' X-Forwarded-For to believe, in the form Fastify takes. */
function toTrustProxy(setting: Config['trustProxy']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  jwtSecret: string;
  mailer?: Mailer | undefined;
  /** Where attachment files go; by default the one the configuration names (disk or S3). */
  storage?: AttachmentStorage;
  clock?: Clock;
  /** Pino options (merged over the defaults, the redaction always applies); false silences the log. */
  logger?: boolean | object;
  /** Refuses writes (503) while the embedded database's disk has less than this free (the server turns it on). */
  diskSpaceGuard?: { minFreeBytes: number };
  /** Also checks every response against its contract (slower); the tests turn it on. */
  checkResponseContracts?: boolean;
};

/** Builds the whole app without starting it: the server listens on it, tests call it through inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            redact: logRedaction,
          },
    // Bodies are small JSON documents; attachments get their own, larger limit on their own routes.
    bodyLimit: 256 * 1024,
    trustProxy: toTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerRefusedUrl,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({
      checkContracts: options.checkResponseContracts ?? false,
    }),
  );

  const ctx: AppContext = {
    db: options.database.db,
    clock: options.clock ?? systemClock,
    config,
    jwtSecret: new TextEncoder().encode(options.jwtSecret),
    mailer: options.mailer,
    storage: options.storage ?? createStorage(config),
  };
  app.decorate('ctx', ctx);
  app.decorate('databaseDriver', options.database.driver);
  app.decorateRequest('auth', null as never);

  // Order: outside concerns, then the app's own plugins, then routes.
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(requestContextPlugin);
  const pgliteDir = options.database.pglite?.dataDir;
  if (options.diskSpaceGuard && pgliteDir && !pgliteDir.includes('://')) {
    await app.register(diskSpaceGuardPlugin, {
      directory: pgliteDir,
      minFreeBytes: options.diskSpaceGuard.minFreeBytes,
    });
  }

  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(clientErrorsRoutes, { prefix: '/api' });
  await app.register(
    async (api) => {
      requireAuthentication(api);
      await api.register(usersRoutes);
      await api.register(startUpRoutes);
      await api.register(plansRoutes);
      await api.register(taskManagerConfigRoutes);
      await api.register(currenciesRoutes);
      await api.register(listsRoutes);
      await api.register(foldersRoutes);
      await api.register(notesRoutes);
      await api.register(columnsRoutes);
      await api.register(tasksRoutes);
      await api.register(taskPlanningRoutes);
      await api.register(checklistItemsRoutes);
      await api.register(pushRoutes);
      await api.register(jobsRoutes);
      await api.register(attachmentsRoutes);
      await api.register(moneyRoutes, { prefix: '/money' });
      await api.register(worklogsRoutes);
      await api.register(trackersRoutes);
      await api.register(dataTransferRoutes);
      await api.register(adminRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(staticWebPlugin);
  return app;
}
