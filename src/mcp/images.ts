/**
 * Which image format a client gets when a call names none. MCP has no standard way for a client to say which
 * image types it shows, so a client may list them under the experimental capability `images`:
 * `{ "experimental": { "images": { "mimeTypes": ["image/png"] } } }`. The server's default (`--image-format`)
 * stands when the client takes it or says nothing; otherwise the first listed type Glance encodes, else PNG, which
 * every client that shows images takes. Pure.
 */
export type ImageFormat = 'png' | 'webp' | 'jpeg';

export const IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'webp', 'jpeg'];

const BY_MIME: Readonly<Record<string, ImageFormat>> = { 'image/png': 'png', 'image/webp': 'webp', 'image/jpeg': 'jpeg' };

/** The MIME types a client listed (undefined: it said nothing). */
export function acceptedMimeTypes(capabilities: unknown): string[] | undefined {
  const images = (capabilities as { experimental?: { images?: { mimeTypes?: unknown } } } | undefined)?.experimental?.images;
  const types = images?.mimeTypes;
  if (!Array.isArray(types)) return undefined;
  return types.filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase());
}

export function negotiateImageFormat(capabilities: unknown, serverDefault: ImageFormat): ImageFormat {
  const accepted = acceptedMimeTypes(capabilities);
  if (accepted === undefined) return serverDefault;
  if (accepted.includes(`image/${serverDefault}`)) return serverDefault;
  for (const t of accepted) {
    const f = BY_MIME[t];
    if (f !== undefined) return f;
  }
  return 'png';
}
