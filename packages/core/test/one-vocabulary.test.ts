import { parseProvisions, PROVISION_KIND_NAMES, PROVISION_KINDS, type ParsedProvision } from '@dp/czech-law';
import type { z } from 'zod';
import { CITATION_STATUSES, CitationStatusSchema, ProvisionEntrySchema, ProvisionKindSchema, TEXT_SOURCES, type V1Schemas } from '../src';

// #39 items 1 and 5: a vocabulary or a node shape is said once; the answers' schemas are built from it.

/** true when A and B are the same type, else false (a compile error where `true` is asserted). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('the provision node on the wire is the parser’s', () => {
  it('a table-of-contents entry is the parsed node with its depth and text status', () => {
    // The compiler holds the types together: a field added to one and not the other fails the typecheck.
    const same: Same<Omit<z.output<typeof ProvisionEntrySchema>, 'depth' | 'text_status'>, ParsedProvision> = true;
    expect(same).toBe(true);
    const [node] = parseProvisions('## § 1\n\n(1) Text.\n').provisions;
    expect(Object.keys(ProvisionEntrySchema.shape).sort()).toEqual([...Object.keys(node), 'depth', 'text_status'].sort());
  });

  it('its kinds are czech-law’s table of kinds, in one order', () => {
    expect(ProvisionKindSchema.options).toEqual([...PROVISION_KIND_NAMES]);
    expect([...PROVISION_KIND_NAMES].sort()).toEqual(Object.keys(PROVISION_KINDS).sort());
    const kinds: Same<V1Schemas['ProvisionEntry']['kind'], ParsedProvision['kind']> = true;
    expect(kinds).toBe(true);
  });
});

describe('vocabularies of the answers, one copy each', () => {
  it('the citation check’s statuses', () => {
    expect(CitationStatusSchema.options).toEqual([...CITATION_STATUSES]);
  });

  it('a text’s source, wherever an answer says it', () => {
    const sources: Same<V1Schemas['Provision']['text_source'], (typeof TEXT_SOURCES)[number]> = true;
    expect(sources).toBe(true);
  });
});
