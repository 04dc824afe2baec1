import { GlanceError } from '../errors.js';

/** A pause between polls or retries that ends early with ABORTED when `signal` fires, so every wait stays cancellable. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new GlanceError('ABORTED', 'operation aborted', { cause: signal.reason }));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(t);
      reject(new GlanceError('ABORTED', 'operation aborted', { cause: signal?.reason }));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
