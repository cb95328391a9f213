// Types of app-layers.js, which stays plain JavaScript so eslint.config.js loads it without a TypeScript loader.
import type { Linter } from "eslint";

/** app/'s layers, top first, each with what lives there: [entries, role]. Entries are folders of app/ or files at its root. */
export declare const APP_LAYER_ROLES: [entries: string[], role: string][];
/** app/'s layers, top first; each row's entries are folders of app/ or files at its root. */
export declare const APP_LAYERS: string[][];
/** The flat-config objects that enforce the layers. */
export declare const layerRules: Linter.Config[];
