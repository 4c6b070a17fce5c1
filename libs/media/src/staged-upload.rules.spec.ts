import fc from 'fast-check';
import { planStagedUploads } from './staged-upload.rules.js';

describe('planStagedUploads', () => {
  const image = { resource: 'IMAGE', filename: 'a.png', mimeType: 'image/png' };

  it('plans image uploads: the canonical type, the size asked (else the most), PUT unless POST', () => {
    expect(planStagedUploads([image, { ...image, resource: 'PRODUCT_IMAGE', mimeType: 'Image/JPEG; q=1', fileSize: '10', httpMethod: 'POST' }], 100)).toEqual({
      plans: [
        { contentType: 'image/png', maxBytes: 100, method: 'PUT' },
        { contentType: 'image/jpeg', maxBytes: 10, method: 'POST' },
      ],
      problems: [],
    });
  });

  it('refuses the whole call for one bad upload, naming its index and field', () => {
    const result = planStagedUploads([image, { ...image, fileSize: '101' }], 100);
    expect(result.plans).toBeNull();
    expect(result.problems.map((p) => [p.code, p.field])).toEqual([['INVALID_IMAGE_FILE_SIZE', 'input.1.fileSize']]);
  });

  // A target of 0 bytes was signed, but its upload URL (max_bytes=0) was refused whatever was sent.
  it('refuses a file size of 0: no target could take it', () => {
    const result = planStagedUploads([{ ...image, fileSize: '0' }], 100);
    expect(result.plans).toBeNull();
    expect(result.problems.map((p) => [p.code, p.field, p.message])).toEqual([['INVALID_IMAGE_FILE_SIZE', 'input.0.fileSize', 'File size must be at least 1 byte']]);
  });

  it('never plans a type other than a kept image, or more bytes than the most', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String)), (resource, mimeType, fileSize) => {
        const result = planStagedUploads([{ resource, filename: 'x.png', mimeType, fileSize }], 1000);
        for (const plan of result.plans ?? []) {
          expect(['image/png', 'image/gif', 'image/jpeg']).toContain(plan.contentType);
          expect(plan.maxBytes).toBeLessThanOrEqual(1000);
          expect(plan.maxBytes).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });
});
