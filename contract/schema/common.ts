/** Small zod building blocks shared by the document schemas. */
import { z } from "zod";

/** A bag of kebab-case options ("hide-next-button", "products-limit" ...). */
export const optionsSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((o) => Object.keys(o).length <= 200, { message: "Too many options (at most 200)" })
  .default({});

/** A row id: the database's ids are 32-bit, and a larger number must be a 422, not a driver error. */
export const idSchema = z
  .number()
  .int()
  .positive()
  .max(2_147_483_647, { message: "Must be an id (a whole number up to 2147483647)" });

/** Text shown to visitors or owners: bounded, trimmed of nothing (spacing may matter). */
export const text = (max: number) => z.string().max(max, { message: `Must be at most ${max} characters` });

/** A finite number within [min, max] (a whole one when `int`), else `message`: NaN, Infinity and strings included. */
export const bounded = (min: number, max: number, message: string, int = false) => {
  const base = z.number({ invalid_type_error: message, required_error: message }).finite({ message });
  return (int ? base.int({ message }) : base).min(min, { message }).max(max, { message });
};

export const positionSchema = z.number().int().min(0).max(10_000).default(0);
