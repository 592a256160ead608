/**
 * docs/product/public-site.md: the health check that decides between /maintenance and /healthcheck. True when the API and its
 * database answer: the API's readiness (`/ready`; `/health` is the process alone, decision 031).
 */
export async function checkHealth(): Promise<boolean> {
  try {
    const res = await fetch('/api/v3/ready', { cache: 'no-store', signal: AbortSignal.timeout(10_000) });
    return res.ok;
  } catch {
    return false;
  }
}
