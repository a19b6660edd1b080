import { embeddedSharedBuffers } from '../src/database';

const GB = 1024 ** 3;

describe('embeddedSharedBuffers', () => {
  it('gives the embedded server a quarter of the machine memory', () => {
    expect(embeddedSharedBuffers(4 * GB)).toBe('1024MB');
  });

  it('stops at 2 GB on a large machine', () => {
    expect(embeddedSharedBuffers(24 * GB)).toBe('2048MB');
    expect(embeddedSharedBuffers(256 * GB)).toBe('2048MB');
  });

  it("never goes below PostgreSQL's default of 128 MB", () => {
    expect(embeddedSharedBuffers(256 * 1024 ** 2)).toBe('128MB');
  });

  it('reads the memory of this machine by default', () => {
    expect(embeddedSharedBuffers()).toMatch(/^\d+MB$/);
  });
});
