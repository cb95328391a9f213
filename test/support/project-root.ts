/** The project's folder, for tests that read its files (sources, docs, fixtures), however deep the test sits. */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
