import { guideBlocks } from './guide-blocks';

describe('guideBlocks', () => {
  it('tells runnable, marked and unmarked blocks apart', () => {
    const markdown = [
      '# Guide',
      '```bash',
      'curl "$BASE_URL/v1/usage"',
      '```',
      '1. A step:',
      '',
      '   ```json output',
      '   { "shown": true }',
      '   ```',
      '<!-- not-run: needs a real mail server -->',
      '',
      '```ts',
      'sendMail();',
      '```',
      '<!-- run: background -->',
      '```ts',
      'listen();',
      '```',
      '```',
      'a diagram nobody marked',
      '```',
      '````md',
      '```json',
      '{}',
      '```',
      '````',
      '```json',
      '{ "port": 1 }',
      '```',
    ].join('\n');
    expect(guideBlocks(markdown).map((b) => [b.line, b.action, b.code])).toEqual([
      [2, { kind: 'shell' }, 'curl "$BASE_URL/v1/usage"'],
      [7, { kind: 'skip', reason: 'an example of output' }, '{ "shown": true }'],
      [12, { kind: 'skip', reason: 'needs a real mail server' }, 'sendMail();'],
      [16, { kind: 'script', background: true }, 'listen();'],
      [19, { kind: 'unmarked' }, 'a diagram nobody marked'],
      [22, { kind: 'unmarked' }, '```json\n{}\n```'],
      [27, { kind: 'json' }, '{ "port": 1 }'],
    ]);
  });
});
