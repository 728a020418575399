/** The part of http_ece (the encryption web-push uses) that the test push receiver needs to decrypt. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string },
    ): Buffer;
  };
  export default ece;
}
