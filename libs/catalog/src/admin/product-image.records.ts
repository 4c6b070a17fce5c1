/** An image of a product as the image resource answers it. */
export interface ProductImageRecord {
  id: number;
  productId: number;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  alt: string | null;
  width: number | null;
  height: number | null;
  /** An imported image's external URL; '' for a file the platform keeps (`fileKey`). */
  src: string;
  fileKey: string | null;
  status: 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED';
  variantIds: number[];
}

/** A media error as the hosted MediaError shows it. */
export interface MediaErrorRecord {
  code: string;
  message: string;
  details: string | null;
}

/** A product's image as the admin GraphQL API shows it (a MediaImage): every status, its errors and source. */
export interface ProductMediaRecord {
  id: number;
  /** Null for a shop's file of no product yet (fileCreate), which has no position either. */
  productId: number | null;
  position: number | null;
  alt: string | null;
  width: number | null;
  height: number | null;
  /** An imported image's URL; '' for a kept file or one still downloading. */
  src: string;
  fileKey: string | null;
  mimeType: string | null;
  originalSource: string | null;
  status: ProductImageRecord['status'];
  mediaErrors: MediaErrorRecord[];
  createdAt: Date;
  updatedAt: Date;
}
