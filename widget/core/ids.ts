/** The 64 URL-safe symbols of ids (the snippet makes visitor tokens from them too). */
export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A random URL-safe id (visitor tokens, event and contact ids); 36 symbols, so len 22 ≈ 113 bits. */
export function randomId(len = 22): string {
  const bytes = new Uint8Array(len);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    for (let i = 0; i < len; i++) bytes[i] = (Math.random() * 256) | 0;
  }
  let id = "";
  // Base 36 (0-9, a-z): no alphabet to ship in the loader; 22 characters still carry over 110 random bits.
  for (let i = 0; i < len; i++) id += (bytes[i] % 36).toString(36);
  return id;
}
