/**
 * A report's own title when its text opens with a form's lines. Intake titles a text without a
 * title of its own by its first line (skipping only the default issue templates' lines), before
 * the project's forms are known; reports written in one form were then all titled by the form's
 * first line, so the console listed their groups under one title. When the report is grouped its
 * project's form lines are known, and a title taken from its text that is one of them gives way
 * to the text's first line that is not.
 */
import {
  type Boilerplate,
  normalizeLine,
  type Report,
  reportTitle,
} from '../adapters/investigator.js';
import { GROUPING_TEXT_CHARS, stripBoilerplate } from './boilerplate.js';

/**
 * The report titled by its own first line when its title is a form's line taken from its text.
 * @param report - a parsed report.
 * @param boilerplate - its project's boilerplate, with the lines learned as forms' (what
 *   `PipelineContext.boilerplate` gives with the report counted in).
 * @returns the report as it is when its title is none, was given by its source (not a line of its
 *   text), or is no form's line, or when every line of its text is boilerplate; else the report
 *   with the first line its boilerplate leaves as title (on one line, at most 200 characters, as
 *   `reportTitle` lists it).
 */
export function withOwnTitle(report: Report, boilerplate: Boilerplate): Report {
  const { title } = report;
  if (!title) return report;
  const normalized = normalizeLine(title);
  if (!boilerplate.lines.has(normalized)) return report;
  const text = report.body.slice(0, GROUPING_TEXT_CHARS);
  // A source's own title (an issue's) is no line of the text: it stays whatever it says.
  if (!text.split('\n').some((line) => normalizeLine(line) === normalized)) return report;
  const own = stripBoilerplate(text, boilerplate)
    .split('\n')
    .find((line) => normalizeLine(line) !== '');
  return own === undefined ? report : { ...report, title: reportTitle({ ...report, title: own }) };
}
