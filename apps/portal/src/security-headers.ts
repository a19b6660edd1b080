import helmet from 'helmet';

/**
 * Strict CSP: every script, style, font and image comes from the portal itself; no inline script
 * or style (the chart's data travels in a JSON data block that is never executed). Forms may post
 * only here, the portal may not be framed, and no Referer leaves it (mailed links carry tokens).
 */
export function securityHeaders(secure: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        // Only over https: on plain-http development it would break every form.
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
