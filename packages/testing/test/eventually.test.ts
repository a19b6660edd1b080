import { eventually, loadFactor, scaledBound } from '../src/eventually';

describe("the test kit's bounded waits stretch with the machine", () => {
  const before = process.env.TEST_TIME_SCALE;
  afterEach(() => {
    if (before === undefined) delete process.env.TEST_TIME_SCALE;
    else process.env.TEST_TIME_SCALE = before;
  });

  it('a bound is never below its idle figure and follows the load and TEST_TIME_SCALE', () => {
    delete process.env.TEST_TIME_SCALE;
    expect(loadFactor()).toBeGreaterThanOrEqual(1);
    expect(scaledBound(1_000)).toBeGreaterThanOrEqual(1_000);
    process.env.TEST_TIME_SCALE = '4';
    // The load may move between the two reads; the manual factor multiplies whatever it is.
    expect(loadFactor()).toBeGreaterThanOrEqual(4);
    expect(scaledBound(1_000)).toBeGreaterThanOrEqual(4_000);
  });

  it('eventually waits the scaled bound, not the idle figure, before giving up', async () => {
    process.env.TEST_TIME_SCALE = '10';
    let tries = 0;
    const started = Date.now();
    await expect(eventually(() => void tries++, { what: 'nothing', timeoutMs: 30, intervalMs: 10 })).rejects.toThrow(
      /timed out after \d+ ms \(30 ms scaled by the machine's load\) waiting for nothing/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(tries).toBeGreaterThan(3);
  });

  it('eventually returns the first defined value', async () => {
    let n = 0;
    expect(await eventually(() => (++n === 3 ? 'third' : undefined), { what: 'the third try', intervalMs: 1 })).toBe('third');
  });
});
