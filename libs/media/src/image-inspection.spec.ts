import sharp from 'sharp';
import { imageBytes } from './testing/image.factory.js';
import { MAX_IMAGE_SIDE, inspectImage, sniffedFormat } from './image-inspection.js';

const MB = 1024 * 1024;

describe('inspectImage', () => {
  it.each(['png', 'gif', 'jpeg'] as const)('keeps a %s with its sides read from the bytes', async (format) => {
    const bytes = await imageBytes({ format, width: 17, height: 9 });
    await expect(inspectImage(bytes, MB, 'attachment')).resolves.toEqual({ image: { format, mimeType: `image/${format}`, width: 17, height: 9, bytes: bytes.length } });
  });

  it.each([
    ['empty', async () => Buffer.alloc(0), 'INVALID_IMAGE_FILE_SIZE'],
    ['text', async () => Buffer.from('hello, not an image'), 'UNSUPPORTED_IMAGE_FILE_TYPE'],
    ['a WebP (kept formats are PNG, GIF, JPEG)', () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).webp().toBuffer(), 'UNSUPPORTED_IMAGE_FILE_TYPE'],
    ['a PNG header and nothing else', async () => (await imageBytes()).subarray(0, 16), 'IMAGE_PROCESSING_FAILURE'],
    ['a truncated JPEG', async () => { const b = await imageBytes({ format: 'jpeg', width: 64, height: 64 }); return b.subarray(0, b.length - 30); }, 'IMAGE_PROCESSING_FAILURE'],
    ['a side over 5760', () => sharp({ create: { width: MAX_IMAGE_SIDE + 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer(), 'INVALID_IMAGE_RESOLUTION'],
  ])('refuses %s', async (_label, make, code) => {
    const answer = await inspectImage(await make(), MB, 'attachment');
    expect(answer).toEqual({ problem: expect.objectContaining({ code, field: 'attachment' }) });
  });

  it('refuses bytes over the limit before reading them', async () => {
    const bytes = await imageBytes();
    await expect(inspectImage(bytes, bytes.length - 1, 'attachment')).resolves.toEqual({ problem: expect.objectContaining({ code: 'INVALID_IMAGE_FILE_SIZE' }) });
  });

  it('refuses an animation whose frames hold more pixels than one 5760 × 5760 image', async () => {
    const colors = ['#000000', '#ff0000', '#00ff00', '#0000ff'];
    // Four frames of 3000 × 3000: each side is fine, the whole is 36 M pixels against 33 M.
    const frames = await Promise.all(colors.map((background) => sharp({ create: { width: 3000, height: 3000, channels: 3, background } }).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    await expect(inspectImage(gif, 64 * MB, 'attachment')).resolves.toEqual({ problem: expect.objectContaining({ code: 'INVALID_IMAGE_RESOLUTION' }) });
  });

  it('sniffs formats by their magic numbers only', () => {
    expect(sniffedFormat(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniffedFormat(Buffer.from('GIF88a'))).toBeNull();
    expect(sniffedFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffedFormat(Buffer.from('.PNG'))).toBeNull();
  });
});
