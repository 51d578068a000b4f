/** The part of http_ece (RFC 8188 encrypted content-encoding) the test push service uses. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface DecryptParameters {
    version: "aes128gcm" | "aesgcm";
    privateKey?: ECDH;
    authSecret?: string;
    dh?: string;
    key?: string;
    salt?: string;
  }

  const ece: { decrypt(buffer: Buffer, parameters: DecryptParameters): Buffer };
  export default ece;
}
