// Public library API. Explicit exports only: what is listed here is the stable surface.
export { GlanceError, isGlanceError, exitCodeFor } from './errors.js';
export type { ErrorCode } from './errors.js';
export type { UiNode, UiDump, Bounds, DumpFormat } from './hierarchy/model.js';
