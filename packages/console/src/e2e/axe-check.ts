/**
 * Accessibility check of the page open in Chromium: injects axe-core (its own `axe.source`, no
 * network) and runs it on the whole document (WCAG 2 A/AA rules and axe's best practices).
 * (@axe-core/playwright needs Node 22, so the check is injected by hand.)
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One violation: axe's rule id, impact, help text and the first offending elements. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** @returns the violations of impact `serious` or `critical` on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through the DevTools protocol: the console's CSP (no inline script) refuses a
    // <script> tag with axe in it, as it should.
    await page.evaluate(axe.source);
  }
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
