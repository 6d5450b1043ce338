/**
 * A Sentry event of a cart crash with its request, as Sentry's JSON API sends it (read by the
 * tests of event-text.ts and gate-report.ts).
 */
export const sentryEvent = {
  event_id: 'e1',
  platform: 'javascript',
  exception: {
    values: [
      {
        type: 'TypeError',
        value: "Cannot read properties of undefined (reading 'price')",
        stacktrace: {
          frames: [{ filename: 'app:///src/cart/total.ts', function: 'cartTotal', lineno: 6 }],
        },
      },
    ],
  },
  request: { url: 'https://shop.example/cart', headers: { 'User-Agent': 'Mozilla/5.0' } },
};
