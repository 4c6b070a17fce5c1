import { MAX_IMAGE_SIDE } from './image-inspection.js';

// An image's transform as its served URL asks for it (`?width=400&height=300&crop=center&scale=2&format=webp`) and
// as `Image.url(transform:)` writes it: the hosted bounds (sides 1..5760, scale 1..3), a crop only with a size, PNG,
// JPG or WEBP out. Pure: the variant maker reads and applies it.

export const CROPS = ['center', 'top', 'bottom', 'left', 'right'] as const;
export type Crop = (typeof CROPS)[number];
export const OUTPUT_FORMATS = ['png', 'jpg', 'webp'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const MAX_SCALE = 3;
/** The query parameters a transform reads; any other (`v`, the version) is not the transform's. */
export const TRANSFORM_PARAMETERS = ['width', 'height', 'crop', 'scale', 'format'] as const;

export interface ImageTransform {
  width: number | null;
  height: number | null;
  crop: Crop | null;
  scale: number;
  format: OutputFormat | null;
}

/** The transform a query asks for; null when it asks for none; a message when it asks for one the platform refuses. */
export function transformOf(query: Readonly<Record<string, unknown>>): ImageTransform | null | { problem: string } {
  if (!TRANSFORM_PARAMETERS.some((name) => Object.hasOwn(query, name))) return null;
  const text = (name: string): string | undefined | { problem: string } => {
    if (!Object.hasOwn(query, name)) return undefined;
    const value = query[name];
    return typeof value === 'string' ? value : { problem: `${name} is given more than once` };
  };
  const whole = (name: 'width' | 'height' | 'scale', max: number): number | null | { problem: string } => {
    const value = text(name);
    if (value === undefined) return null;
    if (typeof value !== 'string') return value;
    if (!/^[1-9][0-9]{0,3}$/.test(value) || Number(value) > max) return { problem: `${name} must be a whole number from 1 to ${max}` };
    return Number(value);
  };
  const width = whole('width', MAX_IMAGE_SIDE);
  const height = whole('height', MAX_IMAGE_SIDE);
  const scale = whole('scale', MAX_SCALE);
  for (const value of [width, height, scale]) if (value !== null && typeof value === 'object') return value;
  const crop = text('crop');
  if (crop !== undefined && typeof crop !== 'string') return crop;
  if (crop !== undefined && !(CROPS as readonly string[]).includes(crop)) return { problem: `crop must be one of ${CROPS.join(', ')}` };
  if (crop !== undefined && width === null && height === null) return { problem: 'crop needs a width or a height' };
  const format = text('format');
  if (format !== undefined && typeof format !== 'string') return format;
  if (format !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(format)) return { problem: `format must be one of ${OUTPUT_FORMATS.join(', ')}` };
  return { width: width as number | null, height: height as number | null, crop: (crop as Crop | undefined) ?? null, scale: (scale as number | null) ?? 1, format: (format as OutputFormat | undefined) ?? null };
}

/** The query that asks for `transform`, in a fixed order (one URL per variant, so caches share it). */
export function transformQuery(transform: Partial<ImageTransform>): string {
  const parts: string[] = [];
  if (transform.width) parts.push(`width=${transform.width}`);
  if (transform.height) parts.push(`height=${transform.height}`);
  if (transform.crop) parts.push(`crop=${transform.crop}`);
  if (transform.scale && transform.scale !== 1) parts.push(`scale=${transform.scale}`);
  if (transform.format) parts.push(`format=${transform.format}`);
  return parts.join('&');
}

/** A variant's file name in its original's variants folder (width 400 in WEBP: `w400-h0-none-s1.webp`). */
export function variantName(transform: ImageTransform, originalExtension: string): string {
  const extension = transform.format ?? originalExtension;
  return `w${transform.width ?? 0}-h${transform.height ?? 0}-${transform.crop ?? 'none'}-s${transform.scale}.${extension}`;
}
