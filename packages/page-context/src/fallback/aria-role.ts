/**
 * ARIA roles of elements: the explicit `role` attribute, else the implicit role HTML gives common
 * elements. Mapping after the W3C "HTML Accessibility API Mappings" (html-aam) and "ARIA in HTML"
 * tables (https://www.w3.org/TR/html-aria/#docconformance), reduced to what an outline needs.
 */

const INPUT_ROLES: Readonly<Record<string, string>> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
};

const TAG_ROLES: Readonly<Record<string, string>> = {
  article: 'article',
  aside: 'complementary',
  button: 'button',
  dialog: 'dialog',
  fieldset: 'group',
  figure: 'figure',
  form: 'form',
  hr: 'separator',
  li: 'listitem',
  main: 'main',
  menu: 'list',
  meter: 'meter',
  nav: 'navigation',
  ol: 'list',
  option: 'option',
  output: 'status',
  progress: 'progressbar',
  search: 'search',
  summary: 'button',
  table: 'table',
  td: 'cell',
  textarea: 'textbox',
  th: 'columnheader',
  tr: 'row',
  ul: 'list',
};

/** Roles a person operates: rendered as `[role] name` lines. */
export const CONTROL_ROLES: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'meter',
  'option',
  'progressbar',
  'radio',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
  'treeitem',
]);

/** Roles that group content under a named line (`navigation Main`), their content indented. */
export const LANDMARK_ROLES: ReadonlySet<string> = new Set([
  'alert',
  'alertdialog',
  'article',
  'banner',
  'complementary',
  'contentinfo',
  'dialog',
  'figure',
  'form',
  'group',
  'main',
  'menu',
  'menubar',
  'navigation',
  'region',
  'search',
  'status',
  'tablist',
  'tabpanel',
  'toolbar',
  'tree',
]);

/** `header`/`footer` are banner/contentinfo only when not inside sectioning content. */
function isPageLevel(element: Element): boolean {
  return element.parentElement?.closest('article, aside, main, nav, section') == null;
}

/**
 * The ARIA role of `element`: its first `role` token, else the implicit HTML role.
 * @param element - any element.
 * @returns the role, or `undefined` for generic elements (`div`, `span`, unnamed `section` …).
 */
export function ariaRole(element: Element): string | undefined {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit === 'none' ? 'presentation' : explicit;
  const tag = element.localName;
  if (/^h[1-6]$/.test(tag)) return 'heading';
  switch (tag) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : undefined;
    case 'img':
      return element.getAttribute('alt') === '' ? 'presentation' : 'img';
    case 'input': {
      const type = (element.getAttribute('type') ?? 'text').toLowerCase();
      if (INPUT_ROLES[type]) return INPUT_ROLES[type];
      return element.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    case 'select': {
      const size = Number(element.getAttribute('size') ?? '0');
      return element.hasAttribute('multiple') || size > 1 ? 'listbox' : 'combobox';
    }
    case 'header':
      return isPageLevel(element) ? 'banner' : undefined;
    case 'footer':
      return isPageLevel(element) ? 'contentinfo' : undefined;
    case 'section':
      return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby')
        ? 'region'
        : undefined;
    case 'th':
      return element.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader';
    default:
      return TAG_ROLES[tag];
  }
}

/**
 * Heading level of a `heading` element: `h1`–`h6`, else `aria-level`, else 2 (the ARIA default).
 * @param element - an element whose role is `heading`.
 * @returns the level, 1–6 (or higher for `aria-level`).
 */
export function headingLevel(element: Element): number {
  const match = /^h([1-6])$/.exec(element.localName);
  if (match) return Number(match[1]);
  const level = Number(element.getAttribute('aria-level'));
  return Number.isInteger(level) && level > 0 ? level : 2;
}
