import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import { isErrorOf } from '@platform/errors';
import { FILE_STORAGE, FILE_TYPES, type FileKeyParts, type FileStorage, type FileTarget, type FileVariantMaker, StorageErrors, fileTypeOf } from '@platform/storage';
import { MAX_IMAGE_PIXELS } from './image-inspection.js';
import { imageWork, loadSharp } from './image-work.js';
import { type ImageTransform, type OutputFormat, transformOf, variantName } from './image-transform.rules.js';

/** The images a transform applies to, by content type (their extensions are storage's, `fileTypeOf`). */
const TRANSFORMABLE: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Where an image's variants are kept: beside it, in a folder of their own (deleted with it). */
const VARIANTS_FOLDER = 'variants';

/** The folder of the variants of the file `name` in `folder` (`media/abc.png`: `media/variants/abc`). */
export function variantsFolder(folder: string, name: string): string {
  return [folder, VARIANTS_FOLDER, name.slice(0, name.lastIndexOf('.'))].filter(Boolean).join('/');
}
/**
 * New variants one process makes of one image: a page's responsive sizes need a handful, so past this many a new one
 * is refused (the ones made are still served). Each costs a decode and a kept file, and anyone may ask.
 */
export const MAX_NEW_VARIANTS_PER_IMAGE = 32;
/** Images whose new variants are counted (the oldest counts are dropped past it): the counts stay small. */
const COUNTED_IMAGES = 10_000;
/**
 * Variants known to be kept, so serving one again asks storage once (its read), not twice: the most recently served,
 * keys of at most 512 characters, so at most about 4 MiB. A variant is never replaced; one deleted with its image is
 * then not found by the read.
 */
const KNOWN_VARIANTS = 4_096;

/**
 * The variants of the shops' public images, made with sharp from their URLs' query (`transformOf`): fitted inside
 * the size asked (or cropped to it), never upscaled, in the format asked. Each is made once and kept as a named
 * public file beside its original (a name is written once, so two processes making it race harmlessly); requests for
 * a variant this process is making wait for it instead of making it again.
 */
@Injectable()
export class ImageVariants implements FileVariantMaker {
  private readonly making = new Map<string, Promise<string>>();
  private readonly madeOf = new Map<string, number>();
  private readonly known = new Set<string>();

  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async variantOf(key: string, file: FileKeyParts, query: Readonly<Record<string, unknown>>): Promise<{ key: string } | { refused: string }> {
    const extension = TRANSFORMABLE.has(file.contentType) ? fileTypeOf(file.contentType)?.extension : undefined;
    // Not an image (or a variant itself): the query asks nothing of it.
    if (!extension || file.folder.split('/').includes(VARIANTS_FOLDER)) return { key };
    const transform = transformOf(query);
    if (transform === null) return { key };
    if ('problem' in transform) return { refused: transform.problem };
    const folder = variantsFolder(file.folder, file.name);
    const name = variantName(transform, extension);
    const target = { shopId: file.shopId, access: file.access, folder, name };
    const variantKey = `shops/${file.shopId}/${file.access}/${folder}/${name}`;
    if (this.known.has(variantKey) || (await this.storage.exists(variantKey))) return { key: this.remember(variantKey) };
    let made = this.making.get(variantKey);
    if (!made) {
      const count = this.madeOf.get(key) ?? 0;
      if (count >= MAX_NEW_VARIANTS_PER_IMAGE) return { refused: `This image has ${MAX_NEW_VARIANTS_PER_IMAGE} sizes and formats made: ask for one of those` };
      this.count(key, count + 1);
      made = this.make(key, target, variantKey, transform, extension).finally(() => this.making.delete(variantKey));
      this.making.set(variantKey, made);
    }
    try {
      return { key: this.remember(await made) };
    } catch (error) {
      // The original went meanwhile: nothing to serve.
      if (isErrorOf(StorageErrors, error) && error.code === 'FILE_NOT_FOUND') return { key };
      throw error;
    }
  }

  // A kept variant, most recently served last; the least recently served goes past KNOWN_VARIANTS.
  private remember(variantKey: string): string {
    this.known.delete(variantKey);
    this.known.add(variantKey);
    if (this.known.size > KNOWN_VARIANTS) this.known.delete(this.known.values().next().value!);
    return variantKey;
  }

  // The image's count of new variants, most recent last; the oldest image's count goes past COUNTED_IMAGES.
  private count(key: string, made: number): void {
    this.madeOf.delete(key);
    this.madeOf.set(key, made);
    if (this.madeOf.size > COUNTED_IMAGES) this.madeOf.delete(this.madeOf.keys().next().value!);
  }

  private async make(key: string, target: FileTarget, variantKey: string, transform: ImageTransform, extension: string): Promise<string> {
    const original = await this.storage.get(key);
    const input = original.bytes ?? (await buffer(original.body));
    const format = transform.format ?? (extension as OutputFormat | 'gif');
    const bytes = await imageWork(() => this.transformed(input, transform, format));
    try {
      return (await this.storage.put(target, Readable.from([bytes]), { contentType: FILE_TYPES[format]!, remakeable: true })).key;
    } catch (error) {
      // Another process made it first: a name keeps its first bytes, which are these.
      if (isErrorOf(StorageErrors, error) && error.code === 'FILE_EXISTS') return variantKey;
      throw error;
    }
  }

  private async transformed(original: Buffer, transform: ImageTransform, format: OutputFormat | 'gif'): Promise<Buffer> {
    const sharp = await loadSharp();
    let image = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, animated: format === 'gif' || format === 'webp' });
    if (transform.width !== null || transform.height !== null) {
      image = image.resize({
        width: transform.width === null ? undefined : transform.width * transform.scale,
        height: transform.height === null ? undefined : transform.height * transform.scale,
        fit: transform.crop ? 'cover' : 'inside',
        position: transform.crop === 'center' || !transform.crop ? 'centre' : transform.crop,
        withoutEnlargement: true,
      });
    }
    return image.toFormat(format === 'jpg' ? 'jpeg' : format).toBuffer();
  }
}
