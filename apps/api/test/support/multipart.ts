/** A multipart/form-data body as a browser's FormData sends it: the fields first, then the file. */
export function multipartBody(options: {
  fields?: Record<string, string>;
  file?: { name: string; content: Buffer; type?: string };
  boundary?: string;
}): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = options.boundary ?? `----cairn-${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (options.file) {
    // The name goes in as UTF-8 bytes, a quoted string with its quotes and backslashes escaped.
    const name = options.file.name.replace(/["\\]/g, (char) => `\\${char}`);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: ${options.file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      options.file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
