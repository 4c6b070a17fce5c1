import type { NewDiscountCode } from '@platform/cart';

/**
 * The demo shop's discount codes (docs/storefront.md uses them): a live percentage, a fixed amount above a
 * minimum, an expired code and one with a single use (the first checkout paid with it uses it up).
 */
export function seedDiscountCodes(now: Date): NewDiscountCode[] {
  const day = 24 * 60 * 60 * 1000;
  return [
    { code: 'WELCOME10', valueType: 'percentage', value: '10.00', startsAt: new Date(now.getTime() - day) },
    { code: 'SAVE5', valueType: 'fixed_amount', value: '5.00', minimumSubtotal: '50.00', startsAt: new Date(now.getTime() - day) },
    { code: 'SUMMER25', valueType: 'percentage', value: '25.00', startsAt: new Date(now.getTime() - 120 * day), endsAt: new Date(now.getTime() - 30 * day) },
    { code: 'FIRSTONLY', valueType: 'percentage', value: '50.00', startsAt: new Date(now.getTime() - day), usageLimit: 1 },
  ];
}
