/** An order a checkout placed, as its confirmation shows it (money exact, in the order's currency). */
export interface PlacedOrder {
  id: number;
  /** '#1001'. */
  name: string;
  number: number;
  email: string | null;
  currency: string;
  totalPrice: string;
  customerId: number | null;
  processedAt: Date;
}
