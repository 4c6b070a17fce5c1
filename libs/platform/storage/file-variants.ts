import { Injectable } from '@nestjs/common';
import type { FileKeyParts } from './file-key.rules.js';

/**
 * What serves a variant of a public file from its URL's query (an image at `?width=400&format=webp`): the media part
 * registers one. It answers the key of the file to serve (the variant, made and kept the first time), the file's own
 * key when the query asks for no variant, or why the query is refused (a 400).
 */
export interface FileVariantMaker {
  /** `file`: the key read into its parts (the files route has read it). */
  variantOf(key: string, file: FileKeyParts, query: Readonly<Record<string, unknown>>): Promise<{ key: string } | { refused: string }>;
}

/** The registered variant maker of the process, if any (storage knows no image; media registers at start). */
@Injectable()
export class FileVariants {
  private maker?: FileVariantMaker;

  register(maker: FileVariantMaker): void {
    this.maker = maker;
  }

  variantOf(key: string, file: FileKeyParts, query: Readonly<Record<string, unknown>>): Promise<{ key: string } | { refused: string }> {
    return this.maker ? this.maker.variantOf(key, file, query) : Promise.resolve({ key });
  }
}
