/**
 * Screenshot processing for agents: decode/encode (PNG, WebP, JPEG), downscaling with the image→device
 * scale, and ref marks (boxes + tags + legend) over snapshot elements. See docs/screenshots.md.
 */
export { decodeRgba, encodeRgba } from './codec.js';
export { loadSharp } from './encode.js';
export { DEFAULT_QUALITY, IMAGE_FORMATS, MIME, loadFonts, type EncodeOptions, type ImageFormat } from './canvas.js';
export { downscale, fitSize, resize, DEFAULT_MAX_EDGE, MODEL_MAX_PIXELS, type Downscaled } from './scale.js';
export {
  drawMarks,
  downscaleImage,
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
export type { RgbaImage, Rect, Rgb } from './raster.js';
