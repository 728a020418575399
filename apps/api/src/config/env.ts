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

/** VAPID keys as web-push generates them: base64url, an uncompressed P-256 point and a 32-byte scalar. */
const base64UrlKey = (bytes: number, what: string) =>
  z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
      `expected the ${what} as base64url (${bytes} bytes), as web-push generate-vapid-keys prints it`,
    );

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
  BACKUP_HOUR: z.coerce.number({ error: 'expected an hour from 0 to 23' }).int().min(0).max(23).default(3),
  VAPID_PUBLIC_KEY: base64UrlKey(65, 'VAPID public key').optional(),
  VAPID_PRIVATE_KEY: base64UrlKey(32, 'VAPID private key').optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected a mailto: address or an https:// URL')
    .optional(),
  PUSH_ALLOW_INSECURE_ENDPOINTS: booleanFromString.default(false),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'expected the S3 service URL such as https://s3.example.com' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'expected a region such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromString.optional(),
  DEFAULT_PLAN: z.enum(['free', 'premium'], { error: 'expected free or premium' }).default('free'),
  RATES_URL: z
    .url({
      protocol: /^https?$/,
      error:
        'expected the URL of the ECB reference-rate XML, such as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
    })
    .optional(),
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
  /** The hour (0-23, UTC) of the daily snapshot of the embedded database: a quiet one. */
  backupHour: number;
  /** Both keys or neither; without them the push module keeps generated ones in the data directory. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about this server (mailto: or https:). */
  vapidSubject: string;
  /** Admits http push endpoints on loopback addresses, so tests can run a local push service. */
  pushAllowInsecureEndpoints: boolean;
  /** Where attachments go when several API instances share them; undefined keeps them in DATA_DIR/attachments. */
  s3: S3Settings | undefined;
  /** The European Central Bank's reference-rate XML, fetched daily; undefined leaves rates to admins. */
  ratesUrl: string | undefined;
  /** The plan every new account starts on; premium lifts the limits for a whole instance. */
  defaultPlan: Env['DEFAULT_PLAN'];
};

export type S3Settings = {
  bucket: string;
  /** Unset for Amazon S3 itself; the URL of any other S3-compatible service. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket.host/key (virtual-hosted, the default) or host/bucket/key, which most self-hosted services need. */
  forcePathStyle: boolean;
};

export class ConfigError extends Error {}

/** The public URL when it is https; push services take only https: or mailto: subjects. */
function defaultVapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:push@${url.hostname}`;
}

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
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: expected both keys or neither',
    );
  }
  const s3 = parseS3Settings(env);
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
    backupHour: env.BACKUP_HOUR,
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl),
    pushAllowInsecureEndpoints: env.PUSH_ALLOW_INSECURE_ENDPOINTS,
    s3,
    ratesUrl: env.RATES_URL,
    defaultPlan: env.DEFAULT_PLAN,
  };
}

/** S3_BUCKET turns the S3 driver on; then the region and both keys are needed, and S3_* without it is a mistake. */
function parseS3Settings(env: Env): S3Settings | undefined {
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId } = env;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => env[name] !== undefined,
    );
    if (stray.length === 0) return undefined;
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET: expected a bucket name, as ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set`,
    );
  }
  const missing = Object.entries({
    S3_REGION: region,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  }).filter(([, value]) => value === undefined);
  if (!region || !accessKeyId || !secretAccessKey) {
    const lines = missing.map(([name]) => `  ${name}: expected a value, as S3_BUCKET is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    bucket,
    endpoint: env.S3_ENDPOINT,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** The only reader of process.env in the server. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
