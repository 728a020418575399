import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** proxy-addr's names for whole address ranges, usable in place of a CIDR. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For to believe. Off by default: with it on and no proxy in front, any
 * client could pick the address the rate limits count by sending the header itself.
 */
const trustProxySchema = z.string().transform((value, context): false | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  context.issues.push({
    code: 'custom',
    input: value,
    message:
      'expected false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8',
  });
  return z.NEVER;
});

const urlString = z.url({ error: 'expected an absolute URL such as http://localhost:3000' });

/** Every setting the server reads, with what a bad value is told. Parsed once at boot. */
const envSchema = z.object({
  PORT: z.coerce.number({ error: 'expected a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// connection URL')
    .optional(),
  PUBLIC_URL: urlString.optional(),
  JWT_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\//,
      'expected an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    )
    .optional(),
  SMTP_FROM: z.string().min(3).default('Cairn <no-reply@localhost>'),
  REQUIRE_EMAIL_VERIFICATION: booleanFromString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: trustProxySchema.optional(),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  requireEmailVerification: boolean;
  logLevel: Env['LOG_LEVEL'];
  corsOrigins: string[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  authRateLimitMax: number;
  /** Reverse proxies whose X-Forwarded-For is believed: none, a hop count, or addresses and ranges. */
  trustProxy: false | number | string[];
  webDistDir: string;
  backupRetentionDays: number;
};

export class ConfigError extends Error {}

/** Turns an environment into a Config, or throws a ConfigError naming every bad variable. */
export function parseConfig(environment: Record<string, string | undefined>): Config {
  // Empty strings mean "not set", as in most .env files.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const corsOrigins = (env.CORS_ORIGINS ?? new URL(publicUrl).origin)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION ?? env.SMTP_URL !== undefined,
    logLevel: env.LOG_LEVEL,
    corsOrigins,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    trustProxy: env.TRUST_PROXY ?? false,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    backupRetentionDays: env.BACKUP_RETENTION_DAYS,
  };
}

/** The only reader of process.env in the server. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
