import { answers, scoreQuestion } from '../src/eval/run-question-eval';

// #37 item 5: how the questions evaluation scores one ranking.
describe('questions evaluation scoring', () => {
  const question = { act: 'sb/2006/262', provisions: ['par_35/odst_1', 'par_35'] };

  it('a hit answers when it is an accepted provision or a unit inside one, in the question’s act', () => {
    expect(answers('par_35', question.provisions)).toBe(true);
    expect(answers('par_35/odst_1/pism_a', question.provisions)).toBe(true);
    expect(answers('par_35a', question.provisions)).toBe(false);
    expect(answers(null, question.provisions)).toBe(false);
  });

  it('scores the provision’s rank and the act’s rank among distinct acts, within the top 10', () => {
    const top = [
      { act: 'sb/2012/89', provision: 'par_35' },
      { act: 'sb/2012/89', provision: 'par_36' },
      { act: 'sb/2006/262', provision: 'par_34' },
      { act: 'sb/2006/262', provision: 'par_35/odst_1' },
    ];
    expect(scoreQuestion(top, question)).toEqual({ hit: true, rr: 1 / 4, actRr: 1 / 2 });
    const late = [
      ...Array.from({ length: 10 }, (_, i) => ({ act: 'sb/2012/89', provision: `par_${i}` })),
      { act: 'sb/2006/262', provision: 'par_35' },
    ];
    expect(scoreQuestion(late, question)).toEqual({ hit: false, rr: 0, actRr: 0 });
  });
});
