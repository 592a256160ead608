/**
 * Runs `task` every `ms` in this process, without keeping the process alive for it; a failure is logged under
 * `label` and the next run goes on. Answers the function that stops it.
 */
export function every(ms: number, label: string, task: () => Promise<unknown>) {
  const timer = setInterval(() => void task().catch((err) => console.error(label, err)), ms);
  timer.unref();
  return () => clearInterval(timer);
}
