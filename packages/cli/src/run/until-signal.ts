/** Waiting for the user to stop a long-running command. */

/**
 * Resolves on the first SIGINT or SIGTERM, then forgets both handlers.
 * @param abort - when it aborts, the handlers are removed without resolving (the promise then
 *   never settles), so a later Ctrl-C has Node's default effect again.
 */
export function untilSignal(abort?: AbortSignal): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const forget = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    const stop = (signal: NodeJS.Signals) => {
      forget();
      resolve(signal);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    abort?.addEventListener('abort', forget, { once: true });
  });
}
