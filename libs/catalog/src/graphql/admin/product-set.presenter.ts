import { type DomainError, type UserErrorView, fieldPath } from '@platform/errors';
import { toGlobalId } from '@platform/ids';
import type { ProductOperationRecord } from '../../admin/product-operations.service.js';
import type { AdminProductRecord } from '../../admin/product-admin.records.js';
import { PRODUCT_SET_CODES, type ProductSetCode } from './product-set.type.js';
import { adminProductView } from './product.presenter.js';

// productSet's problems in its own codes: those the hosted enum names pass as they are, the catalog's field
// problems are INVALID_INPUT, a taken handle HANDLE_NOT_UNIQUE, a product too many variants VARIANTS_OVER_LIMIT.
const RENAMED: Record<string, ProductSetCode> = {
  TAKEN: 'HANDLE_NOT_UNIQUE',
  PRODUCT_DOES_NOT_EXIST: 'NOT_FOUND',
  TOO_MANY_VARIANTS: 'VARIANTS_OVER_LIMIT',
  TOO_MANY_VARIANTS_CREATED: 'VARIANTS_OVER_LIMIT',
  OPTION_ALREADY_EXISTS: 'DUPLICATED_OPTION_NAME',
};

export function productSetCode(code: string): ProductSetCode {
  if ((PRODUCT_SET_CODES as readonly string[]).includes(code)) return code as ProductSetCode;
  return RENAMED[code] ?? 'INVALID_INPUT';
}

export function productSetUserErrors(problems: readonly DomainError[]): UserErrorView<ProductSetCode>[] {
  return problems.map((p) => ({ field: fieldPath(p.field), message: p.message, code: productSetCode(p.code) }));
}

export function productSetOperationView(operation: ProductOperationRecord, product: AdminProductRecord | null) {
  return {
    __typename: 'ProductSetOperation' as const,
    id: toGlobalId('ProductSetOperation', operation.id),
    status: operation.status,
    product: product && adminProductView(product),
    userErrors: operation.problems.map((p) => ({ field: fieldPath(p.field ?? undefined), message: p.message, code: productSetCode(p.code) })),
  };
}
