/** Console messages of the widget; all start with "[beckon]". */
export function log(message: string, ...rest: unknown[]): void {
  try {
    console.warn("[beckon] " + message, ...rest);
  } catch {
    /* no console */
  }
}

