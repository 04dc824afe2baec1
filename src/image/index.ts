/**
 * Screenshot processing for agents: PNG decode/encode, area-average downscaling with the image→device
 * scale, and ref marks (boxes + tags + legend) over snapshot elements. See docs/screenshots.md.
 */
export { decodePng, encodePng, type EncodeOptions } from './png.js';
export { downscale, fitSize, resize, DEFAULT_MAX_EDGE, type Downscaled } from './scale.js';
export {
  drawMarks,
  downscalePng,
  renderMarks,
  planMarks,
  legendLabel,
  type MarkOptions,
  type MarkedScreenshot,
  type MarkedRaster,
  type MarkGeometry,
  type MarkPlan,
  type LegendEntry,
} from './marks.js';
export { placeLabels, type LabelSize, type Placement } from './layout.js';
export { preloadFonts } from './font.js';
export type { RgbaImage, Rect, Rgb } from './raster.js';
