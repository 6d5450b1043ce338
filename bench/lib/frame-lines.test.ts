import { parseReport } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { frameLinesOf } from './frame-lines.js';

const JAVA = `java.lang.NullPointerException: name
\tat com.acme.shop.Cart.total(Cart.java:42)
\tat com.acme.shop.Cart.total(Cart.java:40)
\tat com.acme.shop.Checkout.run(Checkout.java:7)
\tat java.util.ArrayList.forEach(ArrayList.java:1259)
Caused by: java.lang.IllegalStateException: empty
\tat com.acme.shop.Cart.load(Cart.java:12)
`;

describe('frameLinesOf', () => {
  it('gives the lines the frames name in the blamed files, causes included', () => {
    const lines = frameLinesOf(parseReport(JAVA), [
      'src/main/java/com/acme/shop/Cart.java',
      'src/main/java/com/acme/shop/Invoice.java',
    ]);
    // No frame runs through Invoice.java; ArrayList.java is not a blamed file.
    expect(lines).toEqual(new Map([['src/main/java/com/acme/shop/Cart.java', [12, 40, 42]]]));
  });

  it("reads a frame inside node_modules/<the repository's package>/ as its own code", () => {
    const report = parseReport(
      'TypeError: x is null\n    at slugify (/app/node_modules/slugger/src/slugify.js:5:16)\n',
    );
    expect(frameLinesOf(report, ['src/slugify.js'], 'slugger')).toEqual(
      new Map([['src/slugify.js', [5]]]),
    );
    expect(frameLinesOf(report, ['src/slugify.js'])).toEqual(new Map());
    expect(frameLinesOf(parseReport('It fails.'), ['src/slugify.js'])).toEqual(new Map());
  });
});
