import sharp from 'sharp';

/** What a test says about the image it needs. */
export interface ImageTraits {
  format?: 'png' | 'jpeg' | 'gif';
  width?: number;
  height?: number;
  /** The fill, as `#rrggbb`. */
  color?: string;
}

/** The bytes of a real image of one colour (sharp encodes it), 8 × 6 PNG unless told. */
export async function imageBytes(traits: ImageTraits = {}): Promise<Buffer> {
  const { format = 'png', width = 8, height = 6, color = '#3366cc' } = traits;
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}
