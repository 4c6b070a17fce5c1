/**
 * Why an outbound call was refused or cut short; callers answer their users from it (a media error, a delivery's).
 * BAD_URL, BAD_SCHEME and PRIVATE_ADDRESS are the URL's fault and stay so; DNS, CONNECT, CUT_SHORT and TIMEOUT may pass.
 */
export type OutboundRefusal = 'BAD_URL' | 'BAD_SCHEME' | 'PRIVATE_ADDRESS' | 'DNS' | 'CONNECT' | 'CUT_SHORT' | 'TOO_MANY_REDIRECTS' | 'TOO_LARGE' | 'TIMEOUT';

/**
 * An outbound call the client would not make or finish. The message names the URL the caller gave (or the redirect
 * it followed) and the rule, never an address a name resolved to.
 */
export class OutboundRefusedError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundRefusedError';
  }
}
