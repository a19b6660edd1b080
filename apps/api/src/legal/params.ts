import { invalidRequest, parseIsoDate, type FieldProblem } from '@dp/core';

/** Collects field problems so one 400 names every bad parameter at once. */
export class ParamReader {
  readonly problems: FieldProblem[] = [];

  constructor(private readonly query: Record<string, unknown>) {}

  string(name: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
    const raw = this.query[name];
    if (raw === undefined || raw === '') {
      if (opts.required) this.problems.push({ field: name, problem: 'is required' });
      return undefined;
    }
    if (typeof raw !== 'string') {
      this.problems.push({ field: name, problem: 'must be given once, as a string' });
      return undefined;
    }
    if (opts.max !== undefined && raw.length > opts.max) {
      this.problems.push({ field: name, problem: `must be at most ${opts.max} characters` });
      return undefined;
    }
    return raw;
  }

  date(name: string): Date | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const d = parseIsoDate(raw);
    if (!d) this.problems.push({ field: name, problem: 'must be a calendar date YYYY-MM-DD' });
    return d ?? undefined;
  }

  int(name: string, opts: { min: number; max: number; fallback: number }): number {
    const raw = this.string(name);
    if (raw === undefined) return opts.fallback;
    if (!/^\d+$/.test(raw)) {
      this.problems.push({ field: name, problem: `must be an integer from ${opts.min} to ${opts.max}` });
      return opts.fallback;
    }
    const n = Number(raw);
    if (n < opts.min || n > opts.max) {
      this.problems.push({ field: name, problem: `must be an integer from ${opts.min} to ${opts.max}` });
      return opts.fallback;
    }
    return n;
  }

  /** Comma list restricted to a vocabulary; `fallback` when absent. */
  list<T extends string>(name: string, allowed: readonly T[], fallback: T[]): T[] {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = items.filter((i) => !(allowed as readonly string[]).includes(i));
    if (bad.length || !items.length) {
      this.problems.push({ field: name, problem: `must be a comma list of: ${allowed.join(', ')}` });
      return fallback;
    }
    return [...new Set(items)] as T[];
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.problems.push({ field: name, problem: `must be one of: ${allowed.join(', ')}` });
      return fallback;
    }
    return raw as T;
  }

  /** Throws one invalid_request naming every problem found. */
  done(): void {
    if (this.problems.length) throw invalidRequest(this.problems);
  }
}
