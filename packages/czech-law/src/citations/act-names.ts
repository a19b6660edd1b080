/**
 * The names lawyers use for acts instead of their numbers: abbreviations (`OZ`, `tr. ř.`) and short
 * names in the grammatical cases they appear in (`zákoníku práce`). One table for the citation
 * check and for search (#25 item 3, #26 item 2).
 *
 * An entry may name several acts (`obč. zák.` is 40/1964 before 2014 and 89/2012 since): the
 * reader picks the one in force on the day asked, and says `ambiguous` when that leaves more than
 * one. No date is written here: the acts' own effectivity decides.
 */
export interface ActName {
  /** Natural keys (`sb/2012/89`) of the acts this name may mean, newest first. */
  acts: readonly string[];
  /** Abbreviations as written, matched with their own dots and capitals (spaces are optional). */
  abbreviations: readonly string[];
  /** Short names, nominative first, then the other case forms in which they appear in texts. */
  names: readonly string[];
}

export const ACT_NAMES: readonly ActName[] = [
  { acts: ['sb/1993/1'], abbreviations: ['Ústava ČR'], names: ['Ústava', 'Ústavy', 'Ústavě', 'Ústavu', 'Ústavou'] },
  {
    acts: ['sb/1993/2'],
    abbreviations: ['LZPS'],
    names: [
      'Listina základních práv a svobod',
      'Listiny základních práv a svobod',
      'Listině základních práv a svobod',
      'Listinu základních práv a svobod',
      'Listinou základních práv a svobod',
      'Listina',
      'Listiny',
      'Listině',
      'Listinu',
      'Listinou',
    ],
  },
  {
    acts: ['sb/2012/89'],
    abbreviations: ['NOZ', 'n. o. z.'],
    names: ['nový občanský zákoník', 'nového občanského zákoníku', 'novém občanském zákoníku'],
  },
  {
    acts: ['sb/2012/89', 'sb/1964/40'],
    abbreviations: ['OZ', 'obč. zák.', 'ObčZ'],
    names: ['občanský zákoník', 'občanského zákoníku', 'občanskému zákoníku', 'občanském zákoníku', 'občanským zákoníkem'],
  },
  {
    acts: ['sb/2006/262', 'sb/1965/65'],
    abbreviations: ['ZP', 'zák. práce', 'ZPr'],
    names: ['zákoník práce', 'zákoníku práce', 'zákoníkem práce'],
  },
  {
    acts: ['sb/2009/40'],
    abbreviations: ['tr. zákoník', 'TrZ'],
    names: ['trestní zákoník', 'trestního zákoníku', 'trestním zákoníku', 'trestním zákoníkem'],
  },
  { acts: ['sb/2009/40', 'sb/1961/140'], abbreviations: ['TZ'], names: [] },
  {
    acts: ['sb/1961/140'],
    abbreviations: ['tr. zák.'],
    names: ['trestní zákon', 'trestního zákona', 'trestnímu zákonu', 'trestním zákonem', 'trestním zákoně'],
  },
  {
    acts: ['sb/1961/141'],
    abbreviations: ['tr. ř.', 'TŘ', 'TrŘ'],
    names: ['trestní řád', 'trestního řádu', 'trestním řádem', 'trestním řádu'],
  },
  {
    acts: ['sb/1963/99'],
    abbreviations: ['o. s. ř.', 'OSŘ'],
    names: ['občanský soudní řád', 'občanského soudního řádu', 'občanským soudním řádem', 'občanském soudním řádu'],
  },
  {
    acts: ['sb/2002/150'],
    abbreviations: ['s. ř. s.', 'SŘS'],
    names: ['soudní řád správní', 'soudního řádu správního', 'soudním řádem správním', 'soudním řádu správním'],
  },
  {
    acts: ['sb/2004/500', 'sb/1967/71'],
    abbreviations: ['s. ř.', 'SŘ', 'spr. ř.'],
    names: ['správní řád', 'správního řádu', 'správním řádem', 'správním řádu'],
  },
  {
    acts: ['sb/2013/292'],
    abbreviations: ['z. ř. s.', 'ZŘS'],
    names: ['zákon o zvláštních řízeních soudních', 'zákona o zvláštních řízeních soudních', 'zákonem o zvláštních řízeních soudních'],
  },
  {
    acts: ['sb/2012/90'],
    abbreviations: ['ZOK', 'z. o. k.'],
    names: [
      'zákon o obchodních korporacích',
      'zákona o obchodních korporacích',
      'zákonem o obchodních korporacích',
      'zákoně o obchodních korporacích',
    ],
  },
  {
    acts: ['sb/1991/513'],
    abbreviations: ['ObchZ', 'obch. zák.'],
    names: ['obchodní zákoník', 'obchodního zákoníku', 'obchodním zákoníkem', 'obchodním zákoníku'],
  },
  {
    acts: ['sb/2006/182'],
    abbreviations: ['InsZ', 'IZ'],
    names: ['insolvenční zákon', 'insolvenčního zákona', 'insolvenčním zákonem', 'insolvenčním zákoně'],
  },
  {
    acts: ['sb/2004/235'],
    abbreviations: ['ZDPH'],
    names: [
      'zákon o dani z přidané hodnoty',
      'zákona o dani z přidané hodnoty',
      'zákonem o dani z přidané hodnoty',
      'zákoně o dani z přidané hodnoty',
    ],
  },
  {
    acts: ['sb/1992/586'],
    abbreviations: ['ZDP'],
    names: ['zákon o daních z příjmů', 'zákona o daních z příjmů', 'zákonem o daních z příjmů', 'zákoně o daních z příjmů'],
  },
  { acts: ['sb/2009/280'], abbreviations: ['DŘ', 'daň. ř.'], names: ['daňový řád', 'daňového řádu', 'daňovým řádem', 'daňovém řádu'] },
  {
    acts: ['sb/2000/128'],
    abbreviations: [],
    names: ['obecní zřízení', 'obecního zřízení', 'zákon o obcích', 'zákona o obcích', 'zákonem o obcích'],
  },
  {
    acts: ['sb/2000/129'],
    abbreviations: [],
    names: ['krajské zřízení', 'krajského zřízení', 'zákon o krajích', 'zákona o krajích', 'zákonem o krajích'],
  },
  {
    acts: ['sb/2021/283', 'sb/2006/183'],
    abbreviations: ['SZ', 'stav. zák.'],
    names: ['stavební zákon', 'stavebního zákona', 'stavebním zákonem', 'stavebním zákoně'],
  },
  {
    acts: ['sb/2001/120'],
    abbreviations: ['EŘ', 'ex. ř.'],
    names: ['exekuční řád', 'exekučního řádu', 'exekučním řádem', 'exekučním řádu'],
  },
  {
    acts: ['sb/2016/134'],
    abbreviations: ['ZZVZ'],
    names: ['zákon o zadávání veřejných zakázek', 'zákona o zadávání veřejných zakázek', 'zákonem o zadávání veřejných zakázek'],
  },
  {
    acts: ['sb/1991/455'],
    abbreviations: ['ŽZ', 'živn. zák.'],
    names: ['živnostenský zákon', 'živnostenského zákona', 'živnostenským zákonem', 'živnostenském zákoně'],
  },
  { acts: ['sb/1963/94'], abbreviations: ['ZOR', 'zák. o rodině'], names: ['zákon o rodině', 'zákona o rodině', 'zákonem o rodině'] },
  {
    acts: ['sb/1999/106'],
    abbreviations: ['InfZ'],
    names: [
      'zákon o svobodném přístupu k informacím',
      'zákona o svobodném přístupu k informacím',
      'zákonem o svobodném přístupu k informacím',
    ],
  },
  {
    acts: ['sb/1996/85'],
    abbreviations: ['ZA', 'zák. o advokacii'],
    names: ['zákon o advokacii', 'zákona o advokacii', 'zákonem o advokacii'],
  },
  {
    acts: ['sb/1992/358'],
    abbreviations: ['NŘ', 'not. ř.'],
    names: ['notářský řád', 'notářského řádu', 'notářským řádem', 'notářském řádu'],
  },
  {
    acts: ['sb/2002/6'],
    abbreviations: ['ZSS'],
    names: ['zákon o soudech a soudcích', 'zákona o soudech a soudcích', 'zákonem o soudech a soudcích'],
  },
  {
    acts: ['sb/2016/250'],
    abbreviations: ['ZOP'],
    names: ['zákon o odpovědnosti za přestupky', 'zákona o odpovědnosti za přestupky', 'zákonem o odpovědnosti za přestupky'],
  },
  { acts: ['sb/1990/200'], abbreviations: [], names: ['zákon o přestupcích', 'zákona o přestupcích', 'zákonem o přestupcích'] },
  {
    acts: ['sb/1991/563'],
    abbreviations: ['ZÚ', 'zák. o účetnictví'],
    names: ['zákon o účetnictví', 'zákona o účetnictví', 'zákonem o účetnictví'],
  },
  {
    acts: ['sb/2000/361'],
    abbreviations: ['ZSP'],
    names: ['zákon o silničním provozu', 'zákona o silničním provozu', 'zákonem o silničním provozu'],
  },
  {
    acts: ['sb/2011/372'],
    abbreviations: ['ZZS'],
    names: ['zákon o zdravotních službách', 'zákona o zdravotních službách', 'zákonem o zdravotních službách'],
  },
  {
    acts: ['sb/1997/48'],
    abbreviations: ['ZVZP'],
    names: ['zákon o veřejném zdravotním pojištění', 'zákona o veřejném zdravotním pojištění', 'zákonem o veřejném zdravotním pojištění'],
  },
  { acts: ['sb/2001/254', 'sb/1973/138'], abbreviations: [], names: ['vodní zákon', 'vodního zákona', 'vodním zákonem', 'vodním zákoně'] },
  { acts: ['sb/1992/21'], abbreviations: [], names: ['zákon o bankách', 'zákona o bankách', 'zákonem o bankách'] },
  {
    acts: ['sb/2012/91'],
    abbreviations: ['ZMPS'],
    names: ['zákon o mezinárodním právu soukromém', 'zákona o mezinárodním právu soukromém', 'zákonem o mezinárodním právu soukromém'],
  },
  {
    acts: ['sb/2011/418'],
    abbreviations: ['TOPO', 'ZTOPO'],
    names: [
      'zákon o trestní odpovědnosti právnických osob',
      'zákona o trestní odpovědnosti právnických osob',
      'zákonem o trestní odpovědnosti právnických osob',
    ],
  },
  {
    acts: ['sb/1993/182'],
    abbreviations: ['ZÚS'],
    names: ['zákon o Ústavním soudu', 'zákona o Ústavním soudu', 'zákonem o Ústavním soudu'],
  },
  {
    acts: ['sb/2000/121'],
    abbreviations: ['AutZ', 'AZ'],
    names: ['autorský zákon', 'autorského zákona', 'autorským zákonem', 'autorském zákoně'],
  },
  {
    acts: ['sb/1992/634'],
    abbreviations: ['ZOS'],
    names: ['zákon o ochraně spotřebitele', 'zákona o ochraně spotřebitele', 'zákonem o ochraně spotřebitele'],
  },
  { acts: ['sb/2004/561'], abbreviations: ['ŠZ'], names: ['školský zákon', 'školského zákona', 'školským zákonem', 'školském zákoně'] },
  {
    acts: ['sb/1998/111'],
    abbreviations: ['ZVŠ'],
    names: ['zákon o vysokých školách', 'zákona o vysokých školách', 'zákonem o vysokých školách'],
  },
  {
    acts: ['sb/2013/304'],
    abbreviations: ['ZVR'],
    names: ['zákon o veřejných rejstřících', 'zákona o veřejných rejstřících', 'zákonem o veřejných rejstřících'],
  },
  {
    acts: ['sb/2001/143'],
    abbreviations: ['ZOHS'],
    names: ['zákon o ochraně hospodářské soutěže', 'zákona o ochraně hospodářské soutěže', 'zákonem o ochraně hospodářské soutěže'],
  },
  {
    acts: ['sb/2005/127'],
    abbreviations: ['ZEK'],
    names: ['zákon o elektronických komunikacích', 'zákona o elektronických komunikacích', 'zákonem o elektronických komunikacích'],
  },
  {
    acts: ['sb/2016/257'],
    abbreviations: ['ZSÚ'],
    names: ['zákon o spotřebitelském úvěru', 'zákona o spotřebitelském úvěru', 'zákonem o spotřebitelském úvěru'],
  },
  {
    acts: ['sb/2000/458'],
    abbreviations: ['EZ'],
    names: ['energetický zákon', 'energetického zákona', 'energetickým zákonem', 'energetickém zákoně'],
  },
  {
    acts: ['sb/1992/114'],
    abbreviations: ['ZOPK'],
    names: ['zákon o ochraně přírody a krajiny', 'zákona o ochraně přírody a krajiny', 'zákonem o ochraně přírody a krajiny'],
  },
  {
    acts: ['sb/2016/186'],
    abbreviations: ['ZHH'],
    names: ['zákon o hazardních hrách', 'zákona o hazardních hrách', 'zákonem o hazardních hrách'],
  },
  { acts: ['sb/2000/218'], abbreviations: ['RozpPr'], names: ['rozpočtová pravidla', 'rozpočtových pravidel', 'rozpočtovými pravidly'] },
  { acts: ['sb/2004/435'], abbreviations: [], names: ['zákon o zaměstnanosti', 'zákona o zaměstnanosti', 'zákonem o zaměstnanosti'] },
  { acts: ['sb/2014/234'], abbreviations: [], names: ['zákon o státní službě', 'zákona o státní službě', 'zákonem o státní službě'] },
  {
    acts: ['sb/1995/155'],
    abbreviations: [],
    names: ['zákon o důchodovém pojištění', 'zákona o důchodovém pojištění', 'zákonem o důchodovém pojištění'],
  },
  {
    acts: ['sb/2006/187'],
    abbreviations: ['ZNP'],
    names: ['zákon o nemocenském pojištění', 'zákona o nemocenském pojištění', 'zákonem o nemocenském pojištění'],
  },
  {
    acts: ['sb/2019/110'],
    abbreviations: ['ZZOÚ'],
    names: ['zákon o zpracování osobních údajů', 'zákona o zpracování osobních údajů', 'zákonem o zpracování osobních údajů'],
  },
  {
    acts: ['sb/1999/326'],
    abbreviations: ['ZPC'],
    names: ['zákon o pobytu cizinců', 'zákona o pobytu cizinců', 'zákonem o pobytu cizinců'],
  },
  {
    acts: ['sb/2015/340'],
    abbreviations: ['ZRS'],
    names: ['zákon o registru smluv', 'zákona o registru smluv', 'zákonem o registru smluv'],
  },
  {
    acts: ['sb/1994/216'],
    abbreviations: ['ZRŘ'],
    names: ['zákon o rozhodčím řízení', 'zákona o rozhodčím řízení', 'zákonem o rozhodčím řízení'],
  },
];
