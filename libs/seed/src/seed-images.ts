import sharp from 'sharp';

// The demo shop's pictures, drawn here (no network): a colour field with a shape per view, one file per colour and
// view, kept once per shop and shown by every product of that colour and view.

/** What a seeded image looks like: its colour (a Color option's value, or the department's) and which view it is. */
export interface SeedLook {
  color: string;
  view: number;
}

export const SEED_IMAGE_SIZE = 800;

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

/** A JPEG of the look: the colour, and a lighter circle, square or band by view. */
export async function seedImageBytes(look: SeedLook): Promise<Buffer> {
  const size = SEED_IMAGE_SIZE;
  const shape = [
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="white" fill-opacity="0.35"/>`,
    `<rect x="${size / 4}" y="${size / 4}" width="${size / 2}" height="${size / 2}" fill="white" fill-opacity="0.35"/>`,
    `<rect x="0" y="${(size * 2) / 5}" width="${size}" height="${size / 5}" fill="white" fill-opacity="0.35"/>`,
  ][(look.view - 1) % 3];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${hexOf(look.color)}"/>${shape}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
