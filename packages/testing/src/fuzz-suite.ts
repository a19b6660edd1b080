// These helpers register and assert jest tests; the build's types leave jest's globals out.
/// <reference types="jest" />
import { runFuzz, runParserCases, type CheckOptions, type FuzzRequest } from './fuzz';
import { faultLines, send } from './raw-http';

/**
 * Sends the fuzz requests and expects every one answered without a problem, and each status of
 * `reached` among the answers: the fuzz got past the front door to the handlers.
 */
export async function expectFuzzAnswered(
  port: number,
  requests: FuzzRequest[],
  reached: number[],
  options: CheckOptions = {},
): Promise<void> {
  const result = await runFuzz(port, requests, options);
  if (process.env.FUZZ_TIMINGS) console.log(result.statuses, result.slowest);
  expect(result.problems.slice(0, 20)).toEqual([]);
  expect(result.sent).toBe(requests.length);
  expect(Object.keys(result.statuses).map(Number)).toEqual(expect.arrayContaining(reached));
}

export interface FuzzedServer {
  port: number;
  /** A path the server answers 200 on while it is up. */
  healthPath: string;
  /** The server's log lines so far. */
  logs: string[];
}

/**
 * The closing tests of a fuzz suite: parser-level errors answered with the envelope, then the
 * server still up with no fault logged. `server` is read when the tests run (after beforeAll);
 * `alsoUp` checks more of the server than its health path.
 */
export function itSurvivesTheFuzz(server: () => FuzzedServer, alsoUp?: () => Promise<void>): void {
  it('answers parser-level errors (request line, headers, Expect, CONNECT) with the envelope', async () => {
    const result = await runParserCases(server().port);
    expect(result.problems).toEqual([]);
  });

  it('is still up, and logged no fault (nothing at error level, no stack trace)', async () => {
    const { port, healthPath, logs } = server();
    expect((await send(port, { path: healthPath })).status).toBe(200);
    await alsoUp?.();
    expect(faultLines(logs).slice(0, 5)).toEqual([]);
  });
}
