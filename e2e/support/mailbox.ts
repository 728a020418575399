import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { paths } from './environment';

/**
 * Accepts every message on 127.0.0.1 and stores it as a file named after its recipient, so tests in
 * other processes can read what the API sent.
 */
export async function startMailbox(port: number): Promise<{ close: () => Promise<void> }> {
  await mkdir(paths.mail, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        sequence += 1;
        const writes = recipients.map((recipient) =>
          writeFile(
            path.join(paths.mail, `${recipient}--${Date.now()}-${sequence}.eml`),
            Buffer.concat(chunks),
          ),
        );
        Promise.all(writes).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to find links in a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the newest message sent to `address` and returns its decoded source. */
export async function waitForMail(address: string, { timeoutMs = 15_000, after = 0 } = {}): Promise<string> {
  const prefix = `${address.toLowerCase()}--`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(paths.mail).catch(() => [])).filter((file) => file.startsWith(prefix));
    const newest = files
      .map((file) => ({ file, time: Number(file.slice(prefix.length).split('-')[0]) }))
      .filter(({ time }) => time >= after)
      .sort((a, b) => b.time - a.time)[0];
    if (newest) return decodeQuotedPrintable(await readFile(path.join(paths.mail, newest.file), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail reached ${address} within ${timeoutMs} ms`);
}

/** The verification link in the newest message to `address`. */
export async function waitForVerificationLink(address: string, options?: { after?: number }): Promise<URL> {
  const message = await waitForMail(address, options);
  const match = message.match(/https?:\/\/[^\s"'<>]+\/verify-email\?token=[^\s"'<>]+/);
  if (!match) throw new Error(`The e-mail to ${address} holds no verification link:\n${message}`);
  return new URL(match[0].replaceAll('&amp;', '&'));
}
