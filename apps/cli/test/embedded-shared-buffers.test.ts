import { embeddedSharedBuffers, machineMemory } from '../src/database';

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

describe('machineMemory', () => {
  it("takes a container's memory limit where it is below the machine's", () => {
    expect(machineMemory(24 * GB, 2 * GB)).toBe(2 * GB);
    expect(embeddedSharedBuffers(machineMemory(24 * GB, 2 * GB))).toBe('512MB');
  });

  it('reads no limit (0, undefined or one above the machine) as the machine', () => {
    expect(machineMemory(24 * GB, 0)).toBe(24 * GB);
    expect(machineMemory(24 * GB, undefined)).toBe(24 * GB);
    expect(machineMemory(24 * GB, 2 ** 64)).toBe(24 * GB);
  });
});
