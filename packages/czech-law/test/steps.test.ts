import type { AmendmentPoint } from '../src/amendments/types';
import { applySteps, compareSteps, consolidationSteps, isWholeRepeal, type StepOrder } from '../src/consolidation/steps';

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
});
