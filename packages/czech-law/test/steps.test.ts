import type { AmendmentPoint } from '../src/amendments/types';
import { applySteps, compareSteps, consolidationSteps, isWholeRepeal, stepSkipReason, type StepOrder } from '../src/consolidation/steps';

// The rebuild's steps (packages/db rebuild.ts `planVersions`, the consolidation replay's window
// mode): effects of several acts in order of effect, one engine step per act and day.

interface Effect extends StepOrder {
  instruction: string;
}

const effect = (act: string, effectiveFrom: string, ordinal: number, instruction: string, publishedOn: string | null = null): Effect => ({
  act,
  effectiveFrom,
  publishedOn,
  ordinal,
  instruction,
});
const points = (step: Effect[]): AmendmentPoint[] =>
  step.map((e) => ({ number: String(e.ordinal), text: e.instruction, start: 0, end: 0 }));
const text = '# Zákon\n\n##### § 1\n\nLhůta je 5 dnů.\n\n##### § 2\n\nPoplatek je 100 Kč.\n';

describe('the rebuild steps', () => {
  it('orders effects by day, then the act published first (an unknown day last), the act, the ordinal', () => {
    const effects = [
      effect('sb/2020/9', '2021-01-01', 2, '', null),
      effect('sb/2020/9', '2021-01-01', 1, '', null),
      effect('sb/2020/5', '2021-01-01', 1, '', '2020-06-01'),
      effect('sb/2020/7', '2021-01-01', 1, '', '2020-06-01'),
      effect('sb/2020/8', '2020-07-01', 3, '', '2020-06-15'),
    ].sort(compareSteps);
    expect(effects.map((e) => `${e.act}:${e.ordinal}`)).toEqual([
      'sb/2020/8:3',
      'sb/2020/5:1',
      'sb/2020/7:1',
      'sb/2020/9:1',
      'sb/2020/9:2',
    ]);
  });

  it('cuts effects into one step per act and effective day', () => {
    const effects = [
      effect('sb/2020/1', '2020-07-01', 1, ''),
      effect('sb/2020/1', '2020-07-01', 2, ''),
      effect('sb/2020/2', '2020-07-01', 1, ''),
      effect('sb/2020/1', '2021-01-01', 3, ''),
    ];
    expect(consolidationSteps(effects, (e) => e).map((s) => s.map((e) => e.ordinal))).toEqual([[1, 2], [1], [3]]);
  });

  it('applies each step to the text the previous one left', () => {
    const steps = consolidationSteps(
      [
        effect('sb/2020/1', '2020-07-01', 1, 'V § 1 se číslo „5“ nahrazuje číslem „6“.'),
        effect('sb/2020/2', '2021-01-01', 1, 'V § 1 se číslo „6“ nahrazuje číslem „7“.'),
        effect('sb/2020/2', '2021-01-01', 2, 'V § 2 se číslo „100“ nahrazuje číslem „200“.'),
      ],
      (e) => e,
    );
    const done = [...applySteps(text, steps, points)];
    expect(done.map((d) => d.result.points.map((p) => p.status))).toEqual([['applied'], ['applied', 'applied']]);
    expect(done[1].before).toBe(done[0].result.text);
    expect(done[1].result.text).toBe('# Zákon\n\n##### § 1\n\nLhůta je 7 dnů.\n\n##### § 2\n\nPoplatek je 200 Kč.\n');
  });

  it('tells a whole act repealed without exceptions from one repealed but some units', () => {
    expect(isWholeRepeal(['*whole'])).toBe(true);
    expect(isWholeRepeal(['*whole', '!par_3'])).toBe(false);
    expect(isWholeRepeal(['par_3'])).toBe(false);
  });

  it("skips a Slovak organ's act on a text no Slovak organ issued, its points counted as of the other republic", () => {
    const snr = 'Zákon Slovenskej národnej rady, ktorým sa mení a dopĺňa zákon o národných výboroch';
    const cnr = 'Zákon České národní rady, kterým se mění a doplňuje zákon o národních výborech';
    const common = 'Zákon o národních výborech';
    expect(stepSkipReason(snr, common)).toBe('other_republic');
    expect(stepSkipReason(cnr, common)).toBeNull();
    expect(stepSkipReason(snr, 'Zákon Slovenskej národnej rady o obecnom zriadení')).toBeNull();
    expect(stepSkipReason(snr, null)).toBeNull();
    expect(stepSkipReason(null, common)).toBeNull();

    const steps = consolidationSteps(
      [
        effect('sb/1982/49', '1982-07-01', 1, 'V § 1 se číslo „5“ nahrazuje číslem „6“.'),
        effect('sb/1982/52', '1982-07-01', 1, 'V § 1 sa číslo „6“ nahrádza číslom „8“.'),
        effect('sb/1982/52', '1982-07-01', 2, 'V § 2 sa číslo „100“ nahrádza číslom „300“.'),
        effect('sb/1982/137', '1983-01-01', 1, 'V § 2 se číslo „100“ nahrazuje číslem „200“.'),
      ],
      (e) => e,
    );
    const titles: Record<string, string> = { 'sb/1982/49': cnr, 'sb/1982/52': snr, 'sb/1982/137': cnr };
    const done = [...applySteps(text, steps, points, {}, (s) => stepSkipReason(titles[s[0].act], common))];
    expect(done.map((d) => d.result.points.map((p) => p.reason ?? p.status))).toEqual([
      ['applied'],
      ['other_republic', 'other_republic'],
      ['applied'],
    ]);
    expect(done[1].result.text).toBe(done[1].before);
    expect(done[2].result.text).toBe('# Zákon\n\n##### § 1\n\nLhůta je 6 dnů.\n\n##### § 2\n\nPoplatek je 200 Kč.\n');
  });

  it("passes the caller's units on past a skipped first step", () => {
    const steps = consolidationSteps(
      [effect('sb/1982/52', '1982-07-01', 1, 'x'), effect('sb/1982/49', '1982-07-01', 1, 'V § 1 se číslo „5“ nahrazuje číslem „6“.')],
      (e) => e,
    );
    const done = [...applySteps(text, steps, points, {}, (s) => (s[0].act === 'sb/1982/52' ? 'other_republic' : null))];
    expect(done[0].result.resultUnits.length).toBeGreaterThan(0);
    expect(done[1].result.text).toContain('Lhůta je 6 dnů.');
  });
});
