import type { V1Schemas } from '@dp/core';
import { renderProvision, type ProvisionReadView } from '../src/render/provisions';

// legal_get_provision names the footnotes (poznámky pod čarou) a provision cites by its marks, so
// the model can read them as provisions (`fn_1`).

const view = (footnotes: V1Schemas['ProvisionBrief'][]): ProvisionReadView => ({
  document: { id: 'SB-2001-10', natural_key: 'sb/2001/10', doc_number: '10/2001 Sb.', title: 'Zákon o zkouškách' },
  as_of: '2026-12-03',
  version: null,
  text_available: true,
  text_unavailable: null,
  text_status: 'current',
  outstanding_effects: [],
  unlocated_effects: 0,
  links: { document: '/v1/legal/documents/sb%2F2001%2F10', provisions: '/v1/legal/documents/sb%2F2001%2F10/provisions' },
  provision: {
    id: 'par_1',
    kind: 'section',
    label: '§ 1',
    heading: null,
    parent: null,
    depth: 1,
    start: 0,
    end: 60,
    repealed: false,
    text_status: 'current',
    text_source: 'source',
    rebuilt_by: [],
    text: '##### § 1\n\nZkouška se koná podle zvláštního zákona^1).\n',
    source_text: null,
    text_page: null,
    containers: [],
    children: [],
    footnotes,
    prev: null,
    next: null,
  },
});

describe('renderProvision: footnotes', () => {
  it('names the footnotes the provision cites, to read each', () => {
    const out = renderProvision(view([{ id: 'fn_1', kind: 'footnote', label: 'poznámka pod čarou č. 1', heading: null }]), null);
    expect(out).toContain('Footnotes cited: fn_1 (poznámka pod čarou č. 1)');
  });

  it('says nothing of footnotes where it cites none', () => {
    expect(renderProvision(view([]), null)).not.toContain('Footnotes');
  });
});
