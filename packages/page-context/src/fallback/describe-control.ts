/**
 * One outline line for an element a person operates: `[role] name = value (states) → target`,
 * e.g. `[link] Issues → /issues (current)`, `[combobox] Environment = production (options: …)`,
 * `[checkbox] Only unresolved (checked)`.
 */
import { cutLine } from '@sightline/core';
import { accessibleName, visibleText } from './accessible-name.js';
import { collapseWhitespace, displayedValue } from './visibility.js';

/** Options listed for a `<select>` before `+N more`. */
const MAX_LISTED_OPTIONS = 12;

/** Longest field value kept, in characters; longer values end with `…`. */
const MAX_VALUE_LENGTH = 200;

function truncateValue(value: string): string {
  return cutLine(value, MAX_VALUE_LENGTH).text;
}

function selectParts(select: HTMLSelectElement): { value: string; options: string } {
  const options = [...select.options].map((option) => collapseWhitespace(option.text));
  const selected = [...select.selectedOptions].map((option) => collapseWhitespace(option.text));
  const listed = options.slice(0, MAX_LISTED_OPTIONS).join(', ');
  const more =
    options.length > MAX_LISTED_OPTIONS ? `, +${options.length - MAX_LISTED_OPTIONS} more` : '';
  return {
    value: selected.join(', '),
    options: options.length > 0 ? `options: ${listed}${more}` : '',
  };
}

function fieldValue(element: Element, role: string): string {
  const tag = element.localName;
  if (tag === 'input' || tag === 'textarea') {
    if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'button') {
      return '';
    }
    return collapseWhitespace(displayedValue(element as HTMLInputElement));
  }
  if (tag === 'progress' || tag === 'meter') {
    const { value, max } = element as HTMLProgressElement;
    return element.hasAttribute('value') ? `${value}${max ? `/${max}` : ''}` : '';
  }
  const text = element.getAttribute('aria-valuetext') ?? element.getAttribute('aria-valuenow');
  if (text) return collapseWhitespace(text);
  // A custom combobox shows its value as its content (ARIA 1.2 combobox pattern).
  return role === 'combobox' && tag !== 'select' ? visibleText(element) : '';
}

function states(element: Element, role: string): string[] {
  const result: string[] = [];
  const aria = (name: string): string | null => element.getAttribute(`aria-${name}`);
  if (role === 'checkbox' || role === 'radio' || role === 'switch' || role.startsWith('menuitem')) {
    const native = element.localName === 'input' ? (element as HTMLInputElement).checked : null;
    const checked = native ?? aria('checked') === 'true';
    if (native !== null || aria('checked') !== null)
      result.push(checked ? 'checked' : 'not checked');
  }
  if (aria('selected') === 'true' || (element as HTMLOptionElement).selected === true) {
    result.push('selected');
  }
  if (aria('pressed') === 'true') result.push('pressed');
  const details = element.localName === 'summary' ? element.parentElement : null;
  const expanded =
    details?.localName === 'details' ? String(details.hasAttribute('open')) : aria('expanded');
  if (expanded !== null) result.push(expanded === 'true' ? 'expanded' : 'collapsed');
  const current = aria('current');
  if (current && current !== 'false') result.push('current');
  if (element.hasAttribute('disabled') || aria('disabled') === 'true') result.push('disabled');
  if (element.hasAttribute('required') || aria('required') === 'true') result.push('required');
  return result;
}

/**
 * Describes a control as one outline line.
 * @param element - an element whose role is in `CONTROL_ROLES`.
 * @param role - that role.
 * @returns e.g. `[textbox] Search = "checkout" (required)`; never empty.
 */
export function describeControl(element: Element, role: string): string {
  const name = accessibleName(element, role);
  let value = fieldValue(element, role);
  const extras: string[] = [];
  if (element.localName === 'select') {
    const parts = selectParts(element as HTMLSelectElement);
    value = parts.value;
    if (parts.options) extras.push(parts.options);
  }
  extras.unshift(...states(element, role));
  const href = role === 'link' ? element.getAttribute('href') : null;
  const target =
    href && !href.startsWith('#') && !href.startsWith('javascript:') ? ` → ${href}` : '';
  const shownValue = value
    ? ` = ${/^(textbox|searchbox)$/.test(role) ? JSON.stringify(truncateValue(value)) : truncateValue(value)}`
    : '';
  const shownExtras = extras.length > 0 ? ` (${extras.join('; ')})` : '';
  return `[${role}]${name ? ` ${name}` : ''}${shownValue}${target}${shownExtras}`;
}
