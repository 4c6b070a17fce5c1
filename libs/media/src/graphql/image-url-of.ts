import { DomainError } from '@platform/errors';
import type { ImageTransformValue } from '@platform/graphql-types';
import { transformedImageUrl } from '../image-url.js';

/** The URL asked, or a field error naming why its transform is refused. */
export function imageUrlOf(url: string, transform: ImageTransformValue | null | undefined): string {
  if (!transform) return url;
  const answer = transformedImageUrl(url, transform);
  if ('problem' in answer) throw new DomainError('BAD_REQUEST', `Invalid transform: ${answer.problem}`, { field: 'transform' });
  return answer.url;
}
