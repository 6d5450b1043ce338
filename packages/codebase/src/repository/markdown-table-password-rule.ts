/**
 * A password in a Markdown table (GitHub Flavored Markdown's pipe tables), in prose only (a
 * document, a comment: `isProseAt`): a cell naming a secret followed by its value
 * (`| password | … |`, `| **DB_PASSWORD** | … |`), and the cells of a secret-named column
 * under its header (`| user | password |`, the delimiter row, then `| admin | … |`). The prose
 * rule reads a word followed by its value; a cell's pipe between them was read by none.
 */
import { looksLikePassword } from './password-value.js';
import { isProseAt } from './prose-context.js';
import { isSecretSettingPointer, SECRET_SETTING, snakeCase } from './secret-names.js';
import type { SecretRule } from './secret-rule.js';

/** Longest line read as a table's row, in characters (a minified line is no table). */
const ROW_CHARS = 4096;

/** One cell of a row: its text and where it is in the row's line. */
interface Cell {
  text: string;
  start: number;
  end: number;
}

/** A row's cells, split at each `|` that is not escaped (`\|`); a leading and trailing `|` open and close no cell. */
function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  let start = 0;
  for (let at = 0; at <= line.length; at++) {
    if (at < line.length && (line[at] !== '|' || line[at - 1] === '\\')) continue;
    cells.push({ text: line.slice(start, at), start, end: at });
    start = at + 1;
  }
  if (cells[0]?.text.trim() === '') cells.shift();
  if (cells.at(-1)?.text.trim() === '') cells.pop();
  return cells;
}

/** A cell's text without its spaces, emphasis, code span's backquotes or quotes. */
function bare(cell: Cell | undefined): string {
  return (cell?.text ?? '').trim().replace(/^(?:\*\*|__|[*_`"'])+|(?:\*\*|__|[*_`"'])+$/g, '');
}

/**
 * Whether a cell names a secret: a setting's name or words whose last part is a secret's
 * (`SECRET_SETTING`: `Admin password:`, a constant's `DB_PASSWORD`), not a pointer to one.
 */
function namesSecret(cell: Cell | undefined): boolean {
  const name = bare(cell).replace(/:$/, '');
  if (!/^[\w .-]{1,60}$/.test(name)) return false;
  const snake = snakeCase(name).replace(/ +/g, '_');
  return SECRET_SETTING.test(snake) && !isSecretSettingPointer(snake);
}

/** Whether a cell holds a password: a word with a letter and a digit or a symbol (`looksLikePassword`, strict). */
function holdsPassword(cell: Cell | undefined): boolean {
  return looksLikePassword(bare(cell), 6, true);
}

/** A delimiter row: `|---|:---:|`, cells of dashes with optional colons. */
const DELIMITER_ROW = /^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)*[ \t]*:?-+:?[ \t]*\|?[ \t]*$/;

/** A secret's word somewhere in a line (a quick test before a row is split). */
const SECRET_WORD = /pass|pwd|pw\b|secret|token|key|auth|credential/i;

/** A password in a Markdown table; each range is the value's cell. */
export const MARKDOWN_TABLE_PASSWORD_RULE: SecretRule = {
  what: 'a password in a Markdown table',
  *find(text, filePath) {
    let offset = 0;
    let column = -1;
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] ?? '';
      const lineStart = offset;
      offset += line.length + 1;
      const pipe = line.indexOf('|');
      if (pipe === -1 || line.length > ROW_CHARS) {
        column = -1;
        continue;
      }
      if (column === -1 && !SECRET_WORD.test(line)) continue;
      if (!isProseAt(text, lineStart + pipe, filePath)) continue;
      const cells = cellsOf(line.replace(/\r$/, ''));
      // Under a secret-named column's header: that column's cell.
      const under = cells[column];
      if (column !== -1 && holdsPassword(under) && under) {
        yield [lineStart + under.start, lineStart + under.end];
      }
      if (DELIMITER_ROW.test(line)) continue;
      const header = DELIMITER_ROW.test(lines[index + 1] ?? '');
      if (header) column = cells.findIndex(namesSecret);
      // A secret's name, then its value in the next cell.
      for (let at = 0; at + 1 < cells.length; at++) {
        const value = cells[at + 1];
        if (!value || !namesSecret(cells[at]) || !holdsPassword(value)) continue;
        yield [lineStart + value.start, lineStart + value.end];
      }
    }
  },
};
