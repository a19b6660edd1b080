import { Cache, type Config } from '@dp/core';
import type { VectorRanker } from './search';

/**
 * Vector signal for hybrid search through an OpenAI-compatible `POST {EMBEDDINGS_URL}/embeddings`.
 * No vectors are stored: the query and the candidates' titles (the union of the other signals'
 * candidates) are embedded per request, titles cached in process. Off (undefined) unless
 * EMBEDDINGS_URL is configured; a failing provider drops the signal, never the search.
 */
export function embeddingsRanker(config: Config): VectorRanker | undefined {
  if (!config.EMBEDDINGS_URL) return undefined;
  const url = `${config.EMBEDDINGS_URL.replace(/\/$/, '')}/embeddings`;
  // Titles change only with an import; a bounded cache keeps memory flat on a large corpus.
  const cache = new Cache<number[]>({ name: 'title_embeddings', freshMs: 24 * 60 * 60 * 1000, maxEntries: 20_000 });

  async function embed(texts: string[]): Promise<number[][]> {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.EMBEDDINGS_API_KEY ? { authorization: `Bearer ${config.EMBEDDINGS_API_KEY}` } : {}),
      },
      body: JSON.stringify({ model: config.EMBEDDINGS_MODEL, input: texts }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`embeddings provider answered ${res.status}`);
    const body = (await res.json()) as { data: { index: number; embedding: number[] }[] };
    return body.data.sort((a, b) => a.index - b.index).map((d) => d.embedding);
  }

  return {
    async rank(q, candidates) {
      try {
        const known = new Map(candidates.map((c) => [c.id, cache.get(c.id)]));
        const missing = candidates.filter((c) => known.get(c.id) === undefined);
        const vectors = await embed([q, ...missing.map((c) => c.text)]);
        missing.forEach((c, i) => {
          known.set(c.id, vectors[i + 1]);
          cache.set(c.id, vectors[i + 1]);
        });
        const qv = vectors[0];
        return candidates
          .map((c) => ({ id: c.id, sim: cosine(qv, known.get(c.id)!) }))
          .sort((a, b) => b.sim - a.sim)
          .map((c) => c.id);
      } catch {
        return [];
      }
    },
  };
}

function cosine(a: number[], b: number[]): number {
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na * nb) || 1);
}
