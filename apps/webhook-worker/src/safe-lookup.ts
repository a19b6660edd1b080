import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress } from '@dp/db';

/** Resolves a host name to every address it has (injectable: tests simulate DNS answers). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** A delivery refused by the SSRF policy; never retried faster than a normal failure. */
export class AddressNotAllowedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressNotAllowedError';
  }
}

/**
 * A `lookup` for http(s).request that resolves the name itself and hands the socket only an
 * address it has checked. The connection goes to exactly the address checked here, so a name
 * that resolves to a public address once and to 127.0.0.1 the next time (DNS rebinding) cannot
 * slip through. Any non-public answer refuses the whole name: a mixed answer is suspicious.
 */
export function guardedLookup(resolve: Resolver, checkAddresses: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((answers) => {
        const wanted = options.family === 4 || options.family === 6 ? answers.filter((a) => a.family === options.family) : answers;
        if (wanted.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        if (checkAddresses) {
          const bad = wanted.find((a) => classifyAddress(a.address) !== 'public');
          if (bad) {
            throw new AddressNotAllowedError(
              `refused: ${hostname} resolves to a ${classifyAddress(bad.address).replace('_', '-')} address (${bad.address})`,
            );
          }
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}
