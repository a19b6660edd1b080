import { applyAmendment } from '../src/consolidation/apply';
import { pt } from './fixtures/forms';

// Full stops and list marks the engine's edits set (#36 (b), h-prec2).

const CLOSED = [
  '##### § 31',
  '',
  '(1) Prokázání totožnosti znamená prokázání jména.',
  '',
  '(2) Celník je oprávněn vyzvat osobu',
  '',
  '- g) podezřelou ze spáchání přestupku,',
  '',
  '- h) u které je prováděna kontrola podle zvláštních předpisů.',
  '',
  'Osoba je povinna výzvě vyhovět.',
  '',
  '(3) Celník vydá potvrzení.',
  '',
].join('\n');

describe('"na konci odstavce … tečka nahrazuje čárkou a doplňuje se písmeno" before a závěrečná část', () => {
  it("replaces the last písmeno's full stop and puts the new one before the závěrečná část", () => {
    const r = applyAmendment(CLOSED, [
      pt(
        '1',
        'V § 31 se na konci odstavce 2 tečka nahrazuje čárkou a doplňuje se písmeno i), které zní:\n\n„i) u které je prováděna kontrola celními orgány.“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain(
      '- h) u které je prováděna kontrola podle zvláštních předpisů,\n\n- i) u které je prováděna kontrola celními orgány.\n\nOsoba je povinna výzvě vyhovět.\n\n(3)',
    );
  });

  it('refuses where the last písmeno does not end with the mark named', () => {
    const text = CLOSED.replace('zvláštních předpisů.', 'zvláštních předpisů,');
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 31 se na konci odstavce 2 tečka nahrazuje čárkou a doplňuje se písmeno i), které zní:\n\n„i) u které je prováděna kontrola.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    expect(r.text).toBe(text);
  });
});

const SENTENCES = [
  '##### § 5',
  '',
  '(1) Řízení se zahajuje na návrh odsouzeného nebo druha. Návrh lze podat kdykoli.',
  '',
  '(2) Postupuje se podle § 12, zejména pokud se týká vydávání osvědčení. Dále platí § 13.',
  '',
  '(3) Lhůty jsou uvedeny v příloze... a v řádu.',
  '',
  '^15) Čl. 103u odst. 2 nařízení Rady (ES) č. 1234/2007, v platném znění. Čl. 50 odst. 2 nařízení (EU) č. 1308/2013, v platném znění.',
  '',
].join('\n');

describe("one full stop where the act's words end with one", () => {
  it('inserts words ending with the full stop before the one the sentence has', () => {
    const r = applyAmendment(SENTENCES, [
      pt('1', 'V § 5 odst. 1 se za slovo „druha“ vkládají slova „anebo na návrh osoby, jejíž práva byla dotčena.“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain(
      '(1) Řízení se zahajuje na návrh odsouzeného nebo druha anebo na návrh osoby, jejíž práva byla dotčena. Návrh lze',
    );
  });

  it("replaces a comma with a full stop and deletes the words up to the sentence's own", () => {
    const r = applyAmendment(SENTENCES, [
      pt(
        '1',
        'V § 5 odst. 2 se za slovy „podle § 12“ čárka nahrazuje tečkou a slova „zejména pokud se týká vydávání osvědčení“ se zrušují.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain('(2) Postupuje se podle § 12. Dále platí § 13.');
  });

  it('leaves an ellipsis the text had', () => {
    const r = applyAmendment(SENTENCES, [pt('1', 'V § 5 odst. 3 se za slovo „řádu“ vkládají slova „o lhůtách“.')]);
    expect(r.text).toContain('(3) Lhůty jsou uvedeny v příloze... a v řádu o lhůtách.');
  });

  it("deletes a footnote's first sentence with its full stop", () => {
    const r = applyAmendment(SENTENCES, [
      pt('1', 'V poznámce pod čarou č. 15 se slova „Čl. 103u odst. 2 nařízení Rady (ES) č. 1234/2007, v platném znění.“ zrušují.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain('^15) Čl. 50 odst. 2 nařízení (EU) č. 1308/2013, v platném znění.');
  });
});
