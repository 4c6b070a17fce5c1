import { loadSharp } from '@platform/media';

// The demo shop's pictures, drawn here (no network): a colour field with a shape per view, one file per look
// (colour, view and frame), kept once per shop and shown by every product or article of that look.

/**
 * What a seeded image looks like: its colour (a Color option's value, the department's, or an article's) and which
 * view it is; an article's cover is wide, a product's picture square.
 */
export interface SeedLook {
  color: string;
  view: number;
  cover?: boolean;
}

export const SEED_IMAGE_SIZE = 800;
/** An article's cover: 3:2, as blog themes show them. */
export const SEED_COVER_WIDTH = 1200;
export const SEED_COVER_HEIGHT = 800;

/** The sides of a look's picture. */
export function seedImageSides(look: SeedLook): { width: number; height: number } {
  return look.cover ? { width: SEED_COVER_WIDTH, height: SEED_COVER_HEIGHT } : { width: SEED_IMAGE_SIZE, height: SEED_IMAGE_SIZE };
}

/** The colours the seed names, as hex; any other name gets a hue of its own. */
const HEX: Readonly<Record<string, string>> = {
  Black: '#262626',
  White: '#f2f0eb',
  Navy: '#1f2f52',
  Olive: '#6b6b3a',
  Sand: '#d8c7a1',
  Rust: '#a3502c',
  Charcoal: '#45474a',
  'Sky Blue': '#87b5dc',
  'Forest Green': '#2f5c3c',
  Burgundy: '#6e1f31',
};

export function hexOf(color: string): string {
  const known = HEX[color];
  if (known) return known;
  let hue = 0;
  for (const char of color) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  return `hsl(${hue}, 35%, 55%)`;
}

/** A JPEG of the look: the colour, and a lighter circle, square or band by view, centred. */
export async function seedImageBytes(look: SeedLook): Promise<Buffer> {
  const { width, height } = seedImageSides(look);
  const side = Math.min(width, height);
  const shape = [
    `<circle cx="${width / 2}" cy="${height / 2}" r="${side / 4}" fill="white" fill-opacity="0.35"/>`,
    `<rect x="${(width - side / 2) / 2}" y="${(height - side / 2) / 2}" width="${side / 2}" height="${side / 2}" fill="white" fill-opacity="0.35"/>`,
    `<rect x="0" y="${(height * 2) / 5}" width="${width}" height="${height / 5}" fill="white" fill-opacity="0.35"/>`,
  ][(look.view - 1) % 3];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${hexOf(look.color)}"/>${shape}</svg>`;
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
