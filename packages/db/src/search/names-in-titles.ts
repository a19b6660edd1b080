/**
 * The names titles give acts (#25): an act's own short name in its title's parentheses, and the
 * names a title or citation gives an act it cites by number. Read by the search signals written
 * with each document (search-signals.ts) and by the derived search evaluation
 * (apps/api eval/derive-search-queries.ts), so both read names the same way.
 */

const NAME_WORD = /(?:zákon|zákoník|řád|ústava|listina|statut)\b/iu;

export function cleanName(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function plausibleShortName(s: string): boolean {
  const words = s.split(' ').length;
  return words >= 2 && words <= 10 && s.length <= 90 && NAME_WORD.test(s) && !/\d/.test(s);
}

/**
 * The act's own short names: the trailing parentheses of a non-amending act's title, unless they
 * follow a cited act's name directly ("… a o změně zákona č. 358/1992 Sb., o notářích (notářský
 * řád)" names 358/1992, not the title's act), and "Zákon <name>" titles ending in zákoník/řád/zákon.
 */
export function titleShortNames(title: string): string[] {
  const out: string[] = [];
  const t = cleanName(title);
  const m = /^(.*?)(,\s*)?\(([^()]+)\)\s*$/u.exec(t);
  if (m) {
    const [, before, comma, inner] = m;
    const citesAct = /č\.\s*\d+\s*\/\s*\d{4}/u.test(before);
    const name = cleanName(inner);
    if ((!citesAct || comma) && plausibleShortName(name)) out.push(name);
  }
  const bare = /^Zákon\s+((?!o\s|,|České|Slovenské|Slovenskej|Federálního|ze\s)[^,()]+?\s(?:zákoník|řád|zákon))$/u.exec(t);
  if (bare && bare[1].split(' ').length <= 5) out.push(cleanName(bare[1]));
  return out;
}

/** A cited act's number and the names the citing text gives it. */
export interface CitedName {
  /** "21/1992 Sb." */
  doc_number: string;
  names: string[];
}

/**
 * "zákon(a) [České národní rady] č. 21/1992 Sb., o bankách [(short name)]" in a title or
 * citation: the queries "zákon o bankách" and the short name. Names not starting with "o" count
 * only when they end in zákoník/řád ("trestní zákoník"); a trailing "a o změně …" is cut off.
 */
export function citedNames(text: string): CitedName[] {
  const out: CitedName[] = [];
  const re =
    /\bzákon(?:a|u|em)?\s+(?:(?:České|Slovenské)\s+národní\s+rady\s+|Federálního\s+shromáždění\s+)?č\.\s*(\d{1,4})\s*\/\s*(\d{4})\s+Sb\.,?\s+([^,()]+?)(?:\s*\(([^()]+)\))?(?=\s*,|\s*$|\s+a\s+(?:zákon|některé|další)|\s+ve\s+znění)/giu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [, num, year, rawName, rawShort] = m;
    // A name goes on past a comma ("o mzdě, odměně za …", "o vývozu zboží, které by …"): the
    // part read is no name. After a name's comma come "ve znění", the next act, or "a …".
    const rest = text.slice(m.index + m[0].length);
    if (/^\s*,/u.test(rest) && !/^\s*,\s*(?:ve\s|zákon|zákonné|nařízení|vyhláška|a\s|kterým\s+se\s+(?:mění|ruší|zrušuje)|$)/iu.test(rest))
      continue;
    const names: string[] = [];
    let name = cleanName(rawName)
      .replace(/\s+a\s+(?:o\s+)?(?:změn[ěáy]|změnách|zrušení|doplnění|doplňku)(?=\s|$).*$/u, '')
      .replace(/\s+ve\s+znění(?=\s|$).*$/u, '')
      .trim();
    if (/^o\s/u.test(name)) name = `zákon ${name}`;
    else if (!/(?:zákoník|řád)$/u.test(name) || name.split(' ').length > 4) name = '';
    // A name cut down to its verb noun ("zákon o doplnění") names nothing.
    const generic = /\s(?:změn[ěáy]|změnách|zrušení|doplnění|doplňku|úpravě|provedení)$/u.test(name);
    if (name && !generic && name.split(' ').length <= 12 && !/\d|č\.|\bSb\b/u.test(name)) names.push(name);
    if (rawShort && plausibleShortName(cleanName(rawShort))) names.push(cleanName(rawShort));
    if (names.length) out.push({ doc_number: `${num}/${year} Sb.`, names: [...new Set(names)] });
  }
  return out;
}
