import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Names to addresses; the system's resolver unless the client is given another (tests give answers of their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Every address the system resolves `hostname` to (hosts file and DNS, as getaddrinfo does), in its order. */
export async function systemResolver(hostname: string): Promise<ResolvedAddress[]> {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}
