import { describe, expect, it } from 'vitest';
import { ACTION_INPUTS } from './action-inputs.js';
import { dashboardMetrics } from './data/dashboard-metrics.js';
import { DEFAULT_FILTERS } from './data/filters.js';
import { declaredPages, MEASURED_ISSUE } from './facts.js';

describe('declaredPages', () => {
  const pages = declaredPages();

  it('declares four pages, one left to the fallback, each with non-empty answers', () => {
    expect(pages.map(({ name, hash, optedIn }) => ({ name, hash, optedIn }))).toEqual([
      { name: 'dashboard', hash: '#/', optedIn: true },
      { name: 'issues', hash: '#/issues', optedIn: true },
      { name: 'issue detail', hash: `#/issues/${MEASURED_ISSUE?.id}`, optedIn: true },
      { name: 'releases', hash: '#/releases', optedIn: false },
    ]);
    for (const page of pages) {
      expect(page.facts.length).toBeGreaterThanOrEqual(4);
      for (const fact of page.facts) expect(fact.answer.trim()).not.toBe('');
    }
  });

  it('gives every short numeric answer a unit, so a stray digit cannot count as recall', () => {
    const bare = pages
      .flatMap((page) => page.facts)
      .filter((fact) => /^[\d.,%]{1,2}$/.test(fact.answer) && fact.unit === undefined);
    expect(bare).toEqual([]);
    expect(pages.flatMap((page) => page.facts).filter((fact) => fact.unit).length).toBe(3);
  });

  it('derives answers from the seeded data', () => {
    const dashboard = pages[0]?.facts ?? [];
    const answer = (question: string) =>
      dashboard.find((fact) => fact.question === question)?.answer;
    expect(answer('Which environment is shown?')).toBe('production');
    expect(answer('How many widgets does the dashboard have?')).toBe('8');
    expect(answer("What is the top error's title?")).toBe(
      dashboardMetrics(DEFAULT_FILTERS).topIssues[0]?.issue.title,
    );
  });

  it('is deterministic', () => {
    expect(declaredPages()).toEqual(pages);
  });

  it('declares tasks whose tool calls the actions accept', () => {
    const tasks = pages.flatMap((page) => page.tasks);
    expect(tasks.length).toBeGreaterThanOrEqual(6);
    for (const task of tasks) {
      const schema = ACTION_INPUTS[task.tool];
      expect(schema, task.tool).toBeDefined();
      expect(schema?.safeParse(task.input).success, task.instruction).toBe(true);
    }
    expect(pages.find((page) => !page.optedIn)?.tasks).toEqual([]);
  });
});
