export interface Section {
  level: number;
  label: string;
  /** Where the heading line starts in the text (UTF-16 code units, as JavaScript indexes). */
  offset: number;
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/gm;
const MAX_LABEL = 160;

/** The Markdown headings of a text, as the corpus record's `sections` lists them. */
export function extractSections(text: string): Section[] {
  const out: Section[] = [];
  for (const m of text.matchAll(HEADING)) {
    out.push({ level: m[1].length, label: m[2].trim().slice(0, MAX_LABEL), offset: m.index ?? 0 });
  }
  return out;
}
