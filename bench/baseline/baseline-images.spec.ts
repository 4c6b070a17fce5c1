import { parseFileKey } from '@platform/storage';
import { type ImageTransform, transformOf, variantName } from '../../libs/media/src/image-transform.rules.js';
import { variantsFolder } from '../../libs/media/src/image-variants.js';
import { servedKey } from './baseline-images.js';

// The baseline finds the platform's variant by its name: the same key the platform keeps it under.
describe('servedKey', () => {
  const key = 'shops/7/public/media/0cdc50029472428a9d5a42b73fa2fe75.jpg';

  it("names the platform's variant of a width", () => {
    const file = parseFileKey(key)!;
    const transform = transformOf({ width: '400' }) as ImageTransform;
    expect(servedKey(key, '400')).toBe(`shops/7/public/${variantsFolder(file.folder, file.name)}/${variantName(transform, 'jpg')}`);
  });

  it('names the file itself when no width is asked', () => {
    expect(servedKey(key, undefined)).toBe(key);
  });
});
