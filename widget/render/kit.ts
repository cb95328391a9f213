/**
 * What lazily loaded chunks share with the renderer's first download, in one
 * module. esbuild puts code in a chunk by which entry points reach it; when
 * every dynamic import reaches the shared code through this one module, all
 * of it lands in a single shared chunk instead of many small ones (each
 * small chunk is another request and gzips worse). esbuild assigns whole
 * modules to chunks, so: export here only modules the entry itself uses, and
 * make every module behind a dynamic import() import this one (a bare
 * `import "./kit"` is enough) when it reaches any module the entry uses.
 */
export { useEffect, useRef, useState } from "react";
export { warn } from "#widget/core/log";
export { boxStyle } from "./box-style";
export { reducedMotion } from "./focus";
export { byPosition } from "./form-fields";
export { Html } from "./Html";
export { fill } from "./i18n";
export { mergeTags } from "./merge-tags";
export { bool, num, str, type ContentItem } from "./options";
export { safeHref } from "./sanitize";
export { LAYOUT } from "./styles";
export { useDialog, useHeadingLabel } from "./useDialog";
