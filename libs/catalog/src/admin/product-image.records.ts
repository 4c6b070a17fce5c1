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
