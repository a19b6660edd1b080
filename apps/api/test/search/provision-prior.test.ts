import { cites, testRecord } from '@dp/testing';
import { PROVISION_LIMITS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 item 6 (h-prior): the first stage orders the matching acts by their prior (candidatePrior),
 * read from one narrow row per act (search_prior: status, type, in-degree), not from `document`
 * and search_in_degree, and the row follows the writes to those.
 */

// Cited three times (the fees act once), one § holding the question's words.
const cited = testRecord('sb/2012/90', {
  title: 'Zákon o obchodních korporacích',
  text: '# Zákon o obchodních korporacích\n\n##### § 5\n\nPoplatek ze psů platí držitel psa obci, ne korporace.\n',
  version: { text_is_current: true },
});
const citing = Array.from({ length: 3 }, (_, i) =>
  testRecord(`sb/2013/${i + 1}`, {
    title: `Zákon o rejstřících ${i + 1}`,
    text: `# Zákon o rejstřících ${i + 1}\n\n##### § 1\n\nRejstřík vede soud.\n`,
    // The first also cites the fees act.
    relations: i ? [cites('sb/2012/90')] : [cites('sb/2012/90'), cites('sb/1990/565')],
    version: { text_is_current: true },
  }),
);
const fees = testRecord('sb/1990/565', {
  title: 'Zákon o místních poplatcích ze psů',
  text: '# Zákon o místních poplatcích ze psů\n\n##### § 2\n\nPoplatek ze psů platí držitel psa obci.\n',
  version: { text_is_current: true },
});

const ranking = rankingDatabase([cited, ...citing, fees]);
const { rank } = ranking;
const q = 'poplatek ze psů držitel obci';
// One candidate, chosen by the prior alone: the first stage's order of the acts decides.
const one = { candidates: 1, pairsFloor: 1, matchesExp: 0 };
const first = async () => (await rank(q)).map((r) => r.documentId);

/** The lines of a plan's CTE `name`: its own line and those indented under it. */
function cteLines(plan: readonly string[], name: string): string[] {
  const at = plan.findIndex((line) => line.trim().startsWith(`CTE ${name}`));
  if (at < 0) throw new Error(`no CTE ${name} in the plan`);
  const indent = (line: string) => line.length - line.trimStart().length;
  const end = plan.findIndex((line, i) => i > at && indent(line) <= indent(plan[at]));
  return plan.slice(at, end < 0 ? undefined : end);
}

describe('the first stage’s act priors (h-prior)', () => {
  it('are read from search_prior alone, neither `document` nor search_in_degree', async () => {
    Object.assign(PROVISION_LIMITS, one);
    const { plan } = await ranking.rankingPlan(q);
    const dp = cteLines(plan, 'dp').join('\n');
    expect(dp).toMatch(/ on search_prior/);
    expect(dp).not.toMatch(/ on document\b| on document_pkey| on search_in_degree/);
  });

  it('follow the act’s status and in-degree as they are written', async () => {
    Object.assign(PROVISION_LIMITS, one);
    // Cited three times, the corporations act is first.
    expect(await first()).toEqual(['SB-2012-90']);
    await ranking.db.exec(`UPDATE "document" SET status = 'no_longer_in_force' WHERE id = 'SB-2012-90'`);
    expect(await first()).toEqual(['SB-1990-565']);
    await ranking.db.exec(`UPDATE "document" SET status = 'in_force' WHERE id = 'SB-2012-90'`);
    expect(await first()).toEqual(['SB-2012-90']);
    // Its citations gone, the fees act (cited once) is first; two back, the corporations act.
    await ranking.db.exec(`DELETE FROM "document_relation" WHERE target_key = 'sb/2012/90'`);
    expect(await first()).toEqual(['SB-1990-565']);
    await ranking.db.exec(
      `INSERT INTO "document_relation" (source_id, type, target_key) VALUES ('SB-2013-1', 'cites', 'sb/2012/90'), ('SB-2013-2', 'cites', 'sb/2012/90')`,
    );
    expect(await first()).toEqual(['SB-2012-90']);
  });
});
