import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

describe('the generated /v1 types', () => {
  it('match the OpenAPI document as served (regenerate with `pnpm generate:api-types`)', () => {
    const check = spawnSync(process.execPath, [join(__dirname, '..', '..', '..', 'scripts', 'generate-api-types.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
