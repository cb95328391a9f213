/** The 64 URL-safe symbols of ids (the snippet makes visitor tokens from them too). */
export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A random URL-safe id (visitor tokens, event and contact ids); 64 symbols, so len 22 ≈ 132 bits. */
export function randomId(len = 22): string {
  const bytes = new Uint8Array(len);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    for (let i = 0; i < len; i++) bytes[i] = (Math.random() * 256) | 0;
  }
  let id = "";
  for (let i = 0; i < len; i++) id += ALPHABET[bytes[i] & 63];
  return id;
}
