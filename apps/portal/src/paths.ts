import { dirname, join } from 'node:path';

/**
 * CSS, JS and images live in apps/portal/static, outside src, so the same path works from src
 * (tests, ts-jest) and from dist (production): both are one level below the package root.
 */
export const STATIC_DIR = join(__dirname, '..', 'static');

/** chart.js's UMD build, served by the portal itself (no CDN). Its package exports only the CJS/ESM entries. */
export function chartJsUmdPath(): string {
  return join(dirname(require.resolve('chart.js')), 'chart.umd.js');
}
