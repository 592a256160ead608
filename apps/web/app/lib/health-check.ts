/** Seed 001 §8: the health check that decides between /maintenance and /healthcheck. True when the API and its database answer. */
export async function checkHealth(): Promise<boolean> {
  try {
    const res = await fetch('/api/v3/health', { cache: 'no-store', signal: AbortSignal.timeout(10_000) });
    return res.ok;
  } catch {
    return false;
  }
}
