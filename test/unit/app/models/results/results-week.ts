/** The results tests' clock: an hour of a January 2026 day (UTC), and the week they count over, 1 to 7 January. */
export const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 0, day, hour));
export const from = at(1, 0);
export const to = at(8, 0);
