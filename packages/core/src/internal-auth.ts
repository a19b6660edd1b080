import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'dp-internal';
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * Service-to-service calls (gateway → api) carry a short-lived HS256 token signed with the shared
 * secret, so a captured token is worthless a minute later and the secret itself never travels.
 */
export async function signInternalToken(secret: string, subject: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(new TextEncoder().encode(secret));
}

export async function verifyInternalToken(secret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
