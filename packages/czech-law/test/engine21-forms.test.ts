import { applyAmendment } from '../src/consolidation/apply';
import type { AmendmentPoint } from '../src/amendments/types';

// Forms read first in the session of 2026-11-30 evening (#36, h-engine21), on tiny texts written
// the way legalize-cz writes them.

const pt = (number: string | null, text: string): AmendmentPoint => ({ number, text, start: 0, end: 0 });
const lines = (...ls: string[]): string => `${ls.join('\n\n')}\n`;

describe('a heading restated with the other dash keeps the dash of the text', () => {
  // vyhláška č. 536/2002 Sb., bod 7, on vyhláška č. 28/2001 Sb.: "Hlava pátá včetně nadpisu zní:"
  // writes "Zahraniční podmínky - Afghánistán" where the text (and the source after it) has
  // "Zahraniční podmínky – Afghánistán".
  const text = lines(
    '### HLAVA PÁTÁ',
    '#### ZAHRANIČNÍ PODMÍNKY',
    '##### § 96',
    '#### Zahraniční podmínky – Afghánistán',
    '(1) Hmotnost činí 20 kg.',
    '##### § 97',
    '#### Zahraniční podmínky – Albánie',
    '(1) Hmotnost činí 30 kg.',
    '### HLAVA ŠESTÁ',
    '##### § 98',
    'Text.',
  );

  it('in a container written anew', () => {
    const r = applyAmendment(text, [
      pt(
        '7',
        lines(
          'Hlava pátá včetně nadpisu zní:',
          '### „HLAVA PÁTÁ',
          '#### ZAHRANIČNÍ PODMÍNKY',
          '##### § 96',
          '#### Zahraniční podmínky - Afghánistán',
          '(1) Hmotnost činí 10 kg.',
          '##### § 97',
          '#### Zahraniční podmínky - Albánie - sever',
          '(1) Hmotnost činí 30 kg.“.',
        ).trim(),
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toContain('#### Zahraniční podmínky – Afghánistán\n\n(1) Hmotnost činí 10 kg.');
    // A heading whose words changed is the act's, dash and all.
    expect(r.text).toContain('#### Zahraniční podmínky - Albánie - sever');
    expect(r.text).not.toContain('Zahraniční podmínky – Albánie');
  });

  it('in a § written anew, either way round; the body keeps the act\'s dash', () => {
    const r = applyAmendment(
      lines('##### § 5', '#### Podmínky - Belgie', '(1) Text – starý.', '##### § 6', 'Text.'),
      [pt('1', lines('§ 5 včetně nadpisu zní:', '##### „§ 5', '#### Podmínky – Belgie', '(1) Text - nový.“.').trim())],
    );
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(lines('##### § 5', '#### Podmínky - Belgie', '(1) Text - nový.', '##### § 6', 'Text.'));
  });
});
