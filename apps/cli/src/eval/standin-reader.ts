// A STAND-IN for the amending-act reader (branch helper-reader) until it lands: blocks of an
// amending act for one amended act, found by "Zákon č. N/YYYY Sb. … se mění takto:" and its
// "- 1." points. Evaluation code only; it goes when `readAmendingAct` is merged.
import type { AmendmentBlock, AmendmentPoint } from '@dp/czech-law';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stand-in for readAmendingAct: blocks of `text` that amend the act `num/year Sb.`. */
export function standinBlocks(text: string, targetKey: string): AmendmentBlock[] {
  const [, year, num] = targetKey.split('/');
  const cit = new RegExp(`(?:č\\.|číslo)\\s*${esc(num)}/${year}\\s*Sb\\.`);
  const lines = text.split('\n');
  const offs: number[] = [];
  let o = 0;
  for (const l of lines) { offs.push(o); o += l.length + 1; }
  const blocks: AmendmentBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!cit.test(l) || !/se\s+(mění|doplňuje|mění a doplňuje)\s+takto/.test(l) || /^\s*[-„"]/.test(l)) continue;
    if (cit.exec(l)!.index > 200 && !/^(Zákon|V zákoně|Zákoník|Nařízení|Vyhláška|Zákonné)/.test(l)) continue;
    const points: AmendmentPoint[] = [];
    let cur: AmendmentPoint | null = null;
    let j = i + 1;
    let depth = 0;
    for (; j < lines.length; j++) {
      const t = lines[j];
      if (depth === 0 && /^#{1,6}\s+(ČÁST|Čl\.|Článek|HLAVA|§)/.test(t)) break;
      if (depth === 0 && cit.test(t) === false && /se\s+mění\s+takto/.test(t) && !/^-/.test(t)) break;
      const m = depth === 0 ? /^- (\d+[a-z]*)\.\s+/.exec(t) : null;
      if (m) {
        if (cur) { cur.end = offs[j]; cur.text = text.slice(cur.start, cur.end).replace(/^- \d+[a-z]*\.\s+/, '').trim(); points.push(cur); }
        cur = { number: m[1], text: '', start: offs[j], end: 0 };
      } else if (!cur && t.trim() && depth === 0) {
        cur = { number: null, text: '', start: offs[j], end: 0 };
      }
      for (const ch of t) { if (ch === '„') depth++; else if ((ch === '“' || ch === '"') && depth > 0) depth--; }
      if (depth > 0 && !/[:„]\s*$/.test(t) && !/^#*\s*„/.test(t) && !t.includes('„')) {/* keep */}
    }
    if (cur) { cur.end = offs[j] ?? text.length; cur.text = text.slice(cur.start, cur.end).replace(/^- \d+[a-z]*\.\s+/, '').trim(); points.push(cur); }
    blocks.push({ targetKey, targetCitation: `${num}/${year} Sb.`, part: null, article: null, points, start: offs[i], end: offs[j] ?? text.length });
    i = j - 1;
  }
  return blocks;
}
