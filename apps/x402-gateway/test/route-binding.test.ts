import { getDocumentPaidRoute } from '@dp/core';
import { boundPath } from '../src/routes/x402-documents';

describe('the gateway route bound from its declaration', () => {
  it('matches the declared path under /x402, its id the rest of the raw path', () => {
    const path = boundPath(getDocumentPaidRoute.path);
    expect(path.express).toBe('/legal/documents/*ref');
    expect(path.params('/legal/documents/sb%2F2091%2F1')).toEqual({ id: 'sb%2F2091%2F1' });
    expect(path.params('/legal/documents/sb/2091/1')).toEqual({ id: 'sb/2091/1' });
    expect(path.params('/legal/documents/SB-2012-89')).toEqual({ id: 'SB-2012-89' });
  });

  it('refuses a path it could not bind', () => {
    expect(() => boundPath('/v1/legal/documents/{id}')).toThrow(/under \/x402/);
    expect(() => boundPath('/x402/legal/{kind}/{id}')).toThrow(/one parameter/);
  });
});
