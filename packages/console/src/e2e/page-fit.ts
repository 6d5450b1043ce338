/**
 * Whether the page open in Chromium fits its viewport's width (no horizontal page scroll), and if
 * not, which elements stick out, so a failing check says what to fix.
 */
import type { Page } from 'playwright-core';

/** @returns '' when the page fits; else its scroll width and the first elements past the edge. */
export async function pageOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return '';
    const past = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => {
        const classes = element.getAttribute('class');
        return `${element.tagName.toLowerCase()}${classes ? `.${classes.split(' ').join('.')}` : ''} (right ${Math.round(element.getBoundingClientRect().right)})`;
      });
    return `${scrollWidth} px wide at ${width}: ${past.join(', ')}`;
  });
}
