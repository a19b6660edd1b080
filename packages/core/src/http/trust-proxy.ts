/**
 * TRUST_PROXY → express "trust proxy": true/false, a hop count, or a list of addresses/subnets
 * (`loopback`, `10.0.0.0/8, 192.168.1.1`). Only trusted proxies may set X-Forwarded-*.
 */
export function parseTrustProxy(value: string): boolean | number | string {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return value.trim();
}
