/**
 * The operator's paths every app answers on its own port (operations-routes.ts). Kept apart from
 * the routes, with no imports, so the tracing set-up can name them before express loads.
 */
export const OPERATIONS_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz', '/metrics']);
