import { AMENDING_TITLE, foldTitle, isAmendingPart, isAmendingTitle } from '../src/titles';

describe('amending acts by their titles (one recogniser for the search signals, the prior and the evaluations)', () => {
  it.each([
    ['Zákon, kterým se mění zákon č. 21/1992 Sb., o bankách', true],
    ['Zákon České národní rady o změně zákona č. 2/1969 Sb.', true],
    ['Nařízení vlády, kterým se mění nařízení vlády č. 567/2006 Sb., o minimální mzdě', true],
    ['Vyhláška ministerstva financí o další změně vyhlášky o správních poplatcích', true],
    ['Zákon o změně některých zákonů v souvislosti s přijetím zákona o státní službě', true],
    ['Vyhláška, kterou se ruší některé předpisy', true],
    ['Zákon,  kterým se\u00a0doplňuje zákon o obcích', true],
    ['Zákon o úpadku a způsobech jeho řešení (insolvenční zákon)', false],
    ['Zákon o ochranných známkách a o změně zákona č. 6/2002 Sb.', false],
    ['Zákon o spotřebitelském úvěru', false],
    ['Zákon České národní rady o dani z nemovitostí a o změnách dalších předpisů', false],
    ['Zákon o soudních exekutorech a exekuční činnosti (exekuční řád) a o změně dalších zákonů', false],
  ])('%s: %s', (title, amending) => {
    expect(isAmendingTitle(title)).toBe(amending);
    // The prior reads SQL's folded title, which foldTitle matches for these.
    expect(AMENDING_TITLE.test(foldTitle(title))).toBe(amending);
  });

  it('folds as the search title does: lower case, no diacritics, single spaces', () => {
    expect(foldTitle('  Zákoník\u00a0PRÁCE  ')).toBe('zakonik prace');
  });
});

describe('a part amending another act by its context (the provision index stores it per unit)', () => {
  it.each([
    ['Změna zákona o daních z příjmů', true],
    ['ČÁST DRUHÁ › Změna občanského soudního řádu', true],
    ['ZMĚNA A DOPLNĚNÍ SOUVISEJÍCÍCH ZÁKONŮ', true],
    ['Změna zákona č. 334/1992 Sb., o ochraně zemědělského půdního fondu', true],
    ['Změna nařízení vlády o minimální mzdě', true],
    ['ZÁVAZKOVÉ PRÁVO › OBECNÁ USTANOVENÍ › Změny v obsahu závazků', false],
    ['Změna pracovního poměru', false],
    ['PRACOVNÍ POMĚR › Změna v osobě zaměstnavatele', false],
    ['Dohoda o změně zákona', false],
  ])('%s: %s', (context, amending) => {
    expect(isAmendingPart(context)).toBe(amending);
  });
});
