/**
 * Administration of a self-hosted instance from its shell:
 *   npm run admin -- create-admin <username> <email>
 *   npm run admin -- reset-password <username>
 * Works on the embedded database (while the server is stopped) and on DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { emailSchema, passwordSchema, usernameSchema } from '@cairn/contracts/auth';
import { ConfigError, loadConfig } from '../config/env';
import { type Database, openPglite, openPostgres } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import type { AppContext } from '../lib/app-context';
import { AppError } from '../lib/app-error';
import { systemClock } from '../lib/clock';
import { createStorage } from '../modules/attachments/storage/create-storage';
import { createOrPromoteAdmin, resetPassword } from '../modules/auth/auth.service';
import { findUserByLogin } from '../modules/users/users.service';

const USAGE = `Usage:
  npm run admin -- create-admin <username> <email>
      Creates the account as an administrator and prints its generated password once,
      or makes the existing account with that username an administrator.
  npm run admin -- reset-password <username>
      Prints a new generated password for the account and signs out all its devices.`;

/** A wrong command line: the usage is printed and the exit code is 2. */
class UsageError extends Error {}

type Command =
  | { name: 'create-admin'; username: string; email: string }
  | { name: 'reset-password'; username: string };

function parseArguments(args: string[]): Command {
  const [name, ...rest] = args;
  const username = (value: string | undefined) => {
    const parsed = usernameSchema.safeParse(value);
    if (!parsed.success) throw new UsageError(`Invalid username: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  };
  if (name === 'create-admin' && rest.length === 2) {
    const email = emailSchema.safeParse(rest[1]);
    if (!email.success) throw new UsageError(`Invalid e-mail address: ${rest[1]}`);
    return { name, username: username(rest[0]), email: email.data };
  }
  if (name === 'reset-password' && rest.length === 1) return { name, username: username(rest[0]) };
  throw new UsageError(name ? `Unknown command or wrong arguments: ${args.join(' ')}` : 'No command given');
}

/** 24 random characters in three groups; drawn again in the rare case one lacks a required character. */
function generatePassword(): string {
  for (;;) {
    const raw = randomBytes(18).toString('base64url');
    const password = `${raw.slice(0, 8)}-${raw.slice(8, 16)}-${raw.slice(16)}`;
    if (passwordSchema.safeParse(password).success) return password;
  }
}

async function openDatabase(ctxConfig: ReturnType<typeof loadConfig>) {
  if (ctxConfig.databaseUrl) return { database: openPostgres(ctxConfig.databaseUrl), release: () => {} };
  // The embedded database has one writer: the server, if it runs, or this command.
  const release = await lockDataDir(ctxConfig.dataDir);
  try {
    return { database: await openPglite({ dataDir: ctxConfig.dataDir }), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function run(command: Command, database: Database, ctx: AppContext) {
  await database.migrate();
  if (command.name === 'create-admin') {
    const password = generatePassword();
    const { isCreated, user } = await createOrPromoteAdmin(ctx, { ...command, password });
    if (!isCreated) {
      console.log(
        `${user.username} is now an administrator (the account already existed; its password is unchanged).`,
      );
      return;
    }
    console.log(`Created the administrator ${user.username} <${user.email}>.`);
    console.log(`Password (shown only this once): ${password}`);
    return;
  }
  const user = await findUserByLogin(ctx, command.username);
  if (!user) throw new AppError('NOT_FOUND', `No account has the username ${command.username}.`);
  const password = generatePassword();
  await resetPassword(ctx, { userId: user.id, password });
  console.log(`New password for ${user.username} (shown only this once): ${password}`);
  console.log('Every device of the account has been signed out.');
}

async function main(args: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  try {
    const ctx: AppContext = {
      db: database.db,
      clock: systemClock,
      config,
      // Nothing here signs tokens or sends mail.
      jwtSecret: new Uint8Array(),
      mailer: undefined,
      storage: createStorage(config),
    };
    await run(command, database, ctx);
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected =
      error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof AppError;
    console.error(isExpected ? (error as Error).message : error);
    process.exit(1);
  },
);
