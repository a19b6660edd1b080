import { AMENDING_TITLE, foldTitle, isAmendingPart, isAmendingTitle, issuedBySlovakOrgan } from '../src/titles';

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

describe('acts of the Slovak organs by their titles (the issuer before the subject)', () => {
  it.each([
    ['Zákon Slovenskej národnej rady, ktorým sa mení a dopĺňa zákon o národných výboroch', true],
    ['Zákon Slovenské národní rady o státní správě lesního hospodářství', true],
    ['Zákonné opatrenie Predsedníctva Slovenskej národnej rady o správnych poplatkoch', true],
    ['Nariadenie vlády Slovenskej socialistickej republiky, ktorým sa mení nariadenie', true],
    ['Nařízení vlády Slovenské socialistické republiky o státních hmotných rezervách', true],
    ['Vyhláška Ministerstva školstva, mládeže a telovýchovy Slovenskej republiky o základnej škole', true],
    ['Vyhláška Slovenského úradu bezpečnosti práce, ktorou sa mení vyhláška', true],
    ['Vyhláška rady Západoslovenského krajského národního výboru o chráněných přírodních výtvorech', true],
    ['Zákon Národnej rady Slovenskej republiky o zmene zákona', true],
    ['Ústava Slovenskej republiky', true],
    ['Ústavní zákon o volbách do Slovenské národní rady', false],
    ['Zákon o jednacím a pracovním řádu Slovenské národní rady', false],
    ['Zákon České národní rady o národních výborech', false],
    ['Nařízení vlády Československé socialistické republiky o zvýšení důchodů', false],
    ['Nařízení vlády České a Slovenské Federativní Republiky o státním rozpočtu', false],
    ['Vyhláška federálního ministerstva financí, ministerstva financí České republiky a ministerstva financí Slovenské republiky', false],
    [
      'Vyhláška ministerstva zdravotnictví České socialistické republiky a ministerstva zdravotníctva Slovenskej socialistickej republiky',
      false,
    ],
    ['Vyhláška Státní banky československé o platebním styku', false],
    ['o poskytování náborových příspěvků pracovníkům Slovenské magnezitové závody', false],
    ['Zákon, kterým se mění zákon o volbách do Slovenské národní rady', false],
  ])('%s: %s', (title, slovak) => {
    expect(issuedBySlovakOrgan(title)).toBe(slovak);
  });
});
