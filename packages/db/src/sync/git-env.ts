/**
 * The environment of every git child: a partial clone must never reach out to its promisor
 * remote for a missing object (a sync reports it instead), and git must never prompt.
 */
export function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_NO_LAZY_FETCH: '1', GIT_TERMINAL_PROMPT: '0' };
}
